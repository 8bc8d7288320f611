// Package solve is sgtab's solve command: the nimber of one large
// position of Cram, Chomp, node Kayles or a scripted game, found by
// pruned search (package compute/search) rather than by a table of every
// position, with the winning moves, the work it took, and the symmetry
// proofs that decide some boards without a search. A range of sizes
// gives a table of boards, one search each, sharing what they find where
// the boards' layouts agree; kept in a table of boards (Request.Out), a
// range resumes where it stopped, a board's search from its checkpoint
// (Request.Checkpoint), and the range is shared out among the tasks of a
// job array (Request.Shard).
package solve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/sgtab/sgtab/compute/search"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
)

// Games lists the games solve knows.
var Games = []string{"cram", "chomp", "node-kayles", "script"}

// Request is what to solve and how.
type Request struct {
	Game    string // one of Games
	Spec    string // a size (5x8), a range of sizes (4..7x4..12), or a position
	Edges   string // node-kayles: a file of edges, one "a b" a line, instead of a grid
	Config  string // script: the config of a scripted game; Spec is then N or N,M
	Workers int
	Memory  int64 // bound on the transposition table's bytes
	Moves   bool  // list the winning moves
	// Out, for a range of sizes, is a Parquet table of the boards
	// (export.WriteBoards), written again after each board; a table
	// there already, signed with Key, is resumed from: its boards are
	// not searched again.
	Out     string
	Key     []byte // the user's key (family.LoadKey) signing Out
	Version string // sgtab's version, written in Out
	// Shard, for a range, chooses the boards this process searches:
	// those whose place in the range, row by row, is I modulo N. The
	// shards of a Slurm job array or a Kubernetes Indexed Job share one
	// Out, each adding its boards under a lock.
	Shard sweep.Shard
	// Progress, if set, receives a line about a running search now and
	// then (for a terminal).
	Progress func(line string)
	Every    time.Duration
	// Checkpoint, with Out, is how often the search of a board writes
	// what it has proved about its largest components to a checkpoint
	// beside Out (OUT.search/GAME-RxC.parquet), also when it is stopped,
	// so that running the same request again resumes it midway; 0 means
	// no checkpoints.
	Checkpoint time.Duration
	// Plot, with Out, draws the table's nimbers by size beside it
	// (family.DrawBoards) after each board, as png or svg; "" or none:
	// no plot.
	Plot string
}

// A board is one position to solve, made ready.
type board struct {
	name    string
	game    search.Game
	start   uint64
	exclude search.Set
	proof   string        // a symmetry strategy that decides or narrows the value
	decided bool          // proof gives the nimber (0)
	method  search.Method // how to search it
	moves   func() []move // the moves of the start position, named
	err     func() error  // what went wrong in the game's own code (a script), if anything
	// ckpt, when not nil, is where the search keeps its checkpoint.
	ckpt *checkpoint
	// share, when not nil, holds tables shared by the boards of a range
	// whose layouts agree (shareKey): a component's word means the same
	// on each.
	share    map[int]*search.Table
	shareKey int
}

type move struct {
	name  string
	child uint64
	key   int // orders moves as a reader lists them
}

// SetArgs reads the command line's arguments into the request: the game
// and its size or position; a script's config and N; node-kayles with
// Edges set takes no size.
func (req *Request) SetArgs(args []string) error {
	want := 2
	switch {
	case req.Edges != "":
		want = 1
	case len(args) > 0 && args[0] == "script":
		want = 3
	}
	if len(args) != want {
		return errors.New("give the game and its size or position (node-kayles with -edges FILE alone; script with its config and N)")
	}
	req.Game = args[0]
	switch want {
	case 2:
		req.Spec = args[1]
	case 3:
		req.Config, req.Spec = args[1], args[2]
	}
	return nil
}

// Run solves the request and writes the answer to out. With Out and no
// Key, the user's key is read (and made, the first time: family.LoadKey).
func Run(ctx context.Context, req Request, out io.Writer) error {
	if req.Out != "" && req.Key == nil {
		key, err := family.LoadKey(true)
		if err != nil {
			return err
		}
		req.Key = key
	}
	if rows, cols, ok := parseRange(req.Spec); ok && req.Edges == "" && (rows[0] != rows[1] || cols[0] != cols[1] || req.Out != "") {
		return runTable(ctx, req, rows, cols, out)
	}
	if req.Out != "" {
		return fmt.Errorf("-out keeps the boards of a size or a range of sizes (such as 4..7x4..12), not %q", req.Spec)
	}
	b, err := prepare(req, nil)
	if err != nil {
		return err
	}
	if req.Moves && b.share == nil && b.method != search.Exact {
		// The moves are asked about with the table of the board's search,
		// which knows most of what they need.
		b.share = map[int]*search.Table{}
	}
	r, err := solveBoard(ctx, req, b)
	if err != nil {
		return err
	}
	verdict := "the player to move loses"
	if r.Nimber != 0 {
		verdict = "the player to move wins"
	}
	fmt.Fprintf(out, "%s: nimber %d (%s)\n", b.name, r.Nimber, verdict)
	if b.proof != "" {
		if b.decided {
			fmt.Fprintf(out, "proved without a search: %s\n", b.proof)
		} else {
			fmt.Fprintf(out, "not 0, proved: %s\n", b.proof)
		}
	}
	switch st := r.Stats; {
	case b.decided:
	case st.Tabulated:
		fmt.Fprintf(out, "looked at %d moves in %.2f s, with a table of the nimbers of all %d positions within the board (%s)\n",
			st.Nodes, r.Seconds, st.TableBytes, rules.ByteSize(st.TableBytes))
	default:
		fmt.Fprintf(out, "searched %d positions in %.2f s on %d worker(s); table %s of at most %s, %.0f%% full\n",
			st.Nodes, r.Seconds, max(req.Workers, 1), rules.ByteSize(st.TableBytes), rules.ByteSize(req.memory()), 100*st.TableFill)
	}
	if req.Moves && r.Nimber != 0 {
		wins, err := winningMoves(ctx, req, b)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "winning moves: %s\n", strings.Join(wins, ", "))
	}
	return nil
}

func (req Request) memory() int64 {
	if req.Memory > 0 {
		return req.Memory
	}
	return search.DefaultTableBytes
}

type outcome struct {
	search.Result
	Seconds  float64
	Restored int // facts read from the board's checkpoint
}

func solveBoard(ctx context.Context, req Request, b *board) (outcome, error) {
	if b.decided {
		return outcome{}, nil
	}
	opt := search.Options{Workers: req.Workers, Exclude: b.exclude, Method: b.method, Every: req.Every}
	if b.share != nil {
		if b.share[b.shareKey] == nil {
			clear(b.share) // one table at a time, to keep within the memory asked for
			b.share[b.shareKey] = search.NewTable(req.memory())
		}
		opt.Table = b.share[b.shareKey]
	} else {
		opt.TableBytes = req.memory()
	}
	began := time.Now()
	if req.Progress != nil {
		opt.Progress = func(p search.Progress) {
			what := ""
			if p.Candidate >= 0 {
				what = fmt.Sprintf(", trying %d", p.Candidate)
			}
			took := time.Since(began)
			req.Progress(fmt.Sprintf("%s: %d positions in %s (%.0f a second)%s, %d of %d children settled, table %.0f%% full",
				b.name, p.Nodes, took.Round(time.Second), float64(p.Nodes)/max(took.Seconds(), 1e-3), what, p.Settled, p.Children, 100*p.TableFill))
		}
	}
	restored, stop := 0, func() {}
	if b.ckpt != nil {
		if opt.Table == nil {
			opt.Table = search.NewTable(opt.TableBytes)
		}
		var err error
		if restored, err = b.ckpt.restore(req, opt.Table); err != nil {
			return outcome{}, err
		}
		stop = b.ckpt.keep(req, opt.Table)
	}
	t0 := time.Now()
	r, err := search.Nimber(ctx, b.game, b.start, opt)
	stop()
	if b.err != nil && b.err() != nil {
		return outcome{}, b.err() // the script's error, which ended the search
	}
	if err != nil && b.ckpt != nil && ctx.Err() != nil {
		if werr := b.ckpt.write(req, opt.Table); werr != nil {
			return outcome{}, fmt.Errorf("%s: %w (and its checkpoint was not kept: %v)", b.name, err, werr)
		}
		return outcome{}, fmt.Errorf("%s: %w; what the search proved is kept in %s, from which the same command resumes", b.name, err, b.ckpt.path)
	}
	if err != nil {
		return outcome{}, fmt.Errorf("%s: %w", b.name, err)
	}
	if b.ckpt != nil {
		b.ckpt.remove()
	}
	return outcome{Result: r, Seconds: time.Since(t0).Seconds(), Restored: restored}, nil
}

// winningMoves returns the moves of b's start position to a position of
// nimber 0. Each child is asked only whether its nimber is 0
// (search.Is), with the table of b's own search when there is one: far
// less than finding the nimber of every child, which a move to a
// position of nimber 1 or more would need.
func winningMoves(ctx context.Context, req Request, b *board) ([]string, error) {
	opt := search.Options{Workers: req.Workers, Method: b.method, TableBytes: req.memory()}
	if b.share != nil {
		opt.Table = b.share[b.shareKey]
	}
	moves := b.moves()
	var wins []string
	seen := map[uint64]bool{}
	for i, m := range moves {
		if seen[m.child] {
			continue // another move to the same position
		}
		seen[m.child] = true
		if req.Progress != nil {
			req.Progress(fmt.Sprintf("%s: winning moves, %d of %d moves asked, %d found", b.name, i, len(moves), len(wins)))
		}
		zero, _, err := search.Is(ctx, b.game, m.child, 0, opt)
		if err == nil && b.err != nil {
			err = b.err() // the script's error, which ended the search
		}
		if err != nil {
			return nil, fmt.Errorf("%s, move %s: %w", b.name, m.name, err)
		}
		if zero {
			wins = append(wins, m.name)
		}
	}
	return wins, nil
}

// runTable solves every board of the sizes in the ranges and prints
// their nimbers as a table, a row per number of rows; with req.Out, it
// keeps them in a table of boards and resumes from one.
func runTable(ctx context.Context, req Request, rows, cols [2]int, out io.Writer) error {
	if rows[1]-rows[0] > 63 || cols[1]-cols[0] > 63 {
		return fmt.Errorf("%s: a range of at most 64 sizes a side", req.Spec)
	}
	kept, err := resume(req)
	if err != nil {
		return err
	}
	have := map[[2]int]export.Board{}
	for _, b := range kept {
		if b.Game == req.Game {
			have[[2]int{b.Rows, b.Cols}] = b
		}
	}
	resumed, midway := 0, 0
	tables := map[int]*search.Table{} // by layout width: boards of one width share
	fmt.Fprintf(out, "%s nimbers, rows %d..%d down, columns %d..%d across\n", req.Game, rows[0], rows[1], cols[0], cols[1])
	fmt.Fprintf(out, "%6s", "")
	for c := cols[0]; c <= cols[1]; c++ {
		fmt.Fprintf(out, "%4d", c)
	}
	fmt.Fprintln(out)
	shard := req.Shard
	if shard.N == 0 {
		shard = sweep.All
	}
	place := 0
	for r := rows[0]; r <= rows[1]; r++ {
		fmt.Fprintf(out, "%6d", r)
		for c := cols[0]; c <= cols[1]; c++ {
			place++
			if b, ok := have[[2]int{r, c}]; ok {
				fmt.Fprintf(out, "%4d", b.Nimber)
				resumed++
				continue
			}
			if (place-1)%shard.N != shard.I {
				fmt.Fprintf(out, "%4s", "·") // another shard's
				continue
			}
			one := req
			one.Spec = fmt.Sprintf("%dx%d", r, c)
			b, err := prepare(one, tables)
			if err != nil {
				fmt.Fprintf(out, "%4s", "-")
				continue
			}
			b.ckpt = checkpointOf(req, r, c)
			res, err := solveBoard(ctx, one, b)
			if err != nil {
				fmt.Fprintln(out)
				return err
			}
			fmt.Fprintf(out, "%4d", res.Nimber)
			if res.Restored > 0 {
				midway++
			}
			if req.Out != "" {
				row := export.Board{Game: req.Game, Rows: r, Cols: c, Nimber: int(res.Nimber),
					Positions: res.Stats.Nodes, Seconds: res.Seconds}
				if b.decided {
					row.Proof = b.proof
				}
				if err := keep(req, row); err != nil {
					fmt.Fprintln(out)
					return err
				}
			}
		}
		fmt.Fprintln(out)
	}
	if resumed > 0 {
		fmt.Fprintf(out, "%d %s read from %s, not searched again\n", resumed, plural(resumed, "board"), req.Out)
	}
	if midway > 0 {
		fmt.Fprintf(out, "%d %s resumed midway from %s\n", midway, plural(midway, "search"), req.Out+".search")
	}
	return nil
}

// resume reads the boards of req.Out, when there is a table there: it
// must be a table of boards that reading verifies and that is signed
// with req.Key, or nothing is resumed and nothing overwritten.
func resume(req Request) ([]export.Board, error) {
	if req.Out == "" {
		return nil, nil
	}
	if _, err := os.Lstat(req.Out); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	rows, meta, err := export.ReadBoards(req.Out)
	if err != nil {
		return nil, fmt.Errorf("%w; move it away to start afresh", err)
	}
	if !export.BoardsSigned(rows, meta, req.Key) {
		return nil, fmt.Errorf("%s is not signed with your key: its nimbers are not taken, and it is not overwritten; move it away to start afresh", req.Out)
	}
	return rows, nil
}

// keep adds row to the table of boards req.Out, with the rows other
// shards put there since: under the lock of its folder, the table is read
// again (verified and signed, as resume requires), the row added, and the
// whole written anew.
func keep(req Request, row export.Board) error {
	unlock, err := fileformat.LockDir(filepath.Dir(req.Out))
	if err != nil {
		return fmt.Errorf("keep the boards in %s: %w", req.Out, err)
	}
	defer unlock()
	rows, err := resume(req)
	if err != nil {
		return err
	}
	rows = slices.DeleteFunc(rows, func(b export.Board) bool {
		return b.Game == row.Game && b.Rows == row.Rows && b.Cols == row.Cols
	})
	rows = append(rows, row)
	if err := export.WriteBoards(req.Out, rows, export.Options{Version: req.Version, MACKey: req.Key}); err != nil {
		return err
	}
	if req.Plot == "" || req.Plot == "none" {
		return nil
	}
	_, err = family.DrawBoards(rows, family.TableStem(req.Out), family.Output{Dir: filepath.Dir(req.Out), Plot: req.Plot})
	return err
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// parseRange reads "R x C" where each side is a number or a range a..b.
func parseRange(s string) (rows, cols [2]int, ok bool) {
	a, b, found := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "x")
	if !found {
		return rows, cols, false
	}
	side := func(t string) ([2]int, bool) {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(t), "..")
		x, err1 := strconv.Atoi(lo)
		y, err2 := x, error(nil)
		if isRange {
			y, err2 = strconv.Atoi(hi)
		}
		return [2]int{x, y}, err1 == nil && err2 == nil && x >= 1 && y >= x
	}
	rows, ok1 := side(a)
	cols, ok2 := side(b)
	return rows, cols, ok1 && ok2
}

// cellName names cell (r, c) as a player reads a board: rows from 1 down,
// columns from a across.
func cellName(r, c int) string {
	return fmt.Sprintf("%c%d", 'a'+c, r+1)
}
