//go:build !race

package compute_test

const raceEnabled = false
