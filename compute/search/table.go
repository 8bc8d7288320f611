package search

import (
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Table is a transposition table: what the search found about
// components, in no more memory than the caller allows. It is safe for
// concurrent use by the workers of one search.
//
// Each entry is one 64-bit word, read and written atomically, so a word
// is never seen half written. A key is mixed by a bijection of 64-bit
// words; the low bits of the mixed key choose a bucket of eight entries (a cache line)
// and the high bits are kept in the entry with its payload. Since the
// mixing is a bijection, bucket and stored bits together determine the
// key: a hit is never a false one, and the table can be rebuilt twice
// as large without the keys.
//
// The table starts small, so that a small search stays in the cache, and
// doubles when half full until it reaches its limit; then a full bucket
// gives up its least valuable entry (an inexact one before an exact one,
// then the smallest component). An entry lost in a rebuild racing with
// a write only costs its recomputation: every entry is a proved fact.
type Table struct {
	cur   atomic.Pointer[slots]
	limit int64
	mu    sync.Mutex // held while growing
}

type slots struct {
	words []atomic.Uint64
	mask  uint64 // buckets - 1
	shift uint   // log2(buckets)
	used  atomic.Int64
}

const (
	tableWays    = 8
	minTableBits = 16 // the tag keeps 64-shift bits above 16 bits of payload
	startBytes   = 4 << 20
)

// NewTable returns a table that may grow to maxBytes (at least 2 MiB).
func NewTable(maxBytes int64) *Table {
	t := &Table{limit: max(maxBytes, int64(tableWays*8)<<minTableBits)}
	shift := uint(minTableBits)
	for int64(tableWays*8)<<(shift+1) <= min(t.limit, startBytes) {
		shift++
	}
	t.cur.Store(newSlots(shift))
	return t
}

func newSlots(shift uint) *slots {
	return &slots{words: allocWords(tableWays << shift), mask: 1<<shift - 1, shift: shift}
}

// Bytes returns the memory the table holds now.
func (t *Table) Bytes() int64 { return int64(len(t.cur.Load().words)) * 8 }

// Limit returns the most memory the table may hold.
func (t *Table) Limit() int64 { return t.limit }

// Fill returns the fraction of entries in use, counted over a sample of
// buckets.
func (t *Table) Fill() float64 {
	s := t.cur.Load()
	n := len(s.words)
	step := tableWays
	if n > 1<<16 {
		step = n >> 14
	}
	used, seen := 0, 0
	for i := 0; i < n; i += step {
		for j := i; j < i+tableWays; j++ {
			seen++
			if s.words[j].Load() != 0 {
				used++
			}
		}
	}
	return float64(used) / float64(seen)
}

// grow rebuilds the table twice as large, unless another worker did.
func (t *Table) grow(old *slots) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.cur.Load() != old {
		return
	}
	s := newSlots(old.shift + 1)
	for i := range old.words {
		w := old.words[i].Load()
		if w == 0 {
			continue
		}
		h := (w>>16)<<old.shift | uint64(i/tableWays)
		b := (h & s.mask) * tableWays
		for j := b; j < b+tableWays; j++ {
			if s.words[j].Load() == 0 {
				s.words[j].Store(h>>s.shift<<16 | w&0xffff)
				if h>>60 == 0 {
					s.used.Add(16)
				}
				break
			}
		}
	}
	t.cur.Store(s)
	// Give the old table's memory back now rather than when the
	// runtime's scavenger gets to it: a table grows a few times per
	// search, and its memory is what the caller bounded.
	debug.FreeOSMemory()
}

// mix is a bijection of 64-bit words (the finaliser of SplitMix64):
// xor-shifts and multiplications by odd numbers can be undone.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// Entry is what the table knows of a component: its exact nimber, or
// some values it is proved not to have (a "not in this set" answer of
// the search, kept for the values 0..7).
type Entry struct {
	Nimber   uint8
	Exact    bool
	Excluded uint8 // bit v: the nimber is not v (when not Exact)
}

// The 16 low bits of an entry: bit 15 exact, bits 8..14 the size (1..127),
// bits 0..7 the nimber or the excluded values.
const (
	exactBit = 1 << 15
	sizeMax  = 127
)

// Get returns what is stored for key.
func (t *Table) Get(key uint64) (Entry, bool) {
	s := t.cur.Load()
	h := mix(key)
	b := (h & s.mask) * tableWays
	tag := h >> s.shift
	for i := uint64(0); i < tableWays; i++ {
		w := s.words[b+i].Load()
		if w>>16 == tag && w != 0 {
			if w&exactBit != 0 {
				return Entry{Nimber: uint8(w), Exact: true}, true
			}
			return Entry{Excluded: uint8(w)}, true
		}
	}
	return Entry{}, false
}

// Touch reads the first entry of each key's bucket and returns a value
// that depends on them: called on a batch of keys before asking for
// them one by one, it lets the processor fetch the buckets from memory
// at once instead of one after the other.
func (t *Table) Touch(keys []uint64) uint64 {
	s := t.cur.Load()
	var sink uint64
	for _, k := range keys {
		sink ^= s.words[(mix(k)&s.mask)*tableWays].Load()
	}
	return sink
}

// Nimber returns the exact nimber stored for key.
func (t *Table) Nimber(key uint64) (uint8, bool) {
	e, ok := t.Get(key)
	return e.Nimber, ok && e.Exact
}

// Put stores the exact nimber of key, a component of the given size (a
// measure of the work its nimber took, such as its cells).
func (t *Table) Put(key uint64, nimber uint8, size int) {
	t.put(key, exactBit|uint64(nimber), size)
}

// Exclude records that key's nimber is none of the values 0..7 in mask,
// with what was known before. An exact entry is kept as it is.
func (t *Table) Exclude(key uint64, mask uint8, size int) {
	if mask == 0 {
		return
	}
	t.put(key, uint64(mask), size)
}

func (t *Table) put(key uint64, payload uint64, size int) {
	s := t.cur.Load()
	h := mix(key)
	b := (h & s.mask) * tableWays
	tag := h >> s.shift
	size = min(max(size, 1), sizeMax)
	victim, least, fresh := b, uint64(1<<16), false
	for i := uint64(0); i < tableWays; i++ {
		old := s.words[b+i].Load()
		if old>>16 == tag && old != 0 {
			if old&exactBit != 0 {
				return // exact already
			}
			if payload&exactBit == 0 {
				payload |= old & 0xff
			}
			victim = b + i
			break
		}
		if old == 0 {
			victim, fresh = b+i, true
			break
		}
		if prio := old >> 8 & 0xff; prio < least {
			victim, least = b+i, prio
		}
	}
	s.words[victim].Store(tag<<16 | uint64(size)<<8 | payload)
	// Entries are counted one in 16 (by their hash), so that workers do
	// not all write one counter.
	if fresh && h>>60 == 0 && s.used.Add(16) > int64(len(s.words)/2) && int64(len(s.words))*16 <= t.limit {
		t.grow(s)
	}
}
