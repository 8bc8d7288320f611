package tabulate

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/rules"
)

// TestCheckCost checks what run says before a long computation that nothing
// can shorten: with -heaps auto up to the default cap it refuses, naming
// -cap and a size that takes minutes; with a size chosen, it warns.
func TestCheckCost(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := os.WriteFile("g.yaml", []byte("name: tail3\ncode: \"0.(F)\"\nheaps: 100000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := LoadGames([]string{"g.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	err = checkCost(games, 2, true, false, &stderr)
	if err == nil || !strings.Contains(err.Error(), "choose how far to go with -cap N (-cap ") {
		t.Errorf("auto to the default cap: %v", err)
	}
	if err := checkCost(games, 2, false, false, &stderr); err != nil || !strings.Contains(stderr.String(), "warning: tail3: computing SG(0..100000) takes about") {
		t.Errorf("a chosen size: %v, %q", err, stderr.String())
	}
	// Kayles may prove its period, Grundy's game use sparse space: no word.
	stderr.Reset()
	for _, code := range []string{"0.77", "4!.0"} {
		games[0].Rule, _ = rules.ParseCode(code, 0)
		if err := checkCost(games, 2, true, false, &stderr); err != nil || stderr.Len() > 0 {
			t.Errorf("%s: %v, %q", code, err, stderr.String())
		}
	}
}

// TestCheckCostLatticeAndState checks what run says, on one worker, before
// a lattice or built-in game that takes more than ten minutes (Wythoff's
// game on the largest board, 2^14×2^14, Fibonacci Nim to 2^24, Euclid's
// game to 40000), from their estimates alone: a size chosen is warned of,
// and with -heaps auto, whatever -cap says, the game is refused with a
// size of its config that takes minutes. Their bundled sizes are not
// spoken of.
func TestCheckCostLatticeAndState(t *testing.T) {
	wythoff := func(w, h int) rules.Game {
		return rules.Game{Name: "wythoff", Lattice: &rules.Lattice{Size: [2]int{w, h}, Steps: []rules.Step{
			{D: [2]int{-1, 0}, Repeat: true}, {D: [2]int{0, -1}, Repeat: true}, {D: [2]int{-1, -1}, Repeat: true}}}}
	}
	for _, tc := range []struct {
		game         rules.Game
		warn, refuse string
	}{
		{wythoff(1<<14, 1<<14), "warning: wythoff: computing its board of 16384×16384 takes about",
			"; make its board smaller in its config (size: ["},
		{rules.Game{Name: "fib", State: "fibonacci-nim", Heaps: 1 << 24}, "warning: fib: computing its 16.8M positions (heaps: 16777216) takes about",
			"; make it smaller in its config (heaps: "},
		{rules.Game{Name: "euclid", State: "euclid", Heaps: 40000}, "warning: euclid: computing its 1.6G positions (heaps: 40000) takes about",
			"; make it smaller in its config (heaps: "},
		{wythoff(1000, 1000), "", ""},
		{rules.Game{Name: "fib", State: "fibonacci-nim", Heaps: 10000}, "", ""},
		{rules.Game{Name: "euclid", State: "euclid", Heaps: 300}, "", ""},
	} {
		var stderr bytes.Buffer
		games := []rules.Game{tc.game}
		if err := checkCost(games, 1, false, false, &stderr); err != nil || tc.warn == "" && stderr.Len() > 0 || !strings.Contains(stderr.String(), tc.warn) {
			t.Errorf("%s, a size chosen: %v, %q", tc.game.Name, err, stderr.String())
		}
		for _, capSet := range []bool{false, true} {
			stderr.Reset()
			err := checkCost(games, 1, true, capSet, &stderr)
			if tc.refuse == "" && err != nil || tc.refuse != "" && (err == nil || !strings.Contains(err.Error(), tc.refuse)) || stderr.Len() > 0 {
				t.Errorf("%s, -heaps auto (-cap set: %v): %v, %q", tc.game.Name, capSet, err, stderr.String())
			}
		}
	}
}

// checkCost runs CheckCosts as run does, with workers workers,
// -heaps auto or not and -cap set or not, saying what it says on w.
func checkCost(games []rules.Game, workers int, auto, capSet bool, w io.Writer) error {
	return CheckCosts(games, Options{Workers: workers, Auto: auto, CapSet: capSet},
		func(format string, args ...any) { fmt.Fprintf(w, format, args...) })
}
