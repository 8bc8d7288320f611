//go:build !amd64

package kernel

// hasVector is whether the CPU has the features the vector kernels need.
const hasVector = false

func hit8Vector(lo, up []uint8, want *[4]uint64) int { return hit8Go(lo, up, want) }

func hit16Vector(lo, up []uint16, want []uint64) int { return hit16Go(lo, up, want) }

func find8Vector(lo, up []uint8, want *[4]uint64, left int) (int, int) {
	return findGo(lo, up, want[:], left, Block8, func(lo, up []uint8) int { return hit8Go(lo, up, want) })
}

func find16Vector(lo, up []uint16, want *[8]uint64, left int) (int, int) {
	return findGo(lo, up, want[:], left, Block16, func(lo, up []uint16) int { return hit16Go(lo, up, want[:]) })
}

func mark8Vector(rows []byte, stride int, gen byte, msk uint32, G []uint8, top int, parts []Part) int {
	markGo(rows, stride, gen, msk, G, top, parts, MaxLanes)
	return len(parts)
}

func mark16Vector(rows []byte, stride int, gen byte, msk uint32, G []uint16, top int, parts []Part) int {
	markGo(rows, stride, gen, msk, G, top, parts, MaxLanes)
	return len(parts)
}
