package brute

// LaskerSG is Lasker's Nim's value by its published formula (Winning Ways
// ch. 4; HDU 3032): SG(0) = 0, SG(4k+1) = 4k+1, SG(4k+2) = 4k+2,
// SG(4k+3) = 4k+4, SG(4k+4) = 4k+3.
func LaskerSG(n int) uint64 {
	switch {
	case n == 0:
		return 0
	case n%4 == 3:
		return uint64(n) + 1
	case n%4 == 0:
		return uint64(n) - 1
	}
	return uint64(n)
}
