package compute

import "github.com/sgtab/sgtab/compute/internal/kernel"

// hitBlock returns how many pairs (lo[i], up[len(up)−1−i]) from the start
// hold no value of want, and the number of pairs after them to look at one
// by one: the witness kernels skip to the first pair that holds one (a
// block of 1), for one-byte values and two-byte ones below 64·len(want) ≤
// 4096, and leave the pairs past their last whole block; other values are
// all looked at one by one. Every value of lo and up is below
// 64·len(want), and len(want) ≥ 8.
func hitBlock[T Value](lo, up []T, want bitset) (skip, block int) {
	switch lo := any(lo).(type) {
	case []uint8:
		skip = kernel.Hit8(lo, any(up).([]uint8), (*[4]uint64)(want[:4]))
		return skip, exact(skip, len(lo), kernel.Block8)
	case []uint16:
		if len(want) <= 64 {
			skip = kernel.Hit16(lo, any(up).([]uint16), want)
			return skip, exact(skip, len(lo), kernel.Block16)
		}
	}
	return 0, len(lo)
}

// exact returns the pairs to look at one by one after a kernel skipped skip
// of n pairs in blocks of size block: the pair that hits, or the pairs past
// the last whole block.
func exact(skip, n, block int) int {
	if whole := n &^ (block - 1); skip < whole {
		return 1
	}
	return n - skip
}

// Kernels names the witness kernels in use: "avx512" when the CPU has
// AVX-512 (F, BW, VL and VBMI) and $SGTAB_KERNEL is not "go", else "go",
// their pure-Go twins. The values never depend on it.
func Kernels() string { return kernel.Name() }
