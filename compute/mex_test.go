package compute

import (
	"math/rand/v2"
	"testing"
)

// mapMex is the definition: the least value not in the set.
func mapMex(vals map[uint32]bool) uint32 {
	var m uint32
	for vals[m] {
		m++
	}
	return m
}

func TestMex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 5000 {
		var b bitset
		vals := map[uint32]bool{}
		span := 1 + rng.IntN(300)
		for range rng.IntN(400) {
			v := uint32(rng.IntN(span))
			b.set(v)
			vals[v] = true
		}
		if got, want := Mex(b), mapMex(vals); got != want {
			t.Fatalf("Mex = %d, want %d (values %v)", got, want, vals)
		}
		// mexOf with unions equals the mex of the union of all sets.
		var us []*union
		for range rng.IntN(4) {
			u := &union{}
			for range rng.IntN(200) {
				v := uint32(rng.IntN(span))
				u.add(v)
				vals[v] = true
			}
			us = append(us, u)
		}
		if got, want := mexOf(b, us), mapMex(vals); got != want {
			t.Fatalf("mexOf = %d, want %d", got, want)
		}
		b.reset()
		if len(b) != 0 || Mex(b) != 0 {
			t.Fatalf("reset left %v", b)
		}
	}
}

func BenchmarkMex(b *testing.B) {
	var s bitset
	for v := range uint32(1000) {
		s.set(v)
	}
	for b.Loop() {
		_ = Mex(s)
	}
}
