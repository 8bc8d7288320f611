package family

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/sgtab/sgtab/export"
)

// Output says where and how a game's files are written: its table files
// DIR/NAME.FORMAT for each of Formats ("parquet", "arrow", "csv"), and its
// plots as Plot ("png", "svg", or "none" for none).
type Output struct {
	Dir     string
	Formats []string
	Plot    string
	// Key, when not nil, signs every table written (export.Options.MACKey).
	Key []byte
	// Version is the sgtab version the files record.
	Version string
}

// Options returns the export options of a table written as o says.
func (o Output) Options() export.Options {
	return export.Options{Version: o.Version, MACKey: o.Key}
}

// An Env is what a family's Tabulate works with besides the game: where
// and how to write, how many workers, how far to go, how to report.
type Env struct {
	Output
	// Workers is the number of goroutines; 0 means one per CPU.
	Workers int
	// Auto ends a game's table where its period is proved, as -heaps auto
	// asks (the table's size is then a cap).
	Auto bool
	// Resume says what a heap game may go on from.
	Resume Resume
	// Trust checks the stored values a game goes on from.
	Trust *Voucher
	// Progress counts the units of work (see Family.Work) done; never nil
	// (see NoMeter).
	Progress Meter
	// Say prints a message for the user (on standard error, over any
	// progress bar). Never nil.
	Say func(format string, args ...any)
	// Task, when not nil, starts the progress of a task on the side,
	// total units of work (0: not known) described by desc, and returns
	// its meter and the function that ends it: a game whose work Work
	// cannot tell counts it there (the positions a script reaches).
	Task func(total int64, desc string) (Meter, func())
}

// Resume says what the games of a run go on from, and how they keep what
// they compute (families whose games take no checkpoints ignore it).
type Resume struct {
	// Every is the time between two checkpoints of a game's values; 0
	// for none.
	Every time.Duration
	// Fresh: go on from nothing stored. Strict: refuse to start over
	// when a checkpoint cannot be used, rather than say so.
	Fresh, Strict bool
	// From, when not nil, is a stored table (read from FromPath, its
	// values checked) that the game of its key goes on from.
	From     *export.File
	FromPath string
}

// A Meter counts the work done on a task, for a progress bar.
type Meter interface {
	// Add counts n more units of work done.
	Add(n int64)
	// Inherit counts n units taken as they were, from stored values,
	// not computed: a bar fills with them, but they took no time.
	Inherit(n int64)
}

// NoMeter counts nothing.
var NoMeter Meter = noMeter{}

type noMeter struct{}

func (noMeter) Add(int64)     {}
func (noMeter) Inherit(int64) {}

// A Report is what tabulating one game found: its summary (which run
// prints, as JSON or as Text) and its row of the run's summary table.
type Report struct {
	Summary *Summary
	Row     export.Summary
	// Text is the summary as the run prints it for a reader: the first
	// line names the game, its size and files, the others what was found.
	Text string
}

// Write writes the report to w as sgtab run prints it: its Text, or with
// asJSON its Summary as one line of JSON.
func (r *Report) Write(w io.Writer, asJSON bool) error {
	if !asJSON {
		_, err := io.WriteString(w, r.Text)
		return err
	}
	b, err := json.Marshal(r.Summary)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

// Remarks writes the summary's warnings and notes to w, a line each, as
// sgtab prints them on standard error once a run ends.
func (r *Report) Remarks(w io.Writer) {
	for _, m := range r.Summary.Warnings {
		fmt.Fprintf(w, "sgtab: warning: %s: %s\n", r.Summary.Name, m)
	}
	for _, m := range r.Summary.Notes {
		fmt.Fprintf(w, "sgtab: note: %s: %s\n", r.Summary.Name, m)
	}
}
