package tabulate

import (
	"io"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/progress"
)

// A Printer prints the reports of a run's games in the order of the games
// as they end, in any order, over the run's progress: its Done is Run's
// done.
type Printer struct {
	w       io.Writer
	asJSON  bool
	display *progress.Display
	reports []*family.Report
	next    int   // the first report not yet printed
	err     error // the first error printing
}

// NewPrinter returns a Printer of the reports of n games to w, as text or
// with asJSON as JSON lines, printed through d.
func NewPrinter(w io.Writer, asJSON bool, n int, d *progress.Display) *Printer {
	return &Printer{w: w, asJSON: asJSON, display: d, reports: make([]*family.Report, n)}
}

// Done records the report of game i and prints those ready, in order.
func (p *Printer) Done(i int, r *family.Report) error {
	p.reports[i] = r
	p.display.Print(func() {
		for ; p.next < len(p.reports) && p.reports[p.next] != nil; p.next++ {
			if err := p.reports[p.next].Write(p.w, p.asJSON); err != nil && p.err == nil {
				p.err = err
			}
		}
	})
	return nil
}

// Reports returns the reports recorded, one per game (nil for a game that
// has not ended).
func (p *Printer) Reports() []*family.Report { return p.reports }

// Err returns the first error printing a report, or nil.
func (p *Printer) Err() error { return p.err }
