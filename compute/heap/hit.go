package heap

import (
	"github.com/sgtab/sgtab/compute/internal/kernel"
	"github.com/sgtab/sgtab/compute/sg"
)

// findBlocks looks at the whole blocks of the pairs (lo[i], up[len(up)−1−i])
// with the witness kernels, for one-byte values and two-byte ones below
// 64·len(want) ≤ 4096 (kernel.Find8, Find16): it moves each value of want
// it finds to set, counting left down, and stops at the pair that brings
// left to 0. It returns the pairs looked at, up to that pair or to the end
// of the last whole block; for other values, none. Every value of lo and
// up is below 64·len(want), len(want) is a power of two ≥ 8, every value
// wanted is below 64·len(set), and left is the number of values wanted.
func findBlocks[T sg.Value](lo, up []T, want, set sg.Bitset, left *int) int {
	var before [64]uint64
	var n int
	switch lo := any(lo).(type) {
	case []uint8:
		copy(before[:], want[:4])
		n, *left = kernel.Find8(lo, any(up).([]uint8), (*[4]uint64)(want[:4]), *left)
	case []uint16:
		if len(want) > 64 {
			return 0
		}
		copy(before[:], want)
		n, *left = kernel.Find16(lo, any(up).([]uint16), want, *left)
	default:
		return 0
	}
	for w := range min(len(set), len(want), len(before)) {
		set[w] |= before[w] &^ want[w]
	}
	return n
}

// KernelError returns why the kernels $SGTAB_KERNEL asks for cannot be
// had (the fastest the CPU runs are used instead), or nil: a program
// should refuse to start on it.
func KernelError() error { return kernel.EnvError() }
