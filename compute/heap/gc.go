package heap

import "runtime/debug"

// largeTable is the size in bytes from which a table's values make
// tightenGC lower the collector's headroom.
const largeTable = 64 << 20

// largeTableGC is the collector's percentage (GOGC) once a large table is
// held: the heap may grow 10% over the live data before a collection.
const largeTableGC = 10

// tightenGC lowers the garbage collector's headroom for the rest of the
// process once a table of bytes ≥ largeTable is allocated, unless it was
// set lower already. With Go's default of 100% the heap may reach twice
// the live data (a quarter more with the sgtab command's 25%), and a table
// of 10⁹ heap sizes is almost all of it. The values hold no pointers, so a
// collection does not scan them, and collecting more often costs little;
// runs of small tables, whose garbage is most of their heap, keep the
// default.
func tightenGC(bytes int64) {
	if bytes < largeTable {
		return
	}
	if prev := debug.SetGCPercent(largeTableGC); prev < largeTableGC {
		debug.SetGCPercent(prev) // set lower already, or off (−1)
	}
}
