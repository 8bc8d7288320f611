//go:build !amd64

package kernel

// supports reports whether the CPU has the features of each set of
// kernels: on this architecture, the pure-Go ones alone.
var supports = [...]bool{Go: true, AVX2: false, AVX512: false}

// features lists the CPU's vector features that the kernels look at:
// none here.
func features() []string { return nil }

func hit8Vector(_ Level, lo, up []uint8, want *[4]uint64) int { return hit8Portable(lo, up, want) }

func hit16Vector(_ Level, lo, up []uint16, want []uint64) int { return hit16Portable(lo, up, want) }

func find8Vector(_ Level, lo, up []uint8, want *[4]uint64, left int) (int, int) {
	return findGo(lo, up, want[:], left, Block8, func(lo, up []uint8) int { return hit8Portable(lo, up, want) })
}

func find16Vector(_ Level, lo, up []uint16, want []uint64, left int) (int, int) {
	return findGo(lo, up, want, left, Block16, func(lo, up []uint16) int { return hit16Portable(lo, up, want) })
}

func mark8Vector(_ Level, rows []byte, stride int, gen byte, msk uint32, G []uint8, top int, parts []Part) int {
	markGo(rows, stride, gen, msk, G, top, parts, MaxLanes)
	return len(parts)
}

func mark16Vector(_ Level, rows []byte, stride int, gen byte, msk uint32, G []uint16, top int, parts []Part) int {
	markGo(rows, stride, gen, msk, G, top, parts, MaxLanes)
	return len(parts)
}
