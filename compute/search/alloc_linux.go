package search

import (
	"sync/atomic"
	"syscall"
	"unsafe"
)

// allocWords returns n zeroed words for a table. On Linux the kernel is
// asked to back a table of many megabytes with huge pages: a table is
// read at random, and with 4 KiB pages nearly every read would miss the
// TLB as well as the cache. The advice is only advice: where huge pages
// are off the table works the same, a little slower.
func allocWords(n int) []atomic.Uint64 {
	w := make([]atomic.Uint64, n)
	if n*8 >= 8<<20 {
		b := unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), n*8)
		_ = syscall.Madvise(b, 14) // MADV_HUGEPAGE
	}
	return w
}
