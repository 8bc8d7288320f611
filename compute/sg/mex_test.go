package sg

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
		var b Bitset
		vals := map[uint32]bool{}
		span := 1 + rng.IntN(300)
		for range rng.IntN(400) {
			v := uint32(rng.IntN(span))
			b.Set(v)
			vals[v] = true
		}
		if got, want := Mex(b), mapMex(vals); got != want {
			t.Fatalf("Mex = %d, want %d (values %v)", got, want, vals)
		}
		// mexOf with unions equals the mex of the union of all sets.
		var us []*Union
		for range rng.IntN(4) {
			u := &Union{}
			for range rng.IntN(200) {
				v := uint32(rng.IntN(span))
				u.Add(v)
				vals[v] = true
			}
			us = append(us, u)
		}
		if got, want := MexOf(b, us), mapMex(vals); got != want {
			t.Fatalf("mexOf = %d, want %d", got, want)
		}
		b.Reset()
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
		var us []*Union
		for range 1 + rng.IntN(3) {
			u := &Union{}
			lo := rng.IntN(span)
			hi := lo + rng.IntN(span-lo+1)
			var s Bitset
			for v := lo; v < hi; v++ {
				if rng.IntN(50000) != 0 { // a few holes
					s.Set(uint32(v))
					vals[uint32(v)] = true
				}
			}
			if rng.IntN(2) == 0 {
				u.AddAll(s)
			} else {
				for v := lo; v < hi; v++ {
					if s.Has(uint32(v)) {
						u.Add(uint32(v))
					}
				}
			}
			us = append(us, u)
		}
		var x Bitset
		for range rng.IntN(5) {
			v := uint32(rng.IntN(70))
			x.Set(v)
			vals[v] = true
		}
		if got, want := MexOf(x, us), mapMex(vals); got != want {
			t.Fatalf("mexOf = %d, want %d", got, want)
		}
	}
}

func BenchmarkMex(b *testing.B) {
	var s Bitset
	for v := range uint32(1000) {
		s.Set(v)
	}
	for b.Loop() {
		_ = Mex(s)
	}
}
