package compute_test

import (
	"math"
	"slices"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/sg"
)

// TestValuesWiden appends values that need one, two and four bytes and
// checks that the storage widens only as needed and keeps every value.
func TestValuesWiden(t *testing.T) {
	var v sg.Values
	var want []uint32
	for _, step := range []struct {
		add   []uint32
		width int
	}{
		{nil, 8},
		{[]uint32{0, 1, 255}, 8},
		{[]uint32{7, 256}, 16},
		{[]uint32{math.MaxUint16, 3}, 16},
		{[]uint32{math.MaxUint16 + 1}, 32},
		{[]uint32{math.MaxUint32, 0}, 32},
	} {
		v.Append(step.add...)
		want = append(want, step.add...)
		if v.Width() != step.width || v.Len() != len(want) || !slices.Equal(v.Uint32s(), want) {
			t.Fatalf("after appending %v: width %d, values %v; want width %d, values %v", step.add, v.Width(), v, step.width, want)
		}
		if len(want) > 0 && v.Max() != slices.Max(want) {
			t.Errorf("Max = %d, want %d", v.Max(), slices.Max(want))
		}
	}
	if got := v.Slice(3, 5).Uint32s(); !slices.Equal(got, want[3:5]) {
		t.Errorf("Slice(3, 5) = %v, want %v", got, want[3:5])
	}
	if got := v.AppendTo([]uint32{9}, 1, 3); !slices.Equal(got, []uint32{9, 1, 255}) {
		t.Errorf("AppendTo = %v", got)
	}
	narrow, wide := sg.ValuesOf([]uint32{1, 2, 3}), sg.ValuesOf([]uint32{1, 2, 3, 1000})
	if narrow.Width() != 8 || !narrow.Equal(wide.Slice(0, 3)) || narrow.Equal(wide) {
		t.Errorf("Equal across widths: %v vs %v", narrow, wide)
	}
}

// TestSequenceWidens computes games whose values outgrow one byte, and two,
// partway through, on a line and on a ring, and checks every value: Nim's
// SG(n) = n, and a ring of n under "take any number" also has value n
// (its options are the rows 0..n−1).
func TestSequenceWidens(t *testing.T) {
	n := 70000
	if testenv.Race {
		n = 300
	}
	tab, err := compute.Sequence(t.Context(), game(t, "moves:\n  - take: {min: 1}\nstart: ring"), n, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	wantWidth := 32
	if n < 1<<16 {
		wantWidth = 16
	}
	if tab.G.Width() != wantWidth || tab.Ring.Width() != wantWidth {
		t.Errorf("widths %d and %d, want %d", tab.G.Width(), tab.Ring.Width(), wantWidth)
	}
	for i := range n + 1 {
		if tab.G.At(i) != uint32(i) || tab.Ring.At(i) != uint32(i) {
			t.Fatalf("SG(%d) = %d, ring %d; want %d", i, tab.G.At(i), tab.Ring.At(i), i)
		}
	}
	// Officers' values pass 255 while sparse space is on: the engine's state
	// is rebuilt at the new width, and must give the plain engine's values.
	const m = 20000
	g := game(t, `code: "0.6"`)
	plain, err := compute.Sequence(t.Context(), g, m, sg.Options{Plain: true})
	if err != nil {
		t.Fatal(err)
	}
	if plain.G.Width() != 16 {
		t.Fatalf("Officers to %d: width %d, max %d; the case needs values past 255", m, plain.G.Width(), plain.G.Max())
	}
	for _, w := range []int{1, 2, 3} {
		fast, err := compute.Sequence(t.Context(), g, m, sg.Options{Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		if !fast.G.Equal(plain.G) {
			t.Errorf("Officers, %d workers: values differ from the plain engine", w)
		}
	}
}
