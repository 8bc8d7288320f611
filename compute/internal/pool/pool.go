// Package pool runs the jobs of the engines on a fixed set of worker
// goroutines that poll for the next job before they park, so that jobs of
// tens of microseconds (one heap's pair scan, a block of heaps) are handed
// out cheaply. Results never depend on the number of workers.
package pool

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sgtab/sgtab/compute/sg"
)

// ParallelPairs is the number of pairs from which one heap's two-heap scan
// is shared among workers: below it, handing the work out costs more than it
// saves.
var ParallelPairs = 1 << 14

// spinRounds is how many times an idle worker polls for the next job before
// it parks. A heap's scan takes tens of microseconds, about what waking a
// parked thread costs, so workers poll between consecutive heaps.
const spinRounds = 1 << 12

// A Pool runs jobs on its workers: the pair scan of one large heap, cut into
// one range per worker (splits2), or a block of heaps in sparse space
// (block.go). Each worker writes only its own scratch and results, which are
// combined in a fixed order, so no value ever depends on the number of
// workers.
type Pool struct {
	Workers int
	Scratch []sg.Bitset

	job     func(worker int) // the current job, written before gen moves on
	gen     atomic.Uint64    // job number; workers wait for it to change
	pending atomic.Int32     // workers still on the current job
	mu      sync.Mutex
	wake    *sync.Cond // parked workers wait here for gen to change
	stop    bool       // under mu
	wg      sync.WaitGroup
}

// New starts workers−1 goroutines; the caller's goroutine is the last
// worker.
func New(workers int) *Pool {
	p := &Pool{Workers: workers, Scratch: make([]sg.Bitset, workers)}
	p.wake = sync.NewCond(&p.mu)
	for i := 1; i < workers; i++ {
		p.wg.Go(func() { p.work(i) })
	}
	return p
}

// work runs worker i's share of each job until the pool closes.
func (p *Pool) work(i int) {
	var seen uint64
	for {
		// Poll for a new job, then park.
		for spin := 0; p.gen.Load() == seen && spin < spinRounds; spin++ {
			runtime.Gosched()
		}
		p.mu.Lock()
		for p.gen.Load() == seen && !p.stop {
			p.wake.Wait()
		}
		stop := p.stop
		p.mu.Unlock()
		if stop {
			return
		}
		seen = p.gen.Load()
		p.job(i)
		p.pending.Add(-1)
	}
}

// bound returns the first pair of worker i's range of 1..hi.
func (p *Pool) Bound(i, hi int) int { return 1 + hi*i/p.Workers }

// run calls job(i) once for every worker i, job(0) on the caller's
// goroutine, and returns when all have returned.
func (p *Pool) Run(job func(worker int)) {
	p.Start(job)
	p.Finish()
}

// start calls job(i) on every worker i ≥ 1 and returns at once; finish
// must follow before the next job starts. Meanwhile the caller may do
// other work: sparse space settles one block of heaps while the workers
// guess the next (block.go).
func (p *Pool) Start(job func(worker int)) {
	p.job = job
	p.pending.Store(int32(p.Workers - 1))
	p.mu.Lock()
	p.gen.Add(1)
	p.wake.Broadcast()
	p.mu.Unlock()
}

// finish calls job(0), for the job started last, on the caller's goroutine
// and returns when every worker's call has returned.
func (p *Pool) Finish() {
	p.job(0)
	for p.pending.Load() > 0 {
		runtime.Gosched()
	}
}

// close stops the workers.
func (p *Pool) Close() {
	p.mu.Lock()
	p.stop = true
	p.wake.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
}
