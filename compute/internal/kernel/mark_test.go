package kernel

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
)

// refMark is Mark8 and Mark16 from their definition, one mark at a time.
func refMark[T uint8 | uint16](rows []byte, stride int, gen byte, msk uint32, G []T, top int, parts []Part, lanes int) {
	for _, pt := range parts {
		for j := 0; j < lanes; j++ {
			rows[j*stride+int((pt.V^uint32(G[top-pt.P+j]))&msk)] = gen
		}
	}
}

// markCase is the arguments of one call of Mark8 or Mark16 but G.
type markCase struct {
	rows   []byte
	stride int
	gen    byte
	msk    uint32
	top    int
	parts  []Part
	lanes  int
}

// makeMarkCase returns random arguments for a G of glen values, allowed a
// lanes count up to maxLanes, and G, glen values taken from a random offset
// of a buffer filled by fill.
func makeMarkCase[T uint8 | uint16](r *rand.Rand, fill func() T) (markCase, []T) {
	var c markCase
	c.lanes = MaxLanes
	if r.IntN(2) == 0 {
		c.lanes = 1 + r.IntN(MaxLanes)
	}
	c.stride = 64 << r.IntN(7)
	switch r.IntN(4) {
	case 0:
		c.msk = uint32(r.IntN(c.stride))
	case 1:
		c.msk = uint32(c.stride-1) &^ (1 << r.IntN(6)) // a hole
	default:
		c.msk = uint32(c.stride - 1)
	}
	c.gen = []byte{0, 255, byte(r.IntN(256))}[r.IntN(3)]
	c.rows = make([]byte, c.lanes*c.stride+[]int{0, 1, 63, 200}[r.IntN(4)])
	for i := 0; i < len(c.rows); i += 8 {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], r.Uint64())
		copy(c.rows[i:], w[:])
	}

	glen := c.lanes + r.IntN(300)
	off := r.IntN(40)
	buf := make([]T, glen+off+r.IntN(40))
	for i := range buf {
		buf[i] = fill()
	}
	G := buf[off : off+glen : off+glen]

	// Partner indices top − P + j run over [0, glen): P over [lo, top].
	span := glen - c.lanes
	c.top = span + r.IntN(100) - 10*r.IntN(2)
	lo := c.top - span
	n := r.IntN(51)
	c.parts = make([]Part, n)
	for i := range c.parts {
		p := lo + r.IntN(span+1)
		switch r.IntN(8) {
		case 0:
			p = lo
		case 1:
			p = c.top
		}
		v := r.Uint32()
		if r.IntN(2) == 0 {
			v = uint32(fill())
		}
		c.parts[i] = Part{p, v}
	}
	slices.SortFunc(c.parts, func(a, b Part) int { return a.P - b.P })
	return c, G
}

// checkMarks compares, for the arguments c and G, mark (the exported kernel
// on the path in use) and twin (its pure-Go twin) with refMark, over the whole
// rows buffer.
func checkMarks[T uint8 | uint16](t *testing.T, c markCase, G []T,
	mark, twin func([]byte, int, byte, uint32, []T, int, []Part, int)) {
	t.Helper()
	want := bytes.Clone(c.rows)
	refMark(want, c.stride, c.gen, c.msk, G, c.top, c.parts, c.lanes)
	for name, f := range map[string]func([]byte, int, byte, uint32, []T, int, []Part, int){"exported": mark, "twin": twin} {
		got := bytes.Clone(c.rows)
		f(got, c.stride, c.gen, c.msk, G, c.top, c.parts, c.lanes)
		if bytes.Equal(got, want) {
			continue
		}
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("%s (%s): rows[%d] = %d, want %d (lanes %d, stride %d, msk %#x, gen %d, top %d, len(G) %d, %d parts)",
				name, Name(), i, got[i], want[i], c.lanes, c.stride, c.msk, c.gen, c.top, len(G), len(c.parts))
		}
	}
}

// firstDiff returns the first index where a and b differ, or -1.
func firstDiff(a, b []byte) int {
	for i := range a {
		if a[i] != b[i] {
			return i
		}
	}
	return -1
}

func TestMark8(t *testing.T) {
	paths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(4, 8))
		fill := func() uint8 { return uint8(value(r, 256)) }
		for range 1000 {
			c, G := makeMarkCase(r, fill)
			checkMarks(t, c, G, Mark8, markGo[uint8])
		}
	})
}

func TestMark16(t *testing.T) {
	paths(t, func(t *testing.T) {
		r := rand.New(rand.NewPCG(4, 16))
		fill := func() uint16 { return uint16(value(r, 1<<16)) }
		for range 1000 {
			c, G := makeMarkCase(r, fill)
			checkMarks(t, c, G, Mark16, markGo[uint16])
		}
	})
}

// TestMarkEveryLane marks one part at a time at the extremes of the range,
// with lanes 32, and checks each lane's row got its mark.
func TestMarkEveryLane(t *testing.T) {
	paths(t, func(t *testing.T) {
		const stride = 64
		G8 := make([]uint8, 40)
		G16 := make([]uint16, 40)
		for i := range G8 {
			G8[i] = uint8(i * 37)
			G16[i] = uint16(i * 4099)
		}
		for _, top := range []int{8, 20} {
			for _, p := range []int{top - 8, top - 3, top} {
				parts := []Part{{p, 0x5a5a}}
				rows8 := make([]byte, MaxLanes*stride)
				rows16 := make([]byte, MaxLanes*stride)
				Mark8(rows8, stride, 1, stride-1, G8, top, parts, MaxLanes)
				Mark16(rows16, stride, 1, stride-1, G16, top, parts, MaxLanes)
				for j := range MaxLanes {
					i8 := j*stride + int((0x5a5a^uint32(G8[top-p+j]))&(stride-1))
					i16 := j*stride + int((0x5a5a^uint32(G16[top-p+j]))&(stride-1))
					if rows8[i8] != 1 || rows16[i16] != 1 {
						t.Fatalf("top %d p %d lane %d: marks %d, %d", top, p, j, rows8[i8], rows16[i16])
					}
				}
				if c8, c16 := bytes.Count(rows8, []byte{1}), bytes.Count(rows16, []byte{1}); c8 != MaxLanes || c16 != MaxLanes {
					t.Fatalf("top %d p %d: %d and %d marks, want %d", top, p, c8, c16, MaxLanes)
				}
			}
		}
	})
}

func TestMarkPanics(t *testing.T) {
	G8, G16 := make([]uint8, 100), make([]uint16, 100)
	rows := make([]byte, 32*64)
	ok := []Part{{10, 1}, {50, 2}}
	for i, args := range []struct {
		rows   []byte
		stride int
		msk    uint32
		top    int
		parts  []Part
		lanes  int
	}{
		{rows, 64, 63, 50, ok, 0},
		{rows, 64, 63, 50, ok, 33},
		{rows, 64, 63, 50, ok, -1},
		{rows, 32, 31, 50, ok, 32},
		{rows, 96, 63, 50, ok, 16},
		{rows, 0, 0, 50, ok, 32},
		{rows, 64, 64, 50, ok, 32},
		{rows, 64, 1 << 31, 50, ok, 32},
		{rows[:32*64-1], 64, 63, 50, ok, 32},
		{rows, 128, 63, 50, ok, 32},
		{rows, 1 << 62, 63, 50, ok, 32},
		{rows, 64, 63, 49, ok, 32},                       // top − last P < 0
		{rows, 64, 63, 79, ok, 32},                       // top − first P + lanes > len(G)
		{rows, 64, 63, 98, []Part{{0, 0}, {50, 0}}, 3},   // the same, lanes 3
		{rows, 64, 63, 80, []Part{{50, 0}, {10, 0}}, 32}, // not sorted: an index out of range
		{rows, 64, 63, 60, []Part{{55, 0}, {70, 0}, {60, 0}}, 32},
		{rows, 64, 63, 60, []Part{{0, 0}, {-100, 0}, {60, 0}}, 32},
		{rows, 64, 63, 60, []Part{{0, 0}, {1 << 62, 0}, {60, 0}}, 32},
	} {
		for _, lv := range supported() {
			was := Use(lv)
			for w, f := range []func(){
				func() { Mark8(args.rows, args.stride, 1, args.msk, G8, args.top, args.parts, args.lanes) },
				func() { Mark16(args.rows, args.stride, 1, args.msk, G16, args.top, args.parts, args.lanes) },
			} {
				func() {
					defer func() {
						if recover() == nil {
							t.Errorf("case %d, width %d, %s: no panic", i, 8<<w, Name())
						}
					}()
					f()
				}()
			}
			Use(was)
		}
	}
	// The extremes themselves are allowed.
	Mark8(rows, 64, 1, 63, G8, 68, []Part{{0, 0}, {68, 0}}, 32)
	Mark16(rows, 64, 1, 63, G16, 68, []Part{{0, 0}, {68, 0}}, 32)
	Mark8(rows, 64, 1, 63, G8, 68, nil, 32)
	Mark8(rows, 64, 1, 63, nil, 0, nil, 32)
}

func FuzzMark8(f *testing.F) {
	addMarkSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, lanes, strideLog uint8, msk uint32, gen byte, top uint16, partsB []byte) {
		fuzzMark(t, data, lanes, strideLog, msk, gen, top, partsB, Mark8, markGo[uint8])
	})
}

func FuzzMark16(f *testing.F) {
	addMarkSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte, lanes, strideLog uint8, msk uint32, gen byte, top uint16, partsB []byte) {
		G := make([]uint16, len(data)/2)
		for i := range G {
			G[i] = uint16(data[2*i]) | uint16(data[2*i+1])<<8
		}
		fuzzMark(t, G, lanes, strideLog, msk, gen, top, partsB, Mark16, markGo[uint16])
	})
}

func addMarkSeeds(f *testing.F) {
	seq := make([]byte, 600)
	for i := range seq {
		seq[i] = byte(i*29 + i>>8)
	}
	f.Add([]byte{}, uint8(0), uint8(0), uint32(0), byte(1), uint16(0), []byte{})
	f.Add(seq[:64], uint8(31), uint8(0), uint32(63), byte(0), uint16(10), seq[:50])
	f.Add(seq[:300], uint8(31), uint8(3), uint32(511), byte(255), uint16(400), seq[100:350])
	f.Add(seq, uint8(31), uint8(6), uint32(0xffff_ffff), byte(7), uint16(1000), seq[300:])
	f.Add(seq[:100], uint8(4), uint8(1), uint32(0x55), byte(2), uint16(70), seq[:20])
	f.Add(seq[7:107], uint8(31), uint8(2), uint32(0x1f0), byte(9), uint16(68), seq[7:27])
}

// fuzzMark builds arguments from the fuzzer's and compares mark on both paths
// and twin with refMark.
func fuzzMark[T uint8 | uint16](t *testing.T, G []T, lanes, strideLog uint8, msk uint32, gen byte, top uint16,
	partsB []byte, mark, twin func([]byte, int, byte, uint32, []T, int, []Part, int)) {
	c := markCase{lanes: 1 + int(lanes%MaxLanes), stride: 64 << (strideLog % 7), gen: gen, top: int(top)}
	if len(G) < c.lanes {
		return
	}
	c.msk = msk % uint32(c.stride)
	c.rows = make([]byte, c.lanes*c.stride+3)
	for i := range c.rows {
		c.rows[i] = byte(i * 7)
	}
	span := len(G) - c.lanes
	for i := 0; i+5 <= len(partsB); i += 5 {
		d := (int(partsB[i]) | int(partsB[i+1])<<8) % (span + 1)
		v := uint32(partsB[i+2]) | uint32(partsB[i+3])<<8 | uint32(partsB[i+4])<<16 | uint32(partsB[i])<<24
		c.parts = append(c.parts, Part{c.top - d, v})
	}
	slices.SortFunc(c.parts, func(a, b Part) int { return a.P - b.P })
	was := Current()
	defer Use(was)
	for _, l := range supported() {
		Use(l)
		checkMarks(t, c, G, mark, twin)
	}
}

const (
	benchParts = 1000
	benchG     = 1_000_000
)

// benchMark runs mark on lanes 32, stride 512 and benchParts parts spread
// over G, on each level of kernels the CPU runs, and reports nanoseconds
// per mark.
func benchMark[T uint8 | uint16](b *testing.B, G []T, mark func([]byte, int, byte, uint32, []T, int, []Part, int)) {
	r := rand.New(rand.NewPCG(5, 5))
	const stride = 512
	rows := make([]byte, MaxLanes*stride)
	top := len(G) - MaxLanes
	parts := make([]Part, benchParts)
	for i := range parts {
		parts[i] = Part{r.IntN(top + 1), r.Uint32()}
	}
	slices.SortFunc(parts, func(a, b Part) int { return a.P - b.P })
	onLevels(b, func(b *testing.B) {
		gen := byte(0)
		for b.Loop() {
			gen++
			mark(rows, stride, gen, stride-1, G, top, parts, MaxLanes)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/(benchParts*MaxLanes), "ns/mark")
	})
}

func BenchmarkMark8(b *testing.B) {
	r := rand.New(rand.NewPCG(6, 8))
	G := make([]uint8, benchG)
	for i := range G {
		G[i] = uint8(r.IntN(256))
	}
	benchMark(b, G, Mark8)
}

func BenchmarkMark16(b *testing.B) {
	r := rand.New(rand.NewPCG(6, 16))
	G := make([]uint16, benchG)
	for i := range G {
		G[i] = uint16(r.IntN(1 << 16))
	}
	benchMark(b, G, Mark16)
}
