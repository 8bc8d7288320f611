package main

import (
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// A progress counts finished positions from any goroutine and, when stderr
// is a terminal, shows them as a bar with rate and ETA. The bar is redrawn
// from the counter on a ticker: the engines only add to an atomic counter.
type progress struct {
	done atomic.Int64
	bar  *progressbar.ProgressBar
	mu   sync.Mutex // held while drawing the bar or printing over it
	stop chan struct{}
	wg   sync.WaitGroup
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// newProgress starts a bar of total positions on w, or a silent counter when
// w is not a terminal.
func newProgress(w io.Writer, total int64, desc string) *progress {
	p := &progress{stop: make(chan struct{})}
	if !isTerminal(w) {
		return p
	}
	p.bar = progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionSetItsString("positions"),
		progressbar.OptionShowIts(),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionFullWidth(),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
	p.wg.Go(func() {
		t := time.NewTicker(150 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.mu.Lock()
				_ = p.bar.Set64(p.done.Load())
				p.mu.Unlock()
			}
		}
	})
	return p
}

// add counts delta more finished positions. It is safe for concurrent use.
func (p *progress) add(delta int64) { p.done.Add(delta) }

// print runs f, which writes to the terminal, with the bar cleared for it;
// the bar comes back at its next redraw.
func (p *progress) print(f func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Clear()
	}
	f()
}

// finish stops the bar and clears it from the terminal.
func (p *progress) finish() {
	close(p.stop)
	p.wg.Wait()
	if p.bar != nil {
		_ = p.bar.Set64(p.done.Load())
		_ = p.bar.Finish()
	}
}
