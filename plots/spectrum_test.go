package plots_test

import (
	"runtime"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/plots"
	"github.com/sgtab/sgtab/rules"
)

// TestSpectrumBoundedMemory draws the spectrum of a table of 2^23 values
// with a period of 2^20 from 0: it draws a bounded number of candidate
// periods and reads the values in place, so that the memory it takes does
// not grow with the table or the period (0.1777's period of 60,620,715
// once took it to 19 GB).
func TestSpectrumBoundedMemory(t *testing.T) {
	const n, p = 1 << 23, 1 << 20
	vs := make([]uint32, n)
	x := uint32(12345)
	for i := range vs {
		if i >= p {
			vs[i] = vs[i-p]
			continue
		}
		x = x*1664525 + 1013904223
		vs[i] = x >> 28
	}
	tab := &sg.Table{Game: rules.Game{Name: "long"}, G: sg.ValuesOf(vs),
		Analysis: &sg.Analysis{Status: sg.Observed, Period: sg.Period{Length: p}}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if _, err := plots.Spectrum(tab); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 8<<20 {
		t.Errorf("the spectrum allocated %d MB, want at most 8", got>>20)
	}
}
