package script

import (
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"

	"go.starlark.net/starlark"

	"github.com/sgtab/sgtab/rules"
)

// A memoryWatch stops a script whose calls take more memory than sgtab
// may use (rules.Budget): Starlark's steps do not count the bytes a step
// allocates ("x" * 10**8 is one step), so a goroutine samples the heap
// and cancels every thread of the script once it passes the budget.
type memoryWatch struct {
	mu      sync.Mutex
	threads map[*starlark.Thread]bool
	over    atomic.Bool
	budget  int64
	done    chan struct{}
}

// watchPeriod is how often the heap is sampled.
const watchPeriod = 5 * time.Millisecond

// watchMemory starts watching the memory of p's calls, when the memory
// available is known, and returns the function that stops it.
func (p *Program) watchMemory() (stop func()) {
	budget, _ := rules.Budget()
	if budget <= 0 {
		return func() {}
	}
	w := &memoryWatch{threads: map[*starlark.Thread]bool{}, budget: budget, done: make(chan struct{})}
	p.watch = w
	go w.run()
	return func() { close(w.done) }
}

// run samples the heap until stopped, and cancels the threads once it
// passes the budget.
func (w *memoryWatch) run() {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	tick := time.NewTicker(watchPeriod)
	defer tick.Stop()
	for {
		select {
		case <-w.done:
			return
		case <-tick.C:
		}
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 && int64(sample[0].Value.Uint64()) > w.budget {
			w.over.Store(true)
			w.mu.Lock()
			for th := range w.threads {
				th.Cancel("out of memory")
			}
			w.mu.Unlock()
			return
		}
	}
}

// add makes th one of the threads the watch cancels.
func (w *memoryWatch) add(th *starlark.Thread) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.over.Load() {
		th.Cancel("out of memory")
	}
	w.threads[th] = true
}

// exceeded reports whether the watch stopped the script.
func (w *memoryWatch) exceeded() bool { return w != nil && w.over.Load() }
