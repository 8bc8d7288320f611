package search

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Options tunes a search. The zero value searches with one worker and a
// table of DefaultTableBytes.
type Options struct {
	// TableBytes bounds the transposition table; 0 means
	// DefaultTableBytes. Ignored when Table is set.
	TableBytes int64

	// Table, if set, is used instead of a new table: searches of one
	// game (the boards of one width, say) share what they found.
	Table *Table

	// Workers is how many goroutines search the root's children at
	// once; 0 means 1.
	Workers int

	// Exclude holds values the caller has proved the position does not
	// have, such as 0 for a board the first player wins by symmetry.
	// The search never tries them.
	Exclude Set

	// Method chooses how a component's nimber is found; the zero value
	// is Pruned.
	Method Method

	// Progress, if set, is called when the search starts to try a new
	// value for the root, and about every Every while it runs; never
	// twice at once.
	Progress func(Progress)

	// Every is the interval between progress reports; 0 means a second.
	Every time.Duration
}

// Method is a way to find the nimber of a component.
type Method int

const (
	// Pruned tries candidate values for the root and asks children only
	// whether their nimbers lie in a set (Beling and Rogalski): the
	// method for games that split into parts with small nimbers (Cram,
	// node Kayles).
	Pruned Method = iota
	// Exact finds every child's nimber and takes the mex: the method for
	// games that do not split and have large nimbers (Chomp), where every
	// position is met again and again and is best found once.
	Exact
)

// DefaultTableBytes is the transposition table's size when none is given.
const DefaultTableBytes = 256 << 20

// Progress is a snapshot of a running search.
type Progress struct {
	Nodes     int64   // positions examined so far
	Candidate int     // the value being tried for the root component; -1 before the first
	Part      int     // which of the root's components is searched (from 1)
	Parts     int     // how many components the root has
	Children  int     // children of the root component
	Settled   int     // of which the nimber is known
	TableFill float64 // fraction of the table in use
}

// Stats counts a finished search's work.
type Stats struct {
	Nodes      int64   // positions examined (the table asked, or moves made)
	Expanded   int64   // of which their moves were made
	Exact      int64   // of which the exact nimber was found
	Hits       int64   // answered by the table
	Stored     int64   // entries written to the table
	TableBytes int64   // the table's memory
	TableFill  float64 // fraction of its entries in use
	// Tabulated is set when the nimber came from a table of every
	// position the start reaches, one byte each (Chomp's diagrams of its
	// rectangle), not from a search with a transposition table.
	Tabulated bool
}

// Result is a position's nimber with the work it took.
type Result struct {
	Nimber uint8
	Stats  Stats
}

// ErrTooDeep is returned when a search goes more than maxDepth moves
// deep: the game's positions repeat (a scripted game with a cycle), or
// it is too long for this search.
var ErrTooDeep = errors.New("the search went more than 4096 moves deep: positions repeat, or the game is too long for this search")

// A tabulator is a game that finds some positions' nimbers from a table
// of all the positions they reach, faster than a search: Chomp, whose
// diagrams of a rectangle are few enough to number.
type tabulator interface {
	tabulate(ctx context.Context, p uint64) (v uint8, st Stats, ok bool, err error)
}

// ErrTooManyMoves is returned for a component with more than 255 moves,
// whose nimber a byte may not hold.
var ErrTooManyMoves = errors.New("a component has more than 255 moves")

// Nimber returns the nimber of position p of game g.
//
// Each component of p is searched in turn. For a component the search
// tries the values 0, 1, 2, ... in order and asks each child only
// whether its nimber is the value tried (an aspiration set of one); a
// child answers by the method of Beling and Rogalski, examining its own
// children with the smallest set of values that can still decide the
// question, and settles only what it must. Exact nimbers of components
// go to the table.
func Nimber(ctx context.Context, g Game, p uint64, opt Options) (Result, error) {
	r, _, err := find(ctx, g, p, opt, -1)
	return r, err
}

// Is reports whether position p of game g has nimber v, and finds no more
// than it must to tell: the parts of p but its biggest are found exactly,
// as by Nimber, and the values of the biggest are tried only up to the one
// that would make p's nimber v. A winning move is a move to a position of
// nimber 0, which Is tells with a single question to the position's
// children where Nimber would go on to find the nimber of every losing
// one. Given the Table of an earlier search of the same game (the
// position's parent, say), it uses what that one found.
func Is(ctx context.Context, g Game, p uint64, v uint8, opt Options) (bool, Stats, error) {
	r, found, err := find(ctx, g, p, opt, int(v))
	return err == nil && found && r.Nimber == v, r.Stats, err
}

// find returns the nimber of p, as Nimber; with target ≥ 0 it only tells
// whether the nimber is target (see Is): found is false when the search
// proved the nimber is not target without finding it.
func find(ctx context.Context, g Game, p uint64, opt Options, target int) (r Result, found bool, err error) {
	if tb, ok := g.(tabulator); ok && opt.Table == nil {
		if v, st, ok, err := tb.tabulate(ctx, p); ok {
			return Result{Nimber: v, Stats: st}, true, err
		}
	}
	if opt.Method == Exact {
		target = -1 // every child's nimber is found anyway
	}
	t := opt.Table
	if t == nil {
		size := opt.TableBytes
		if size <= 0 {
			size = DefaultTableBytes
		}
		t = NewTable(size)
	}
	workers := max(opt.Workers, 1)
	s := &search{g: g, t: t, opt: opt, target: target, workers: make([]*worker, workers), cancelled: make(chan struct{})}
	for i := range s.workers {
		s.workers[i] = &worker{g: g, t: t, stop: &s.stop, cancel: &s.cancel, shared: &s.nodes, all: Below(256)}
	}
	done := make(chan struct{})
	var watch sync.WaitGroup
	watch.Add(1)
	go func() {
		defer watch.Done()
		every := opt.Every
		if every <= 0 {
			every = time.Second
		}
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				s.cancel.Store(true)
				close(s.cancelled)
				return
			case <-done:
				return
			case <-tick.C:
				s.report()
			}
		}
	}()
	v, err := s.run(p)
	close(done)
	watch.Wait()
	found = true
	if target >= 0 && errors.Is(err, errNoValue) {
		found, err = false, nil // every value tried is a child's: the nimber is more than target
	}
	if err == nil && s.cancel.Load() {
		err = context.Cause(ctx)
	}
	st := Stats{TableBytes: t.Bytes(), TableFill: t.Fill()}
	for _, w := range s.workers {
		st.Nodes += w.nodes
		st.Hits += w.hits
		st.Expanded += w.expanded
		st.Exact += w.found
		st.Stored += w.stored
	}
	return Result{Nimber: v, Stats: st}, found, err
}

// search is one call of Nimber: its workers and what they share.
type search struct {
	g         Game
	t         *Table
	opt       Options
	target    int // the nimber Is asks about, or -1 for Nimber
	workers   []*worker
	stop      atomic.Bool   // never set: the stop flag of work outside a round
	cancel    atomic.Bool   // the context is done
	cancelled chan struct{} // closed when cancel is set
	nodes     atomic.Int64  // nodes published by the workers

	calls    sync.Mutex // one call of Options.Progress at a time
	mu       sync.Mutex // guards the fields below, read by report
	progress Progress
}

func (s *search) report() {
	if s.opt.Progress == nil {
		return
	}
	s.mu.Lock()
	p := s.progress
	s.mu.Unlock()
	p.Nodes = s.nodes.Load()
	p.TableFill = s.t.Fill()
	// Called from the ticker and from the search: one call at a time.
	s.calls.Lock()
	defer s.calls.Unlock()
	s.opt.Progress(p)
}

func (s *search) set(f func(*Progress)) {
	s.mu.Lock()
	f(&s.progress)
	s.mu.Unlock()
}

func (s *search) run(p uint64) (uint8, error) {
	parts, x := s.g.Split(p, nil)
	s.set(func(pr *Progress) { pr.Candidate, pr.Parts = -1, len(parts) })
	// The biggest part last: the others fill the table first.
	slices.SortStableFunc(parts, func(a, b uint64) int { return s.g.Size(a) - s.g.Size(b) })
	for i, c := range parts {
		exclude := Set{}
		if len(parts) == 1 {
			exclude = s.opt.Exclude.Xor(x)
		}
		if s.target >= 0 && i == len(parts)-1 {
			// Only the values up to the one that makes the sum target:
			// if the part has none of them, its nimber is more.
			exclude = exclude.Not().UpTo(uint8(s.target) ^ x).Not()
		}
		s.set(func(pr *Progress) { pr.Part = i + 1 })
		v, err := s.root(c, exclude)
		if err != nil {
			return 0, err
		}
		if s.cancel.Load() {
			return 0, nil
		}
		x ^= v
	}
	return x, nil
}

// rootKid is a child of the root component: the XOR of its settled parts
// and the parts still unknown, smallest first.
type rootKid struct {
	x     uint8
	parts []uint64
	cost  int
}

// root finds the nimber of component c by trying candidate values in
// turn, with the children of c shared out among the workers.
func (s *search) root(c uint64, exclude Set) (uint8, error) {
	if v, ok := s.t.Nimber(c); ok {
		return v, nil
	}
	moves := s.g.Moves(c, nil)
	if len(moves) > 255 {
		return 0, ErrTooManyMoves
	}
	if s.opt.Method == Exact {
		return s.rootExact(c, moves)
	}
	possible := Below(len(moves) + 1) // values no child is known to have
	var kids []rootKid
	var buf []uint64
	for _, m := range moves {
		var x uint8
		buf, x = s.g.Split(m, buf[:0])
		k := rootKid{}
		for _, part := range buf {
			if v, ok := s.t.Nimber(part); ok {
				x ^= v
				continue
			}
			k.parts = append(k.parts, part)
			z := s.g.Size(part)
			k.cost += z * z
		}
		k.x = x
		if len(k.parts) == 0 {
			possible.Remove(x)
			continue
		}
		slices.SortStableFunc(k.parts, func(a, b uint64) int { return s.g.Size(a) - s.g.Size(b) })
		kids = append(kids, k)
	}
	slices.SortStableFunc(kids, func(a, b rootKid) int { return a.cost - b.cost })
	settled := len(moves) - len(kids)
	s.set(func(pr *Progress) { pr.Children, pr.Settled = len(moves), settled })

	var cands []uint8
	for r := 0; r <= len(moves); r++ {
		if !exclude.Has(uint8(r)) && possible.Has(uint8(r)) {
			cands = append(cands, uint8(r))
		}
	}
	v, err := s.schedule(kids, cands, settled)
	if err != nil || s.cancel.Load() {
		return 0, err
	}
	s.t.Put(c, v, s.g.Size(c))
	return v, nil
}

// rootExact finds the nimber of component c by the definition, the
// workers taking its children in turn.
func (s *search) rootExact(c uint64, moves []uint64) (uint8, error) {
	s.set(func(pr *Progress) { pr.Children, pr.Settled = len(moves), 0 })
	vals := make([]uint8, len(moves))
	var next, settled atomic.Int64
	var wg sync.WaitGroup
	for _, w := range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !s.cancel.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(moves) {
					return
				}
				v, ok := w.sumExact(moves[i])
				if !ok {
					return
				}
				vals[i] = v
				n := int(settled.Add(1))
				s.set(func(pr *Progress) { pr.Settled = n })
			}
		}()
	}
	wg.Wait()
	for _, w := range s.workers {
		if w.tooMany {
			return 0, ErrTooManyMoves
		}
		if w.tooDeep {
			return 0, ErrTooDeep
		}
	}
	if s.cancel.Load() {
		return 0, nil
	}
	var seen Set
	for _, v := range vals {
		seen.Add(v)
	}
	v, _ := seen.Not().Min()
	s.t.Put(c, v, s.g.Size(c))
	return v, nil
}
