// Package lattice is the family of lattice games (rules.KindLattice): a
// token on the points of a board, moved by vectors applied once or any
// number of times (Wythoff's game, the corner walk). A game is computed
// in one piece on every worker; its table is the board's values, drawn as
// a heat map. Its report names the classical theorem that solves the game
// (Wythoff's, for a game whose moves are exactly Wythoff's), checked on
// the board, and the pattern observed in its lost points (sg.FindPairs),
// which for a variant no theorem proves; its source answers points beyond
// the board by the theorem.
package lattice

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/plots"
	"github.com/sgtab/sgtab/rules"
)

func init() { family.Register(Family{}) }

// Family is the family of lattice games.
type Family struct{}

// Kind returns rules.KindLattice.
func (Family) Kind() rules.Kind { return rules.KindLattice }

// Work returns the points of g's board: one unit each.
func (Family) Work(g rules.Game) int64 { return int64(g.Lattice.Size[0]) * int64(g.Lattice.Size[1]) }

// Cost estimates computing g's board (compute.LatticeWork); nothing
// shortens it.
func (Family) Cost(g rules.Game, workers int) family.Cost {
	return family.Cost{
		Time: compute.LatticeEstimate(g.Lattice),
		What: fmt.Sprintf("computing its board of %d×%d", g.Lattice.Size[0], g.Lattice.Size[1]),
		Shorter: func(within time.Duration) string {
			small := *g.Lattice
			g.Lattice = &small
			for small.Size[0]*small.Size[1] > 100 && compute.LatticeEstimate(g.Lattice) > within {
				small.Size = [2]int{max(small.Size[0]*7/10, 1), max(small.Size[1]*7/10, 1)}
			}
			small.Size = [2]int{family.RoundDown(small.Size[0]), family.RoundDown(small.Size[1])}
			return fmt.Sprintf("make its board smaller in its config (size: [%d, %d]: about %s)",
				small.Size[0], small.Size[1], family.RoundDuration(compute.LatticeEstimate(g.Lattice)))
		},
	}
}

// Tabulate computes g's board on every worker and writes it.
func (Family) Tabulate(ctx context.Context, g rules.Game, env *family.Env) (*family.Report, error) {
	t, err := compute.Lattice(ctx, g, sg.Options{Workers: env.Workers, Progress: env.Progress.Add})
	if err != nil {
		return nil, err
	}
	return Write(t, env.Output)
}

// Writers are the writers of a lattice table (x, y and sg), by format.
var Writers = family.Writers[*sg.LatticeTable]{
	"parquet": export.WriteLatticeParquet, "arrow": export.WriteLatticeIPC, "csv": export.WriteLatticeCSV,
}

// Write writes the lattice table t's files and its heat map as out says
// (unsigned: a lattice table is never gone on from), and reports it.
func Write(t *sg.LatticeTable, out family.Output) (*family.Report, error) {
	out.Key = nil
	files, err := Writers.Write(t.Game.Name, t, out, nil)
	if err != nil {
		return nil, err
	}
	if out.Plot != "none" {
		path, err := writeHeatmap(t, out)
		if err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	values := t.G.Uint32s()
	losing := 0
	for _, v := range values {
		if v == 0 {
			losing++
		}
	}
	s := &family.Summary{
		Name: t.Game.Name, Rule: t.Game.RuleText(), Start: "lattice",
		Heaps: t.W*t.H - 1, MaxSG: t.G.Max(), Seconds: t.Elapsed.Seconds(), Files: files,
		Status: sg.None, Checksum: sg.Checksum(values),
		Board: &[2]int{t.W, t.H}, Losing: &losing, Rows: RowPeriods(t),
	}
	addFindings(s, t)
	s.Findings = append(s.Findings, Patterns(t)...)
	row := export.Summary{
		Name: s.Name, Rule: s.Rule, Start: "lattice", Heaps: s.Heaps, Status: sg.None,
		MaxSG: s.MaxSG, Checksum: s.Checksum, Seconds: s.Seconds,
	}
	if s.Classical != nil {
		row.Theorem = s.Classical.String()
	}
	return &family.Report{Summary: s, Row: row, Text: Text(s)}, nil
}

// Text writes the summary s of a lattice table as run prints it.
func Text(s *family.Summary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-20s lattice        board %d×%d   max SG %-7d %7.2fs  %s\n", s.Name, s.Board[0], s.Board[1], s.MaxSG, s.Seconds, family.FilesPattern(s.Files))
	fmt.Fprintf(&b, "    moves %s\n    %d losing %s (SG = 0)\n", s.Rule, *s.Losing, family.Plural(*s.Losing, "position"))
	for _, f := range s.Findings {
		fmt.Fprintf(&b, "    %s\n", f)
	}
	for _, r := range s.Rows {
		fmt.Fprintf(&b, "    row y = %d: SG(x+%d, y) = SG(x, y) + %d from x = %d (observed)\n", r.Y, r.Period, r.Saltus, r.Preperiod)
	}
	fmt.Fprintf(&b, "    checksum %s\n", s.Checksum)
	return b.String()
}

// rowsChecked is how many rows of a lattice table a run looks for periods in.
const rowsChecked = 8

// RowPeriods finds the (observed) period of each of the first rows of t,
// where it has one: Wythoff's rows are additively periodic (Dress,
// Flammenkamp and Pink, 1999; Landman, 2002).
func RowPeriods(t *sg.LatticeTable) []family.RowPeriod {
	var out []family.RowPeriod
	for y := range min(t.H, rowsChecked) {
		row := t.G.Slice(y*t.W, (y+1)*t.W).Uint32s()
		if p, ok := period.FindPeriod(row); ok {
			out = append(out, family.RowPeriod{Y: y, Period: p.Length, Preperiod: p.Start, Saltus: p.Saltus})
		}
	}
	return out
}

// writeHeatmap draws the heat map of t into out.Dir as out.Plot.
func writeHeatmap(t *sg.LatticeTable, out family.Output) (string, error) {
	return family.DrawFigure(t.Game.Name, family.Figure{Draw: func() (*plot.Plot, error) { return plots.Heatmap(t) }, W: 7 * vg.Inch, H: 7 * vg.Inch}, out)
}

// Plot draws the heat map of the stored lattice table f.
func (Family) Plot(f *export.File, out family.Output) (files, notes []string, err error) {
	return family.Drawn(writeHeatmap(f.Lattice, out))
}

// Verify computes the board of the stored lattice table f again and
// compares every value (export.VerifyLattice).
func (Family) Verify(ctx context.Context, f *export.File, workers int, meter family.Meter) (string, error) {
	if err := export.VerifyLattice(ctx, f.Lattice); err != nil {
		return "", err
	}
	return "every value, the board computed again", nil
}
