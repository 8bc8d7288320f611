package kernel

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// ref8 is Hit8 from its definition, one pair at a time.
func ref8(lo, up []uint8, want *[4]uint64) int {
	n := len(lo) / Block8 * Block8
	for t := 0; t < n; t++ {
		x := lo[t] ^ up[len(up)-1-t]
		if want[x>>6]>>(x&63)&1 == 1 {
			return t
		}
	}
	return n
}

// ref16 is Hit16 from its definition, one pair at a time; values are taken
// modulo 64·len(want), as Hit16 documents.
func ref16(lo, up []uint16, want []uint64) int {
	n := len(lo) / Block16 * Block16
	limit := 64 * len(want)
	for t := 0; t < n; t++ {
		x := int(lo[t]^up[len(up)-1-t]) % limit
		if want[x/64]>>(x%64)&1 == 1 {
			return t
		}
	}
	return n
}

// paths runs f once on each level of kernels, as a subtest named after
// it; a level this CPU cannot run is a subtest skipped, saying so.
func paths(t *testing.T, f func(t *testing.T)) { onLevels(t, f) }

// A runner is a *testing.T or a *testing.B.
type runner[T any] interface {
	Run(name string, f func(T)) bool
	Skipf(format string, args ...any)
}

// onLevels runs f as a subtest (or sub-benchmark) of t on each level of
// kernels, made the level in use; a level this CPU cannot run is skipped,
// saying so.
func onLevels[T runner[T]](t T, f func(T)) {
	was := Current()
	defer Use(was)
	for _, l := range Levels() {
		if !l.Supported() {
			t.Run(l.String(), func(t T) { t.Skipf("this CPU (%s) cannot run the %s kernels", CPU(), l) })
			continue
		}
		Use(l)
		t.Run(l.String(), f)
	}
}

// supported returns the levels this CPU runs.
func supported() []Level {
	var ls []Level
	for _, l := range Levels() {
		if l.Supported() {
			ls = append(ls, l)
		}
	}
	return ls
}

// randomWant returns a wanted set of about k values below limit.
func randomWant(r *rand.Rand, words, k int) []uint64 {
	want := make([]uint64, words)
	for range k {
		x := r.IntN(64 * words)
		want[x/64] |= 1 << (x % 64)
	}
	return want
}

// value returns a random value below limit, often near its top.
func value(r *rand.Rand, limit int) int {
	if r.IntN(4) == 0 {
		return limit - 1 - r.IntN(3)
	}
	return r.IntN(limit)
}

// hitPlace returns where to plant a hit among n pairs: often at a block's
// first or last pair, in the last whole block or in the tail past it.
func hitPlace(r *rand.Rand, n, block int) int {
	whole := n / block * block
	switch r.IntN(6) {
	case 0:
		return r.IntN(n/block+1) * block // first pair of a block (or the tail)
	case 1:
		return r.IntN(n/block+1)*block + block - 1 // last pair of a block
	case 2:
		if whole > 0 {
			return whole - block + r.IntN(block) // last whole block
		}
	case 3:
		return whole + r.IntN(block) // tail, to be ignored
	}
	return r.IntN(n + 1)
}

type case8 struct {
	lo, up []uint8
	want   *[4]uint64
}

func makeCase8(r *rand.Rand) case8 {
	n := r.IntN(701)
	extra := r.IntN(3) * r.IntN(100)
	buf := make([]uint8, n+extra+200)
	for i := range buf {
		buf[i] = uint8(value(r, 256))
	}
	off := r.IntN(100)
	lo := buf[off : off+n : off+n]
	off2 := r.IntN(100)
	up := buf[off2 : off2+n+extra : off2+n+extra]
	if r.IntN(2) == 0 {
		up = append([]uint8(nil), up...) // separate memory, often aligned
	}
	var want [4]uint64
	copy(want[:], randomWant(r, 4, []int{0, 1, 2, 4, 16, 200}[r.IntN(6)]))
	if r.IntN(2) == 0 {
		// Leave one planted hit only.
		want = [4]uint64{}
		if n > 0 {
			t := min(hitPlace(r, n, Block8), n-1)
			x := lo[t] ^ up[len(up)-1-t]
			want[x>>6] |= 1 << (x & 63)
		}
	}
	return case8{lo, up, &want}
}

func TestHit8(t *testing.T) {
	paths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 8))
		for i := range 3000 {
			c := makeCase8(r)
			wantT := ref8(c.lo, c.up, c.want)
			if got := hit8Go(c.lo, c.up, c.want); got != wantT {
				t.Fatalf("case %d: hit8Go = %d, reference %d (len %d/%d)", i, got, wantT, len(c.lo), len(c.up))
			}
			if got := Hit8(c.lo, c.up, c.want); got != wantT {
				t.Fatalf("case %d: Hit8 (%s) = %d, reference %d (len %d/%d)", i, Name(), got, wantT, len(c.lo), len(c.up))
			}
		}
	})
}

type case16 struct {
	lo, up []uint16
	want   []uint64
}

func makeCase16(r *rand.Rand, words int, over bool) case16 {
	limit := 64 * words
	if over {
		limit = 1 << 16
	}
	n := r.IntN(701)
	extra := r.IntN(3) * r.IntN(100)
	buf := make([]uint16, n+extra+200)
	for i := range buf {
		buf[i] = uint16(value(r, limit))
	}
	off := r.IntN(100)
	lo := buf[off : off+n : off+n]
	off2 := r.IntN(100)
	up := buf[off2 : off2+n+extra : off2+n+extra]
	if r.IntN(2) == 0 {
		up = append([]uint16(nil), up...)
	}
	want := randomWant(r, words, []int{0, 1, 2, 4, 16, 200}[r.IntN(6)])
	if r.IntN(2) == 0 {
		clear(want)
		if n > 0 {
			t := min(hitPlace(r, n, Block16), n-1)
			x := int(lo[t]^up[len(up)-1-t]) % (64 * words)
			want[x/64] |= 1 << (x % 64)
		}
	}
	return case16{lo, up, want}
}

func TestHit16(t *testing.T) {
	paths(t, func(t *testing.T) {
		for _, words := range []int{8, 16, 32, 64} {
			for _, over := range []bool{false, true} {
				t.Run(fmt.Sprintf("want%d/over=%v", words, over), func(t *testing.T) {
					r := rand.New(rand.NewPCG(2, uint64(words)))
					for i := range 1500 {
						c := makeCase16(r, words, over)
						wantT := ref16(c.lo, c.up, c.want)
						if got := hit16Go(c.lo, c.up, c.want); got != wantT {
							t.Fatalf("case %d: hit16Go = %d, reference %d (len %d/%d)", i, got, wantT, len(c.lo), len(c.up))
						}
						if got := Hit16(c.lo, c.up, c.want); got != wantT {
							t.Fatalf("case %d: Hit16 (%s) = %d, reference %d (len %d/%d)", i, Name(), got, wantT, len(c.lo), len(c.up))
						}
					}
				})
			}
		}
	})
}

// TestEveryPair plants a single hit at every pair of a few blocks in turn,
// with both slices at every small offset.
func TestEveryPair(t *testing.T) {
	paths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(3, 3))
		const n = 3*Block8 + 17
		buf8 := make([]uint8, 2*n+64)
		buf16 := make([]uint16, 2*n+64)
		for i := range buf8 {
			buf8[i] = uint8(r.IntN(128)) // XORs stay below 128
			buf16[i] = uint16(r.IntN(256))
		}
		for off := range 9 {
			lo8, up8 := buf8[off:off+n:off+n], buf8[n+off+1:2*n+off+7:2*n+off+7]
			lo16, up16 := buf16[off:off+n:off+n], buf16[n+off+1:2*n+off+7:2*n+off+7]
			for p := range n {
				want := [4]uint64{0, 0, 1 << 17, 0} // 145: never hit
				x := lo8[p] ^ up8[len(up8)-1-p]
				want[x>>6] |= 1 << (x & 63)
				if got, w := Hit8(lo8, up8, &want), ref8(lo8, up8, &want); got != w {
					t.Fatalf("Hit8 off %d pair %d: %d, want %d", off, p, got, w)
				}
				for _, words := range []int{8, 16, 32, 64} {
					want := make([]uint64, words)
					x := lo16[p] ^ up16[len(up16)-1-p] | uint16(64*words/2) // above 255: a hit only at p
					lo16[p] ^= uint16(64 * words / 2)
					want[x/64] |= 1 << (x % 64)
					got, w := Hit16(lo16, up16, want), ref16(lo16, up16, want)
					lo16[p] ^= uint16(64 * words / 2)
					if got != w {
						t.Fatalf("Hit16 want%d off %d pair %d: %d, want %d", words, off, p, got, w)
					}
					if whole := n / Block16 * Block16; w != min(p, whole) {
						t.Fatalf("Hit16 want%d off %d pair %d: reference %d", words, off, p, w)
					}
				}
			}
		}
	})
}

// TestLevels checks the choice of kernels by $SGTAB_KERNEL: none (or "")
// is the fastest the CPU runs, each level it runs is taken, and a level it
// lacks, or a name that is no level, is an error naming the levels it
// runs, never a level it cannot run (which would end in SIGILL).
func TestLevels(t *testing.T) {
	if l, err := ParseLevel(""); err != nil || l != Best() {
		t.Errorf(`ParseLevel("") = %v, %v; want %v`, l, err, Best())
	}
	for _, l := range Levels() {
		got, err := ParseLevel(l.String())
		switch {
		case l.Supported() && (err != nil || got != l):
			t.Errorf("ParseLevel(%q) = %v, %v", l, got, err)
		case !l.Supported() && (err == nil || !strings.Contains(err.Error(), "cannot run the "+l.String()+" kernels; it can run go")):
			t.Errorf("ParseLevel(%q) on a CPU without it: %v, %v", l, got, err)
		}
	}
	if _, err := ParseLevel("sse9"); err == nil || !strings.Contains(err.Error(), "want go, avx2 or avx512") {
		t.Errorf(`ParseLevel("sse9"): %v`, err)
	}
	if env := os.Getenv(EnvVar); env != "" && EnvError() == nil && Current().String() != env {
		t.Errorf("$%s=%s, but the kernels in use are %s", EnvVar, env, Current())
	}
	t.Logf("CPU: %s; kernels: %s (it runs %v)", CPU(), Name(), supported())
}

// TestSWAR checks the pure-Go kernels' SWAR path, taken when at most
// swarMost8 (one-byte) or swarMost16 (two-byte) values are wanted, against
// the references, on random pairs that hold a wanted value at random
// places or nowhere, two-byte values over the set's range included.
func TestSWAR(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 2000 {
		n := r.IntN(300)
		lo, up := make([]uint8, n), make([]uint8, n+r.IntN(5))
		for i := range lo {
			lo[i] = uint8(r.IntN(256))
		}
		for i := range up {
			up[i] = uint8(r.IntN(256))
		}
		var want [4]uint64
		for range 1 + r.IntN(swarMost8) {
			x := r.IntN(256)
			want[x/64] |= 1 << (x % 64)
		}
		if got, ref := hit8Portable(lo, up, &want), ref8(lo, up, &want); got != ref {
			t.Fatalf("8: %d pairs, want %x: %d, reference %d", n, want, got, ref)
		}
		words := 8 << r.IntN(4)
		lo16, up16 := make([]uint16, n), make([]uint16, n+r.IntN(5))
		for i := range lo16 {
			lo16[i] = uint16(r.IntN(1 << 16)) // over the set's range too: taken modulo 64·words
		}
		for i := range up16 {
			up16[i] = uint16(r.IntN(64 * words))
		}
		w16 := make([]uint64, words)
		x := r.IntN(64 * words)
		w16[x/64] |= 1 << (x % 64)
		if n > 0 && r.IntN(2) == 0 { // a pair that holds it
			i := r.IntN(n)
			lo16[i] = uint16(x) ^ up16[len(up16)-1-i]
		}
		if got, ref := hit16Portable(lo16, up16, w16), ref16(lo16, up16, w16); got != ref {
			t.Fatalf("16: %d pairs, %d words, value %d: %d, reference %d", n, words, x, got, ref)
		}
	}
}
