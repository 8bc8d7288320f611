// Package report turns an output folder of sgtab — a run's tables and
// summary, a sweep's census, a quotient sweep's census — into a static web
// site a person opens in a browser: DIR/report/index.html and a page per
// game, with nothing fetched from a network and no server needed, so that
// the folder works from a cluster's shared volume, after scp -r, or
// offline.
//
// The front page is the summary or the census as an HTML table, sortable
// by any column and filtered by a search box, the status, the family and a
// range of periods; the scripts that sort and filter only add to a page
// that reads whole without them. A census's classes of equal values have
// a page of their own. Each game's page gives the rule in its code and in
// words, the period with the theorem and window that prove it (or the
// window it was only observed in), its closed form, the plots, the first
// values, the rare positions, the files to download and the config that
// reproduces the table; a misère quotient its presentation and P-portion;
// a game on a graph the count of its outcomes.
//
// Every file is read back with package export, which verifies it
// (checksums, the rows' CRC, the first values against the rule, the
// signature with the user's key) before a number of it is shown: a page
// says what was verified, and a file that fails is not presented — the
// front page names it and the reason, and its game's page shows neither
// its values nor its plots.
//
// Write builds the site in a temporary folder beside its destination and
// renames it into place, so that a reader never sees half a report.
package report
