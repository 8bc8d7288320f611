package kernel

import "golang.org/x/sys/cpu"

// supports reports whether the CPU has the features of each set of
// kernels: AVX-512 F, BW and VBMI with BMI2, or AVX2 with BMI1 and BMI2.
var supports = [...]bool{
	Go:     true,
	AVX2:   cpu.X86.HasAVX2 && cpu.X86.HasBMI1 && cpu.X86.HasBMI2,
	AVX512: cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasAVX512VBMI && cpu.X86.HasBMI2,
}

// features lists the CPU's vector features that the kernels look at.
func features() []string {
	var f []string
	for _, x := range []struct {
		name string
		has  bool
	}{
		{"sse4.2", cpu.X86.HasSSE42}, {"avx", cpu.X86.HasAVX}, {"avx2", cpu.X86.HasAVX2},
		{"bmi1", cpu.X86.HasBMI1}, {"bmi2", cpu.X86.HasBMI2},
		{"avx512f", cpu.X86.HasAVX512F}, {"avx512bw", cpu.X86.HasAVX512BW}, {"avx512vbmi", cpu.X86.HasAVX512VBMI},
	} {
		if x.has {
			f = append(f, x.name)
		}
	}
	return f
}

func hit8Vector(l Level, lo, up []uint8, want *[4]uint64) int {
	if l == AVX2 {
		return hit8AVX2(lo, up, want)
	}
	return hit8AVX512(lo, up, want)
}

func hit16Vector(l Level, lo, up []uint16, want []uint64) int {
	if l == AVX2 {
		switch len(want) {
		case 8:
			return hit16x8AVX2(lo, up, (*[8]uint64)(want))
		case 16:
			return hit16x16AVX2(lo, up, (*[16]uint64)(want))
		case 32:
			return hit16x32AVX2(lo, up, (*[32]uint64)(want))
		}
		return hit16x64AVX2(lo, up, (*[64]uint64)(want))
	}
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

func find8Vector(l Level, lo, up []uint8, want *[4]uint64, left int) (int, int) {
	if l == AVX2 {
		return find8AVX2(lo, up, want, left)
	}
	return find8AVX512(lo, up, want, left)
}

func find16Vector(l Level, lo, up []uint16, want []uint64, left int) (int, int) {
	switch {
	case l == AVX2 && len(want) == 8:
		return find16x8AVX2(lo, up, (*[8]uint64)(want), left)
	case l == AVX2 && len(want) == 16:
		return find16x16AVX2(lo, up, (*[16]uint64)(want), left)
	case l == AVX2 && len(want) == 32:
		return find16x32AVX2(lo, up, (*[32]uint64)(want), left)
	case l == AVX2 && len(want) == 64:
		return find16x64AVX2(lo, up, (*[64]uint64)(want), left)
	case l == AVX512 && len(want) == 8:
		return find16x8AVX512(lo, up, (*[8]uint64)(want), left)
	}
	return findGo(lo, up, want, left, Block16, func(lo, up []uint16) int { return hit16Vector(l, lo, up, want) })
}

func mark8Vector(l Level, rows []byte, stride int, gen byte, msk uint32, G []uint8, top int, parts []Part) int {
	if len(parts) == 0 {
		return 0
	}
	if l == AVX2 {
		return mark8AVX2(rows, stride, gen, msk, G, top, &parts[0].P, len(parts))
	}
	return mark8AVX512(rows, stride, gen, msk, G, top, &parts[0].P, len(parts))
}

func mark16Vector(l Level, rows []byte, stride int, gen byte, msk uint32, G []uint16, top int, parts []Part) int {
	if len(parts) == 0 {
		return 0
	}
	if l == AVX2 {
		return mark16AVX2(rows, stride, gen, msk, G, top, &parts[0].P, len(parts))
	}
	return mark16AVX512(rows, stride, gen, msk, G, top, &parts[0].P, len(parts))
}
