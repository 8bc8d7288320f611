package compute

import "fmt"

// Words says how the heap's parity counts in a split, as it is written
// after the split's mask: "" without it, else " + the heap's parity (rare
// where popcount(v & mask) + n is even)".
func (p Parity) Words() string {
	if p == NoParity {
		return ""
	}
	return fmt.Sprintf(" + the heap's parity (rare where popcount(v & mask) + n is %s)", p)
}
