package kernel

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// refFind is Find8 and Find16 from their definition: the pairs of the whole
// blocks in order, each value wanted cleared where it is first found.
func refFind[T uint8 | uint16](lo, up []T, want []uint64, left, block int) (int, int) {
	n := len(lo) &^ (block - 1)
	for t := range n {
		x := uint(lo[t] ^ up[len(up)-1-t])
		if want[x>>6]>>(x&63)&1 != 0 {
			want[x>>6] &^= 1 << (x & 63)
			if left--; left == 0 {
				return t + 1, 0
			}
		}
	}
	return n, left
}

// findCase checks find, on every level of kernels the CPU runs, against refFind
// for every count of values to find, from one to all those wanted.
func findCase[T uint8 | uint16](t *testing.T, lo, up []T, want []uint64, block int, find func(lo, up []T, want []uint64, left int) (int, int)) {
	t.Helper()
	held := 0
	for _, w := range want {
		held += bits.OnesCount64(w)
	}
	for left := 1; left <= held; left++ {
		rw := slices.Clone(want)
		rn, rl := refFind(lo, up, rw, left, block)
		for _, lv := range supported() {
			was := Use(lv)
			w := slices.Clone(want)
			n, l := find(lo, up, w, left)
			Use(was)
			if n != rn || l != rl || !slices.Equal(w, rw) {
				t.Fatalf("len %d, left %d, kernels %v: looked at %d, left %d, want %x; reference %d, %d, %x", len(lo), left, lv, n, l, w, rn, rl, rw)
			}
		}
	}
}

// TestFind checks Find8 and Find16 on random values with values wanted
// that the pairs hold several times, in the same block and in blocks two
// apart, and values no pair holds, at lengths around the blocks.
func TestFind(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{0, 1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 191, 192, 200, 256, 1000, 3000} {
		lo8, up8 := make([]uint8, n), make([]uint8, n+r.IntN(5))
		for i := range lo8 {
			lo8[i] = uint8(r.IntN(256))
		}
		for i := range up8 {
			up8[i] = uint8(r.IntN(256))
		}
		for range 4 {
			var want [4]uint64
			for range 1 + r.IntN(12) {
				x := uint(r.IntN(256))
				if n > 0 && r.IntN(2) == 0 { // a value some pair holds
					i := r.IntN(n)
					x = uint(lo8[i] ^ up8[len(up8)-1-i])
				}
				want[x>>6] |= 1 << (x & 63)
			}
			findCase(t, lo8, up8, want[:], Block8, func(lo, up []uint8, w []uint64, left int) (int, int) {
				return Find8(lo, up, (*[4]uint64)(w), left)
			})
		}
		for _, words := range []int{8, 16, 64} {
			lo16, up16 := make([]uint16, n), make([]uint16, n+r.IntN(5))
			// Few distinct values, so that pairs repeat values wanted.
			span := 64 * words / (1 + r.IntN(8))
			for i := range lo16 {
				lo16[i] = uint16(r.IntN(span))
			}
			for i := range up16 {
				up16[i] = uint16(r.IntN(span))
			}
			want := make([]uint64, words)
			for range 1 + r.IntN(20) {
				x := uint(r.IntN(64 * words))
				if n > 0 && r.IntN(3) > 0 {
					i := r.IntN(n)
					x = uint(lo16[i] ^ up16[len(up16)-1-i])
				}
				want[x>>6] |= 1 << (x & 63)
			}
			findCase(t, lo16, up16, want, Block16, Find16)
		}
	}
}

func TestFindPanics(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"left 0", func() { Find8(make([]uint8, 64), make([]uint8, 64), &[4]uint64{1}, 0) }},
		{"left past the values wanted", func() { Find16(make([]uint16, 64), make([]uint16, 64), make([]uint64, 8), 1) }},
		{"short up", func() { Find8(make([]uint8, 64), make([]uint8, 63), &[4]uint64{1}, 1) }},
		{"want of 12 words", func() { Find16(nil, nil, make([]uint64, 12), 1) }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", c.name)
				}
			}()
			c.f()
		}()
	}
}

func FuzzFind16(f *testing.F) {
	seq := make([]byte, 1500)
	for i := range seq {
		seq[i] = byte(i*13 + i>>8)
	}
	f.Add(seq[:400], seq[500:1300], uint16(3), uint16(77), uint16(200))
	f.Add(seq[:64], seq[100:164], uint16(0), uint16(1), uint16(511))
	f.Fuzz(func(t *testing.T, loB, upB []byte, a, b, c uint16) {
		const limit = 511
		lo, up := make([]uint16, len(loB)), make([]uint16, len(upB))
		for i, x := range loB {
			lo[i] = uint16(x) * 3 & limit
		}
		for i, x := range upB {
			up[i] = uint16(x) * 5 & limit
		}
		lo, up = fitUp(lo, up)
		want := make([]uint64, 8)
		for _, x := range []uint16{a & limit, b & limit, c & limit} {
			want[x>>6] |= 1 << (x & 63)
		}
		findCase(t, lo, up, want, Block16, Find16)
	})
}
