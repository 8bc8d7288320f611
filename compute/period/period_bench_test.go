package period

import (
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// periodicValues returns n values that are periodic with period p from
// n0 on, and irregular before: each drawn from a few common values and,
// now and then, a rarer one, as an octal game's are (0.1777's: 40 values,
// a few of them common).
func periodicValues(n, n0, p int) []uint8 {
	G := make([]uint8, n)
	x := uint64(0x9e3779b97f4a7c15)
	for i := range G {
		if i >= n0+p {
			G[i] = G[i-p]
			continue
		}
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		v := uint8(x % 8)
		if x>>32%64 == 0 {
			v = uint8(8 + x>>40%32)
		}
		G[i] = v
		if i == n0+p-1 && n0 > 0 && G[n0-1] == v {
			G[n0-1] = (v + 1) % 8 // the period starts at n0, not before
		}
	}
	return G
}

// benchPeriodSearch measures the search for the least period of n values
// periodic with period p from n0: FindPeriod's (observed), and the proof
// search's for an octal game whose moves leave two heaps and take at most
// 4 tokens (the Guy–Smith theorem's window: the table must reach
// 2·n0 + 2·p + 2).
func benchPeriodSearch(b *testing.B, n, n0, p int) {
	G := periodicValues(n, n0, p)
	b.Run("observed", func(b *testing.B) {
		b.SetBytes(int64(n))
		for b.Loop() {
			per, ok := FindPeriod(G)
			if !ok || per.Length != p || per.Start != n0 {
				b.Fatalf("period %+v, %v; want %d from %d", per, ok, p, n0)
			}
		}
	})
	b.Run("proved", func(b *testing.B) {
		r, err := rules.ParseCode("0.1777", 0)
		if err != nil {
			b.Fatal(err)
		}
		need := 2*n0 + 2*p + 2
		if need >= n {
			b.Skipf("the proof needs the table to %d", need)
		}
		H := G[:need+1]
		b.SetBytes(int64(len(H)))
		for b.Loop() {
			per, pr, ok := ProvePure(r, H)
			if !ok || per.Length != p || per.Start != n0 || pr.Need(per) != need {
				b.Fatalf("period %+v, %v, proof %+v; want %d from %d", per, ok, pr, p, n0)
			}
		}
	})
}

// BenchmarkPeriodSearch1e8 and BenchmarkPeriodSearch1e9 search tables of
// 10^8 and 10^9 values with periods of 10^7 and 10^8; BenchmarkPeriod0_1777
// a table shaped as 0.1777's is said to be (period 60,620,715 from
// 160,949,018, the table to 443,139,468).
func BenchmarkPeriodSearch1e8(b *testing.B) { benchPeriodSearch(b, 1e8, 3e7, 1e7) }
func BenchmarkPeriodSearch1e9(b *testing.B) { benchPeriodSearch(b, 1e9, 3e8, 1e8) }
func BenchmarkPeriod0_1777(b *testing.B) {
	benchPeriodSearch(b, 443139469, 160949018, 60620715)
}
