//go:build race

package compute_test

// raceEnabled reports whether the tests run under the race detector, which
// slows the engine about thirtyfold; long cases shrink then.
const raceEnabled = true
