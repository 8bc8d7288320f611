package tabulate_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/positions"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/tabulate"
)

// writeConfig writes the config text into a folder of the test's and
// returns its path.
func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.yaml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestQuerySums answers two lines of a positions file as sums of the
// config named first, one line with a heap of the config named on it:
// each answered, and a position that is not of the game named FILE:LINE.
func TestQuerySums(t *testing.T) {
	nim := writeConfig(t, "name: nim\nmoves: [{take: {min: 1}}]\nheaps: 100\n")
	var out bytes.Buffer
	q := &tabulate.Query{Positions: "positions.txt", Writer: positions.Writer{W: &out, Failed: func() error { return nil }, JSON: true, Limit: -1}}
	var set positions.Set
	q.Default = set.Named(nim, 0)
	lines := []positions.Line{{Words: []string{"1", "2", "3"}, Num: 1}, {Words: []string{"5", nim + ":7"}, Num: 3}}
	var all []positions.Position
	for _, l := range lines {
		pos, err := set.Parse(l.Words, q.Default, l.Num, "")
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, pos)
	}
	if err := q.Sums(context.Background(), set.Refs(), nil, all, lines); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(got) != 2 || !strings.Contains(got[0], `"value":0,`) || !strings.Contains(got[1], `"value":2,`) {
		t.Errorf("answers:\n%s\nwant nim-sums 0 and 2", out.String())
	}

	pos, err := set.Parse([]string{"3,4"}, q.Default, 4, "")
	if err != nil {
		t.Fatal(err)
	}
	err = q.Sums(context.Background(), set.Refs(), nil, []positions.Position{pos}, []positions.Line{{Words: []string{"3,4"}, Num: 4}})
	if err == nil || !strings.HasPrefix(err.Error(), "positions.txt:4: ") {
		t.Errorf("a point of a heap game: %v, want the problem of positions.txt:4", err)
	}
}

// TestQueryManyGames checks that a query of a config of several games
// names them, and that a Choice chooses one.
func TestQueryManyGames(t *testing.T) {
	path := writeConfig(t, "games:\n  - {name: nim, moves: [{take: {min: 1}}]}\n  - {name: kayles, code: \"0.77\"}\n")
	var set positions.Set
	r := set.Named(path, 0)
	r.Need = 5
	err := tabulate.OpenSource(context.Background(), r, false, tabulate.Choice{}.Load, tabulate.Options{})
	if want := path + " holds 2 games (nim, kayles): choose one with -game NAME"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	if err := tabulate.OpenSource(context.Background(), r, false, tabulate.Choice{Game: "kayles"}.Load, tabulate.Options{}); err != nil {
		t.Fatal(err)
	}
	if v, _ := r.Source.Value(positions.Component{N: 5}); r.Source.Game().Name != "kayles" || v != 4 {
		t.Errorf("source %s, SG(5) = %d; want kayles's, 4", r.Source.Game().Name, v)
	}
}

// TestIsStoredTable checks that a query tells stored tables from configs
// by their extension.
func TestIsStoredTable(t *testing.T) {
	for path, want := range map[string]bool{"t.parquet": true, "t.arrow": true, "t.csv": true, "t.yaml": false, "parquet": false} {
		if got := tabulate.IsStoredTable(path); got != want {
			t.Errorf("IsStoredTable(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestQuotientOf checks the errors of a misère quotient: stopped before
// or during its heaps, it says how far it got and why; past a bound, the
// flag that raises it.
func TestQuotientOf(t *testing.T) {
	games, err := rules.Parse(strings.NewReader("name: kayles\ncode: \"0.77\"\n"), "k.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(t.Context())
	cancel(errors.New("interrupted (SIGTERM)"))
	_, err = tabulate.QuotientOf(ctx, games[0], 8, misere.QuotientLimits{})
	if want := "kayles: the misère quotient of the heaps 1..8 stopped before its first heap: interrupted (SIGTERM)"; err == nil || err.Error() != want {
		t.Errorf("stopped: %v, want %q", err, want)
	}
	_, err = tabulate.QuotientOf(context.Background(), games[0], 30, misere.QuotientLimits{Steps: 1000})
	if err == nil || !strings.HasSuffix(err.Error(), "; -max-steps raises it") {
		t.Errorf("past its bound of steps: %v, want the flag that raises it", err)
	}
	q, err := tabulate.QuotientOf(context.Background(), games[0], 6, misere.QuotientLimits{})
	if err != nil || q.Order < 2 {
		t.Errorf("kayles's heaps 1..6: %v, %v", q, err)
	}
}
