package kernel

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

const benchPairs = 4096

// benchPaths runs f as a sub-benchmark on each level of kernels the CPU
// runs, and reports nanoseconds per pair.
func benchPaths(b *testing.B, f func(b *testing.B)) {
	onLevels(b, func(b *testing.B) {
		f(b)
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchPairs, "ns/pair")
	})
}

func BenchmarkHit8(b *testing.B) {
	r := rand.New(rand.NewPCG(8, 8))
	lo, up := make([]uint8, benchPairs), make([]uint8, benchPairs+5)
	for i := range lo {
		lo[i] = uint8(r.IntN(128))
	}
	for i := range up {
		up[i] = uint8(r.IntN(128))
	}
	want := [4]uint64{0, 0, 0x8000_0000_0001, 1 << 63} // no XOR reaches 128
	benchPaths(b, func(b *testing.B) {
		for b.Loop() {
			if Hit8(lo, up, &want) != benchPairs {
				b.Fatal("hit")
			}
		}
	})
}

func BenchmarkHit16(b *testing.B) {
	for _, words := range []int{8, 16, 32, 64} {
		b.Run(fmt.Sprintf("want%d", words), func(b *testing.B) {
			r := rand.New(rand.NewPCG(16, uint64(words)))
			half := 32 * words
			lo, up := make([]uint16, benchPairs), make([]uint16, benchPairs+5)
			for i := range lo {
				lo[i] = uint16(r.IntN(half))
			}
			for i := range up {
				up[i] = uint16(r.IntN(half))
			}
			want := make([]uint64, words)
			want[words/2] = 1
			want[words-1] = 1 << 63 // no XOR reaches half
			benchPaths(b, func(b *testing.B) {
				for b.Loop() {
					if Hit16(lo, up, want) != benchPairs {
						b.Fatal("hit")
					}
				}
			})
		})
	}
}

// BenchmarkFind16 looks for 16 values, each held by one pair, spread over
// 2,656 pairs (the mean search of Grundy's game near 2^27 heaps is 2,649
// pairs past the first 512, for about 16 values): restarting the Hit16
// kernel after each pair that hits, as the search did before Find16, and
// Find16, whose kernel goes on past it.
func BenchmarkFind16(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	const n = 2656
	lo, up := make([]uint16, n), make([]uint16, n)
	for i := range lo {
		lo[i] = uint16(r.IntN(256))
		up[i] = uint16(r.IntN(256))
	}
	var base [8]uint64
	for k := range 16 {
		v := uint16(256 + 7*k) // no pair of values below 256 holds it
		base[v>>6] |= 1 << (v & 63)
		i := 165 * (k + 1)
		lo[i] = v ^ up[n-1-i]
	}
	want := make([]uint64, 8)
	run := func(find func() (int, int)) func(b *testing.B) {
		return func(b *testing.B) {
			for b.Loop() {
				copy(want, base[:])
				if _, left := find(); left != 0 {
					b.Fatal("a value not found")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/pair")
		}
	}
	b.Run("restarts", run(func() (int, int) {
		return findGo(lo, up, want, 16, Block16, func(lo, up []uint16) int { return Hit16(lo, up, want) })
	}))
	b.Run("find", run(func() (int, int) { return Find16(lo, up, want, 16) }))
}

// BenchmarkSWAR compares the pure-Go kernels' table lookups with their
// SWAR comparisons, for 1 to 8 values wanted, none held by a pair.
func BenchmarkSWAR(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	lo8, up8 := make([]uint8, benchPairs), make([]uint8, benchPairs)
	lo16, up16 := make([]uint16, benchPairs), make([]uint16, benchPairs)
	for i := range lo8 {
		lo8[i], up8[i] = uint8(r.IntN(128)), uint8(r.IntN(128))
		lo16[i], up16[i] = uint16(r.IntN(256)), uint16(r.IntN(256))
	}
	for k := 1; k <= 8; k++ {
		var w8 [4]uint64
		w16 := make([]uint64, 8)
		for v := range k {
			w8[2+v/64] |= 1 << (v % 64) // 128 and up: no XOR of two values below 128
			w16[4+v/64] |= 1 << (v % 64)
		}
		vals8, vals16 := make([]uint64, k), make([]uint64, k)
		for v := range k {
			vals8[v], vals16[v] = uint64(128+v)*lanes8lo, uint64(256+v)*lanes16lo
		}
		report := func(b *testing.B) {
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/benchPairs, "ns/pair")
		}
		b.Run(fmt.Sprintf("8/table/%d", k), func(b *testing.B) {
			for b.Loop() {
				hit8Go(lo8, up8, &w8)
			}
			report(b)
		})
		b.Run(fmt.Sprintf("8/swar/%d", k), func(b *testing.B) {
			for b.Loop() {
				hit8SWAR(lo8, up8, vals8)
			}
			report(b)
		})
		b.Run(fmt.Sprintf("16/table/%d", k), func(b *testing.B) {
			for b.Loop() {
				hit16Go(lo16, up16, w16)
			}
			report(b)
		})
		b.Run(fmt.Sprintf("16/swar/%d", k), func(b *testing.B) {
			for b.Loop() {
				hit16SWAR(lo16, up16, vals16, 512)
			}
			report(b)
		})
	}
}
