package positions

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/graph"
)

// Staircase positions: cards on the nodes of a graph, a move taking any
// positive number of cards from one node to one of its successors (all to
// the same one). Such a position is not a sum of single tokens, but when
// the graph's nodes split into two colours, every edge joining the two and
// every sink of the even colour, it is staircase Nim: the cards on the odd
// nodes are Nim heaps, and the position is lost exactly when the nim-sum of
// their counts is 0. Moving cards from an odd node to its (even) successor
// takes from a heap, as in Nim; moving cards from an even node to an odd
// one adds to a heap, and the opponent takes them on at once (an odd node
// is no sink, so it has a successor, an even one), which leaves the
// nim-sum as it was; cards on even nodes never count. The game is finite,
// so this answer cannot be put off for ever.

// OddNodes returns, for every node of g, whether it is odd: the colours of
// a 2-colouring in which every edge joins the two and every sink is even,
// found by a walk from the sinks against the edges. It returns an error
// naming the edge or sink that makes such a colouring impossible. Nodes
// from which cards can go round a cycle (Loopy) take no part: they have
// no colour (false), and no edge to or from them is checked.
func OddNodes(g *graph.Named) ([]bool, error) {
	return oddNodes(g, Loopy(g))
}

func oddNodes(g *graph.Named, loopy []bool) ([]bool, error) {
	n := g.Nodes()
	pred := make([][]int32, n)
	for v := range n {
		for _, w := range g.Successors(v) {
			if !loopy[v] {
				pred[w] = append(pred[w], int32(v))
			}
		}
	}
	colour := make([]int8, n) // 0 unknown, 1 even, 2 odd
	var stack []int32
	for v := range n {
		if len(g.Successors(v)) == 0 {
			colour[v] = 1
			stack = append(stack, int32(v))
		}
	}
	// Every node that is not loopy reaches a sink, and every edge must
	// flip the colour: colour each node from its successors.
	for len(stack) > 0 {
		w := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, v := range pred[w] {
			want := 3 - colour[w]
			switch colour[v] {
			case 0:
				colour[v] = want
				stack = append(stack, v)
			case want:
			default:
				return nil, fmt.Errorf("the edge %s → %s joins two nodes of one colour: no 2-colouring with every edge between the colours and every sink even", g.Name(int(v)), g.Name(int(w)))
			}
		}
	}
	odd := make([]bool, n)
	for v, c := range colour {
		odd[v] = c == 2
	}
	return odd, nil
}

// Loopy returns, for every node of g, whether a card on it can be moved
// for ever: whether it reaches a cycle. Those are the nodes that Kahn's
// walk back from the sinks never finishes, a node being finished once
// every successor is.
func Loopy(g *graph.Named) []bool {
	n := g.Nodes()
	left := make([]int32, n)
	pred := g.Reverse()
	var ready []int32
	for v := range n {
		if left[v] = int32(len(g.Successors(v))); left[v] == 0 {
			ready = append(ready, int32(v))
		}
	}
	for len(ready) > 0 {
		w := ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		for _, v := range pred.Successors(int(w)) {
			if left[v]--; left[v] == 0 {
				ready = append(ready, v)
			}
		}
	}
	loopy := make([]bool, n)
	for v := range n {
		loopy[v] = left[v] > 0
	}
	return loopy
}

// cycleFrom returns a cycle that cards on the loopy node v can go round:
// each loopy node has a loopy successor (else it would be finished), so a
// walk along them comes back to a node it met.
func cycleFrom(g *graph.Named, loopy []bool, v int) []int {
	at := map[int]int{}
	var walk []int
	for {
		if i, ok := at[v]; ok {
			return walk[i:]
		}
		at[v] = len(walk)
		walk = append(walk, v)
		for _, w := range g.Successors(v) {
			if loopy[w] {
				v = int(w)
				break
			}
		}
	}
}

// cycleWords writes a cycle, "a → b → a", its middle cut when it is long.
func cycleWords(g *graph.Named, cycle []int) string {
	var words []string
	for i, v := range cycle {
		if len(cycle) > 8 && i >= 4 && i < len(cycle)-3 {
			if i == 4 {
				words = append(words, fmt.Sprintf("… (%d nodes in all)", len(cycle)))
			}
			continue
		}
		words = append(words, g.Name(v))
	}
	return strings.Join(append(words, g.Name(cycle[0])), " → ")
}

// A StairAnswer is the answer to a staircase position.
type StairAnswer struct {
	Head
	Counts       map[string]int64 `json:"counts"`
	OddNodes     []string         `json:"odd_nodes"` // the odd nodes holding cards
	NimSum       int64            `json:"-"`         // the head's value
	WinningMoves []StairMove      `json:"moves"`

	game string
}

// A StairMove moves Cards cards from From to To.
type StairMove struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Cards int64  `json:"cards"`
	Text  string `json:"text"`
}

// Staircase returns the answerer of staircase positions on the graph g of
// the game named game: the words of a position are either counts of cards
// for the nodes in the graph's order, or NODE=COUNT pairs. It returns an
// error when g's nodes do not 2-colour as staircase Nim needs (OddNodes).
func Staircase(g *graph.Named, game string) (Answerer, error) {
	loopy := Loopy(g)
	odd, err := oddNodes(g, loopy)
	if err != nil {
		return nil, fmt.Errorf("%s: staircase positions need a graph whose nodes 2-colour: %w", game, err)
	}
	return func(words []string, limit int) (Reply, error) {
		counts, err := readCounts(g, words, game)
		if err != nil {
			return nil, err
		}
		for v := range g.Nodes() {
			if counts[v] > 0 && loopy[v] {
				return nil, fmt.Errorf("%s: the cards on %s can be moved for ever, round %s: staircase Nim answers only games that end, where every card reaches a sink",
					game, g.Name(v), cycleWords(g, cycleFrom(g, loopy, v)))
			}
		}
		a := &StairAnswer{Head: NewHead(KindStaircase, words), Counts: map[string]int64{}, OddNodes: []string{}, WinningMoves: []StairMove{}, game: game}
		for v := range g.Nodes() { // in node order, so that the answer is always the same
			c := counts[v]
			if c == 0 {
				continue
			}
			a.Counts[g.Name(v)] = c
			if odd[v] {
				a.NimSum ^= c
				a.OddNodes = append(a.OddNodes, g.Name(v))
			}
		}
		a.Decide(a.NimSum != 0)
		a.valued(uint64(a.NimSum))
		if a.FirstPlayerWins {
			a.winningMoves(g, odd, counts, limit)
		}
		return a, nil
	}, nil
}

// readCounts reads the cards of a staircase position on g: counts in
// node order, or NODE=COUNT pairs.
func readCounts(g *graph.Named, words []string, game string) (map[int]int64, error) {
	counts := make(map[int]int64)
	for j, w := range words {
		node, count := j, w
		if name, c, ok := strings.Cut(w, "="); ok {
			v, found := g.Lookup(name)
			if !found {
				return nil, fmt.Errorf("%q is not a node of %s", name, game)
			}
			node, count = v, c
		} else if j >= g.Nodes() {
			return nil, fmt.Errorf("%d counts for %d nodes", len(words), g.Nodes())
		}
		c, err := strconv.ParseInt(count, 10, 64)
		if err != nil || c < 0 {
			return nil, fmt.Errorf("count %q: want a whole number ≥ 0 of cards", w)
		}
		counts[node] += c
	}
	return counts, nil
}

// winningMoves counts the winning moves of the staircase position counts
// on g, whose nim-sum is not 0, and lists the first limit of them (all
// when limit < 0).
func (a *StairAnswer) winningMoves(g *graph.Named, odd []bool, counts map[int]int64, limit int) {
	for v := range g.Nodes() {
		c := counts[v]
		if c == 0 {
			continue
		}
		for _, w := range g.Successors(v) {
			// From an odd node: take c − (c ⊕ X) off its heap. From an
			// even one: add (d ⊕ X) − d to the odd successor's heap d.
			var k int64
			if odd[v] {
				k = c - (c ^ a.NimSum)
			} else if d := counts[int(w)]; odd[w] {
				k = (d ^ a.NimSum) - d
			}
			if k < 1 || k > c {
				continue
			}
			if a.Count++; limit < 0 || len(a.WinningMoves) < limit {
				a.WinningMoves = append(a.WinningMoves, StairMove{From: g.Name(v), To: g.Name(int(w)), Cards: k,
					Text: fmt.Sprintf("%d %s from %s to %s", k, plural(k, "card"), g.Name(v), g.Name(int(w)))})
			}
		}
	}
}

// Text writes the answer for a reader.
func (a *StairAnswer) Text(w io.Writer, countOnly bool) {
	odd := strings.Join(a.OddNodes, " ")
	if odd == "" {
		odd = "none"
	}
	fmt.Fprintf(w, "staircase position on the graph of %s: %d nodes with cards; odd nodes with cards: %s\n", a.game, len(a.Counts), odd)
	play := fmt.Sprintf("nim-sum of the cards on the odd nodes %d: the player to move", a.NimSum)
	if !writeOutcome(w, play, secondWins, a.FirstPlayerWins, a.Count, countOnly) {
		return
	}
	for _, m := range a.WinningMoves {
		fmt.Fprintf(w, "    %s\n", m.Text)
	}
	writeMore(w, a.Count, int64(len(a.WinningMoves)))
}
