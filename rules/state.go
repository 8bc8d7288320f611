package rules

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// StateGames are the built-in state games: Fibonacci Nim (state: the heap
// and the most the next move may take) and Euclid's game (state: a pair of
// numbers).
var StateGames = []string{"euclid", "fibonacci-nim"}

// MaxStateSize bounds the size of a built-in game's table.
const MaxStateSize = 1 << 24

// stateRules is the state kind: a game with the key state, which names a
// built-in game, sized by heaps.
var stateRules = kindRules{
	kind:     KindState,
	selector: "state",
	keys:     []string{"heaps"},
	refusal:  "a built-in state game has no %s",
	read:     readState,
	key:      stateText,
	ruleText: stateText,
	tableText: func(g Game) string {
		if g.State == "euclid" {
			return fmt.Sprintf("SG(x, y) for 0 ≤ x, y ≤ %d", g.Heaps)
		}
		return sizeText(g.Heaps, g.Misere || stateOutcomes(g))
	},
	outcomes: stateOutcomes,
	memory:   func(g Game) int64 { return StateMemory(g.State, int64(g.Heaps)) },
}

// stateText names a built-in game: "state:NAME".
func stateText(g Game) string { return "state:" + g.State }

// stateOutcomes reports whether a built-in game's table holds outcomes:
// Fibonacci Nim's, whose moves depend on the last move.
func stateOutcomes(g Game) bool { return g.State == "fibonacci-nim" }

// readState reads a built-in game's keys: state, its name, and heaps, the
// size of its table (DefaultHeaps unless set), which must fit in the
// memory available.
func readState(p *configParser, d gameDef, g *Game) bool {
	g.Heaps = DefaultHeaps
	if s, ok := p.scalar(d.value, d.key, "the name of a built-in game"); ok {
		if !slices.Contains(StateGames, s) {
			p.errorf(d.value, d.key, ErrBadValue, quote(s), "no such built-in game; the built-in games are %s", strings.Join(StateGames, ", "))
		}
		g.State = s
	}
	if e, ok := d.m["heaps"]; ok {
		if v, ok := p.integer(e.value, d.prefix+"heaps"); ok {
			if v < 1 || v > MaxStateSize {
				p.errorf(e.value, d.prefix+"heaps", ErrBadValue, describe(e.value), "must be from 1 to %d for a built-in game", MaxStateSize)
			} else {
				g.Heaps = int(v)
			}
		}
	}
	if p.failed(d) {
		return false
	}
	if err := CheckMemory(StateMemory(g.State, int64(g.Heaps))); err != nil {
		p.errorf(d.value, d.key, ErrTooLarge, "", "with heaps %d: %v", g.Heaps, err)
		return false
	}
	return true
}

// StateMemory estimates the bytes a built-in game's table of size n takes
// to compute: Euclid's game holds every pair, with a memo entry each;
// Fibonacci Nim a few words a heap.
func StateMemory(name string, n int64) int64 {
	x := float64(n + 1)
	need := x * 16
	if name == "euclid" {
		need = x * x * 48
	}
	return int64(min(need, math.MaxInt64/2)) // no overflow for any n
}
