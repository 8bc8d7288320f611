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

// TestMexDense checks mexOf where unions are dense over long runs, so that
// the scan goes through their summary levels.
func TestMexDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for range 60 {
		span := 1 + rng.IntN(1<<18)
		vals := map[uint32]bool{}
		var us []*union
		for range 1 + rng.IntN(3) {
			u := &union{}
			lo := rng.IntN(span)
			hi := lo + rng.IntN(span-lo+1)
			var s bitset
			for v := lo; v < hi; v++ {
				if rng.IntN(50000) != 0 { // a few holes
					s.set(uint32(v))
					vals[uint32(v)] = true
				}
			}
			if rng.IntN(2) == 0 {
				u.addAll(s)
			} else {
				for v := lo; v < hi; v++ {
					if s.has(uint32(v)) {
						u.add(uint32(v))
					}
				}
			}
			us = append(us, u)
		}
		var x bitset
		for range rng.IntN(5) {
			v := uint32(rng.IntN(70))
			x.set(v)
			vals[v] = true
		}
		if got, want := mexOf(x, us), mapMex(vals); got != want {
			t.Fatalf("mexOf = %d, want %d", got, want)
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
