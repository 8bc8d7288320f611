package export

import (
	"errors"
	"fmt"
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// column finds the column name of s and checks that its type is an integer
// type; it returns -1 when the column is absent and not required.
func column(s *arrow.Schema, name string, required bool) (int, error) {
	idx := s.FieldIndices(name)
	switch {
	case len(idx) == 0 && !required:
		return -1, nil
	case len(idx) == 0:
		return -1, fmt.Errorf("column %s missing", name)
	case len(idx) > 1:
		return -1, fmt.Errorf("column %s appears %d times", name, len(idx))
	}
	switch dt := s.Field(idx[0]).Type; dt.ID() {
	case arrow.INT32, arrow.INT64, arrow.UINT32, arrow.UINT64:
	default:
		return -1, fmt.Errorf("column %s has type %s, want an integer type (int64 or int32)", name, dt)
	}
	return idx[0], nil
}

// columns finds the columns names of s, the first required ones required.
func columns(s *arrow.Schema, required int, names ...string) ([]int, error) {
	idx := make([]int, len(names))
	for i, name := range names {
		c, err := column(s, name, i < required)
		if err != nil {
			return nil, err
		}
		idx[i] = c
	}
	return idx, nil
}

// ints returns the values of the integer column a, of any width, signed
// or not, as int64, in buf.
func ints(a arrow.Array, buf []int64) ([]int64, error) {
	buf = buf[:0]
	switch a := a.(type) {
	case *array.Int64:
		return append(buf, a.Int64Values()...), nil
	case *array.Int32:
		return widen(buf, a.Int32Values()), nil
	case *array.Int16:
		return widen(buf, a.Int16Values()), nil
	case *array.Int8:
		return widen(buf, a.Int8Values()), nil
	case *array.Uint32:
		return widen(buf, a.Uint32Values()), nil
	case *array.Uint16:
		return widen(buf, a.Uint16Values()), nil
	case *array.Uint8:
		return widen(buf, a.Uint8Values()), nil
	case *array.Uint64:
		for _, v := range a.Uint64Values() {
			if v > math.MaxInt64 {
				return nil, fmt.Errorf("value %d out of range", v)
			}
			buf = append(buf, int64(v))
		}
		return buf, nil
	}
	return nil, fmt.Errorf("type %s, want integers", a.DataType())
}

// widen appends the integers vs, each of which fits in int64, to buf.
func widen[T int8 | int16 | int32 | uint8 | uint16 | uint32](buf []int64, vs []T) []int64 {
	for _, v := range vs {
		buf = append(buf, int64(v))
	}
	return buf
}

// values returns the SG values of the column a, each from 0 to 2^32 − 1, in
// buf (or a's own memory).
func values(name string, a arrow.Array, buf []uint32) ([]uint32, error) {
	bad := func(v int64) error {
		return fmt.Errorf("column %s holds %d, not an SG value (0 to %d)", name, v, uint32(math.MaxUint32))
	}
	switch a := a.(type) {
	case *array.Uint32:
		return a.Uint32Values(), nil
	case *array.Int32:
		vs := a.Int32Values()
		for _, v := range vs {
			if v < 0 {
				return nil, bad(int64(v))
			}
		}
		return arrow.Uint32Traits.CastFromBytes(arrow.Int32Traits.CastToBytes(vs)), nil
	}
	long, err := ints(a, nil)
	if err != nil {
		return nil, fmt.Errorf("column %s: %w", name, err)
	}
	buf = buf[:0]
	for _, v := range long {
		if v < 0 || v > math.MaxUint32 {
			return nil, bad(v)
		}
		buf = append(buf, uint32(v))
	}
	return buf, nil
}

// counting checks that the column a holds first, first+1, …
func counting(name string, a arrow.Array, first int, buf []int64) ([]int64, error) {
	vs, err := ints(a, buf)
	if err != nil {
		return nil, fmt.Errorf("column %s: %w", name, err)
	}
	for i, v := range vs {
		if v != int64(first+i) {
			return nil, fmt.Errorf("column %s: row %d holds %s = %d, want %d", name, first+i, name, v, first+i)
		}
	}
	return vs, nil
}

// fieldsByName returns the index in s of each of the columns want, each
// present once with its type; with anyInteger, an int64 column may be of
// any integer type.
func fieldsByName(s *arrow.Schema, want []arrow.Field, anyInteger bool) ([]int, error) {
	idx := make([]int, len(want))
	for i, c := range want {
		j := s.FieldIndices(c.Name)
		if len(j) != 1 {
			return nil, fmt.Errorf("column %s: %d of it, want 1", c.Name, len(j))
		}
		got := s.Field(j[0]).Type
		ok := arrow.TypeEqual(got, c.Type)
		if anyInteger && c.Type.ID() == arrow.INT64 {
			ok = isInteger(got)
		}
		if !ok {
			return nil, fmt.Errorf("column %s has type %s, want %s", c.Name, got, c.Type)
		}
		idx[i] = j[0]
	}
	return idx, nil
}

func isInteger(dt arrow.DataType) bool {
	switch dt.ID() {
	case arrow.INT32, arrow.INT64, arrow.UINT32, arrow.UINT64:
		return true
	}
	return false
}

// wholeAt returns value i of an integer column, a whole number at most
// most.
func wholeAt(a arrow.Array, i int, most int64) (int64, error) {
	v, err := intAt(a, i)
	if err == nil && (v < 0 || v > most) {
		err = fmt.Errorf("%d out of range", v)
	}
	return v, err
}

// intAt returns value i of an integer column.
func intAt(a arrow.Array, i int) (int64, error) {
	switch a := a.(type) {
	case *array.Int64:
		return a.Value(i), nil
	case *array.Int32:
		return int64(a.Value(i)), nil
	case *array.Uint32:
		return int64(a.Value(i)), nil
	case *array.Uint64:
		if v := a.Value(i); v <= math.MaxInt64 {
			return int64(v), nil
		}
	}
	return 0, errors.New("not a whole number in range")
}
