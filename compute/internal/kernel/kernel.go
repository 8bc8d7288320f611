package kernel

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"os"
	"runtime"
	"strings"
	"sync/atomic"
)

// Block8 and Block16 are the numbers of pairs one step of Hit8 and Hit16 looks at.
const (
	Block8  = 64
	Block16 = 32
)

// A Level is a set of kernels: the pure-Go ones, or those of a CPU's
// vector instructions.
type Level int

// The levels, each faster than the one before on a CPU that has it.
const (
	Go Level = iota
	AVX2
	AVX512
)

var levelNames = [...]string{Go: "go", AVX2: "avx2", AVX512: "avx512"}

func (l Level) String() string { return levelNames[l] }

// Levels returns every level, the slowest first.
func Levels() []Level { return []Level{Go, AVX2, AVX512} }

// Supported reports whether this CPU (and this build) can run l.
func (l Level) Supported() bool { return supports[l] }

// Best returns the fastest level this CPU can run.
func Best() Level {
	best := Go
	for _, l := range Levels() {
		if l.Supported() {
			best = l
		}
	}
	return best
}

// EnvVar names the environment variable that forces a level at start-up:
// go, avx2 or avx512 (none, or empty: the fastest the CPU has).
const EnvVar = "SGTAB_KERNEL"

var (
	// envErr is why the level $SGTAB_KERNEL asks for cannot be had.
	envErr error
	// level is the level in use.
	level atomic.Int32
)

func init() {
	l, err := ParseLevel(os.Getenv(EnvVar))
	if err != nil {
		envErr, l = err, Best()
	}
	level.Store(int32(l))
}

// ParseLevel returns the level that name (a value of $SGTAB_KERNEL)
// chooses: "" the fastest this CPU has; an error for a name that is no
// level, or a level this CPU lacks, saying which it has.
func ParseLevel(name string) (Level, error) {
	if name == "" {
		return Best(), nil
	}
	for _, l := range Levels() {
		if l.String() != name {
			continue
		}
		if !l.Supported() {
			return Go, fmt.Errorf("$%s=%s: this CPU (%s) cannot run the %s kernels; it can run %s", EnvVar, name, CPU(), name, supportedNames())
		}
		return l, nil
	}
	return Go, fmt.Errorf("$%s=%s: want go, avx2 or avx512 (this CPU can run %s)", EnvVar, name, supportedNames())
}

// supportedNames lists the levels this CPU can run.
func supportedNames() string {
	var names []string
	for _, l := range Levels() {
		if l.Supported() {
			names = append(names, l.String())
		}
	}
	return strings.Join(names, ", ")
}

// EnvError returns why the level $SGTAB_KERNEL asks for cannot be had
// (the fastest the CPU has is then used), or nil: a program should refuse
// to start on it.
func EnvError() error { return envErr }

// Current returns the level in use.
func Current() Level { return Level(level.Load()) }

// Name returns the kernels in use: "avx512", "avx2" or "go".
func Name() string { return Current().String() }

// Use makes l the level in use, for tests and benchmarks, and returns the
// one before. It panics when the CPU cannot run l.
func Use(l Level) Level {
	if !l.Supported() {
		panic("kernel: Use of " + l.String() + ", which this CPU cannot run")
	}
	return Level(level.Swap(int32(l)))
}

// CPU describes the CPU the kernels run on: its model and the vector
// features they look at, "Intel(R) Xeon(R) Processor (avx2 bmi2 avx512f
// …)", as Linux's /proc/cpuinfo names the model.
func CPU() string {
	model := runtime.GOARCH
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for line := range strings.Lines(string(data)) {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	if f := features(); len(f) > 0 {
		return model + " (" + strings.Join(f, " ") + ")"
	}
	return model
}

// Hit8 looks at the pairs (lo[t], up[len(up)-1-t]) a block of Block8 at a time, from t = 0,
// and returns the first t whose pair's XOR x is wanted (want[x>>6]>>(x&63)&1 == 1).
// When no whole block holds one it returns len(lo) rounded down to a multiple of
// Block8: pairs past the last whole block are not looked at. len(up) must be ≥ len(lo); otherwise Hit8 panics.
//
// Only the last len(lo) elements of up are read; the slices need no alignment.
func Hit8(lo, up []uint8, want *[4]uint64) int {
	if len(up) < len(lo) {
		panic("kernel: Hit8 with len(up) < len(lo)")
	}
	if l := Current(); len(lo) >= Block8 && l != Go {
		return hit8Vector(l, lo, up, want)
	}
	return hit8Portable(lo, up, want)
}

// Hit16 is Hit8 for two-byte values, Block16 pairs a step. want holds the wanted values
// below 64·len(want); len(want) is 8, 16, 32 or 64, and every value of lo and up is below
// 64·len(want) (so every XOR is too). Otherwise Hit16 panics.
//
// The values are not checked one by one: bits of a value at or above
// 64·len(want) are ignored, so every kernel looks up x mod 64·len(want).
// Only the last len(lo) elements of up are read; the slices need no alignment.
func Hit16(lo, up []uint16, want []uint64) int {
	switch len(want) {
	case 8, 16, 32, 64:
	default:
		panic("kernel: Hit16 with len(want) not 8, 16, 32 or 64")
	}
	if len(up) < len(lo) {
		panic("kernel: Hit16 with len(up) < len(lo)")
	}
	if l := Current(); len(lo) >= Block16 && l != Go {
		return hit16Vector(l, lo, up, want)
	}
	return hit16Portable(lo, up, want)
}

// hit8Go is Hit8 in Go: eight pairs a 64-bit load, the upper side
// byte-reversed, and one branch a block.
func hit8Go(lo, up []uint8, want *[4]uint64) int {
	n := len(lo) &^ (Block8 - 1)
	m := len(up)
	for i := 0; i < n; i += Block8 {
		l := lo[i : i+Block8]
		u := up[m-i-Block8 : m-i]
		var acc uint64
		for j := 0; j < Block8; j += 8 {
			// up[m-1-(i+j)] … up[m-8-(i+j)] pair with lo[i+j] … lo[i+j+7].
			x := binary.LittleEndian.Uint64(l[j:]) ^
				bits.ReverseBytes64(binary.LittleEndian.Uint64(u[Block8-8-j:]))
			acc |= want[x>>6&3]>>(x&63) |
				want[x>>14&3]>>(x>>8&63) |
				want[x>>22&3]>>(x>>16&63) |
				want[x>>30&3]>>(x>>24&63) |
				want[x>>38&3]>>(x>>32&63) |
				want[x>>46&3]>>(x>>40&63) |
				want[x>>54&3]>>(x>>48&63) |
				want[x>>62&3]>>(x>>56&63)
		}
		if acc&1 != 0 {
			for t := i; ; t++ {
				if x := lo[t] ^ up[m-1-t]; want[x>>6]>>(x&63)&1 != 0 {
					return t
				}
			}
		}
	}
	return n
}

// hit16Go is Hit16 in Go, one branch a block.
func hit16Go(lo, up []uint16, want []uint64) int {
	n := len(lo) &^ (Block16 - 1)
	m := len(up)
	// A copy in a fixed-size array lets the lookups go unchecked.
	var w [64]uint64
	copy(w[:], want)
	mask := uint(len(want)-1) & 63
	for i := 0; i < n; i += Block16 {
		l := lo[i : i+Block16]
		u := up[m-i-Block16 : m-i]
		var acc uint64
		for j := 0; j < Block16; j += 4 {
			x0 := uint(l[j] ^ u[Block16-1-j])
			x1 := uint(l[j+1] ^ u[Block16-2-j])
			x2 := uint(l[j+2] ^ u[Block16-3-j])
			x3 := uint(l[j+3] ^ u[Block16-4-j])
			acc |= w[x0>>6&mask]>>(x0&63) |
				w[x1>>6&mask]>>(x1&63) |
				w[x2>>6&mask]>>(x2&63) |
				w[x3>>6&mask]>>(x3&63)
		}
		if acc&1 != 0 {
			for t := i; ; t++ {
				if x := uint(lo[t] ^ up[m-1-t]); w[x>>6&mask]>>(x&63)&1 != 0 {
					return t
				}
			}
		}
	}
	return n
}

// Find8 looks at the pairs (lo[t], up[len(up)-1-t]) of the whole blocks of Block8, from t = 0
// on, for the values wanted (see Hit8): it clears each value it finds from want and counts
// left down, and stops at the pair that brings left to 0. It returns the pairs looked at —
// up to and including that pair, or else every pair of the whole blocks, len(lo) rounded
// down to a multiple of Block8 — and what is left. left must be ≥ 1 and want must hold at
// least left values, else Find8 panics; len(up) ≥ len(lo) as for Hit8.
//
// It is Hit8 called again after each pair that hits, but the vector kernel goes on past
// such a pair without returning, which a search for many values at once repays.
func Find8(lo, up []uint8, want *[4]uint64, left int) (int, int) {
	checkFind("Find8", len(lo), len(up), want[:], left)
	if l := Current(); len(lo) >= Block8 && l != Go {
		return find8Vector(l, lo, up, want, left)
	}
	return findGo(lo, up, want[:], left, Block8, func(lo, up []uint8) int { return hit8Portable(lo, up, want) })
}

// Find16 is Find8 for two-byte values, Block16 pairs a step, with want as for Hit16.
func Find16(lo, up []uint16, want []uint64, left int) (int, int) {
	switch len(want) {
	case 8, 16, 32, 64:
	default:
		panic("kernel: Find16 with len(want) not 8, 16, 32 or 64")
	}
	checkFind("Find16", len(lo), len(up), want, left)
	if l := Current(); len(lo) >= Block16 && l != Go {
		return find16Vector(l, lo, up, want, left)
	}
	return findGo(lo, up, want, left, Block16, func(lo, up []uint16) int { return hit16Portable(lo, up, want) })
}

// checkFind panics unless the arguments of Find8 or Find16 (name) meet their preconditions.
func checkFind(name string, lenLo, lenUp int, want []uint64, left int) {
	held := 0
	for _, w := range want {
		held += bits.OnesCount64(w)
	}
	switch {
	case lenUp < lenLo:
		panic("kernel: " + name + " with len(up) < len(lo)")
	case left < 1 || left > held:
		panic("kernel: " + name + " with left not in 1..the values wanted")
	}
}

// findGo is Find8 and Find16 by a Hit8 or Hit16 kernel, hit, called again
// after each pair that hits; block is its block.
func findGo[T uint8 | uint16](lo, up []T, want []uint64, left, block int, hit func(lo, up []T) int) (int, int) {
	n := len(lo) &^ (block - 1)
	m := len(up)
	mask := uint(len(want) - 1)
	wanted := func(t int) bool {
		x := uint(lo[t] ^ up[m-1-t])
		return want[x>>6&mask]>>(x&63)&1 != 0
	}
	for t := 0; t < n; t++ {
		// The blocks of lo[t:n] are not those of lo: hit skips the whole
		// ones, and the pairs past them are looked at here, one by one.
		rest := n - t
		skip := hit(lo[t:n], up[:m-t])
		t += skip
		if skip == rest&^(block-1) {
			for t < n && !wanted(t) {
				t++
			}
			if t == n {
				break
			}
		}
		x := uint(lo[t] ^ up[m-1-t])
		want[x>>6&mask] &^= 1 << (x & 63)
		if left--; left == 0 {
			return t + 1, 0
		}
	}
	return n, left
}
