// Package plots draws Sprague-Grundy tables with gonum/plot, so that their
// patterns show: SG(n) against n (Grundy), the table folded by its period
// (Folded), the period spectrum (Spectrum) and the value histogram with rare
// and common values apart (Histogram), and for a misère table the genus of
// each heap, with its class (Genus). Every title names the game and its
// rule and states the period found and its standing. A lattice game is drawn
// as a heat map of SG(x, y) with a colour bar (Heatmap).
//
// Each function builds and returns a *plot.Plot; Save writes one to a file.
// A plot of N values costs O(N) to build and O(width) to draw, whatever N
// is: values are bucketed per drawing column (Grundy) or per value bin
// (Histogram), the spectrum compares at most 2^26 pairs of values, and the
// folded picture at most 120 rows of at most 600 cells. Axis labels and
// titles fit the sizes the command line saves plots at (8×4 inches, 8×6
// for the folded table, 7×7 for a heat map).
package plots
