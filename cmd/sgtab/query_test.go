package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/positions"
)

// TestPerHeapExample runs examples/per-heap-positions.txt from the
// repository's root, as its comment says: S-Nim with a subtraction set per
// heap. The first position is won with two moves, the other two are lost.
func TestPerHeapExample(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"query", "-json", "-positions", "examples/per-heap-positions.txt"}, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d: %s", code, stderr.String())
	}
	var got []string
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		var a positions.Answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%v:%d", a.FirstPlayerWins, a.Count))
	}
	if want := []string{"true:2", "false:0", "false:0"}; !slices.Equal(got, want) {
		t.Errorf("answers %v, want %v", got, want)
	}
}

// A limitWriter takes n bytes, then fails every write, as a pipe whose
// reader has gone does.
type limitWriter struct{ n int }

func (w *limitWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		w.n = 0
		return 0, errors.New("broken pipe")
	}
	w.n -= len(p)
	return len(p), nil
}

// TestQueryMovesStreamed checks that query lists the winning moves of a
// heap as it finds them, holding none: a heap of Kayles of 10^7 has
// 833,338, and a reader that goes away after 64 KiB of them stops query
// after allocating a few megabytes, not the hundreds that holding them
// takes.
func TestQueryMovesStreamed(t *testing.T) {
	chdir(t)
	for _, args := range [][]string{
		{"query", "-moves", "-1", "kayles.yaml", "10000000"},
		{"query", "-json", "-moves", "1000000000", "kayles.yaml", "10000000"},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var stderr bytes.Buffer
		code := run(t.Context(), args, &limitWriter{n: 64 << 10}, &stderr)
		runtime.ReadMemStats(&after)
		if code != 1 || !strings.Contains(stderr.String(), "broken pipe") {
			t.Errorf("%v: status %d, stderr %q; want 1 and the write error", args, code, stderr.String())
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 16<<20 {
			t.Errorf("%v: allocated %d MiB to write 64 KiB of moves", args, alloc>>20)
		}
	}
}

// TestQueryRefusesLongComputation asks for a heap of 2^31 − 1 of 0.(F)
// (take any number, leaving up to three heaps), whose table would take
// thousands of days, whose period no theorem proves and which sparse space
// does not speed up: query refuses at once, before allocating any of the
// table, saying how long it would take and which heaps it can answer, as
// run does; a heap it can answer is answered.
func TestQueryRefusesLongComputation(t *testing.T) {
	chdir(t)
	if err := os.WriteFile("tail3.yaml", []byte("code: \"0.(F)\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code, stdout, stderr := sgtab(t, "query", "tail3.yaml", "2147483647")
	runtime.ReadMemStats(&after)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "computing SG(0..2147483647) to answer heap 2147483647 takes about") ||
		!strings.Contains(stderr, "no theorem can prove its period") || !strings.Contains(stderr, "ask for heaps up to ") {
		t.Errorf("status %d\n%s%s", code, stdout, stderr)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
		t.Errorf("the refusal allocated %d bytes", n)
	}
	if code, stdout, stderr := sgtab(t, "query", "tail3.yaml", "100"); code != 0 || !strings.Contains(stdout, "heap 1: 100 in tail3") {
		t.Errorf("heap 100: status %d\n%s%s", code, stdout, stderr)
	}
	// Wythoff's game with a knight's move added, which no theorem solves,
	// on the largest board: its points are refused, as run -heaps auto
	// refuses the board.
	knight := "lattice:\n  size: [16384, 16384]\n  moves:\n    - {step: [-1, 0], repeat: true}\n    - {step: [0, -1], repeat: true}\n    - {step: [-1, -1], repeat: true}\n    - {step: [-1, -2]}\n"
	if err := os.WriteFile("knight.yaml", []byte(knight), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, stdout, stderr := sgtab(t, "query", "knight.yaml", "5,7"); code != 1 || !strings.Contains(stderr, "knight.yaml: computing its board of 16384×16384 takes about") ||
		!strings.Contains(stderr, "make its board smaller in its config") || strings.Contains(stderr, "-heaps auto") {
		t.Errorf("a huge board: status %d\n%s%s", code, stdout, stderr)
	}
}

// TestQueryMisereBounds bounds the misère search of a sum of wild heaps
// (Dawson's Kayles, misère, heaps 40 to 43, which passes the search's
// default bound of 2·10⁶ positions after seconds) with -max-steps and
// -max-positions: it stops at the bound given, saying which and how to
// raise it, where those flags bounded quotients only and the search ran
// on to its own defaults.
func TestQueryMisereBounds(t *testing.T) {
	chdir(t)
	writeFiles(t, map[string]string{"dkm.yaml": "name: dkm\ncode: \"0.07\"\nplay: misere\n"})
	for _, tc := range []struct{ flag, want string }{
		{"-max-steps", "heaps 40 41 42 43 in misère play: the misère search would visit more than 100000 options, its step bound (-max-steps raises it)"},
		{"-max-positions", "heaps 40 41 42 43 in misère play: the misère search would remember more than 100000 positions, its memory bound (-max-positions raises it)"},
	} {
		code, _, stderr := sgtab(t, "query", tc.flag, "1e5", "dkm.yaml", "40", "41", "42", "43")
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("query %s 1e5: status %d, %s\nwant %q", tc.flag, code, stderr, tc.want)
		}
	}
}

// TestQueryCoinRings answers HDU 3951 (a ring of n coins, a move taking 1
// to k adjacent ones) for every n up to 12 and k up to 5 from one config,
// its k set on the command line (-set code=0.7{k}), against the problem's
// known rule: the first player wins exactly when k ≥ n, or k = 1 and n is
// odd (with k ≥ 2 and n > k, the second player answers by leaving two
// equal rows and mirrors). A config of several games is answered by the
// game chosen with -game, and refused without, naming its games.
func TestQueryCoinRings(t *testing.T) {
	config, err := filepath.Abs("../../configs/coin-ring-2.yaml")
	if err != nil {
		t.Fatal(err)
	}
	chdir(t)
	var rings strings.Builder
	for n := 1; n <= 12; n++ {
		fmt.Fprintln(&rings, n)
	}
	writeFiles(t, map[string]string{"rings.txt": rings.String()})
	for k := 1; k <= 5; k++ {
		code, stdout, stderr := sgtab(t, "query", "-json", "-positions", "rings.txt", "-set", fmt.Sprintf("code=0.7{%d}", k), config)
		if code != 0 {
			t.Fatalf("k = %d: status %d\n%s", k, code, stderr)
		}
		sc := bufio.NewScanner(strings.NewReader(stdout))
		for n := 1; sc.Scan(); n++ {
			var a positions.Answer
			if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
				t.Fatal(err)
			}
			if want := k >= n || k == 1 && n%2 == 1; a.FirstPlayerWins != want {
				t.Errorf("ring of %d, take 1 to %d: first player wins %v, want %v", n, k, a.FirstPlayerWins, want)
			}
		}
	}
	code, _, stderr := sgtab(t, "query", "games.yaml", "5")
	if want := "games.yaml holds 3 games (kayles, grundy, ring-3): choose one with -game NAME"; code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("a config of three games: status %d, %s", code, stderr)
	}
	code, stdout, stderr := sgtab(t, "query", "-game", "ring-3", "games.yaml", "5")
	if code != 0 || !strings.Contains(stdout, "in ring-3") {
		t.Errorf("-game ring-3: status %d\n%s%s", code, stdout, stderr)
	}
}

// TestQueryMisereBeyondTable answers single heaps of misère Bash (take 1
// to 3) far past 2^40 from the proved period of its outcomes, where they
// were refused as too large: the player to move loses exactly when n ≡ 1
// (mod 4) (Winning Ways, ch. 13: misère subtraction {1, 2, 3}), and wins
// by taking (n − 1) mod 4, leaving a heap ≡ 1.
func TestQueryMisereBeyondTable(t *testing.T) {
	config, err := filepath.Abs("../../configs/bash-misere.yaml")
	if err != nil {
		t.Fatal(err)
	}
	chdir(t)
	for _, n := range []int64{1 << 50, 1<<50 + 1, 1<<50 + 2, 1<<50 + 3, 1e18} {
		code, stdout, stderr := sgtab(t, "query", "-json", config, fmt.Sprint(n))
		var a positions.Answer
		if code != 0 || json.Unmarshal([]byte(stdout), &a) != nil {
			t.Fatalf("heap %d: status %d\n%s%s", n, code, stdout, stderr)
		}
		lost := n%4 == 1
		if a.FirstPlayerWins == lost || !a.Misere {
			t.Errorf("heap %d: first player wins %v, want %v", n, a.FirstPlayerWins, !lost)
		}
		if !lost && (a.Count != 1 || int64(a.WinningMoves[0].Take) != (n-1)%4) {
			t.Errorf("heap %d: winning moves %+v, want one taking %d", n, a.WinningMoves, (n-1)%4)
		}
	}
}
