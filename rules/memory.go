package rules

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
)

// MaxHeaps is the largest table size sgtab accepts on any machine: heap
// sizes are indexed by int and stored as uint64 in the output files.
const MaxHeaps = 1 << 40

// CheckHeaps reports whether a table of heaps+1 values of a game with the
// given start fits: heaps must be at least 1, and the table must fit in this
// machine's memory. The error says how much memory the table would need.
// Its errors match ErrBadValue or ErrTooLarge.
func CheckHeaps(heaps int64, start Start) error {
	if heaps < 1 {
		return &kindError{ErrBadValue, "must be at least 1"}
	}
	per := Game{Start: start}.BytesPerHeap()
	if heaps >= MaxHeaps {
		return &kindError{ErrTooLarge, "must be below 2^40"}
	}
	need := (heaps + 1) * per
	if mem := memTotal(); mem > 0 && need > mem {
		return &kindError{ErrTooLarge, fmt.Sprintf(
			"the table needs at least %s of memory (%d B a heap size), more than this machine has (%s)",
			byteSize(need), per, byteSize(mem))}
	}
	return nil
}

// CheckMemory reports whether need bytes fit in this machine's memory; its
// error matches ErrTooLarge and says how much both are.
func CheckMemory(need int64) error {
	if mem := memTotal(); mem > 0 && need > mem {
		return &kindError{ErrTooLarge, fmt.Sprintf(
			"the table needs %s of memory, more than this machine has (%s)", byteSize(need), byteSize(mem))}
	}
	return nil
}

// A kindError is a message that matches one sentinel under errors.Is.
type kindError struct {
	kind error
	msg  string
}

func (e *kindError) Error() string        { return e.msg }
func (e *kindError) Is(target error) bool { return target == e.kind }

// byteSize formats n bytes with a binary unit.
func byteSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, u := float64(n), 0
	for f >= unit && u < 5 {
		f /= unit
		u++
	}
	return fmt.Sprintf("%.1f %ciB", f, "KMGTPE"[u-1])
}

var memTotal = sync.OnceValue(func() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := strings.Fields(s.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err == nil {
				return kb * 1024
			}
		}
	}
	return 0
})
