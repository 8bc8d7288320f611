package heap

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
)

// HDU 3951 "Coin Game": n coins on a circle; a move takes 1 to k adjacent
// coins; whoever cannot move loses. The judge's input is a number of cases,
// then n and k for each, 1 ≤ n, k ≤ 10^9.

// coinRing returns the game of HDU 3951 with k as a user writes it.
func coinRing(t testing.TB, k int) rules.Game {
	t.Helper()
	yaml := fmt.Sprintf("name: coin-ring\nmoves:\n  - take: {min: 1, max: %d}\n    leave: [0, 1, 2]\nstart: ring\n", k)
	games, err := rules.Parse(strings.NewReader(yaml), "coin-ring.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return games[0]
}

// coinCode returns the game of HDU 3951 with k from its code, 0.7{k}: the
// rule coinRing's config compiles to (see rules.TestTakeRangeRuns), at a
// hundredth of the cost.
func coinCode(t testing.TB, k int) rules.Game {
	t.Helper()
	r, err := rules.ParseCode(fmt.Sprintf("0.7{%d}", k), 8)
	if err != nil {
		t.Fatal(err)
	}
	return rules.Game{Name: "coin-ring", Rule: r, Start: rules.StartRing, Heaps: rules.DefaultHeaps}
}

// answerRing answers the ring of n coins of g as sgtab query does: the
// family's source, prepared for n, and the position solved.
func answerRing(ctx context.Context, g rules.Game, n int) (positions.Answer, positions.Position, error) {
	src, err := Family{}.Source(g, nil, g.Name)
	if err != nil {
		return positions.Answer{}, nil, err
	}
	if err := src.Prepare(ctx, n); err != nil {
		return positions.Answer{}, nil, err
	}
	pos := positions.Position{{Ref: &positions.Ref{Name: g.Name, Need: n, Source: src}, Component: positions.Component{N: n}}}
	if err := positions.Check(pos); err != nil {
		return positions.Answer{}, nil, err
	}
	a, err := positions.Solve(pos)
	return a, pos, err
}

// judge answers the judge's input as the problem asks, with sgtab's
// answers: "Case i: first" when the first player wins, else "second".
func judge(t testing.TB, input string) string {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(input))
	sc.Split(bufio.ScanWords)
	next := func() int {
		sc.Scan()
		var v int
		fmt.Sscan(sc.Text(), &v)
		return v
	}
	var out strings.Builder
	for i := range next() {
		n, k := next(), next()
		a, _, err := answerRing(t.Context(), coinRing(t, k), n)
		if err != nil {
			t.Fatalf("n = %d, k = %d: %v", n, k, err)
		}
		who := "second"
		if a.FirstPlayerWins {
			who = "first"
		}
		fmt.Fprintf(&out, "Case %d: %s\n", i+1, who)
	}
	return out.String()
}

// TestHDU3951Sample checks the problem's sample input and output.
func TestHDU3951Sample(t *testing.T) {
	if got, want := judge(t, "2\n3 1\n3 2\n"), "Case 1: first\nCase 2: second\n"; got != want {
		t.Errorf("sample: got\n%swant\n%s", got, want)
	}
}

// published is the judge's solution as published with the problem: the
// first player takes the whole ring when k ≥ n; with k = 1 the coins go
// one a move, so the first wins when n is odd; otherwise the second
// player answers the opening by leaving two equal rows and copies.
func published(n, k int) bool { return k >= n || k == 1 && n%2 == 1 }

// TestHDU3951Random checks 10^4 random cases over the judge's whole range,
// 1 ≤ n, k ≤ 10^9, against the published solution, and the cases at its
// ends.
func TestHDU3951Random(t *testing.T) {
	rng := rand.New(rand.NewPCG(3951, 1))
	type tc struct{ n, k int }
	cases := []tc{{1e9, 1e9}, {1e9, 1e9 - 1}, {1e9 - 1, 1e9}, {1e9, 1}, {1e9 - 1, 1}, {1e9, 2}, {1, 1}, {1, 1e9}, {2, 1}, {65536, 65535}, {65537, 65536}}
	for range 10000 {
		n, k := 1+rng.IntN(1e9), 1+rng.IntN(1e9)
		switch rng.IntN(4) { // k near n, and small k, as often as not
		case 0:
			k = max(1, n+rng.IntN(5)-2)
		case 1:
			k = 1 + rng.IntN(8)
		}
		cases = append(cases, tc{n, k})
	}
	games := map[int]rules.Game{}
	for _, c := range cases {
		g, ok := games[c.k]
		if !ok {
			g = coinCode(t, c.k)
			games[c.k] = g
		}
		a, _, err := answerRing(t.Context(), g, c.n)
		if err != nil {
			t.Fatalf("n = %d, k = %d: %v", c.n, c.k, err)
		}
		if a.FirstPlayerWins != published(c.n, c.k) {
			t.Fatalf("n = %d, k = %d: first player wins %v, the published solution says %v", c.n, c.k, a.FirstPlayerWins, published(c.n, c.k))
		}
	}
}

// ringGame is the coin ring of HDU 3951 from its definition, apart from
// sgtab: the rows' SG values (a move takes 1 to k adjacent coins of a row
// of m, leaving the coins on either side as up to two rows; when distinct,
// two rows left must differ in length), and for a ring of n, its value
// (the options: the row of n − j after taking j coins, nothing after
// taking all) and the ring sizes j of its first moves to a lost position.
type ringGame struct {
	k        int
	distinct bool
	row      []uint32
}

func newRingGame(k, n int, distinct bool) *ringGame {
	g := &ringGame{k: k, distinct: distinct, row: make([]uint32, n+1)}
	for m := 1; m <= n; m++ {
		seen := map[uint32]bool{}
		for take := 1; take <= min(k, m); take++ {
			for left := 0; left+take <= m; left++ {
				right := m - take - left
				if distinct && left > 0 && left == right {
					continue
				}
				seen[g.row[left]^g.row[right]] = true
			}
		}
		for seen[g.row[m]] {
			g.row[m]++
		}
	}
	return g
}

// ring returns the value of the ring of n and the takes that win it.
func (g *ringGame) ring(n int) (uint32, []int) {
	seen := map[uint32]bool{}
	var wins []int
	for take := 1; take <= min(g.k, n); take++ {
		seen[g.row[n-take]] = true
		if g.row[n-take] == 0 {
			wins = append(wins, take)
		}
	}
	v := uint32(0)
	for seen[v] {
		v++
	}
	return v, wins
}

// TestCoinRingsAgainstDefinition answers every coin ring with k ≤ 8 up to
// 200 coins, and the rings of k = 10^9 there, as query does — from the
// config, computed, and from a stored table of 0..64, past which the
// mirror strategy (lost) or the whole take (won) answers, saying so — and
// checks each against the game from its definition: who wins, the value
// where the answer gives one, and the winning moves.
func TestCoinRingsAgainstDefinition(t *testing.T) {
	const far = 200
	for _, k := range []int{1, 2, 3, 4, 5, 6, 7, 8, 1e9} {
		def := newRingGame(min(k, far), far, false)
		g := coinRing(t, k)
		tab, err := compute.Sequence(t.Context(), g, mirrorQuerySize, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		stored, err := Family{}.Source(g, &export.File{Kind: export.KindTable, Table: tab}, "coin-ring.parquet")
		if err != nil {
			t.Fatal(err)
		}
		if err := stored.Prepare(t.Context(), far); err != nil {
			t.Fatal(err)
		}
		for n := 1; n <= far; n++ {
			want, wins := def.ring(n)
			computed, pos, err := answerRing(t.Context(), g, n)
			if err != nil {
				t.Fatalf("k = %d, n = %d: %v", k, n, err)
			}
			checkRing(t, k, n, computed, pos, want, wins)
			pos = positions.Position{{Ref: &positions.Ref{Name: "coin-ring.parquet", Source: stored}, Component: positions.Component{N: n}}}
			a, err := positions.Solve(pos)
			if err != nil {
				t.Fatalf("k = %d, n = %d, from 0..%d: %v", k, n, mirrorQuerySize, err)
			}
			checkRing(t, k, n, a, pos, want, wins)
			if k >= 2 && n > mirrorQuerySize && len(a.ProvedBy) != 1 {
				t.Errorf("k = %d, n = %d: answered past the table without the argument: %+v", k, n, a)
			}
		}
	}
}

// checkRing checks the answer a to the ring of n (the position pos) of the
// coin ring with k against its value want and winning takes wins.
func checkRing(t *testing.T, k, n int, a positions.Answer, pos positions.Position, want uint32, wins []int) {
	t.Helper()
	if a.FirstPlayerWins != (want != 0) || !a.Outcomes && a.SG[0] != uint64(want) {
		t.Fatalf("k = %d, n = %d: %+v, want SG_ring %d", k, n, a, want)
	}
	var takes []int
	for m := range positions.WinningMoves(pos, a) {
		takes = append(takes, m.Take)
	}
	if !slices.Equal(takes, wins) || a.Count != int64(len(wins)) {
		t.Fatalf("k = %d, n = %d: winning takes %v (count %d), want %v", k, n, takes, a.Count, wins)
	}
}

// TestRingMutations checks rings outside the mirror's hypotheses: splits
// into rows of different lengths only (no symmetric split), and k = 1
// (rows of two coins never split evenly). Each is answered by other means
// — its table, or its rows' proved period — and never by the argument.
func TestRingMutations(t *testing.T) {
	yaml := "name: distinct\nmoves:\n  - take: {min: 1, max: 1000000000}\n    leave: [0, 1, 2]\n    distinct: true\nstart: ring\n"
	games, err := rules.Parse(strings.NewReader(yaml), "distinct.yaml")
	if err != nil {
		t.Fatal(err)
	}
	def := newRingGame(300, 300, true)
	for n := 1; n <= 300; n += 7 {
		a, _, err := answerRing(t.Context(), games[0], n)
		if err != nil {
			t.Fatal(err)
		}
		if want, _ := def.ring(n); a.SG[0] != uint64(want) || a.Outcomes || len(a.ProvedBy) > 0 {
			t.Fatalf("distinct splits, n = %d: %+v, want SG_ring %d from the table", n, a, want)
		}
	}
	// k = 1: the rings' period, from the rows' proved period.
	a, _, err := answerRing(t.Context(), coinRing(t, 1), 999999999)
	if err != nil {
		t.Fatal(err)
	}
	if !a.FirstPlayerWins || len(a.ProvedBy) > 0 || !slices.Equal(a.FromPeriod, []int{1}) || a.Count != 1 {
		t.Errorf("k = 1, n = 999999999: %+v, want won from the proved period, one winning move", a)
	}
}

// TestRingTakenWholeNotInSum checks that a ring known won only by taking
// it whole is refused in a sum, which needs its SG value, and that one
// proved lost takes part in a sum as the value 0.
func TestRingTakenWholeNotInSum(t *testing.T) {
	whole := coinRing(t, 1e9)
	src, err := Family{}.Source(whole, nil, "coin-ring.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := src.Prepare(t.Context(), 1e9); err != nil {
		t.Fatal(err)
	}
	ref := &positions.Ref{Name: "coin-ring.yaml", Source: src}
	pos := positions.Position{{Ref: ref, Component: positions.Component{N: 1e9}}, {Ref: ref, Component: positions.Component{N: 5}}}
	if err := positions.Check(pos); err == nil || !strings.Contains(err.Error(), "a query takes such a ring alone") {
		t.Errorf("a sum with a ring taken whole: %v, want it refused", err)
	}
	lost := coinRing(t, 3)
	a, _, err := answerRing(t.Context(), lost, 1e9)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	a.WriteText(&b, false, nil)
	want := "position 1000000000\n  heap 1: 1000000000 in coin-ring, SG 0, proved by " + "Tweedledum–Tweedledee mirror strategy (Winning Ways): " +
		"every first move leaves a row that the opponent takes whole or splits into two equal rows\n" +
		"  nim-sum 0: the player to move loses (the second player wins)\n"
	if b.String() != want {
		t.Errorf("k = 3, n = 10^9:\n%s\nwant\n%s", b.String(), want)
	}
}

// BenchmarkHDU3951Max answers the judge's largest cases as query does,
// each from nothing (the config's game): n = k = 10^9 (won by taking the
// whole ring), and n = 10^9 with k = 10^9 − 1 (lost: the mirror).
func BenchmarkHDU3951Max(b *testing.B) {
	for _, k := range []int{1e9, 1e9 - 1} {
		g := coinRing(b, k)
		b.Run(fmt.Sprintf("k=%d", k), func(b *testing.B) {
			for b.Loop() {
				if a, _, err := answerRing(b.Context(), g, 1e9); err != nil || a.FirstPlayerWins != published(1e9, k) {
					b.Fatal(a, err)
				}
			}
		})
	}
}
