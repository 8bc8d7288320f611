package classical

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestISqrt128 checks isqrt128 against math/big's square root on random
// 128-bit numbers of every length, and at the edges (squares, one less,
// the largest).
func TestISqrt128(t *testing.T) {
	check := func(hi, lo uint64) {
		t.Helper()
		n := new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64)
		n.Add(n, new(big.Int).SetUint64(lo))
		if got, want := isqrt128(hi, lo), new(big.Int).Sqrt(n).Uint64(); got != want {
			t.Fatalf("isqrt128(%d·2⁶⁴ + %d) = %d, want %d", hi, lo, got, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 128))
	for range 20000 {
		shift := r.UintN(128)
		hi, lo := r.Uint64(), r.Uint64()
		if shift >= 64 {
			hi, lo = 0, lo>>(shift-64)
		} else {
			hi >>= shift
		}
		check(hi, lo)
	}
	for _, s := range []uint64{2, 3, 1 << 32, math.MaxUint32, 1<<63 + 12345, math.MaxUint64} {
		n := new(big.Int).Mul(new(big.Int).SetUint64(s), new(big.Int).SetUint64(s))
		for _, d := range []int64{-1, 0, 1} {
			m := new(big.Int).Add(n, big.NewInt(d))
			if m.BitLen() > 128 {
				continue
			}
			lo := new(big.Int).And(m, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
			check(new(big.Int).Rsh(m, 64).Uint64(), lo)
		}
	}
	for v := range uint64(300) {
		check(0, v)
	}
	check(math.MaxUint64, math.MaxUint64)
}

// TestFloorPhi checks ⌊kφ⌋ against ⌊(k + √(5k²))/2⌋ in math/big, for
// random k up to maxPhiArg and the largest.
func TestFloorPhi(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 1618))
	for i := range 20000 {
		k := r.Uint64N(maxPhiArg + 1)
		if i < 100 {
			k = maxPhiArg - uint64(i)
		}
		kk := new(big.Int).SetUint64(k)
		s := new(big.Int).Sqrt(new(big.Int).Mul(big.NewInt(5), new(big.Int).Mul(kk, kk)))
		s.Add(s, kk).Rsh(s, 1)
		if got := floorPhi(k); got != s.Uint64() {
			t.Fatalf("floorPhi(%d) = %d, want %d", k, got, s)
		}
	}
}
