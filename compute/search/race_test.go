//go:build race

package search

// raceEnabled reports whether the tests run under the race detector,
// which makes the brute forces twenty times slower: they check fewer
// positions then.
const raceEnabled = true
