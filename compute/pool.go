package compute

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sgtab/sgtab/compute/sg"
)

// parallelPairs is the number of pairs from which one heap's two-heap scan
// is shared among workers: below it, handing the work out costs more than it
// saves.
var parallelPairs = 1 << 14

// spinRounds is how many times an idle worker polls for the next job before
// it parks. A heap's scan takes tens of microseconds, about what waking a
// parked thread costs, so workers poll between consecutive heaps.
const spinRounds = 1 << 12

// A pool runs jobs on its workers: the pair scan of one large heap, cut into
// one range per worker (splits2), or a block of heaps in sparse space
// (block.go). Each worker writes only its own scratch and results, which are
// combined in a fixed order, so no value ever depends on the number of
// workers.
type pool struct {
	workers int
	scratch []sg.Bitset

	job     func(worker int) // the current job, written before gen moves on
	gen     atomic.Uint64    // job number; workers wait for it to change
	pending atomic.Int32     // workers still on the current job
	mu      sync.Mutex
	wake    *sync.Cond // parked workers wait here for gen to change
	stop    bool       // under mu
	wg      sync.WaitGroup
}

// newPool starts workers−1 goroutines; the caller's goroutine is the last
// worker.
func newPool(workers int) *pool {
	p := &pool{workers: workers, scratch: make([]sg.Bitset, workers)}
	p.wake = sync.NewCond(&p.mu)
	for i := 1; i < workers; i++ {
		p.wg.Go(func() { p.work(i) })
	}
	return p
}

// work runs worker i's share of each job until the pool closes.
func (p *pool) work(i int) {
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
func (p *pool) bound(i, hi int) int { return 1 + hi*i/p.workers }

// poolSplits2 marks G[a]⊕G[m−a] for 1 ≤ a ≤ hi in o, the pairs cut into
// one range per worker of p.
func poolSplits2[T sg.Value](p *pool, o sg.Bitset, G []T, m, hi, words int) {
	for i := range p.scratch {
		if len(p.scratch[i]) < words {
			p.scratch[i] = make(sg.Bitset, words)
		}
		p.scratch[i] = p.scratch[i][:words]
		clear(p.scratch[i])
	}
	p.run(func(i int) {
		markPairs(p.scratch[i], G, m, p.bound(i, hi), p.bound(i+1, hi), words)
	})
	for i := range p.scratch {
		for w, x := range p.scratch[i] {
			o[w] |= x
		}
	}
}

// run calls job(i) once for every worker i, job(0) on the caller's
// goroutine, and returns when all have returned.
func (p *pool) run(job func(worker int)) {
	p.start(job)
	p.finish()
}

// start calls job(i) on every worker i ≥ 1 and returns at once; finish
// must follow before the next job starts. Meanwhile the caller may do
// other work: sparse space settles one block of heaps while the workers
// guess the next (block.go).
func (p *pool) start(job func(worker int)) {
	p.job = job
	p.pending.Store(int32(p.workers - 1))
	p.mu.Lock()
	p.gen.Add(1)
	p.wake.Broadcast()
	p.mu.Unlock()
}

// finish calls job(0), for the job started last, on the caller's goroutine
// and returns when every worker's call has returned.
func (p *pool) finish() {
	p.job(0)
	for p.pending.Load() > 0 {
		runtime.Gosched()
	}
}

// close stops the workers.
func (p *pool) close() {
	p.mu.Lock()
	p.stop = true
	p.wake.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
}
