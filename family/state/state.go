// Package state is the family of built-in state games (rules.KindState):
// games whose positions are states that no move table or lattice
// describes — Fibonacci Nim (a state is the heap and the most the next
// move may take) and Euclid's game (a pair of numbers) — solved by a
// search over their state graphs (classical.State). Fibonacci Nim's table
// holds the outcome of each starting heap, as a heap table does; Euclid's,
// a board of SG(x, y), as a lattice table does. Each report names the
// classical theorem that solves the game (Whinihan's, Cole and Davie's),
// checked on the table, and the sources answer any position below 2⁶³ by
// it.
package state

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/family/lattice"
	"github.com/sgtab/sgtab/rules"
)

func init() { family.Register(Family{}) }

// Family is the family of built-in state games.
type Family struct{}

// Kind returns rules.KindState.
func (Family) Kind() rules.Kind { return rules.KindState }

// Work returns the states g's search goes through (classical.StatePositions).
func (Family) Work(g rules.Game) int64 { return classical.StatePositions(g) }

// Cost estimates g's search, its table's analysis included; nothing
// shortens it.
func (Family) Cost(g rules.Game, workers int) family.Cost {
	return family.Cost{
		Time: classical.StateEstimate(g, g.Heaps),
		What: fmt.Sprintf("computing its %s positions (heaps: %d)", family.Short(float64(classical.StatePositions(g))), g.Heaps),
		Shorter: func(within time.Duration) string {
			g.Heaps = family.Shrink(g.Heaps, func(n int) bool { return classical.StateEstimate(g, n) <= within })
			return fmt.Sprintf("make it smaller in its config (heaps: %d: about %s)",
				g.Heaps, family.RoundDuration(classical.StateEstimate(g, g.Heaps)))
		},
	}
}

// Tabulate solves g and writes its table: as a heap table (Fibonacci Nim)
// or a lattice table (Euclid's game, whose report names the theorem that
// solves it, checked on the board: package lattice), with what it shows
// of the game's known rule.
func (Family) Tabulate(ctx context.Context, g rules.Game, env *family.Env) (*family.Report, error) {
	t, lt, err := classical.State(ctx, g, sg.Options{Progress: env.Progress.Add})
	if err != nil {
		return nil, err
	}
	if lt != nil {
		return lattice.Write(lt, env.Output)
	}
	rep, err := heap.Write(t, env.Output, nil)
	if err == nil && g.State == "fibonacci-nim" {
		c := classical.Of(g)
		losing, check := fibonacciLosing(t)
		family.AddClassical(rep.Summary, c, "losing heaps "+losing, check)
		rep.Row.Theorem = c.String()
		rep.Text = heap.Text(rep.Summary)
	}
	return rep, err
}

// Plot draws the plots of a stored state game's table: a heap table's, or
// a lattice table's heat map.
func (Family) Plot(f *export.File, out family.Output) (files, notes []string, err error) {
	if f.Kind == export.KindLattice {
		return lattice.Family{}.Plot(f, out)
	}
	return heap.Family{}.Plot(f, out)
}

// Verify checks every value of a stored state game's table, solving the
// game again.
func (Family) Verify(ctx context.Context, f *export.File, workers int, meter family.Meter) (string, error) {
	if f.Kind == export.KindLattice {
		return lattice.Family{}.Verify(ctx, f, workers, meter)
	}
	return heap.VerifyTable(ctx, f, workers, meter)
}

// fibonacciLosing lists the losing heaps of Fibonacci Nim's table, and
// says where the table disagrees with Whinihan's theorem ("at heap n", the
// first heap whose outcome is not the theorem's), "" when nowhere.
func fibonacciLosing(t *sg.Table) (losing, check string) {
	var heaps []string
	for n := 1; n <= t.N(); n++ {
		lost := t.G.At(n) == 0
		if lost {
			heaps = append(heaps, strconv.Itoa(n))
		}
		if lost == classical.FibonacciNimWins(n, n-1) && check == "" {
			check = fmt.Sprintf("at heap %d", n)
		}
	}
	return strings.Join(heaps, ", "), check
}
