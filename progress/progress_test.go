package progress

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/sgtab/sgtab/family"
)

// TestProgressETA feeds the progress samples of a game whose heaps cost in
// proportion to their size (time ∝ n²) and of one whose heaps cost the
// same (time ∝ n): the ETA must follow each, where a constant rate would
// promise the first four times too early at a quarter of the way.
func TestProgressETA(t *testing.T) {
	const total = 1_000_000
	for _, tc := range []struct {
		name  string
		alpha float64
	}{{"quadratic", 2}, {"linear", 1}} {
		p := &Bar{total: total}
		var n int64
		for s := 1.0; s <= 40; s++ {
			// t = 40 s at n = total/4: t = 40·(n/(total/4))^α.
			n = int64(float64(total/4) * math.Pow(s/40, 1/tc.alpha))
			p.watch(s, n)
		}
		eta, ok := p.eta(40, n)
		want := 40 * (math.Pow(4, tc.alpha) - 1) // seconds left
		if !ok || eta.Seconds() < 0.9*want || eta.Seconds() > 1.1*want {
			t.Errorf("%s: ETA %v, want about %.0f s", tc.name, eta, want)
		}
	}
}

// TestProgressInherited feeds the progress samples of runs that go on from
// inherited positions, read before computing starts: a table given to
// -from that holds most of the positions, then computed at a constant
// rate; and a checkpoint of a game whose heaps cost in proportion to their
// size (time ∝ n² − n0²), whose run takes 6 minutes in all. The ETA must
// follow each, and the second must not be warned of; counting the
// inherited positions as computed, the first said "ETA 5 s" where 6
// minutes were left, and the second warned of 15 minutes more.
func TestProgressInherited(t *testing.T) {
	const total = 10_000_000
	for _, tc := range []struct {
		name      string
		inherited int64
		read      float64                 // seconds spent reading them, before any position is computed
		at        func(s float64) int64   // positions done s seconds into computing
		left      func(s float64) float64 // the seconds left then
		when      float64                 // seconds into the run when the ETA is read
	}{
		{"-from, linear", 6_000_000, 0.9,
			func(s float64) int64 { return 6_000_000 + int64(10_000*s) },
			func(s float64) float64 { return (4_000_000 - 10_000*s) / 10_000 }, 8},
		{"checkpoint, quadratic", 800_000, 0.5,
			func(s float64) int64 { return int64(math.Sqrt(800_000*800_000 + s/3.6e-12)) },
			func(s float64) float64 { return 3.6e-12*(total*total-800_000*800_000) - s }, 16},
	} {
		var warned bytes.Buffer
		p := &Bar{total: total, warn: &warned, warnAfter: 10 * time.Minute}
		p.watch(0.25, 0)
		p.Inherit(tc.inherited)
		for s := 1.0; s <= tc.when; s++ {
			if msg := p.watch(s, tc.at(s-tc.read)); msg != "" {
				t.Errorf("%s: warned %q", tc.name, msg)
			}
		}
		n := tc.at(tc.when - tc.read)
		eta, ok := p.eta(tc.when, n)
		want := tc.left(tc.when - tc.read)
		if !ok || eta.Seconds() < 0.75*want || eta.Seconds() > 1.25*want {
			t.Errorf("%s: ETA %v, want about %.0f s", tc.name, eta, want)
		}
		if d := p.describe(tc.when, n); !strings.Contains(d, "ETA "+family.RoundDuration(eta)) {
			t.Errorf("%s: the bar says %q", tc.name, d)
		}
	}
}

// TestProgressFirstFrame checks that no rate is shown before a second has
// passed (the first positions come too fast to mean anything), and that a
// game named alone is "1 game".
func TestProgressFirstFrame(t *testing.T) {
	p := &Bar{total: 1000, desc: "1 game"}
	if d := p.describe(0.01, 900); strings.Contains(d, "/s") || strings.Contains(d, "ETA") {
		t.Errorf("first frame %q shows a rate", d)
	}
	if d := p.describe(1.5, 950); !strings.Contains(d, "/s") {
		t.Errorf("frame after 1.5 s %q shows no rate", d)
	}
}

// TestProgressWarns checks that a run set to take more than ten minutes is
// warned of once, after it has gone long enough to judge, and a short one
// not at all.
func TestProgressWarns(t *testing.T) {
	var buf bytes.Buffer
	slow := &Bar{total: 1_000_000, warn: &buf, warnAfter: 10 * time.Minute}
	var msgs []string
	for s := 1.0; s <= 60; s++ {
		// 100 positions a second, at a constant rate: about 2.8 h left.
		if m := slow.watch(s, int64(100*s)); m != "" {
			msgs = append(msgs, m)
		}
	}
	if len(msgs) != 1 || !strings.Contains(msgs[0], "at this pace the run needs about 3 h more") || !strings.Contains(msgs[0], "-cap N") {
		t.Errorf("warnings %q", msgs)
	}
	fast := &Bar{total: 1_000_000, warn: &buf, warnAfter: 10 * time.Minute}
	for s := 1.0; s <= 60; s++ {
		if m := fast.watch(s, int64(10_000*s)); m != "" {
			t.Errorf("a run of 100 s was warned of: %q", m)
		}
	}
	// The games of a sweep, independent of one another: the first done
	// after 14 s, the second a second later, 628 left: 78 minutes at that
	// pace (7.5 s a game), not the thousands of days that a cost growing
	// as the cube of the games done gives (the fit of a table's positions).
	games := &Bar{total: 630, warn: &buf, warnAfter: 10 * time.Minute, unit: "games", linear: true}
	var said string
	for s := 1.0; s <= 40; s++ {
		n := int64(0)
		switch {
		case s >= 15:
			n = 2
		case s >= 14:
			n = 1
		}
		if m := games.watch(s, n); m != "" {
			said = m
		}
	}
	if !strings.Contains(said, "about 78 min more (2 of 630 games in 15 s)") {
		t.Errorf("a sweep's warning %q", said)
	}
	// The first 15 s of Grundy's game to 2³²: 3.6·10⁶ positions in 5.7 s,
	// then 7.25·10⁶ at 15 s (the table's first pages and sizes slower
	// than the rest). The power fitted to that doubling, about 1.4, makes
	// "19 h" (the run's own samples made "6 days" of 100 minutes).
	// Six hundred times the positions done is past what a doubling's fit
	// can tell: the pace is taken as linear, about 2.5 h.
	big := &Bar{total: 1 << 32, warn: &buf, warnAfter: 10 * time.Minute}
	said = ""
	for s := 1.0; s <= 15; s++ {
		n := int64(3.6e6 * s / 5.7)
		if s > 5.7 {
			n = int64(3.6e6 + (7.25e6-3.6e6)*(s-5.7)/(15-5.7))
		}
		if m := big.watch(s, n); m != "" {
			said = m
		}
	}
	if !strings.Contains(said, "about 2 h more") {
		t.Errorf("the start of a table of 2^32: %q", said)
	}
	if family.RoundDuration(3*time.Hour) != "3 h" {
		t.Errorf("family.RoundDuration(3 h) = %q", family.RoundDuration(3*time.Hour))
	}
}

// TestProgressUnknownTotal checks the count of a task whose total is not
// known (the positions a script explores): the count and its rate, no
// total, no ETA and no warning however long it runs.
func TestProgressUnknownTotal(t *testing.T) {
	var warn strings.Builder
	p := &Bar{desc: "s: exploring", unit: "positions", warn: &warn, warnAfter: time.Second}
	p.describe(1, 1000)
	d := p.describe(4, 400000)
	if want := "s: exploring: 400k positions, "; !strings.HasPrefix(d, want) || strings.Contains(d, "/0") || strings.Contains(d, "ETA") {
		t.Errorf("frame %q, want %q and a rate", d, want)
	}
	if msg := p.watch(60, 5000000); msg != "" {
		t.Errorf("warning %q", msg)
	}
}
