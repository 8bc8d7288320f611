package kernel

// Part is a position and its value, laid out as the engine's list of rare positions.
type Part struct {
	P int
	V uint32
}

// MaxLanes is the largest number of lanes Mark8 and Mark16 take.
const MaxLanes = 32

// maxVectorStride is the largest stride the vector marking kernels take:
// their row indices, below 32·stride, are 32-bit.
const maxVectorStride = 1 << 27

// Mark8 marks, for every part (p, v) of parts and every lane j < lanes,
//
//	rows[j*stride + int((v ^ uint32(G[top-p+j])) & msk)] = gen
//
// parts must be sorted by P, increasing; stride a power of two ≥ 64; msk < stride;
// 1 ≤ lanes ≤ MaxLanes; lanes·stride ≤ len(rows); and every partner index in range:
// top − parts[len−1].P ≥ 0 and top − parts[0].P + lanes ≤ len(G). Otherwise it panics.
// Only these conditions are checked, once a call; a part out of range in a list
// not sorted by P still panics, after the parts before it are marked.
//
// With lanes = MaxLanes the vector kernels, when on, do the marking.
func Mark8(rows []byte, stride int, gen byte, msk uint32, G []uint8, top int, parts []Part, lanes int) {
	mark("Mark8", rows, stride, gen, msk, G, top, parts, lanes, mark8Vector)
}

// Mark16 is Mark8 for two-byte values.
func Mark16(rows []byte, stride int, gen byte, msk uint32, G []uint16, top int, parts []Part, lanes int) {
	mark("Mark16", rows, stride, gen, msk, G, top, parts, lanes, mark16Vector)
}

// mark is Mark8 or Mark16 (name), with vec their vector kernel for lanes =
// MaxLanes, which returns how many parts it marked before one out of range.
func mark[T uint8 | uint16](name string, rows []byte, stride int, gen byte, msk uint32, G []T, top int, parts []Part, lanes int,
	vec func(Level, []byte, int, byte, uint32, []T, int, []Part) int) {
	checkMark(name, len(rows), stride, msk, len(G), top, parts, lanes)
	if l := Current(); lanes == MaxLanes && stride <= maxVectorStride && l != Go {
		if vec(l, rows, stride, gen, msk, G, top, parts) != len(parts) {
			panic("kernel: " + name + " with a part out of range")
		}
		return
	}
	markGo(rows, stride, gen, msk, G, top, parts, lanes)
}

// checkMark panics unless the arguments of Mark8 or Mark16 (name) meet their preconditions.
func checkMark(name string, lenRows, stride int, msk uint32, lenG, top int, parts []Part, lanes int) {
	switch {
	case lanes < 1 || lanes > MaxLanes:
		panic("kernel: " + name + " with lanes not in 1..32")
	case stride < 64 || stride&(stride-1) != 0:
		panic("kernel: " + name + " with stride not a power of two ≥ 64")
	case uint64(msk) >= uint64(stride):
		panic("kernel: " + name + " with msk ≥ stride")
	case stride > lenRows/lanes:
		panic("kernel: " + name + " with lanes·stride > len(rows)")
	}
	if len(parts) > 0 && (top-parts[len(parts)-1].P < 0 || top-parts[0].P > lenG-lanes) {
		panic("kernel: " + name + " with a partner index out of range")
	}
}

// markGo is Mark8 and Mark16 in Go, one part at a time.
func markGo[T uint8 | uint16](rows []byte, stride int, gen byte, msk uint32, G []T, top int, parts []Part, lanes int) {
	rows = rows[:lanes*stride]
	for _, pt := range parts {
		markPart(rows, stride, gen, msk, pt.V, G[top-pt.P:][:lanes])
	}
}

// markPart marks one part of value v whose partners are g: lane j's mark goes
// to rows[j*stride + (v^g[j])&msk]. Kept out of markGo's loop, which would
// otherwise spill registers in this one.
//
//go:noinline
func markPart[T uint8 | uint16](rows []byte, stride int, gen byte, msk, v uint32, g []T) {
	o := 0
	for _, x := range g {
		rows[o+int((v^uint32(x))&msk)] = gen
		o += stride
	}
}
