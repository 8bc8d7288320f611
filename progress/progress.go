// Package progress shows how far a long computation has got: a bar with
// rate and ETA on a terminal, nothing when stderr is not one, and either
// way one warning when a run looks set to take long.
package progress

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/sgtab/sgtab/family"
	"golang.org/x/term"
)

// A Bar counts finished positions from any goroutine and, when stderr
// is a terminal, shows them as a bar with rate and ETA. The bar is redrawn
// from the counter on a ticker: the engines only add to an atomic counter.
//
// The rate and the ETA are sgtab's own, not the bar's: the rate is shown
// only once a second has passed (the first positions come too fast to
// mean anything), and the ETA fits the time taken so far to a power of the
// positions done — t ∝ n^α, α between 1 and 3 read off the last doubling —
// since a split game's heaps cost more the larger they are, and a constant
// rate would promise it too early. Both count as time spent only that of
// the positions computed in this process: those inherited from a
// checkpoint or a stored table (inherit) fill the bar but took no time
// here (the fit is then t ∝ n^α − n0^α, n0 of them inherited), and the time
// is counted from when the first position was computed.
type Bar struct {
	done  atomic.Int64
	total int64
	desc  string
	unit  string // what is counted: "positions" unless set
	// linear: the time left is linear in what is left (Options.Independent)
	linear bool
	bar    *progressbar.ProgressBar
	mu     sync.Mutex // held while drawing the bar or printing over it
	stop   chan struct{}
	wg     sync.WaitGroup
	start  time.Time

	// inherited is how many of the positions done were taken as they
	// were, not computed; it changes under mu.
	inherited int64
	// history holds (seconds, positions computed) samples, for the rate
	// and the fit.
	history []sample
	// warn, when not nil, receives one warning when the run looks set to
	// take more than warnAfter (see watch); warned says it was given.
	warn      io.Writer
	warnAfter time.Duration
	warned    bool
}

// Options says what a Bar counts and when it warns.
type Options struct {
	// Unit names what is counted ("positions" when empty).
	Unit string
	// WarnAfter, when positive, has the Bar warn once when the run looks
	// set to take longer than it (see watch).
	WarnAfter time.Duration
	// Independent says that what is counted costs the same on average
	// wherever it comes in the run (the games of a sweep), where the
	// positions of a table cost more as the table grows: the time left
	// is then taken as linear in what is left.
	Independent bool
}

// A sample is how many positions had been computed (not inherited) t
// seconds into the run.
type sample struct {
	t float64
	n int64
}

// IsTerminal reports whether w is a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// barWidth is the width of the bar itself when the terminal reports no
// width of its own.
const barWidth = 30

// New starts a bar of total positions on w (a total of 0 or less: not
// known, a count with no bar), or a silent counter when w is not a
// terminal. Either way, a run that looks set to take more than
// o.WarnAfter is warned of on w once (see watch).
func New(w io.Writer, total int64, desc string, o Options) *Bar {
	p := &Bar{stop: make(chan struct{}), total: total, desc: desc, unit: o.Unit, linear: o.Independent, start: time.Now()}
	if o.WarnAfter > 0 {
		p.warn, p.warnAfter = w, o.WarnAfter
	}
	every := time.Second
	if IsTerminal(w) {
		opts := []progressbar.Option{
			progressbar.OptionSetWriter(w),
			progressbar.OptionSetDescription(desc),
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionThrottle(100 * time.Millisecond),
			progressbar.OptionClearOnFinish(),
		}
		// A terminal that reports no width (0 columns) gets a bar of
		// fixed width, not an empty one.
		if cols, _, err := term.GetSize(int(w.(*os.File).Fd())); err == nil && cols >= 40 {
			opts = append(opts, progressbar.OptionFullWidth())
		} else {
			opts = append(opts, progressbar.OptionSetWidth(barWidth))
		}
		if total <= 0 {
			total = -1 // not known: a spinner and the count
		}
		p.bar = progressbar.NewOptions64(total, opts...)
		every = 150 * time.Millisecond
	}
	p.wg.Go(func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.tick(time.Since(p.start).Seconds())
			}
		}
	})
	return p
}

// tick redraws the bar, if any, at t seconds, and gives the warning of
// watch.
func (p *Bar) tick(t float64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.done.Load()
	if p.bar != nil {
		p.bar.Describe(p.describe(t, n))
		_ = p.bar.Set64(n)
	}
	if msg := p.watch(t, n); msg != "" {
		if p.bar != nil {
			_ = p.bar.Clear()
		}
		fmt.Fprint(p.warn, msg)
	}
}

// watchAfter is how long a run goes before watch judges its pace.
const watchAfter = 15.0

// watch records a sample at t seconds with n positions done and, once, when
// the run has computed for watchAfter seconds and its ETA is beyond
// warnAfter, returns a warning that says so.
func (p *Bar) watch(t float64, n int64) string {
	p.record(t, n)
	took := t - p.started()
	if p.warned || p.warn == nil || took < watchAfter || n <= p.inherited {
		return ""
	}
	eta, ok := p.eta(t, n)
	if !ok || eta <= p.warnAfter {
		return ""
	}
	p.warned = true
	unit := cmp.Or(p.unit, "positions")
	done := fmt.Sprintf("%s of %s %s in %s", family.Short(float64(n)), family.Short(float64(p.total)), unit, family.RoundDuration(time.Duration(took*float64(time.Second))))
	if p.inherited > 0 {
		done = fmt.Sprintf("%s of %s %s, %s of them computed in %s, the rest taken from earlier runs",
			family.Short(float64(n)), family.Short(float64(p.total)), unit, family.Short(float64(n-p.inherited)), family.RoundDuration(time.Duration(took*float64(time.Second))))
	}
	return fmt.Sprintf("sgtab: warning: at this pace the run needs about %s more (%s); "+
		"stop it with Ctrl-C and choose smaller tables with -heaps N, or -cap N with -heaps auto\n",
		family.RoundDuration(eta), done)
}

// record adds a sample at t seconds with n positions done, of which
// p.inherited were not computed.
func (p *Bar) record(t float64, n int64) {
	if len(p.history) == 0 || p.history[len(p.history)-1].t < t {
		p.history = append(p.history, sample{t, max(n-p.inherited, 0)})
	}
}

// started returns when the run began to compute positions, in seconds: the
// last sample before the first one computed (0 when there is none).
func (p *Bar) started() float64 {
	t0 := 0.0
	for _, h := range p.history {
		if h.n > 0 {
			break
		}
		t0 = h.t
	}
	return t0
}

// describe returns the bar's description at t seconds with n positions
// done: what is running, the positions, and once known the rate and ETA.
func (p *Bar) describe(t float64, n int64) string {
	p.record(t, n)
	unit := cmp.Or(p.unit, "positions")
	s := fmt.Sprintf("%s: %s/%s %s", p.desc, family.Short(float64(n)), family.Short(float64(p.total)), unit)
	if p.total <= 0 {
		s = fmt.Sprintf("%s: %s %s", p.desc, family.Short(float64(n)), unit) // how many in all is not known
	}
	if t-p.started() < 1 || n <= p.inherited {
		return s
	}
	// The rate over the last two seconds or so.
	i := len(p.history) - 1
	for i > 0 && t-p.history[i-1].t <= 2 {
		i--
	}
	if old := p.history[max(i-1, 0)]; t > old.t {
		s += fmt.Sprintf(", %s/s", family.Short(float64(n-p.inherited-old.n)/(t-old.t)))
	}
	if eta, ok := p.eta(t, n); ok {
		s += ", ETA " + family.RoundDuration(eta)
	}
	return s
}

// eta returns the time left at t seconds with n positions done. Of these
// it counts as time spent only that of the c computed in this process,
// from when the first of them was (t0, see started), after the n0
// inherited: it fits t − t0 ∝ n^α − n0^α to the samples from the last
// doubling of c (n0 = 0: t ∝ n^α) and extrapolates to the total.
func (p *Bar) eta(t float64, n int64) (time.Duration, bool) {
	c, n0 := n-p.inherited, float64(p.inherited)
	t0 := p.started()
	took := t - t0
	if n >= p.total || took < 2 || c <= 0 {
		return 0, false
	}
	var half sample
	for _, h := range p.history {
		if h.n > 0 && h.n <= c/2 {
			half = h
		}
	}
	alpha := 1.0
	if !p.linear && half.n > 0 && half.t > t0 && t > half.t && float64(p.total) <= fitReach*float64(n) {
		alpha = fitPower(n0, n0+float64(half.n), float64(n), took/(half.t-t0))
	}
	cost := func(x float64) float64 { return math.Pow(x, alpha) - math.Pow(n0, alpha) }
	rest := took * (cost(float64(p.total)) - cost(float64(n))) / cost(float64(n))
	return time.Duration(min(rest, 1e9) * float64(time.Second)), true
}

// fitReach is how far past the positions done the power fitted to the
// last doubling is trusted: six doublings. Farther, the time left is taken
// as linear in what is left. The first seconds of a large table are no
// guide to its shape (Grundy's game to 2³², 7·10⁶ of 4·10⁹ positions
// done in 15 s: the power fitted to their last doubling made "6 days" of
// a run of 100 minutes),
// the engines cost about as much a heap at large sizes, and a game whose
// heaps cost in proportion to their size is warned of before it starts
// (compute/heap.Work).
const fitReach = 64

// fitPower returns the α between 1 and 3 for which
//
//	(n^α − n0^α) / (h^α − n0^α) = ratio,   n0 < h < n,
//
// the nearest bound when none is: the ratio grows with α, so bisection
// finds it.
func fitPower(n0, h, n, ratio float64) float64 {
	f := func(a float64) float64 {
		return (math.Pow(n, a) - math.Pow(n0, a)) / (math.Pow(h, a) - math.Pow(n0, a))
	}
	lo, hi := 1.0, 3.0
	switch {
	case ratio <= f(lo):
		return lo
	case ratio >= f(hi):
		return hi
	}
	for range 50 {
		if mid := (lo + hi) / 2; f(mid) < ratio {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// Add counts delta more finished positions. It is safe for concurrent use.
func (p *Bar) Add(delta int64) { p.done.Add(delta) }

// Inherit counts n more finished positions that were not computed but
// taken as they were, from a checkpoint or a stored table. It is safe for
// concurrent use.
func (p *Bar) Inherit(n int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.inherited += n
	p.done.Add(n)
}

// Print runs f, which writes to the terminal, with the bar cleared for it;
// the bar comes back at its next redraw.
func (p *Bar) Print(f func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		_ = p.bar.Clear()
	}
	f()
}

// Finish stops the bar and clears it from the terminal.
func (p *Bar) Finish() {
	close(p.stop)
	p.wg.Wait()
	if p.bar != nil {
		_ = p.bar.Set64(p.done.Load())
		_ = p.bar.Finish()
	}
}

// A Display shows a run's progress and messages on stderr
// (tabulate.Display): messages go over the run's bar once it is begun.
type Display struct {
	stderr io.Writer
	o      Options
	bar    *Bar // the run's, once begun
}

// NewDisplay returns the display of a run on stderr, whose bar counts and
// warns as o says.
func NewDisplay(stderr io.Writer, o Options) *Display {
	return &Display{stderr: stderr, o: o}
}

// Begin starts the run's bar of total units.
func (d *Display) Begin(total int64, desc string) family.Meter {
	d.bar = New(d.stderr, total, desc, d.o)
	return d.bar
}

// Task starts the bar of a task on the side, total values described by
// desc (the check of a stored table), or when total is 0, a count of the
// positions a search explores, how many in all not known (a script's);
// with no warning of its pace, which speaks of a run's tables. The
// function returned ends it.
func (d *Display) Task(total int64, desc string) (family.Meter, func()) {
	unit := "values"
	if total <= 0 {
		unit = "positions"
	}
	p := New(d.stderr, total, desc, Options{Unit: unit})
	return p, p.Finish
}

// Say prints a message over the run's bar.
func (d *Display) Say(format string, args ...any) {
	d.Print(func() { fmt.Fprintf(d.stderr, format, args...) })
}

// Print runs f, which writes to the terminal, with the run's bar cleared
// for it.
func (d *Display) Print(f func()) {
	if d.bar == nil {
		f()
		return
	}
	d.bar.Print(f)
}

// End stops the run's bar.
func (d *Display) End() {
	if d.bar != nil {
		d.bar.Finish()
	}
}
