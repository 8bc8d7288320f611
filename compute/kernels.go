package compute

import "github.com/sgtab/sgtab/compute/internal/kernel"

// Kernels names the witness kernels in use: "avx512" when the CPU has
// AVX-512 (F, BW and VBMI), else "avx2" when it has AVX2, else "go", the
// pure-Go ones, unless $SGTAB_KERNEL chooses. The values never depend on
// it.
func Kernels() string { return kernel.Name() }

// KernelCPU describes the CPU the kernels run on: its model and the vector
// features the kernels look at.
func KernelCPU() string { return kernel.CPU() }

// KernelsAvailable lists the kernels this CPU runs, the slowest first.
func KernelsAvailable() []string {
	var names []string
	for _, l := range kernel.Levels() {
		if l.Supported() {
			names = append(names, l.String())
		}
	}
	return names
}
