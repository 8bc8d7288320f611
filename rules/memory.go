package rules

import (
	"bufio"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MaxHeaps is the largest table size sgtab accepts on any machine: heap
// sizes are indexed by int and stored as int64 in the output files.
const MaxHeaps = 1 << 40

// The memory a heap game's computation takes, measured: its values take
// one byte a heap size while they stay below 256 (two below 65536, four
// beyond, widened as they grow, and a widening holds the old and the new
// storage at once), as many again for the ring values of a ring start; the
// analysis may list up to a sixteenth of the heap sizes as rare positions,
// at eight bytes each (half a byte a heap); sgtab asks the garbage
// collector to keep within a quarter of the live heap (TuneGC), and
// half is allowed, since it overshoots on a busy machine; and the writers,
// plots and runtime take a hundred megabytes or so whatever the size.
const (
	gcOverhead    = 1.5
	rareBytes     = 0.5
	fixedOverhead = 128 << 20
)

// GCPercent is the garbage collector's target that these estimates
// assume: within a quarter of the live heap (Go's default lets it grow to
// twice the live heap), so that a table of 10^9 one-byte values peaks at
// 1.3 GB, not 2 GB (HeapMemory allows for more, as the collector
// overshoots on a busy machine). The tables hold no pointers, so
// collecting more often costs little.
const GCPercent = 25

// TuneGC sets the garbage collector's target to GCPercent unless $GOGC is
// set, which then has the last word, but that a table of 64 MiB or more
// lowers it to 10% (see compute's tightenGC). A program that computes
// large tables calls it first, as sgtab does.
func TuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(GCPercent)
	}
}

// ParseHeaps reads a table size as sgtab's -heaps takes it: a whole
// number (1e6 is accepted), or "auto", returned as 0. A size of MaxHeaps
// or more is refused; one below 1, or one the memory cannot hold, is left
// to CheckHeaps.
func ParseHeaps(v string) (int64, error) {
	if v == "auto" {
		return 0, nil
	}
	f, ok := WholeNumber(v)
	switch {
	case !ok:
		return 0, fmt.Errorf("want a whole number or auto")
	case f >= MaxHeaps || math.IsInf(f, -1):
		return 0, fmt.Errorf("too large: must be below 2^40")
	}
	return int64(f), nil
}

// WholeNumber reads a whole number written as a float may be (1e6), and
// reports whether v is one; one too large for a float64, either way, is
// returned as ±Inf.
func WholeNumber(v string) (float64, bool) {
	f, err := strconv.ParseFloat(v, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) || f != math.Trunc(f) {
		return 0, false
	}
	return f, true
}

// HeapMemory returns the bytes the computation of a heap game's table of
// heaps+1 heap sizes takes when its values are width bits wide (8, 16 or
// 32), with a ring column too for a ring start: the values and the runtime's
// allowance for them, the analysis' rare positions, and a fixed allowance
// for the writers and plots. With width 8 it is the least any such table
// takes, which CheckHeaps compares with the memory available.
func HeapMemory(heaps int64, start Start, width int) int64 {
	cols := 1.0
	if start == StartRing {
		cols = 2
	}
	per := gcOverhead*cols*float64(width)/8 + rareBytes
	return int64(math.Ceil(float64(heaps+1)*per)) + fixedOverhead
}

// WidenMemory returns the bytes a table of heaps+1 heap sizes takes while
// its values widen from width/2 to width bits: both copies are live.
func WidenMemory(heaps int64, start Start, width int) int64 {
	cols := int64(1)
	if start == StartRing {
		cols = 2
	}
	return HeapMemory(heaps, start, width) + cols*(heaps+1)*int64(width/2)/8
}

// CheckHeaps reports whether a table of heaps+1 values of a game with the
// given start can be computed: heaps must be at least 1, below MaxHeaps, and
// the table's least memory (HeapMemory at one byte a value) must fit in the
// memory available (Budget). The error says how much memory the table needs
// and how much there is. Its errors match ErrBadValue or ErrTooLarge.
func CheckHeaps(heaps int64, start Start) error {
	if heaps < 1 {
		return &kindError{ErrBadValue, "must be at least 1"}
	}
	if heaps >= MaxHeaps {
		return &kindError{ErrTooLarge, "too large: must be below 2^40"}
	}
	return CheckMemory(HeapMemory(heaps, start, 8))
}

// CheckMemory reports whether need bytes fit in the memory available
// (Budget); its error is a *MemoryError.
func CheckMemory(need int64) error {
	budget, source := Budget()
	if budget > 0 && need > budget {
		return &MemoryError{Need: need, Budget: budget, Source: source}
	}
	return nil
}

// A MemoryError says that a table needs more memory than is available: a
// fact about the machine (or $SGTAB_MEMORY), not a mistake in a config or
// a flag's value. It matches ErrTooLarge.
type MemoryError struct {
	Need, Budget int64
	Source       string // where Budget comes from (see Budget)
}

func (e *MemoryError) Error() string {
	return fmt.Sprintf("the table needs at least %s of memory, more than %s (%s)", ByteSize(e.Need), e.Source, ByteSize(e.Budget))
}

// Is reports whether target is ErrTooLarge.
func (e *MemoryError) Is(target error) bool { return target == ErrTooLarge }

// MemoryEnv is the environment variable that sets the memory sgtab may use,
// overriding what the machine has available: a number of bytes, with an
// optional unit (KiB, MiB, GiB, TiB, or KB, MB, GB, TB), e.g. "4GiB". A
// cluster job sets it to its allocation.
const MemoryEnv = "SGTAB_MEMORY"

// Budget returns the memory a computation may use, and where that figure
// comes from: $SGTAB_MEMORY when set, else the memory this machine has
// available now (MemAvailable, and the room left under the process's cgroup
// limit when that is less). It returns 0 when neither is known: then nothing
// is refused.
func Budget() (int64, string) { return memBudget() }

var memBudget = func() (int64, string) {
	if n, set, err := envMemory(); set && err == nil {
		return n, "$" + MemoryEnv
	}
	return machineBudget()
}

// CheckMemoryEnv reports whether $SGTAB_MEMORY, when set, is a size
// (ParseByteSize). Budget ignores a value that is not, so a program
// should check it first and refuse to start: the CLI does, exit status 2.
func CheckMemoryEnv() error {
	_, _, err := envMemory()
	return err
}

// envMemory returns the size $SGTAB_MEMORY sets, whether it is set (an
// empty value is not), and why its value is not a size.
func envMemory() (int64, bool, error) {
	s := os.Getenv(MemoryEnv)
	if s == "" {
		return 0, false, nil
	}
	n, err := ParseByteSize(s)
	if err != nil {
		return 0, true, fmt.Errorf("$%s is invalid: %w (got %s)", MemoryEnv, err, quote(s))
	}
	return n, true, nil
}

// MemoryEnvWarning returns a warning when $SGTAB_MEMORY sets more memory
// than the machine has (its total, or this process's cgroup limit): a
// table that fits the budget would then not fit the machine, and be
// killed or swap where it would have been refused. "" otherwise.
func MemoryEnvWarning() string {
	n, set, err := envMemory()
	if !set || err != nil {
		return ""
	}
	total, what := meminfo()["MemTotal"], "this machine's memory"
	if limit, _, ok := cgroupMemory(); ok && (total == 0 || limit < total) {
		total, what = limit, "this process's cgroup limit"
	}
	if total <= 0 || n <= total {
		return ""
	}
	return fmt.Sprintf("$%s (%s) is more than %s (%s): tables are checked against it, and one that fits it may not fit the machine", MemoryEnv, ByteSize(n), what, ByteSize(total))
}

// machineBudget returns the memory available now, read at most once a
// second: a config of many games checks each against it.
var machineBudget = func() func() (int64, string) {
	var (
		mu     sync.Mutex
		when   time.Time
		budget int64
		source string
	)
	return func() (int64, string) {
		mu.Lock()
		defer mu.Unlock()
		if time.Since(when) < time.Second {
			return budget, source
		}
		when = time.Now()
		budget, source = meminfo()["MemAvailable"], "the memory this machine has available"
		if limit, used, ok := cgroupMemory(); ok && (budget == 0 || limit-used < budget) {
			budget, source = max(limit-used, 0), "the memory left under this process's cgroup limit"
		}
		return budget, source
	}
}()

// meminfo reads /proc/meminfo, in bytes.
func meminfo() map[string]int64 {
	m := map[string]int64{}
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return m
	}
	defer f.Close() // read-only
	s := bufio.NewScanner(f)
	for s.Scan() {
		fields := strings.Fields(s.Text())
		if len(fields) >= 2 {
			if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil {
				m[strings.TrimSuffix(fields[0], ":")] = kb * 1024
			}
		}
	}
	return m
}

// cgroupMemory returns the cgroup v2 memory limit of this process and its
// use, when there is a limit.
func cgroupMemory() (limit, used int64, ok bool) {
	read := func(name string) (int64, bool) {
		b, err := os.ReadFile("/sys/fs/cgroup/" + name)
		if err != nil {
			return 0, false
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		return n, err == nil
	}
	limit, ok = read("memory.max") // "max" when unlimited: not a number
	if !ok {
		return 0, 0, false
	}
	used, _ = read("memory.current")
	return limit, used, true
}

// ParseByteSize reads a size in bytes: a decimal number (1.5 and 1e9
// too) with an optional unit, binary (KiB, MiB, GiB, TiB) or decimal (KB,
// MB, GB, TB), e.g. "512MiB", of at least one byte and at most 2^62.
func ParseByteSize(s string) (int64, error) {
	units := []struct {
		suffix string
		mult   float64
	}{
		{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1},
	}
	t := strings.TrimSpace(s)
	mult := 1.0
	for _, u := range units {
		if num, ok := strings.CutSuffix(t, u.suffix); ok {
			t, mult = strings.TrimSpace(num), u.mult
			break
		}
	}
	bad := errors.New("want a size such as 4GiB or 512MB")
	if !decimal.MatchString(t) {
		return 0, bad // not hexadecimal, Inf or NaN, which ParseFloat reads
	}
	f, err := strconv.ParseFloat(t, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange):
		return 0, bad
	case f*mult > math.MaxInt64/2 || errors.Is(err, strconv.ErrRange):
		return 0, errors.New("too large: at most 4 EiB")
	case f*mult < 1:
		return 0, errors.New("want at least one byte")
	}
	return int64(f * mult), nil
}

// decimal matches a decimal number: digits, a fraction, an exponent.
var decimal = regexp.MustCompile(`^[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?$`)

// A kindError is a message that matches one sentinel under errors.Is.
type kindError struct {
	kind error
	msg  string
}

func (e *kindError) Error() string        { return e.msg }
func (e *kindError) Is(target error) bool { return target == e.kind }

// ByteSize formats n bytes with a binary unit, e.g. "1.5 GiB".
func ByteSize(n int64) string {
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

// ruleBytes is about what the engines hold for each removal count of a
// rule they step through: its digit, its copy for a ring's first moves,
// and an evaluator's lists of removals by the heaps they leave.
const ruleBytes = 64

// RuleMemory returns the bytes the engines take for the removal counts of
// r on a table of heaps+1 heap sizes: next to nothing, but for a run that
// ends below heaps, which they spell out count by count (Rule.Within):
// take 1 to 10^6 tokens on a table of 10^7 heap sizes takes 64 MB.
func RuleMemory(r Rule, heaps int64) int64 {
	if r.Until == 0 || int64(r.Until) >= heaps {
		return 0
	}
	return int64(r.Until+1) * ruleBytes
}

// EngineRule returns the rule an engine steps through for heap sizes
// up to n: r within n (Rule.Within), whose run, if r has one, is a
// repeating tail when it reaches n and is spelled out otherwise, after
// checking that the spelled-out run fits in the memory available.
func EngineRule(r Rule, n int) (Rule, error) {
	if err := CheckMemory(RuleMemory(r, int64(n))); err != nil {
		return Rule{}, fmt.Errorf("%s to heap %d: %w", r.Describe(), n, err)
	}
	return r.Within(n), nil
}

// Describe names the rule r in a message: its code, and for a run the
// count it spells out.
func (r Rule) Describe() string {
	if r.Until > 0 {
		return fmt.Sprintf("the rule %s, whose removals spelled out are %d digits,", r, r.Until+1)
	}
	return "the rule " + r.String()
}
