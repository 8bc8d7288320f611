package period_test

import (
	"math/rand/v2"
	"testing"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
)

// TestFindPeriodPlanted plants a period and a preperiod in random sequences
// and checks that FindPeriod returns exactly them.
func TestFindPeriodPlanted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for i := range 3000 {
		p := 1 + rng.IntN(40)
		n0 := rng.IntN(200)
		var s uint32
		if rng.IntN(3) == 0 {
			s = uint32(1 + rng.IntN(8))
		}
		block := randomPrimitive(rng, p, s)
		size := n0 + max(3*p, n0, 24) + rng.IntN(300) // enough margin to be observed
		G := make([]uint32, size)
		for n := n0; n < size; n++ {
			G[n] = block[(n-n0)%p] + s*uint32((n-n0)/p)
		}
		for n := n0 - 1; n >= 0; n-- {
			G[n] = uint32(rng.IntN(20))
			if n+p < size && G[n+p] >= s && G[n] == G[n+p]-s {
				G[n]++ // n must be an exception
			}
		}
		got, ok := period.FindPeriod(G)
		want := sg.Period{Start: n0, Length: p, Saltus: s}
		if !ok || got != want {
			t.Fatalf("case %d: FindPeriod = %+v, %v; want %+v\nG = %v", i, got, ok, want, G)
		}
	}
}

// randomPrimitive returns a block of p values whose repetition (with saltus
// s) has no shorter period.
func randomPrimitive(rng *rand.Rand, p int, s uint32) []uint32 {
	for {
		b := make([]uint32, p)
		for i := range b {
			b[i] = uint32(rng.IntN(6)) + 10
		}
		primitive := true
		for q := 1; q < p && primitive; q++ {
			if p%q != 0 {
				continue
			}
			// With saltus s, period q < p would need b[i+q] = b[i] + s·q/p, a
			// whole number only when p divides s·q; check the shift directly.
			if s*uint32(q)%uint32(p) != 0 {
				continue
			}
			d := s * uint32(q) / uint32(p)
			same := true
			for i := 0; i+q < p; i++ {
				if b[i+q] != b[i]+d {
					same = false
					break
				}
			}
			// the wrap-around: b[i+q-p] + s = b[i] + d for i+q ≥ p
			for i := p - q; i < p && same; i++ {
				if b[i+q-p]+s != b[i]+d {
					same = false
				}
			}
			primitive = !same
		}
		if primitive {
			return b
		}
	}
}
