//go:build !linux

package search

import "sync/atomic"

// allocWords returns n zeroed words for a table.
func allocWords(n int) []atomic.Uint64 { return make([]atomic.Uint64, n) }
