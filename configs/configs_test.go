package configs_test

import (
	"bytes"
	"io/fs"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/script"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/configs"
	"github.com/sgtab/sgtab/graph"
	"github.com/sgtab/sgtab/rules"
)

// TestConfigs parses every bundled config and computes it at a small size,
// so that the examples never go stale. Each config must state its rule, a
// source and a known result in its comment.
func TestConfigs(t *testing.T) {
	names, err := fs.Glob(configs.FS, "*.yaml")
	if err != nil || len(names) < 15 {
		t.Fatalf("found %d bundled configs (%v), want at least 15", len(names), err)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			data, err := configs.FS.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			games, err := rules.Parse(bytes.NewReader(data), name)
			if err != nil {
				t.Fatal(err)
			}
			for _, word := range []string{"Source:", "Known result:"} {
				if !strings.Contains(string(data), word) {
					t.Errorf("%s: the comment lacks %q", name, word)
				}
			}
			for _, g := range games {
				var err error
				if g.Graph != nil && g.Graph.Play != "" {
					_, err = graph.Load(g.Graph)
				} else if g.Graph != nil {
					var ng *graph.Named
					if ng, err = graph.Load(g.Graph); err == nil {
						_, err = graphgame.GraphValues(t.Context(), ng.Graph)
					}
				} else if g.State != "" {
					_, _, err = classical.Solve(t.Context(), g)
				} else if g.Script != nil {
					_, _, err = script.Table(t.Context(), g, sg.Options{})
				} else if g.Lattice != nil {
					_, err = compute.Lattice(t.Context(), g, sg.Options{})
				} else {
					_, err = compute.Sequence(t.Context(), g, 200, sg.Options{})
				}
				if err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestKnownResults computes every bundled config at its own size and checks
// the period and standing its comment states.
func TestKnownResults(t *testing.T) {
	type known struct {
		status        sg.Status
		period        int
		saltus        uint32
		lastException int
	}
	want := map[string]known{
		"nim.yaml":                       {sg.Proved, 1, 1, -1},
		"bash-3.yaml":                    {sg.Proved, 4, 0, -1},
		"subtraction-1-3-4.yaml":         {sg.Proved, 7, 0, -1},
		"s-nim-2-5.yaml":                 {sg.Proved, 7, 0, -1},
		"laskers-nim.yaml":               {sg.Proved, 4, 4, 0},
		"grundy.yaml":                    {sg.None, 0, 0, -1},
		"octal-0.77-kayles.yaml":         {sg.Proved, 12, 0, 70},
		"octal-0.07-dawsons-kayles.yaml": {sg.Proved, 34, 0, 52},
		"octal-0.137-dawsons-chess.yaml": {sg.Proved, 34, 0, 51},
		"octal-0.6-officers.yaml":        {sg.None, 0, 0, -1},
		"octal-0.1777.yaml":              {sg.None, 0, 0, -1},
		"octal-0.007-treblecross.yaml":   {sg.None, 0, 0, -1},
		"take-then-split.yaml":           {sg.Proved, 1, 1, -1},
		"coin-ring-1.yaml":               {sg.Proved, 2, 0, -1},
		"coin-ring-2.yaml":               {sg.Proved, 12, 0, 70},
		"coin-ring-3.yaml":               {sg.None, 0, 0, -1},
		"bash-misere.yaml":               {sg.Proved, 4, 0, -1},
		"take-p-q-misere.yaml":           {sg.Proved, 6, 0, -1},
	}
	// Lattice games: the rule each comment states, point by point.
	phi := (1 + math.Sqrt(5)) / 2
	wythoffLosing := map[[2]int]bool{}
	for k := 0; float64(k)*phi < 2000; k++ {
		a, b := int(math.Floor(float64(k)*phi)), int(math.Floor(float64(k)*phi*phi))
		wythoffLosing[[2]int{a, b}], wythoffLosing[[2]int{b, a}] = true, true
	}
	lattices := map[string]func(x, y int, sg uint32) bool{
		"wythoff.yaml": func(x, y int, sg uint32) bool { return (sg == 0) == wythoffLosing[[2]int{x, y}] },
		"euclid.yaml": func(x, y int, sg uint32) bool {
			a, b := max(x, y), min(x, y)
			return (sg == 0) == (b == 0 || b < a && float64(a) < phi*float64(b))
		},
		"corner-walk.yaml": func(x, y int, sg uint32) bool {
			switch {
			case x%2 == 0 && y%2 == 0:
				return sg == 0
			case x%2 == 1 && y%2 == 1:
				return sg == 2
			case (x%2 == 1) == (x > y):
				return sg == 1 // the odd coordinate is the larger
			default:
				return sg == 3
			}
		},
	}
	names, _ := fs.Glob(configs.FS, "*.yaml")
	for _, name := range names {
		if strings.HasPrefix(name, "script-") {
			continue // scripted games: script_test.go
		}
		if check, ok := lattices[name]; ok {
			data, _ := configs.FS.ReadFile(name)
			games, err := rules.Parse(bytes.NewReader(data), name)
			if err != nil {
				t.Fatal(err)
			}
			var tab *sg.LatticeTable
			if games[0].State != "" {
				_, tab, err = classical.Solve(t.Context(), games[0])
			} else {
				tab, err = compute.Lattice(t.Context(), games[0], sg.Options{})
			}
			if err != nil {
				t.Fatal(err)
			}
			for y := range tab.H {
				for x := range tab.W {
					if !check(x, y, tab.At(x, y)) {
						t.Fatalf("%s: SG(%d, %d) = %d breaks the known result", name, x, y, tab.At(x, y))
					}
				}
			}
			continue
		}
		if name == "calendar.yaml" || name == "hdu3389-boxes.yaml" {
			ng, sg := graphValues(t, name)
			for v := range ng.Nodes() {
				var ok bool
				if name == "calendar.yaml" {
					d, _ := time.Parse(time.DateOnly, ng.Name(v))
					m, day := int(d.Month()), d.Day()
					ok = (sg[v] != 0) == ((m+day)%2 == 0 || m == 9 && day == 30 || m == 11 && day == 30)
				} else {
					b := ng.Ints[v] % 6
					ok = sg[v] == map[bool]uint32{true: 1, false: 0}[b == 0 || b == 2 || b == 5]
				}
				if !ok {
					t.Fatalf("%s: node %s (SG %d) breaks the known result", name, ng.Name(v), sg[v])
				}
			}
			continue
		}
		if name == "hdu1564-board-walk.yaml" {
			// From a corner of the n×n board the first player wins
			// exactly when n is even: by the matching engine on boards
			// up to 16×16, by the grid rule up to 10^4 × 10^4.
			for n := 1; n <= 16; n++ {
				if win := cornerWins(t, n); win != (n%2 == 0) {
					t.Fatalf("%s: the %d×%d board's corner: first player wins %v", name, n, n, win)
				}
			}
			for _, n := range []int{1, 2, 99, 100, 9999, 10000} {
				if win, _ := graphgame.GridGeography(n, n, 0, 0); win != (n%2 == 0) {
					t.Fatalf("%s: the %d×%d board's corner: first player wins %v", name, n, n, win)
				}
			}
			continue
		}
		if name == "fibonacci-nim.yaml" {
			data, _ := configs.FS.ReadFile(name)
			games, err := rules.Parse(bytes.NewReader(data), name)
			if err != nil {
				t.Fatal(err)
			}
			tab, _, err := classical.Solve(t.Context(), games[0])
			if err != nil {
				t.Fatal(err)
			}
			fib := map[int]bool{}
			for a, b := 1, 2; a <= tab.N(); a, b = b, a+b {
				fib[a] = true
			}
			for n := 1; n <= tab.N(); n++ {
				if (tab.G.At(n) == 0) != fib[n] {
					t.Fatalf("%s: heap %d breaks the known result", name, n)
				}
			}
			continue
		}
		k, ok := want[name]
		if !ok {
			t.Errorf("%s: no known result in this test", name)
			continue
		}
		data, _ := configs.FS.ReadFile(name)
		games, err := rules.Parse(bytes.NewReader(data), name)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := compute.Sequence(t.Context(), games[0], games[0].Heaps, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		a := tab.Analysis
		got := known{a.Status, a.Period.Length, a.Period.Saltus, a.Period.LastException()}
		if a.Status == sg.None {
			got.lastException = -1
		}
		if got != k {
			t.Errorf("%s: %+v, want %+v", name, got, k)
		}
	}
}

// TestSweeps parses every bundled sweep config (configs/sweeps) and
// expands it.
func TestSweeps(t *testing.T) {
	paths, err := filepath.Glob("sweeps/*.yaml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no bundled sweeps: %v", err)
	}
	for _, path := range paths {
		s, err := rules.LoadSweep(path)
		if err != nil {
			t.Fatal(err)
		}
		games, _, err := s.Games()
		if err != nil || len(games) == 0 {
			t.Errorf("%s: %d games, %v", path, len(games), err)
		}
	}
}

// TestFind checks that a bundled config is found by its game's name and
// by its file's name, and that another name is refused.
func TestFind(t *testing.T) {
	for _, name := range []string{"kayles", "octal-0.77-kayles", "octal-0.77-kayles.yaml"} {
		file, config, err := configs.Find(name)
		if err != nil || file != "octal-0.77-kayles.yaml" || !bytes.Contains(config, []byte(`code: "0.77"`)) {
			t.Errorf("Find(%q) = %q, %d bytes, %v; want octal-0.77-kayles.yaml", name, file, len(config), err)
		}
	}
	if _, _, err := configs.Find("chess"); err == nil || err.Error() != `no bundled game "chess" (sgtab list lists them)` {
		t.Errorf("Find(chess): %v", err)
	}
}
