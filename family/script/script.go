// Package script is the family of scripted games (rules.KindScript):
// games whose positions and moves a config states as a Starlark program
// (see rules.Script and script.Explore). Its table holds the SG
// value of the start position of each parameter n, start(n), written as a
// heap table is (n, sg), with the config, and so the script, in its
// metadata: verifying a stored table runs the script again. The periods
// and closed forms of its sequence are observed, never proved: no theorem
// speaks of a script.
package script

import (
	"context"
	"fmt"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/family/lattice"
	"github.com/sgtab/sgtab/rules"
)

func init() { family.Register(Family{}) }

// Family is the family of scripted games.
type Family struct{}

// Kind returns rules.KindScript.
func (Family) Kind() rules.Kind { return rules.KindScript }

// Work returns 0: how many positions a script reaches is not known before
// it runs.
func (Family) Work(g rules.Game) int64 { return 0 }

// Cost says what g's computation takes: at most its limit of positions,
// each a call of its moves within its limit of steps.
func (Family) Cost(g rules.Game, workers int) family.Cost {
	return family.Cost{
		What: fmt.Sprintf("exploring the positions of start(0..%d), at most %d", g.Heaps, g.Script.Positions),
	}
}

// Tabulate explores g's positions, computes their values and writes the
// table of start(0..n) with its analysis and plots, as a heap table's; or,
// when start takes two parameters, the board of start(n, m) as a lattice
// table's, with its heat map and the patterns of its outcomes.
func (Family) Tabulate(ctx context.Context, g rules.Game, env *family.Env) (*family.Report, error) {
	p, err := script.Compile(g)
	if err != nil {
		return nil, err
	}
	// Work is 0, the positions a script reaches being unknown: they are
	// counted on a task of their own, with no total.
	opt := sg.Options{Workers: env.Workers}
	if env.Task != nil {
		m, end := env.Task(0, g.Name+": exploring")
		defer end()
		opt.Progress = m.Add
	}
	if p.Params == 2 {
		return tabulateBoard(ctx, g, env, opt)
	}
	t, _, err := script.Table(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	if t.Loopy != nil {
		out, warn, err := family.LoopyOutput(g.Name, "its positions repeat", env.Output)
		if err != nil {
			return nil, err
		} else if warn != "" {
			env.Say("sgtab: warning: %s\n", warn)
		}
		return writeLoopy(t, out)
	}
	return heap.Write(t, env.Output, nil)
}

// writeLoopy writes the table of generalized values t (positions repeat,
// and some start is of value ∞), without plots (a value ∞ has no place on
// them), and reports it: its outcomes, their period (the analysis of t),
// and how many starts are of value ∞ and drawn.
func writeLoopy(t *sg.Table, out family.Output) (*family.Report, error) {
	files, err := heap.Writers.Write(t.Game.Name, t, out, nil)
	if err != nil {
		return nil, err
	}
	s := heap.NewSummary(t, files)
	inf, draws := 0, t.Draws()
	for _, x := range t.Loopy {
		if x.Inf {
			inf++
		}
	}
	s.Values, s.Infinite, s.Draws = export.ValuesGeneralized, &inf, &draws
	s.Findings = append(s.Findings,
		fmt.Sprintf("positions repeat: %d %s of value ∞, %d of them drawn; the period below is the outcomes' (P lost, N won, D drawn)", inf, family.Plural(inf, "start"), draws),
		"outcomes: "+outcomeText(t.Outcomes()))
	return &family.Report{Summary: s, Row: export.Summarize(t), Text: heap.Text(s)}, nil
}

// outcomeText writes outcomes as letters, n = 0 first, the first 60 of
// them when there are more.
func outcomeText(out []sg.Outcome) string {
	const most = 60
	b := make([]byte, 0, most+1)
	for _, o := range out[:min(len(out), most)] {
		b = append(b, byte(o))
	}
	if len(out) > most {
		return string(b) + "…"
	}
	return string(b)
}

// tabulateBoard computes and writes the board of a two-parameter script,
// with the patterns its outcomes show (lattice.Patterns).
func tabulateBoard(ctx context.Context, g rules.Game, env *family.Env, opt sg.Options) (*family.Report, error) {
	t, _, err := script.Lattice(ctx, g, opt)
	if err != nil {
		return nil, err
	}
	return lattice.Write(t, env.Output)
}

// Plot draws the plots of a stored scripted game's table: a heap table's,
// or a board's heat map.
func (Family) Plot(f *export.File, out family.Output) (files, notes []string, err error) {
	if f.Kind == export.KindLattice {
		return lattice.Family{}.Plot(f, out)
	}
	return heap.Family{}.Plot(f, out)
}

// Verify runs the script of a stored table again (the config in the
// table's metadata holds it), and checks that every value of the table is
// the one it gives.
func (Family) Verify(ctx context.Context, f *export.File, workers int, meter family.Meter) (string, error) {
	if f.Kind == export.KindLattice {
		return lattice.Family{}.Verify(ctx, f, workers, meter)
	}
	t := f.Table
	what := fmt.Sprintf("every value against its script run again (SHA-256 %s), SG(start(0..%d))", t.Game.Script.Hash(), t.N())
	if f.RuleChecked >= t.N() {
		// Reading it ran the script to its last start already (its first
		// values are always checked): running it again would check
		// nothing more.
		return what + ", when read", nil
	}
	_, err := compute.VerifyTable(ctx, t, sg.VerifyOptions{Workers: workers, Progress: meter.Add})
	if err != nil {
		return "", err
	}
	return what, nil
}
