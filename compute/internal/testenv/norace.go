//go:build !race

package testenv

// Race reports whether the race detector is on; long cases shrink then.
const Race = false
