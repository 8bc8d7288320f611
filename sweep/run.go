package sweep

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// firstValues is how many values of each game the census lists.
const firstValues = 64

// Options tune Run. The zero value means defaults.
type Options struct {
	// Workers is the number of goroutines (sg.Options.Workers).
	Workers int
	// Progress, if not nil, is called from any goroutine with the
	// positions computed since its last call (sg.Options.Progress).
	Progress func(delta int64)
	// Done, if not nil, is called after each job is journalled, with the
	// job and its table, from any goroutine (to write the table, say).
	Done func(job Job, t *sg.Table) error
}

// Run computes the jobs of p that j does not hold yet, appends each result
// to j as it ends, and returns every job's result, by key. With p.Auto,
// every game stops once its period is proved, as sgtab run -heaps auto
// stops it (sg.Options.StopWhenProved): a ring game once its rows'
// period and its rings' are, a misère game once its outcomes' period is;
// its class compares the values past its table by that period.
func Run(ctx context.Context, p *Plan, j *Journal, opt Options) (map[string]Result, error) {
	done := j.Done()
	var games []rules.Game
	var jobs []Job
	for _, job := range p.Jobs {
		if _, ok := done[job.Key]; ok {
			continue
		}
		g := job.Game
		g.Heaps = p.N
		games, jobs = append(games, g), append(jobs, job)
	}
	copt := sg.Options{Workers: opt.Workers, Progress: opt.Progress, StopWhenProved: p.Auto}
	err := compute.Each(ctx, games, copt, func(k int, t *sg.Table) error {
		job := jobs[k]
		if err := j.Add(result(job, t, p.Compare, shift(job.Game))); err != nil {
			return err
		}
		if opt.Done != nil {
			return opt.Done(job, t)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return j.Done(), nil
}

// result returns what the census keeps of the table t of job: its
// analysis, and the class key of its values from s on.
func result(job Job, t *sg.Table, compare, s int) Result {
	a := t.Analysis
	r := Result{
		Key: job.Key, Status: string(a.Status), Heaps: t.N(),
		RareMask: a.Rare.Mask, RarePos: a.Rare.Pos, RareCount: a.Rare.Count, LastRare: a.Rare.Last,
		Checksum: a.Checksum, Seconds: t.Elapsed.Seconds(),
	}
	if a.Status != sg.None {
		r.Period, r.Preperiod, r.Saltus, r.LastException = a.Period.Length, a.Period.Start, a.Period.Saltus, a.Period.LastException()
	}
	if ring := a.Ring; ring != nil {
		r.RingStatus = string(ring.Status)
		if ring.Status != sg.None {
			r.RingPeriod, r.RingPreperiod, r.RingSaltus = ring.Period.Length, ring.Period.Start, ring.Period.Saltus
		}
	}
	vals := t.G
	if t.Ring.Len() > 0 {
		vals = t.Ring // a ring game is its ring values
	}
	for n := range vals.Len() {
		if v := vals.At(n); v > r.MaxSG || n == 0 {
			r.MaxSG, r.MaxAt = v, n
		}
		if n < firstValues {
			r.First = append(r.First, vals.At(n))
		}
	}
	var per *sg.Period
	switch {
	case t.Ring.Len() > 0:
		if a.Ring != nil && a.Ring.Status == sg.Proved {
			per = &a.Ring.Period
		}
	case a.Status == sg.Proved:
		per = &a.Period
	}
	r.ClassKey = classKey(job.Game, vals, per, s, compare)
	return r
}

// classKey returns the SHA-256, in hexadecimal, of the game's start and
// play and of its values v(s), …, v(s + compare − 1), each as four bytes
// little-endian; values past the table come from per, a proved period
// without saltus.
func classKey(g rules.Game, vals sg.Values, per *sg.Period, s, compare int) string {
	h := sha256.New()
	play := "normal"
	if g.Misere {
		play = "misere"
	}
	h.Write([]byte(g.Start.String() + "/" + play + "\n"))
	buf := make([]byte, 0, 4<<10)
	for n := s; n < s+compare; n++ {
		m := n
		if m >= vals.Len() && per != nil {
			m = per.Start + (m-per.Start)%per.Length
		}
		var v uint32
		if m < vals.Len() {
			v = vals.At(m)
		} else {
			v = ^uint32(0) // never so far: past a table with no period to extend it
		}
		buf = binary.LittleEndian.AppendUint32(buf, v)
		if len(buf) == cap(buf) {
			h.Write(buf)
			buf = buf[:0]
		}
	}
	h.Write(buf)
	return hex.EncodeToString(h.Sum(nil))
}
