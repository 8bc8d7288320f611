// Package family is the table of the kinds of game sgtab runs, and what
// each kind offers the rest of sgtab: a Family. The pipeline (package
// tabulate), the query command and the readers of stored tables never ask
// which kind a game is; they ask the game's Family (For) to estimate,
// compute, write, plot, verify and answer it.
//
// Each kind lives in a folder of its own below this one — family/heap
// (heaps under a move table: lines, rings, misère play), family/lattice
// (points of a board), family/state (built-in state games), family/graph
// (tokens on the nodes of a graph) — which registers its Family when it is
// imported; family/all imports them all.
//
// # Adding a kind of game
//
//  1. In package rules: the kind (rules/kind.go: a Kind constant, and the
//     case of Game.Kind that tells it), and its config keys (a file of its
//     own, and an entry in the table of kinds there; see the rules package
//     documentation).
//  2. Its engine in package compute, if no engine there computes it.
//  3. A folder family/NAME whose package implements Family (and Batcher,
//     if several of its games should run at once, sharing the workers) and
//     calls Register from an init function. Its Source answers positions
//     of its games (a positions.Source, in a file source.go): sgtab query
//     then takes them, alone or in sums with other games.
//  4. One line in family/all/all.go that imports it.
//
// Its tables are written and read by package export (a new kind of table
// needs its writer and reader there), and drawn by package plots.
package family

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"sync"
	"time"

	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// A Family is what one kind of game (rules.Kind) offers: everything sgtab
// does with a game or a stored table that depends on its kind.
type Family interface {
	// Kind returns the kind of game the family holds.
	Kind() rules.Kind

	// Work returns how many units of work computing g reports through
	// Env.Progress (positions, points, states), for a progress bar's
	// total; 0 when g is solved in one piece, reporting none.
	Work(g rules.Game) int64

	// Cost estimates computing g on workers goroutines (0: one per CPU).
	Cost(g rules.Game, workers int) Cost

	// Tabulate computes g's table and writes its files into env.Dir as
	// env says, and reports what it found.
	Tabulate(ctx context.Context, g rules.Game, env *Env) (*Report, error)

	// Plot draws the plots of the stored table f (of this family's
	// kind) as out says, and returns their paths, and notes on the plots
	// it left out.
	Plot(f *export.File, out Output) (files, notes []string, err error)

	// Verify checks every value of the stored table f against its game,
	// on workers goroutines, counting the values checked on meter, and
	// says what it checked; an error names the first wrong value, or
	// says why f cannot be checked.
	Verify(ctx context.Context, f *export.File, workers int, meter Meter) (string, error)

	// Source returns the source that answers positions of g (see
	// package positions): from the stored table f of g when f is not
	// nil, else computed from g as far as its Prepare asks. name names
	// it in messages: the path of its config or table, as given. A kind
	// whose positions are not sums of components returns a
	// positions.Whole; one whose tables answer none says why.
	Source(g rules.Game, f *export.File, name string) (positions.Source, error)
}

// A Batcher is a Family that tabulates several of its games at once,
// sharing the workers among them (a game alone takes them all).
type Batcher interface {
	Family
	// TabulateAll tabulates games as Tabulate does, each, calling done
	// with each game's index and report as it ends, in any order; an
	// error of done ends it.
	TabulateAll(ctx context.Context, games []rules.Game, env *Env, done func(i int, r *Report) error) error
}

// A Checker is a Family that checks more of a game than its config says,
// before anything is computed: that the files it names can be found.
type Checker interface {
	// Check returns a problem for each thing wrong with g (a
	// *rules.ConfigError where it is at a key of the config).
	Check(g rules.Game) []error
}

// A Sizer is a Family whose games' size a run may set (sgtab run -heaps
// N): heap games.
type Sizer interface {
	// Size returns g of size n.
	Size(g rules.Game, n int) rules.Game
}

// A FileProblem is a file or folder that cannot be read: printed as
// "PATH: why" (where a problem inside a config is printed as
// FILE:LINE:COL: KEY: what).
type FileProblem struct{ Err error }

func (e FileProblem) Error() string {
	if pe, ok := e.Err.(*fs.PathError); ok {
		return pe.Path + ": " + pe.Err.Error() // not the system call's "stat PATH: why"
	}
	return e.Err.Error()
}

func (e FileProblem) Unwrap() error { return e.Err }

// A Cost is what computing a game may take.
type Cost struct {
	// Time is the estimated time at the most: without a proof or sparse
	// space to shorten it.
	Time time.Duration
	// Shortened says that something may end the computation early (a
	// proof of its period) or make it cheaper (sparse space), so that
	// Time is no more than a bound, watched while the game runs.
	Shortened bool
	// What says what takes Time ("computing SG(0..1000000)"); Why, when
	// not empty, why nothing ends it early.
	What, Why string
	// Capped says that -cap bounds the game's table (heap games): with
	// -heaps auto and -cap set, a long game is warned of, not refused.
	Capped bool
	// Shorter, when not nil, says how to make the computation take
	// about within at the most: a smaller size, how to ask for it, and
	// its estimate.
	Shorter func(within time.Duration) string
	// Work is the units of work the computation counts on its Meter,
	// when it is the preparation of a source (Planner).
	Work int64
}

// A Planner is a positions.Source whose Prepare may compute: it says
// beforehand what that costs, so that query can refuse what would take
// long, as run does, and shows the progress of the rest.
type Planner interface {
	positions.Source
	// PrepareCost estimates Prepare(ctx, need) on workers goroutines: a
	// zero Cost when it computes nothing (stored values, a proved period
	// or a theorem answer every component up to need) or cannot (it would
	// not fit in memory: Prepare then says so). Its Work is the units of
	// work a Meter counts.
	PrepareCost(need, workers int) Cost
	// PrepareMetered is Prepare, on workers goroutines, counting the
	// units of work it does on m.
	PrepareMetered(ctx context.Context, need, workers int, m Meter) error
}

// A Staged planner computes in stages, each going on from the values of
// the one before, and can gauge from the pace of its first stages how long
// the rest would take.
type Staged interface {
	Planner
	// PrepareWithin is PrepareMetered that stops, with an error saying
	// how long it would take and what to ask instead, as soon as the pace
	// of its first stages shows that preparing need would take more than
	// within (0: no bound).
	PrepareWithin(ctx context.Context, need, workers int, m Meter, within time.Duration) error
}

// RoundDuration prints d to a sensible precision: "9 h", "25 min",
// "3 days".
func RoundDuration(d time.Duration) string {
	switch {
	case d >= 72*time.Hour:
		return fmt.Sprintf("%.0f days", d.Hours()/24)
	case d >= 2*time.Hour:
		return fmt.Sprintf("%.0f h", d.Hours())
	case d >= 2*time.Minute:
		return fmt.Sprintf("%.0f min", d.Minutes())
	}
	return fmt.Sprintf("%.0f s", d.Seconds())
}

// Shrink returns the size a game shrinks to, from n, to fit: n times 7/10
// until fits says it does (or it is 10 or less), rounded down (RoundDown).
func Shrink(n int, fits func(n int) bool) int {
	for n > 10 && !fits(n) {
		n = n * 7 / 10
	}
	return RoundDown(n)
}

// RoundDown rounds n down to one or two significant digits.
func RoundDown(n int) int {
	p := 1
	for n/p >= 100 {
		p *= 10
	}
	return n / p * p
}

var (
	mu       sync.RWMutex
	families = map[rules.Kind]Family{}
)

// Register makes f the family of its kind. It panics if the kind has one
// already: each kind has one family.
func Register(f Family) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := families[f.Kind()]; dup {
		panic("family: kind " + string(f.Kind()) + " registered twice")
	}
	families[f.Kind()] = f
}

// For returns the family of the game g's kind, or an error when none is
// registered (the program does not import it: see family/all).
func For(g rules.Game) (Family, error) { return Of(g.Kind()) }

// MustFor returns the family of the game g's kind. It panics when none is
// registered, which a program that imports family/all never sees: every
// kind rules parses has a family there.
func MustFor(g rules.Game) Family {
	f, err := For(g)
	if err != nil {
		panic("family: " + err.Error())
	}
	return f
}

// Of returns the family of the kind k.
func Of(k rules.Kind) (Family, error) {
	mu.RLock()
	defer mu.RUnlock()
	if f, ok := families[k]; ok {
		return f, nil
	}
	return nil, fmt.Errorf("no family of games of kind %q is registered (import github.com/sgtab/sgtab/family/all)", k)
}

// Kinds returns the kinds that have a family, in order.
func Kinds() []rules.Kind {
	mu.RLock()
	defer mu.RUnlock()
	var ks []rules.Kind
	for k := range families {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
