package compute

import (
	"context"
	"fmt"

	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/heap"
	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// Verification of a stored table (Verify). A table's checksums show that
// its values are those its writer wrote, and its first values that they
// are of its rule; neither shows that a writer told the truth past them.
// Verify checks every value against the definition: SG(n) = v exactly when
//
//	(a) no option of n has the value v, and
//	(b) every value below v is the value of some option of n,
//
// with the options' values taken from the table itself. By induction on n,
// a table that passes holds the values of its rule, whoever wrote it. Each
// n is checked on its own, so the heap sizes are shared among workers in
// chunks, in increasing order; the first value that fails is reported, and
// every value below it has passed.
//
// The cost of (b) is small: a search for witnesses stops at the first pair
// that gives each value wanted. (a) is the dear part, as it needs every
// pair of a two-heap split where sgtab's engine looks at few: under a
// rare/common split of the values (sparse.go, chosen from the table's own
// histogram), a value v that is common can only come from a pair with a
// rare part, and pairing the rare positions with the rest rules it out, or
// finds it, in O(#rare); only where v is rare must every pair be looked at
// (by the witness kernels, which skip the blocks holding no value sought).
// A table that sparse space serves is thus checked at about the cost of
// computing it; one it does not (Treblecross) at the cost of the scan, as
// the engine pays too: O(N²) pairs, at about 0.05 cycles a pair with the
// vector kernels. Rules with three-heap splits or a repeating tail, and
// ring values, have every option marked as the plain engine does.
//
// A period that a theorem proves from the values (prove) cuts the work: the
// values up to the last heap size its proof reads are checked as above,
// and those past it against the period, G(n) = G(n − p), which the theorem
// says the true values obey.

// Verify checks the values of t, a heap game's table of G (and Ring)
// holding the game t.Game, against its rule (see the top of this file): a
// normal-play table value by value against its options, a misère one by
// computing it again. It returns a *MismatchError for the first value that
// is wrong, a *BudgetError when opt.MaxWork is too small, and
// context.Cause(ctx) when ctx is cancelled first. It uses no analysis or
// metadata of t, only its game and values. The table of a built-in game
// is VerifyState's to check (VerifyTable picks by kind): Verify refuses it
// with an error.
func Verify(ctx context.Context, t *sg.Table, opt sg.VerifyOptions) (sg.Verification, error) {
	if k := t.Game.Kind(); k != rules.KindHeap {
		return sg.Verification{}, fmt.Errorf("verify %s: the table of a %s game, not a heap game", t.Game.Name, k)
	}
	through, err := sg.VerifyRange(ctx, t, opt)
	if err != nil || through < 0 {
		return sg.Verification{Through: through, ByOptions: through}, err
	}
	if t.Game.Misere {
		return misere.Verify(ctx, t, through, opt)
	}
	switch t.G.Width() {
	case 8:
		return heap.Verify(ctx, t, sg.Typed[uint8](t.G), through, opt)
	case 16:
		return heap.Verify(ctx, t, sg.Typed[uint16](t.G), through, opt)
	}
	return heap.Verify(ctx, t, sg.Typed[uint32](t.G), through, opt)
}

// VerifyState checks the values of t, the table of a built-in game
// (t.Game.State) whose positions one number indexes, by solving the game
// again to t's size and comparing, at a few steps a value. It returns a
// *MismatchError for the first value that differs, a *BudgetError when
// opt.MaxWork is below the number of values checked, and
// context.Cause(ctx) when ctx is cancelled first.
func VerifyState(ctx context.Context, t *sg.Table, opt sg.VerifyOptions) (sg.Verification, error) {
	through, err := sg.VerifyRange(ctx, t, opt)
	if err != nil || through < 0 {
		return sg.Verification{Through: through, ByOptions: through}, err
	}
	return sg.VerifyAgain(ctx, t, through, opt, 1, func(g rules.Game) (*sg.Table, error) {
		want, _, err := classical.Solve(ctx, g)
		return want, err
	})
}

// VerifyTable checks the values of t, which holds a heap game's table or
// a built-in game's row of values, against its game: Verify for a heap
// game, VerifyState for a built-in game, running the script again for a
// scripted game. The tables of the other kinds are
// not Tables; it returns an error for one that claims such a game.
func VerifyTable(ctx context.Context, t *sg.Table, opt sg.VerifyOptions) (sg.Verification, error) {
	switch k := t.Game.Kind(); k {
	case rules.KindHeap:
		return Verify(ctx, t, opt)
	case rules.KindState:
		return VerifyState(ctx, t, opt)
	case rules.KindScript:
		return script.Verify(ctx, t, opt)
	default:
		return sg.Verification{}, fmt.Errorf("verify %s: no table of values of a %s game", t.Game.Name, k)
	}
}
