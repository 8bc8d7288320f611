//go:build race

package solve

// raceEnabled reports whether the tests run under the race detector,
// which makes a search ten to twenty times slower.
const raceEnabled = true
