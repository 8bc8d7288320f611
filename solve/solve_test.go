package solve

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute/search"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/sweep"
)

func run(t *testing.T, req Request) string {
	t.Helper()
	var out bytes.Buffer
	if err := Run(context.Background(), req, &out); err != nil {
		t.Fatalf("%+v: %v", req, err)
	}
	return out.String()
}

// Beling's table of Cram nimbers (github.com/beling/impartial-games,
// README, "Cram (under the normal play convention)"): the boards of at
// most 30 cells here, with SGTAB_LONG=1 those of 4 and 5 rows up to 35.
func TestCramTable(t *testing.T) {
	spec, want := "4..5x4..6", `cram nimbers, rows 4..5 down, columns 4..6 across
         4   5   6
     4   0   2   0
     5   2   0   2
`
	if os.Getenv("SGTAB_LONG") != "" {
		spec, want = "4..5x4..7", `cram nimbers, rows 4..5 down, columns 4..7 across
         4   5   6   7
     4   0   2   0   3
     5   2   0   2   1
`
	}
	if got := run(t, Request{Game: "cram", Spec: spec}); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// The other boards of Beling's table up to 42 cells but 6×7 (→ 5, some
// minutes: docs/one-position.md gives its run); 5×8 (4 s) not under the
// race detector.
func TestCramBeling42(t *testing.T) {
	if os.Getenv("SGTAB_LONG") == "" {
		t.Skip("long: set SGTAB_LONG=1")
	}
	boards := map[string]string{"4x8": "0", "4x9": "1", "4x10": "0", "6x6": "0"}
	if !raceEnabled {
		boards["5x8"] = "1"
	}
	for spec, want := range boards {
		if out := run(t, Request{Game: "cram", Spec: spec}); !strings.Contains(out, ": nimber "+want+" ") {
			t.Errorf("%s: %s", spec, out)
		}
	}
}

func TestAnswers(t *testing.T) {
	for _, c := range []struct {
		req  Request
		want []string
	}{
		{Request{Game: "cram", Spec: "5x7"}, []string{"cram 5×7: nimber 1 (the player to move wins)", "searched "}},
		{Request{Game: "cram", Spec: "6x8"}, []string{"nimber 0", "proved without a search: both sides even"}},
		{Request{Game: "cram", Spec: "4x5"}, []string{"nimber 2", "not 0, proved: one side even"}},
		{Request{Game: "cram", Spec: "..../..../.##./....", Moves: true}, []string{"nimber 4", "winning moves: b1-c1, b2-c2, b4-c4"}},
		{Request{Game: "chomp", Spec: "8x10"}, []string{"chomp 8x10: nimber 51", "strategy stealing"}},
		{Request{Game: "chomp", Spec: "2,1", Moves: true}, []string{"nimber 0 (the player to move loses)"}},
		{Request{Game: "chomp", Spec: "3,1", Moves: true}, []string{"nimber 3", "winning moves: c1"}},
		{Request{Game: "chomp", Spec: "3x2", Moves: true}, []string{"winning moves: b3"}},
		{Request{Game: "node-kayles", Spec: "1x5", Moves: true}, []string{"nimber 3", "winning moves: c1"}},
	} {
		out := run(t, c.req)
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%+v:\n%s\nlacks %q", c.req, out, w)
			}
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "path.txt")
	os.WriteFile(path, []byte("# a path of five vertices\n0 1\n1 2\n2 3\n3 4\n"), 0o644)
	if out := run(t, Request{Game: "node-kayles", Edges: path, Moves: true}); !strings.Contains(out, "nimber 3") || !strings.Contains(out, "vertex 2") {
		t.Errorf("path from a file:\n%s", out)
	}
}

func TestRefusals(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("0 1\n1 x\n"), 0o644)
	for _, c := range []struct {
		req  Request
		want string
	}{
		{Request{Game: "cram", Spec: "9x9"}, "81 cells; at most 64"},
		{Request{Game: "cram", Spec: "..x/.q."}, "neither a size"},
		{Request{Game: "cram", Spec: "../..."}, "row 2 has 3 cells"},
		{Request{Game: "chomp", Spec: "3,4"}, "more than the row above"},
		{Request{Game: "chomp", Spec: "20x20"}, "too large"},
		{Request{Game: "go", Spec: "9x9"}, "no game \"go\""},
		{Request{Game: "node-kayles", Edges: bad}, "bad.txt:2: \"x\" is not a vertex number"},
		{Request{Game: "node-kayles", Spec: "grid"}, "not a grid size"},
	} {
		var out bytes.Buffer
		err := Run(context.Background(), c.req, &out)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.req, err, c.want)
		}
	}
}

func TestProgressReported(t *testing.T) {
	var lines []string
	run(t, Request{Game: "cram", Spec: "5x6", Every: 1, Progress: func(l string) { lines = append(lines, l) }})
	if len(lines) == 0 || !strings.Contains(lines[0], "cram 5×6: ") || !strings.Contains(lines[0], " positions in ") || !strings.Contains(lines[0], "children settled") {
		t.Fatalf("progress lines %q", lines)
	}
}

// A range kept in a table is resumed from it, and a table not signed
// with the user's key is refused.
func TestOutResumes(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	path := filepath.Join(t.TempDir(), "cram.parquet")
	first := run(t, Request{Game: "cram", Spec: "3..4x3..5", Out: path, Key: key})
	rows, meta, err := export.ReadBoards(path)
	if err != nil || len(rows) != 6 || !export.BoardsSigned(rows, meta, key) {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	for _, r := range rows {
		if r.Rows == 4 && r.Cols == 4 && (r.Nimber != 0 || !strings.Contains(r.Proof, "both sides even")) {
			t.Errorf("4×4: %+v", r)
		}
	}
	again := run(t, Request{Game: "cram", Spec: "3..4x3..6", Out: path, Key: key})
	if !strings.Contains(again, "6 boards read from "+path+", not searched again") || !strings.Contains(first, "     4   1   0   2") || !strings.Contains(again, "     4   1   0   2   0") {
		t.Errorf("resumed run:\n%s", again)
	}
	if rows, _, _ := export.ReadBoards(path); len(rows) != 8 {
		t.Errorf("%d rows after the wider range, want 8", len(rows))
	}
	var buf bytes.Buffer
	err = Run(context.Background(), Request{Game: "cram", Spec: "3..4x3..6", Out: path, Key: []byte("another key of thirty-two bytes!")}, &buf)
	if err == nil || !strings.Contains(err.Error(), "not signed with your key") {
		t.Errorf("someone else's table: %v", err)
	}
	if err := Run(context.Background(), Request{Game: "cram", Spec: "..../....", Out: path, Key: key}, &buf); err == nil {
		t.Error("-out with a drawn board was accepted")
	}
}

// Shards of a range share one table: each searches its own boards and
// keeps the others' rows; together they fill the range.
func TestShardsShareOut(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	path := filepath.Join(t.TempDir(), "cram.parquet")
	one := run(t, Request{Game: "cram", Spec: "3..4x3..5", Out: path, Key: key, Shard: sweep.Shard{I: 1, N: 2}})
	if !strings.Contains(one, "     3   ·   1   ·") {
		t.Errorf("shard 1/2 printed\n%s", one)
	}
	if rows, _, _ := export.ReadBoards(path); len(rows) != 3 {
		t.Fatalf("shard 1/2 kept %d boards, want 3", len(rows))
	}
	run(t, Request{Game: "cram", Spec: "3..4x3..5", Out: path, Key: key, Shard: sweep.Shard{I: 0, N: 2}})
	whole := run(t, Request{Game: "cram", Spec: "3..4x3..5", Out: path, Key: key})
	if !strings.Contains(whole, "6 boards read from") || !strings.Contains(whole, "     3   0   1   1") || !strings.Contains(whole, "     4   1   0   2") {
		t.Errorf("after both shards:\n%s", whole)
	}
}

// A scripted game that declares its parts is solved by the search.
func TestScript(t *testing.T) {
	out := run(t, Request{Game: "script", Config: "../configs/script-node-kayles.yaml", Spec: "12", Moves: true})
	// Dawson's chess (0.137) of 12 is 2 (OEIS A002187); the winning move
	// leaves rows of 2 and 7, whose values 1 and 1 cancel.
	if !strings.Contains(out, "node-kayles (12,): nimber 2 (the player to move wins)") || !strings.Contains(out, "winning moves: to (2, 7)\n") {
		t.Errorf("solve printed\n%s", out)
	}
	var buf bytes.Buffer
	err := Run(context.Background(), Request{Game: "script", Config: "../configs/script-kayles.yaml", Spec: "4,5"}, &buf)
	if err == nil || !strings.Contains(err.Error(), "takes N") {
		t.Errorf("two numbers for a start of one: %v", err)
	}
}

// A search stopped midway keeps what it proved beside the table of
// boards, and the same request resumes from it: the same nimber after
// fewer positions than a search from nothing, and the checkpoint gone.
// One that fails its checks is refused, not used.
func TestCheckpointResumes(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	dir := t.TempDir()
	full := filepath.Join(dir, "full.parquet")
	run(t, Request{Game: "cram", Spec: "4x9", Out: full, Key: key})
	whole, _, err := export.ReadBoards(full)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "cram.parquet")
	ckpt := filepath.Join(dir, "cram.parquet.search", "cram-4x9.parquet")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req := Request{Game: "cram", Spec: "4x9", Out: path, Key: key, Version: "test", Checkpoint: time.Hour, Every: 1}
	stopped := req
	stopped.Checkpoint = 20 * time.Millisecond // written while two workers search
	stopped.Workers = 2
	stopped.Progress = func(line string) {
		// Stopped past half the positions of a whole search.
		var nodes int64
		fmt.Sscanf(line, "cram 4×9: %d positions", &nodes)
		if nodes >= whole[0].Positions/2 {
			cancel()
		}
	}
	var buf bytes.Buffer
	err = Run(ctx, stopped, &buf)
	if err == nil || !strings.Contains(err.Error(), "is kept in "+ckpt) {
		t.Fatalf("stopped search: %v", err)
	}
	facts, err := export.ReadSearchCheckpoint(ckpt, "cram", "4x9", "test", key)
	if err != nil || len(facts) == 0 {
		t.Fatalf("checkpoint: %d facts, %v", len(facts), err)
	}
	if _, err := os.Stat(path); err == nil {
		t.Fatal("a board stopped midway went into the table")
	}
	// Another version's checkpoint is refused, and left as it is.
	other := req
	other.Version = "other"
	if err := Run(context.Background(), other, &buf); err == nil || !strings.Contains(err.Error(), "not other") || !strings.Contains(err.Error(), "move it away") {
		t.Fatalf("another version's checkpoint: %v", err)
	}
	out := run(t, req)
	if !strings.Contains(out, "1 search resumed midway from "+path+".search") {
		t.Errorf("resumed run:\n%s", out)
	}
	rows, _, err := export.ReadBoards(path)
	if err != nil || len(rows) != 1 || rows[0].Nimber != whole[0].Nimber || rows[0].Positions >= whole[0].Positions {
		t.Fatalf("resumed: %+v, %v; from nothing %+v", rows, err, whole)
	}
	t.Logf("%d facts kept; resumed after %d positions, from nothing %d", len(facts), rows[0].Positions, whole[0].Positions)
	if _, err := os.Stat(filepath.Dir(ckpt)); err == nil {
		t.Error("the checkpoint's folder is left after the board was solved")
	}
}

// TestCheckpointUnwritable blocks the checkpoint's folder with a file: a
// search that ends keeps its board all the same, and one stopped says
// that its checkpoint was not kept.
func TestCheckpointUnwritable(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	dir := t.TempDir()
	path := filepath.Join(dir, "cram.parquet")
	if err := os.WriteFile(path+".search", []byte("in the way"), 0o644); err != nil {
		t.Fatal(err)
	}
	req := Request{Game: "cram", Spec: "4x7", Out: path, Key: key, Checkpoint: time.Millisecond}
	run(t, req)
	if rows, _, err := export.ReadBoards(path); err != nil || len(rows) != 1 || rows[0].Nimber != 3 {
		t.Fatalf("the board solved with its checkpoint unwritable: %+v, %v", rows, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	req.Spec, req.Every = "5x6", 1
	req.Progress = func(string) { cancel() }
	var buf bytes.Buffer
	if err := Run(ctx, req, &buf); err == nil || !strings.Contains(err.Error(), "its checkpoint was not kept") {
		t.Errorf("stopped with its checkpoint unwritable: %v", err)
	}
}

// The winning moves said are the moves to a position whose nimber,
// found on its own by search.Nimber with a table of its own, is 0: on the
// empty boards of Cram up to 5×5 and random boards drawn on 4×5, and on
// node Kayles grids (several workers on some).
func TestWinningMovesAreTheZeroChildren(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var reqs []Request
	for _, spec := range []string{"3x5", "4x5", "3x7", "5x5"} {
		reqs = append(reqs, Request{Game: "cram", Spec: spec})
	}
	for i := 0; i < 12; i++ {
		var rows []string
		for r := 0; r < 4; r++ {
			row := []byte(".....")
			for c := range row {
				if rng.IntN(5) == 0 {
					row[c] = '#'
				}
			}
			rows = append(rows, string(row))
		}
		reqs = append(reqs, Request{Game: "cram", Spec: strings.Join(rows, "/"), Workers: 1 + i%2})
	}
	reqs = append(reqs, Request{Game: "node-kayles", Spec: "3x4"}, Request{Game: "node-kayles", Spec: "4x4", Workers: 2})
	said := 0
	for _, req := range reqs {
		req.Moves = true
		b, err := prepare(req, nil)
		if err != nil {
			t.Fatal(err)
		}
		r, err := search.Nimber(context.Background(), b.game, b.start, search.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		seen := map[uint64]bool{}
		for _, m := range b.moves() {
			if seen[m.child] {
				continue
			}
			seen[m.child] = true
			c, err := search.Nimber(context.Background(), b.game, m.child, search.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if c.Nimber == 0 {
				want = append(want, m.name)
			}
		}
		out := run(t, req)
		if r.Nimber == 0 {
			if strings.Contains(out, "winning moves") {
				t.Errorf("%s %s: nimber 0, yet %s", req.Game, req.Spec, out)
			}
			continue
		}
		if line := "winning moves: " + strings.Join(want, ", ") + "\n"; !strings.Contains(out, line) {
			t.Errorf("%s %s: said\n%s\nwant %q", req.Game, req.Spec, out, line)
		}
		said++
	}
	if said < 8 {
		t.Errorf("only %d positions with winning moves: the test tests little", said)
	}
}
