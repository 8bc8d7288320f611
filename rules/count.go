package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// A Count is a flag (flag.Value) holding a whole number written as -heaps
// takes one: 500000000, 5e8 or 500_000_000. With Max zero, a size is read
// as ParseHeaps reads it, "auto" aside; with Max positive, a number from 1
// to Max, and one out of that range is refused with the range, however
// far out it is.
type Count struct{ N, Max int64 }

func (c *Count) String() string { return strconv.FormatInt(c.N, 10) }

// Set reads v into c.N.
func (c *Count) Set(v string) error {
	v = strings.ReplaceAll(v, "_", "")
	if c.Max <= 0 {
		if v == "auto" {
			return fmt.Errorf("want a whole number")
		}
		n, err := ParseHeaps(v)
		c.N = n
		return err
	}
	f, ok := WholeNumber(v)
	switch {
	case !ok:
		return fmt.Errorf("want a whole number")
	case f < 1 || f > float64(c.Max):
		return fmt.Errorf("want a whole number from 1 to %s", strings.Replace(strconv.FormatFloat(float64(c.Max), 'e', -1, 64), "e+", "e", 1))
	}
	c.N = int64(f)
	return nil
}
