package classical

import (
	"math"
	"math/bits"
)

// Wythoff's game: two heaps; a move takes any positive number from one
// heap, or the same positive number from both. As a lattice game, the
// steps (−1, 0), (0, −1) and (−1, −1), each repeated.
//
// Wythoff's theorem (W. A. Wythoff, "A modification of the game of Nim",
// Nieuw Archief voor Wiskunde 7 (1907); Winning Ways, ch. 3): the player
// to move loses exactly at the points
//
//	(a_k, b_k) and (b_k, a_k),  a_k = ⌊kφ⌋,  b_k = ⌊kφ²⌋ = a_k + k,  k ≥ 0,
//
// φ = (1 + √5)/2. Every whole number ≥ 1 is exactly one a_k or one b_k
// (k ≥ 1): the two are complementary Beatty sequences. So a point (x, y),
// x ≤ y, is lost exactly when x = a_{y−x}, and a heap n has exactly one
// partner m with (n, m) lost.
//
// Every formula here is exact integer arithmetic: ⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋)/2⌋
// (⌊(k + s)/2⌋ = ⌊(k + ⌊s⌋)/2⌋ for a whole k and a real s), with 5k² held
// in 128 bits and its square root by Newton's method on whole numbers.

// maxPhiArg is the largest k floorPhi takes: 5k² < 2¹²⁸ and 2kφ < 2⁶⁵.
const maxPhiArg = 8_000_000_000_000_000_000

// floorPhi returns ⌊kφ⌋. k must be at most maxPhiArg, otherwise it panics.
func floorPhi(k uint64) uint64 {
	if k > maxPhiArg {
		panic("compute: floorPhi argument too large")
	}
	hi, lo := bits.Mul64(k, k)
	// 5k² = 4k² + k²
	hi4, lo4 := hi<<2|lo>>62, lo<<2
	lo5, carry := bits.Add64(lo4, lo, 0)
	hi5, _ := bits.Add64(hi4, hi, carry)
	s := isqrt128(hi5, lo5)
	sum, c := bits.Add64(k, s, 0)
	return c<<63 | sum>>1
}

// isqrt128 returns ⌊√n⌋ of the 128-bit number n = hi·2⁶⁴ + lo. Newton's
// iteration x ← ⌊(x + ⌊n/x⌋)/2⌋ from any x ≥ ⌊√n⌋ decreases to ⌊√n⌋ and
// stops there. ⌊n/x⌋ fits in 64 bits, as Div64 needs, when hi < x; when
// not, n ≥ x·2⁶⁴ > x², so x ≤ √n, and x is ⌊√n⌋ already.
func isqrt128(hi, lo uint64) uint64 {
	if hi == 0 && lo < 2 {
		return lo
	}
	n := 128 - bits.LeadingZeros64(hi)
	if hi == 0 {
		n = 64 - bits.LeadingZeros64(lo)
	}
	x := uint64(math.MaxUint64) // ≥ √n for every n < 2¹²⁸
	if n < 127 {
		x = 1 << ((n + 1) / 2) // > √n
	}
	for hi < x {
		q, _ := bits.Div64(hi, lo, x)
		y := x>>1 + q>>1 + x&q&1
		if y >= x {
			return x
		}
		x = y
	}
	return x
}

// wythoffLower returns a_k = ⌊kφ⌋, and false when it exceeds
// math.MaxInt64 (k ≥ 0).
func wythoffLower(k int) (int, bool) {
	if uint64(k) > 6_000_000_000_000_000_000 { // kφ > 9.7·10¹⁸ > MaxInt64
		return 0, false
	}
	a := floorPhi(uint64(k))
	return int(a), a <= math.MaxInt64
}

// WythoffLost reports whether the player to move loses at (x, y) in
// Wythoff's game (Wythoff's theorem); x, y ≥ 0. O(1).
func WythoffLost(x, y int) bool {
	a, b := min(x, y), max(x, y)
	ak, ok := wythoffLower(b - a)
	return ok && ak == a
}

// invPhi64 is ⌊2⁶⁴/φ⌋: n·invPhi64/2⁶⁴ is within 1 of n/φ for n < 2⁶³.
const invPhi64 = 0x9E3779B97F4A7C15

// WythoffPartner returns the m with (n, m) lost in Wythoff's game (n ≥ 0),
// and false when m exceeds math.MaxInt64. Since the a_k and b_k (k ≥ 1)
// are complementary, n is a_k or b_k for exactly one k; k is within 2 of
// n/φ (n = a_k) or of n/φ² = n − n/φ (n = b_k), and the candidates are
// checked exactly. O(1).
func WythoffPartner(n int) (int, bool) {
	if n == 0 {
		return 0, true
	}
	hi, _ := bits.Mul64(uint64(n), invPhi64) // ⌊n/φ⌋ or one less
	est := int(hi)
	for k := max(est-1, 1); k <= est+2; k++ {
		if a, ok := wythoffLower(k); ok && a == n {
			if n > math.MaxInt64-k {
				return 0, false
			}
			return n + k, true // n = a_k, its partner b_k = a_k + k
		}
	}
	for k := max(n-est-2, 1); k <= n-est+1; k++ {
		if a, ok := wythoffLower(k); ok && a+k == n {
			return a, true // n = b_k, its partner a_k
		}
	}
	panic("compute: no Wythoff partner: the Beatty sequences are complementary")
}

// WythoffWinning returns the moves of Wythoff's game from (x, y) to a
// lost point: none when (x, y) is lost, else one to three of them — the
// heap x taken down to the partner of y, the heap y to the partner of x,
// and both taken alike down to the lost point of difference |x − y| —
// each where it takes something. O(1).
func WythoffWinning(x, y int) [][2]int {
	if WythoffLost(x, y) {
		return nil
	}
	var out [][2]int
	if m, ok := WythoffPartner(y); ok && m < x {
		out = append(out, [2]int{m, y})
	}
	if m, ok := WythoffPartner(x); ok && m < y {
		out = append(out, [2]int{x, m})
	}
	k := max(x, y) - min(x, y)
	if a, ok := wythoffLower(k); ok && a < min(x, y) {
		d := min(x, y) - a
		out = append(out, [2]int{x - d, y - d})
	}
	return out
}
