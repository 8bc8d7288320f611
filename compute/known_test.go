package compute_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// game parses a one-game YAML config or fails the test.
func game(t testing.TB, yaml string) rules.Game {
	t.Helper()
	return testenv.Game(t, yaml)
}

func sequence(t testing.TB, yaml string, n int) *sg.Table {
	t.Helper()
	tab, err := compute.Sequence(context.Background(), game(t, yaml), n, sg.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// Published sequences, offset 0.
var (
	// Kayles, octal game 0.77: OEIS A002186 (all terms shown there, n = 0..104).
	kayles = []uint32{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2, 1, 8,
		6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2,
		1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1}
	// Dawson's chess, octal game 0.137: OEIS A002187 (n = 0..125); Dawson's
	// Kayles 0.07 has the values a(n-1) (same entry, comments).
	dawsonsChess = []uint32{0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2, 7, 4,
		0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1,
		1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2,
		0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4}
	// Grundy's game: OEIS A002188 (n = 0..104).
	grundysGame = []uint32{0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4,
		1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4,
		3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3}
)

func TestPublished(t *testing.T) {
	check := func(name, yaml string, want []uint32, shift int) {
		t.Helper()
		n := len(want) - 1 + shift
		got := sequence(t, yaml, n).G.Uint32s()
		for i, w := range want {
			if g := got[i+shift]; g != w {
				t.Errorf("%s: SG(%d) = %d, want %d", name, i+shift, g, w)
			}
		}
	}
	check("kayles", `code: "0.77"`, kayles, 0)
	check("kayles-as-moves", "moves:\n  - take: [1, 2]\n    leave: [0, 1, 2]", kayles, 0)
	check("dawsons-chess", `code: "0.137"`, dawsonsChess, 0)
	check("dawsons-kayles", `code: "0.07"`, dawsonsChess, 1)
	check("grundy", "moves:\n  - split: {parts: 2, distinct: true}", grundysGame, 0)
}

// TestPeriodicTails checks long runs against the known periodic behaviour.
func TestPeriodicTails(t *testing.T) {
	const n = 5000
	// Kayles: period 12 from n = 71; the only exceptions are n = 0, 3, 6, 9,
	// 11, 15, 18, 21, 22, 28, 34, 39, 57 and 70 (OEIS A002186, formula;
	// Winning Ways ch. 4).
	g := sequence(t, `code: "0.77"`, n).G.Uint32s()
	for i := 71; i+12 <= n; i++ {
		if g[i+12] != g[i] {
			t.Fatalf("kayles: SG(%d) = %d != SG(%d) = %d", i+12, g[i+12], i, g[i])
		}
	}
	kaylesExceptions := map[int]bool{0: true, 3: true, 6: true, 9: true, 11: true, 15: true, 18: true,
		21: true, 22: true, 28: true, 34: true, 39: true, 57: true, 70: true}
	for i := range 71 {
		if exception := g[i] != g[i+120]; exception != kaylesExceptions[i] {
			t.Errorf("kayles: SG(%d) = %d, SG(%d) = %d: exception %v, want %v",
				i, g[i], i+120, g[i+120], exception, kaylesExceptions[i])
		}
	}
	// Dawson's chess: period 34, exceptions only at 0, 14, 16, 17, 31, 34, 51
	// (OEIS A002187, formula).
	g = sequence(t, `code: "0.137"`, n).G.Uint32s()
	// An exception is an n whose value differs from the periodic value.
	exceptions := map[int]bool{0: true, 14: true, 16: true, 17: true, 31: true, 34: true, 51: true}
	for i := 0; i+340 <= n; i++ {
		if exception := g[i] != g[i+340]; exception != exceptions[i] {
			t.Fatalf("dawsons-chess: SG(%d) = %d, SG(%d) = %d: exception %v, want %v",
				i, g[i], i+340, g[i+340], exception, exceptions[i])
		}
	}
	// Subtraction {1, 2, 3}: SG(n) = n mod 4 (Winning Ways ch. 4, the
	// subtraction game S(1,2,3)).
	g = sequence(t, "moves:\n  - take: [1, 2, 3]", n).G.Uint32s()
	for i, v := range g {
		if v != uint32(i%4) {
			t.Fatalf("S(1,2,3): SG(%d) = %d, want %d", i, v, i%4)
		}
	}
	// Subtraction {1, 3, 4}: period 7, 0 1 0 1 2 3 2 (Winning Ways ch. 4).
	g = sequence(t, "moves:\n  - take: [1, 3, 4]", n).G.Uint32s()
	for i, v := range g {
		if want := []uint32{0, 1, 0, 1, 2, 3, 2}[i%7]; v != want {
			t.Fatalf("S(1,3,4): SG(%d) = %d, want %d", i, v, want)
		}
	}
	// Lasker's Nim: SG(4k+1) = 4k+1, SG(4k+2) = 4k+2, SG(4k+3) = 4k+4,
	// SG(4k+4) = 4k+3 (Winning Ways ch. 4, "Lasker's Nim").
	g = sequence(t, "moves:\n  - take: {min: 1}\n  - split: {parts: 2}", n).G.Uint32s()
	for i := 1; i <= n; i++ {
		want := uint32(i)
		switch i % 4 {
		case 3:
			want++
		case 0:
			want--
		}
		if g[i] != want {
			t.Fatalf("lasker: SG(%d) = %d, want %d", i, g[i], want)
		}
	}
	// Nim: SG(n) = n (Bouton 1901).
	g = sequence(t, "moves:\n  - take: {min: 1}", n).G.Uint32s()
	for i, v := range g {
		if v != uint32(i) {
			t.Fatalf("nim: SG(%d) = %d", i, v)
		}
	}
}

// TestGrundyRare checks Grundy's game at the first rare values listed by
// A. Flammenkamp ("Sprague-Grundy values of Grundy's game", known sparse
// values): G(87) = G(90) = G(93) = 7, G(146) = 6, G(158) = 11, G(181) = 12,
// G(196) = 10, G(231) = 10.
func TestGrundyRare(t *testing.T) {
	g := sequence(t, "moves:\n  - split: {parts: 2, distinct: true}", 231).G.Uint32s()
	for n, want := range map[int]uint32{87: 7, 90: 7, 93: 7, 146: 6, 149: 6, 152: 6, 158: 11, 161: 11,
		164: 11, 167: 11, 176: 7, 181: 12, 190: 12, 193: 12, 196: 10, 231: 10} {
		if g[n] != want {
			t.Errorf("grundy: SG(%d) = %d, want %d", n, g[n], want)
		}
	}
}

// TestRing checks the coin ring of HDU 3951: remove 1..K adjacent coins from
// a ring of n. The first player wins iff K >= n, or K = 1 and n is odd (for
// K >= 2 and n > K the second player leaves two equal rows and mirrors).
func TestRing(t *testing.T) {
	for k := 1; k <= 5; k++ {
		tab := sequence(t, "start: ring\nmoves:\n  - take: {min: 1, max: "+string(rune('0'+k))+"}\n    leave: [0, 1, 2]", 300)
		for n := 1; n <= 300; n++ {
			wins := k >= n || (k == 1 && n%2 == 1)
			if (tab.Ring.At(n) != 0) != wins {
				t.Errorf("K=%d n=%d: ring SG %d, first player wins: %v", k, n, tab.Ring.At(n), wins)
			}
		}
	}
}

// TestSequenceCancel cancels Grundy's game early (in the plain pair scans)
// and later (in sparse space, guessing blocks when there are workers), with
// one worker and two.
func TestSequenceCancel(t *testing.T) {
	g := game(t, "moves:\n  - split: {parts: 2, distinct: true}")
	for _, workers := range []int{1, 2} {
		for _, after := range []time.Duration{50 * time.Millisecond, 400 * time.Millisecond} {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				_, err := compute.Sequence(ctx, g, 10_000_000, sg.Options{Workers: workers})
				done <- err
			}()
			time.Sleep(after)
			cancel()
			// A Sequence that ignored the cancellation would run to 10^7
			// and return no error, or hang until go test's timeout.
			if err := <-done; !errors.Is(err, context.Canceled) {
				t.Errorf("%d workers, cancelled after %v: Sequence returned %v, want context.Canceled", workers, after, err)
			}
		}
	}
}

func TestBatchOrder(t *testing.T) {
	games, err := rules.Parse(strings.NewReader(`games:
  - {name: a, code: "0.77", heaps: 3000}
  - {name: b, code: "0.07", heaps: 10}
  - {name: c, code: "4!.0", heaps: 2000}
  - {name: d, code: "0.6", heaps: 5}
`), "batch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2, 3, 7} {
		tabs, err := compute.Batch(t.Context(), games, sg.Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		for i, tab := range tabs {
			single := sequence(t, "code: \""+games[i].Rule.String()+"\"", games[i].Heaps)
			if tab.Game.Name != games[i].Name || tab.G.Len() != games[i].Heaps+1 {
				t.Fatalf("workers %d: table %d is %s with %d values", workers, i, tab.Game.Name, tab.G.Len())
			}
			if !tab.G.Equal(single.G) {
				t.Fatalf("workers %d: %s: values differ from the game computed alone", workers, tab.Game.Name)
			}
		}
	}
}

func TestProgress(t *testing.T) {
	var total int64
	g := game(t, `code: "0.77"`)
	_, err := compute.Sequence(t.Context(), g, 20000, sg.Options{Progress: func(d int64) { total += d }})
	if err != nil {
		t.Fatal(err)
	}
	if total != 20001 {
		t.Errorf("progress reported %d positions, want 20001", total)
	}
}
