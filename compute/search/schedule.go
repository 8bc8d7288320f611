package search

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
)

// errNoValue is returned when every candidate value tried for the root
// is a child's: with every value up to the number of children tried, the
// sign of a wrong proof in Options.Exclude; with the values Is tries, that
// the nimber is more than them.
var errNoValue = errors.New("every value tried is a child's")

// A round is the question "is the root's nimber c?", asked of each child
// in turn: the answer is no as soon as one child has nimber c, and yes
// when none has.
type round struct {
	c     uint8
	asked []bool // asked[i]: child i said its nimber is not c
	found bool   // a child has nimber c
	stop  atomic.Bool
}

// schedule finds the root component's nimber: the first candidate value
// no child has. Workers take children from the lowest round not yet
// decided; a worker that finds no child left there (the others are busy
// with the last ones) goes on to the next round instead of waiting,
// asking its children about the next candidate. Whatever a child answers
// stays true: its exact nimber settles it for every round, a no counts
// for its round. When a child has the nimber of a round, the workers
// still on that round stop.
//
// Odd workers take the children from the end of the list, even ones
// from its start: neighbouring children share much of their subtrees,
// and two workers on two of them would search the shared part twice
// before the table told either; far apart, they share little (on Cram
// 5×8, two workers in 2.25 s where dealing the children in order took
// 3.17 s, and one 4.03 s).
func (s *search) schedule(kids []rootKid, cands []uint8, settled int) (uint8, error) {
	const lookahead = 2 // rounds a worker may run ahead of the lowest undecided one
	var (
		mu     sync.Mutex
		wake   = sync.NewCond(&mu)
		rounds = make([]*round, len(cands))
		busy   = make([]bool, len(kids))
		cur    int // the lowest undecided round
		answer = -1
	)
	for i, c := range cands {
		rounds[i] = &round{c: c, asked: make([]bool, len(kids))}
	}
	settledOn := func(v uint8) {
		for _, r := range rounds[cur:] {
			if r.c == v && !r.found {
				r.found = true
				r.stop.Store(true)
			}
		}
	}
	// decide moves cur past the rounds that are settled; mu is held.
	decide := func() {
		for cur < len(rounds) && answer < 0 {
			r := rounds[cur]
			if r.found {
				cur++
				if cur < len(rounds) {
					c := int(rounds[cur].c)
					s.set(func(pr *Progress) { pr.Candidate, pr.Settled = c, settled })
				}
				continue
			}
			for i := range kids {
				if len(kids[i].parts) != 0 && !r.asked[i] {
					return // still open
				}
			}
			answer = int(r.c)
			for _, r := range rounds {
				r.stop.Store(true)
			}
		}
	}
	// next returns a child and a round to ask it about, or false when
	// there is nothing to do now; mu is held.
	next := func(back bool) (int, *round, bool) {
		for ri := cur; ri < len(rounds) && ri <= cur+lookahead; ri++ {
			r := rounds[ri]
			if r.found {
				continue
			}
			for j := range kids {
				i := j
				if back {
					i = len(kids) - 1 - j
				}
				if !busy[i] && len(kids[i].parts) != 0 && !r.asked[i] {
					return i, r, true
				}
			}
		}
		return 0, nil, false
	}
	if len(rounds) > 0 {
		c := int(rounds[0].c)
		s.set(func(pr *Progress) { pr.Candidate = c })
		if s.opt.Progress != nil {
			s.report()
		}
	}
	mu.Lock()
	decide()
	mu.Unlock()

	work := func(w *worker, back bool) {
		mu.Lock()
		defer mu.Unlock()
		for answer < 0 && cur < len(rounds) && !s.cancel.Load() && !w.tooMany && !w.tooDeep {
			i, r, ok := next(back)
			if !ok {
				wake.Wait()
				continue
			}
			busy[i] = true
			k := kids[i]
			mu.Unlock()

			w.stop = &r.stop
			x, ok := w.settleParts(&k)
			var v uint8
			if ok {
				v, ok = w.in(k.parts[len(k.parts)-1], Single(r.c^x))
			}
			aborted := w.aborted
			w.aborted = false

			mu.Lock()
			busy[i] = false
			kids[i].x, kids[i].parts = k.x, k.parts // the parts settled on the way
			switch {
			case aborted:
			case ok:
				kids[i].x, kids[i].parts = v^x, nil
				settled++
				settledOn(v ^ x)
			default:
				r.asked[i] = true
			}
			decide()
			wake.Broadcast()
		}
		wake.Broadcast()
	}
	var wg sync.WaitGroup
	for k, w := range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work(w, k%2 == 1)
		}()
	}
	// A cancelled search wakes the workers that wait.
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-s.cancelled:
			mu.Lock()
			wake.Broadcast()
			mu.Unlock()
		}
	}()
	wg.Wait()
	close(done)
	for _, w := range s.workers {
		w.stop = &s.stop
		if w.tooMany {
			return 0, ErrTooManyMoves
		}
		if w.tooDeep {
			return 0, ErrTooDeep
		}
	}
	if answer < 0 {
		if s.cancel.Load() {
			return 0, nil
		}
		return 0, fmt.Errorf("search: no value for a component with %d children: %w", len(kids), errNoValue)
	}
	return uint8(answer), nil
}
