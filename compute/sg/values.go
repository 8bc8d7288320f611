package sg

import (
	"fmt"
	"math"
	"slices"
)

// Value is a type that stores SG values: a table keeps them in the narrowest
// of these that holds them all.
type Value interface{ uint8 | uint16 | uint32 }

// Values is a sequence of SG values stored in 8, 16 or 32 bits each, the
// narrowest width that holds every value (Width). Games whose values stay
// small — most octal games, Grundy's game — take one or two bytes a heap
// size instead of four, which is what lets a table reach 10^9 heap sizes and
// more on a small machine. The zero value is an empty sequence.
type Values struct {
	u8  []uint8
	u16 []uint16
	u32 []uint32
}

// ValuesOf returns vs stored in the narrowest width that holds them all.
func ValuesOf(vs []uint32) Values {
	var v Values
	v.Append(vs...)
	return v
}

// MakeValues returns n zero values of width bits.
func MakeValues(n, width int) Values {
	switch width {
	case 8:
		return Values{u8: make([]uint8, n)}
	case 16:
		return Values{u16: make([]uint16, n)}
	default:
		return Values{u32: make([]uint32, n)}
	}
}

// Width returns the bits each value takes: 8, 16 or 32.
func (v Values) Width() int {
	switch {
	case v.u32 != nil:
		return 32
	case v.u16 != nil:
		return 16
	default:
		return 8
	}
}

// Len returns the number of values.
func (v Values) Len() int { return len(v.u8) + len(v.u16) + len(v.u32) }

// At returns value i.
func (v Values) At(i int) uint32 {
	switch {
	case v.u32 != nil:
		return v.u32[i]
	case v.u16 != nil:
		return uint32(v.u16[i])
	default:
		return uint32(v.u8[i])
	}
}

// Slice returns the values lo..hi-1, sharing their memory.
func (v Values) Slice(lo, hi int) Values {
	switch {
	case v.u32 != nil:
		return Values{u32: v.u32[lo:hi:hi]}
	case v.u16 != nil:
		return Values{u16: v.u16[lo:hi:hi]}
	default:
		return Values{u8: v.u8[lo:hi:hi]}
	}
}

// AppendTo appends the values lo..hi-1 to dst, as uint32, and returns it.
func (v Values) AppendTo(dst []uint32, lo, hi int) []uint32 {
	switch {
	case v.u32 != nil:
		return append(dst, v.u32[lo:hi]...)
	case v.u16 != nil:
		return appendWide(dst, v.u16[lo:hi])
	default:
		return appendWide(dst, v.u8[lo:hi])
	}
}

func appendWide[T Value](dst []uint32, vs []T) []uint32 {
	for _, x := range vs {
		dst = append(dst, uint32(x))
	}
	return dst
}

// Shared32 returns the values' own memory, and true, when they are stored
// in 32 bits; nil and false otherwise. The caller must not modify it.
func (v Values) Shared32() ([]uint32, bool) { return v.u32, v.u32 != nil }

// Uint32s returns a copy of the values as uint32.
func (v Values) Uint32s() []uint32 { return v.AppendTo(make([]uint32, 0, v.Len()), 0, v.Len()) }

// Equal reports whether v and w hold the same values, whatever their widths.
func (v Values) Equal(w Values) bool {
	if v.Len() != w.Len() {
		return false
	}
	if v.Width() == w.Width() {
		return slices.Equal(v.u8, w.u8) && slices.Equal(v.u16, w.u16) && slices.Equal(v.u32, w.u32)
	}
	for i := range v.Len() {
		if v.At(i) != w.At(i) {
			return false
		}
	}
	return true
}

// Max returns the largest value, 0 when there is none.
func (v Values) Max() uint32 {
	if v.Len() == 0 {
		return 0
	}
	switch {
	case v.u32 != nil:
		return slices.Max(v.u32)
	case v.u16 != nil:
		return uint32(slices.Max(v.u16))
	default:
		return uint32(slices.Max(v.u8))
	}
}

// MinMax returns the smallest and the largest of the values lo..hi-1,
// which must not be empty.
func (v Values) MinMax(lo, hi int) (uint32, uint32) {
	switch {
	case v.u32 != nil:
		return minMax(v.u32[lo:hi])
	case v.u16 != nil:
		return minMax(v.u16[lo:hi])
	default:
		return minMax(v.u8[lo:hi])
	}
}

func minMax[T Value](vs []T) (uint32, uint32) {
	a, b := vs[0], vs[0]
	for _, x := range vs {
		a, b = min(a, x), max(b, x)
	}
	return uint32(a), uint32(b)
}

// Append appends xs, widening the storage when a value does not fit.
func (v *Values) Append(xs ...uint32) {
	var top uint32
	for _, x := range xs {
		top = max(top, x)
	}
	v.Widen(WidthOf(top))
	switch {
	case v.u32 != nil:
		v.u32 = append(v.u32, xs...)
	case v.u16 != nil:
		for _, x := range xs {
			v.u16 = append(v.u16, uint16(x))
		}
	default:
		for _, x := range xs {
			v.u8 = append(v.u8, uint8(x))
		}
		if v.u8 == nil {
			v.u8 = []uint8{}
		}
	}
}

// WidthOf returns the narrowest width that holds x.
func WidthOf(x uint32) int {
	switch {
	case x <= math.MaxUint8:
		return 8
	case x <= math.MaxUint16:
		return 16
	default:
		return 32
	}
}

// widen makes the storage at least width bits wide, copying the values.
func (v *Values) Widen(width int) {
	if width <= v.Width() {
		return
	}
	w := MakeValues(v.Len(), width)
	switch width {
	case 16:
		for i, x := range v.u8 {
			w.u16[i] = uint16(x)
		}
	case 32:
		v.AppendTo(w.u32[:0], 0, v.Len())
	}
	*v = w
}

// grow returns v with room for n values, the first v.Len() of them v's.
func (v Values) Grow(n int) Values {
	w := MakeValues(n, v.Width())
	copy(w.u8, v.u8)
	copy(w.u16, v.u16)
	copy(w.u32, v.u32)
	return w
}

// typed returns the values of v as a []T; T must be the type of v's width.
func Typed[T Value](v Values) []T {
	var s any
	switch any(T(0)).(type) {
	case uint8:
		s = v.u8
	case uint16:
		s = v.u16
	default:
		s = v.u32
	}
	return s.([]T)
}

// ValuesFrom wraps vs as Values.
func ValuesFrom[T Value](vs []T) Values {
	switch s := any(vs).(type) {
	case []uint8:
		return Values{u8: s}
	case []uint16:
		return Values{u16: s}
	default:
		return Values{u32: any(vs).([]uint32)}
	}
}

// Checksum returns the checksum of the values that ogsolve prints (see
// Checksum).
func (v Values) Checksum() string {
	switch v.Width() {
	case 8:
		return Checksum(v.u8)
	case 16:
		return Checksum(v.u16)
	default:
		return Checksum(v.u32)
	}
}

// String prints the values like a []uint32.
func (v Values) String() string { return fmt.Sprint(v.Uint32s()) }

// fill sets the values from index from on from the period per, as a
// proved period says: v(m) = v(m − p) + s. The width must hold them.
func (v Values) Fill(from int, per Period) {
	switch v.Width() {
	case 8:
		fillPeriod(v.u8, from, per)
	case 16:
		fillPeriod(v.u16, from, per)
	default:
		fillPeriod(v.u32, from, per)
	}
}

func fillPeriod[T Value](G []T, from int, per Period) {
	s := T(per.Saltus)
	for m := from; m < len(G); m++ {
		G[m] = G[m-per.Length] + s
	}
}
