package kernel

import "golang.org/x/sys/cpu"

// hasVector is whether the CPU has the features the vector kernels need.
var hasVector = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI && cpu.X86.HasBMI2

func hit8Vector(lo, up []uint8, want *[4]uint64) int { return hit8AVX512(lo, up, want) }

func hit16Vector(lo, up []uint16, want []uint64) int {
	switch len(want) {
	case 8:
		return hit16x8AVX512(lo, up, (*[8]uint64)(want))
	case 16:
		return hit16x16AVX512(lo, up, (*[16]uint64)(want))
	case 32:
		return hit16x32AVX512(lo, up, (*[32]uint64)(want))
	}
	return hit16x64AVX512(lo, up, (*[64]uint64)(want))
}

func find8Vector(lo, up []uint8, want *[4]uint64, left int) (int, int) {
	return find8AVX512(lo, up, want, left)
}

func find16Vector(lo, up []uint16, want *[8]uint64, left int) (int, int) {
	return find16x8AVX512(lo, up, want, left)
}

func mark8Vector(rows []byte, stride int, gen byte, msk uint32, G []uint8, top int, parts []Part) int {
	if len(parts) == 0 {
		return 0
	}
	return mark8AVX512(rows, stride, gen, msk, G, top, &parts[0].P, len(parts))
}

func mark16Vector(rows []byte, stride int, gen byte, msk uint32, G []uint16, top int, parts []Part) int {
	if len(parts) == 0 {
		return 0
	}
	return mark16AVX512(rows, stride, gen, msk, G, top, &parts[0].P, len(parts))
}
