package positions

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
)

// A Writer writes the answers to positions, one after another: for a
// reader, a blank line between two, or as JSON, one line each.
type Writer struct {
	// W is written to; it must fail every write after one failed (as a
	// bufio.Writer does), and Failed return that failure.
	W      io.Writer
	Failed func() error
	// JSON writes each answer as a line of JSON; CountOnly writes how
	// many winning moves there are, not the moves.
	JSON, CountOnly bool
	// Limit is how many winning moves of each position are listed at
	// the most; -1: all.
	Limit int

	written int
}

// Sum writes the answer a to the position pos (Solve), listing its
// winning moves as they are found. It returns the first failed write, or
// the cause of ctx's end, which stop the listing: listing all the moves
// of a heap of 10¹² runs for hours.
func (w *Writer) Sum(ctx context.Context, pos Position, a Answer) error {
	return w.answer(ctx, func() error {
		moves := w.listed(ctx, WinningMoves(pos, a))
		if w.JSON {
			return a.WriteJSON(w.W, moves)
		}
		a.WriteText(w.W, w.CountOnly, moves)
		return nil
	})
}

// Whole writes the answer r to a whole position (an Answerer's, which has
// listed its winning moves up to Limit).
func (w *Writer) Whole(ctx context.Context, r Reply) error {
	return w.answer(ctx, func() error {
		if w.JSON {
			return json.NewEncoder(w.W).Encode(r)
		}
		r.Text(w.W, w.CountOnly)
		return nil
	})
}

// answer writes an answer with write, after a blank line for a reader
// when it is not the first, and returns write's error, the first failed
// write, or the cause of ctx's end.
func (w *Writer) answer(ctx context.Context, write func() error) error {
	if !w.JSON && w.written > 0 {
		fmt.Fprintln(w.W)
	}
	w.written++
	if err := write(); err != nil {
		return err
	}
	if err := w.Failed(); err != nil {
		return err
	}
	return context.Cause(ctx)
}

// listed returns the first Limit moves of moves, and stops early once ctx
// is done or a write has failed.
func (w *Writer) listed(ctx context.Context, moves iter.Seq[Move]) iter.Seq[Move] {
	return func(yield func(Move) bool) {
		n := 0
		for m := range moves {
			if n == w.Limit || w.Failed() != nil || n%1024 == 0 && ctx.Err() != nil || !yield(m) {
				return
			}
			n++
		}
	}
}

// WriteText writes the answer a for a reader, with the winning moves of
// moves (unless countOnly), written as they come.
func (a Answer) WriteText(w io.Writer, countOnly bool, moves iter.Seq[Move]) {
	words := make([]string, len(a.Heaps))
	for i, h := range a.Heaps {
		if pt, ok := h.([2]int); ok {
			words[i] = fmt.Sprintf("(%d, %d)", pt[0], pt[1])
		} else {
			words[i] = fmt.Sprint(h)
		}
	}
	fmt.Fprintf(w, "position %s\n", strings.Join(words, " "))
	fromPeriod := a.FromPeriod // in increasing order
	for i := range a.Heaps {
		what := "SG"
		if a.Outcomes {
			what = "outcome"
		}
		fmt.Fprintf(w, "  heap %d: %s in %s, %s %d", i+1, words[i], a.Games[i], what, a.SG[i])
		if len(fromPeriod) > 0 && fromPeriod[0] == i+1 {
			fmt.Fprintf(w, " (from the proved period)")
			fromPeriod = fromPeriod[1:]
		}
		fmt.Fprintln(w, a.proofOf(i+1))
	}
	play, lost := fmt.Sprintf("nim-sum %d: the player to move", a.NimSum), secondWins
	if a.Outcomes {
		play, lost = "the player to move", ""
		if a.Misere {
			play = "misère play: " + play
		}
	}
	if a.Misere && a.FirstPlayerWins && a.Count == 0 {
		// Won with no winning move: there is no move at all.
		fmt.Fprintf(w, "  %s wins: no move is left, and in misère play the player who cannot move wins\n", play)
		return
	}
	if !writeOutcome(w, play, lost, a.FirstPlayerWins, a.Count, countOnly) {
		return
	}
	var listed int64
	for m := range moves {
		fmt.Fprintf(w, "    heap %d: %s\n", m.Heap, m.Text)
		listed++
	}
	writeMore(w, a.Count, listed)
}

// WriteJSON writes the answer a as one line of JSON, its winning_moves
// those of moves, written as they come. w must fail every write after one
// failed (as a bufio.Writer does): the last write's error is returned.
func (a Answer) WriteJSON(w io.Writer, moves iter.Seq[Move]) error {
	a.WinningMoves = []Move{}
	b, err := json.Marshal(a)
	if err != nil {
		return err
	}
	// The field is found once: in a JSON string, a quote is escaped.
	field := []byte(`,"moves":[`)
	i := bytes.Index(b, field) + len(field)
	w.Write(b[:i])
	sep := []byte{}
	for m := range moves {
		if m.Leave == nil {
			m.Leave = []int{} // no heap left: an empty list, as every answer writes it
		}
		mb, err := json.Marshal(m)
		if err != nil {
			return err
		}
		w.Write(sep)
		w.Write(mb)
		sep = []byte{','}
	}
	w.Write(b[i:])
	_, err = w.Write([]byte{'\n'})
	return err
}

// secondWins is what the line of a lost position adds when the position
// is decided by a nim-sum.
const secondWins = " (the second player wins)"

// writeOutcome writes the line that says who wins, "  PLAY wins, with N
// winning moves" or "  PLAY loses" and lost, and ends it with a colon when
// the moves follow: when the player to move wins, unless countOnly is set.
// It reports whether they follow.
func writeOutcome(w io.Writer, play, lost string, wins bool, count int64, countOnly bool) bool {
	if !wins {
		fmt.Fprintf(w, "  %s loses%s\n", play, lost)
		return false
	}
	fmt.Fprintf(w, "  %s wins, with %s winning %s", play, thousands(count), plural(count, "move"))
	if countOnly {
		fmt.Fprintln(w)
		return false
	}
	fmt.Fprintln(w, ":")
	return true
}

// writeMore says how many winning moves of count went unlisted, if any.
func writeMore(w io.Writer, count, listed int64) {
	if more := count - listed; more > 0 {
		fmt.Fprintf(w, "    … and %s more (-moves N lists more, -moves -1 all)\n", thousands(more))
	}
}

// thousands writes n with commas between groups of three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// plural returns word, with an s unless n is 1.
func plural(n int64, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
