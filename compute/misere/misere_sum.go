package misere

import (
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/sgtab/sgtab/compute/moves"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// A Heap is one heap of a position in misère play: N tokens of the
// game Game, an index into the rules of a Search.
type Heap struct{ Game, N int }

// A Search answers positions of heaps in misère play — several heaps
// of one game, or of several games (its rules, indexed by Heap.Game),
// splitting games included — exactly, by a memoized search over canonical
// positions: a position is its multiset of heaps, sorted. It is the
// definition, a position being lost for the player to move when every move
// leaves a position won for the next player, with the empty position won
// (whoever made the last move lost), made affordable by reductions that
// change no answer:
//
//   - A heap with no move is the game 0, and is left out.
//   - A heap whose every move leaves only such heaps is the game *1, and
//     only the parity of their number is kept: for every game X,
//     G⁻(X + *1) = G⁻(X) ⊕ 1 (see Genus.starOne), so X + *1 + *1 has the
//     misère value of X.
//   - A position whose heaps are all tame (Tameness: they and every
//     position they reach have tame genera) is answered from their genera
//     at once: by Conway's theorem (On Numbers and Games, ch. 12; Winning
//     Ways, ch. 13) a sum of tame games is tame, of g the nim-sum of theirs,
//     fickle when each is (tameSum), so it is lost exactly when g = 1 and
//     every heap is fickle (0^{120}, 1^{031}), or g = 0 and one is firm —
//     misère Nim's rule, played on the genera. Pairs of equal tame heaps
//     so cancel; a pair of wild heaps is kept, as G + G is not 0 in misère
//     play unless G is (On Numbers and Games, ch. 12).
//   - Outcomes and genera found are remembered by position.
//
// Positions are searched depth first, an outcome stopping at its first
// move to a lost position. The genus of a position (Genus) needs every
// option, and is what the genera of heaps need (HeapGenus): an option of a
// heap is a sum of smaller heaps. The heaps of a game whose moves leave at
// most one heap are found in order of size instead (lineGenera), whatever
// their number.
//
// A Search is not safe for concurrent use. Its bounds (MisereLimits)
// count the positions it remembers and the options it visits over its
// life: past one, every method returns a *MisereBoundError.
type Search struct {
	games  []misereGame
	lim    sg.MisereLimits
	ctx    context.Context
	steps  int64
	lost   map[string]bool
	genera map[string]sg.Genus
	key    []byte
	seen   sg.Bitset
	seenSG sg.Bitset
	opts   []sg.Genus
	plain  bool     // no reduction but leaving out heaps of 0 and *1: for tests
	bufs   [][]Heap // the positions eachMove forms, one per depth
	depth  int
	// formed counts the heaps of the positions made canonical: the work
	// of forming positions, which the tests bound.
	formed int64
}

// A misereGame is one game of a search: its rule and what is known of its
// heaps, by size (lineGenera's when its moves leave at most one heap).
type misereGame struct {
	rule  rules.Rule
	line  *lineGenera
	heaps []heapFacts
	// heaps below genusDone have their genus known.
	genusDone int
}

// NewSearch returns a search of positions of heaps of the games of
// rs, each played from a line of tokens, within lim.
func NewSearch(rs []rules.Rule, lim sg.MisereLimits) *Search {
	s := &Search{lim: lim, lost: map[string]bool{}, genera: map[string]sg.Genus{}, ctx: context.Background()}
	for _, r := range rs {
		g := misereGame{rule: r}
		if r.MaxParts() <= 1 {
			g.line = newLineGenera(r)
		}
		s.games = append(s.games, g)
	}
	return s
}

// Steps returns how many options the search has visited; Positions how
// many positions it remembers.
func (s *Search) Steps() int64   { return s.steps }
func (s *Search) Positions() int { return len(s.lost) + len(s.genera) }

// Lost reports whether the position pos is lost for the player to move in
// misère play.
func (s *Search) Lost(ctx context.Context, pos []Heap) (bool, error) {
	s.ctx = ctx
	c, p, err := s.canonical(pos)
	if err != nil {
		return false, err
	}
	return s.isLost(c, p)
}

// Genus returns the genus of the position pos.
func (s *Search) Genus(ctx context.Context, pos []Heap) (sg.Genus, error) {
	s.ctx = ctx
	c, p, err := s.canonical(pos)
	if err != nil {
		return sg.Genus{}, err
	}
	x, err := s.positionGenus(c)
	if p {
		x = x.StarOne()
	}
	return x, err
}

// HeapGenus returns the genus of a heap of n tokens of game gi and its
// Tameness. It finds the genera of the smaller heaps on the way.
func (s *Search) HeapGenus(ctx context.Context, gi, n int) (sg.Genus, sg.Tameness, error) {
	s.ctx = ctx
	x, err := s.heapGenus(gi, n)
	if err != nil {
		return sg.Genus{}, sg.Wild, err
	}
	f, _ := s.facts(gi, n) // known: heapGenus found it
	return x, f.class(), nil
}

// Tameness returns the class of a heap of n tokens of game gi, which needs
// no genus of a wild heap.
func (s *Search) Tameness(ctx context.Context, gi, n int) (sg.Tameness, error) {
	s.ctx = ctx
	f, err := s.facts(gi, n)
	if err != nil {
		return sg.Wild, err
	}
	if !f.optsTame {
		return sg.Wild, nil
	}
	return f.class(), nil
}

// canonical returns pos as the search keeps it: its heaps sorted, without
// those with no move or of *1, whose number's parity is p.
func (s *Search) canonical(pos []Heap) (c []Heap, p bool, err error) {
	s.formed += int64(len(pos))
	for _, h := range pos {
		if h.Game < 0 || h.Game >= len(s.games) || h.N < 0 {
			return nil, false, fmt.Errorf("compute: no heap %d of game %d in a search of %d games", h.N, h.Game, len(s.games))
		}
		f, err := s.facts(h.Game, h.N)
		if err != nil {
			return nil, false, err
		}
		switch {
		case f.starOne:
			p = !p
		case !f.terminal:
			c = append(c, h)
		}
	}
	slices.SortFunc(c, compareHeaps)
	return c, p, nil
}

func compareHeaps(a, b Heap) int {
	return cmp.Or(cmp.Compare(a.Game, b.Game), cmp.Compare(a.N, b.N))
}

// facts returns the facts of heap n of game gi, finding those of every
// heap up to n that are not known yet. The result must not be kept past
// the next call, which may move the facts.
func (s *Search) facts(gi, n int) (*heapFacts, error) {
	g := &s.games[gi]
	if g.line != nil {
		if err := s.spend(int64(max(0, n+1-len(g.line.facts)) * (len(g.line.explicit) + len(g.line.tail) + 1))); err != nil {
			return nil, err
		}
		g.line.upTo(n)
		return &g.line.facts[n], nil
	}
	for h := len(g.heaps); h <= n; h++ {
		f, err := s.splitFacts(gi, h)
		if err != nil {
			return nil, err
		}
		g = &s.games[gi]
		g.heaps = append(g.heaps, f)
	}
	return &g.heaps[n], nil
}

// splitFacts returns the facts of heap h of game gi, whose moves may split
// a heap, those of the smaller heaps known: its genus too when every heap
// its moves leave is tame, as the genus of each option is then tameSum's.
func (s *Search) splitFacts(gi, h int) (heapFacts, error) {
	heaps := s.games[gi].heaps
	f := heapFacts{terminal: true, starOne: true, optsTame: true}
	s.opts = s.opts[:0]
	var err error
	s.seenSG.Reset()
	moves.EachOption(s.games[gi].rule, h, false, func(_ int, parts []int) bool {
		if err = s.spend(1); err != nil {
			return false
		}
		f.terminal = false
		var g, x uint32
		fickle := true
		for _, m := range parts {
			o := &heaps[m]
			x ^= o.sg
			f.starOne = f.starOne && o.terminal
			f.optsTame = f.optsTame && o.tame
			if o.tame {
				g ^= o.genus.G
				fickle = fickle && o.genus.Fickle()
			}
		}
		if f.optsTame {
			s.opts = append(s.opts, sg.TameGenus(g, fickle))
		}
		s.seenSG.Set(x)
		return true
	})
	f.sg = sg.Mex(s.seenSG)
	switch {
	case err != nil:
		return f, err
	case f.terminal:
		return heapFacts{genus: sg.EmptyGenus, known: true, terminal: true, optsTame: true, tame: true}, nil
	case f.optsTame:
		f.genus, f.known = sg.GenusOf(s.opts, &s.seen), true
		f.tame = f.genus.Tame()
	default:
		f.starOne = false // a wild heap is not terminal
	}
	return f, nil
}

// heapGenus returns the genus of heap n of game gi, finding those of the
// smaller heaps first, in order.
func (s *Search) heapGenus(gi, n int) (sg.Genus, error) {
	f, err := s.facts(gi, n)
	switch {
	case err != nil:
		return sg.Genus{}, err
	case f.known:
		return f.genus, nil
	}
	for m := s.games[gi].genusDone; m <= n; m++ {
		s.games[gi].genusDone = m
		if f, _ := s.facts(gi, m); f.known {
			continue
		}
		var opts []sg.Genus
		moves.EachOption(s.games[gi].rule, m, false, func(_ int, parts []int) bool {
			var x sg.Genus
			if x, err = s.Genus(s.ctx, heapsOf(gi, parts)); err != nil {
				return false
			}
			opts = append(opts, x)
			return true
		})
		if err != nil {
			return sg.Genus{}, err
		}
		f := &s.games[gi].heaps[m]
		f.genus, f.known = sg.GenusOf(opts, &s.seen), true
	}
	s.games[gi].genusDone = n + 1
	return s.games[gi].heaps[n].genus, nil
}

// heapsOf returns the heaps parts of game gi as a position.
func heapsOf(gi int, parts []int) []Heap {
	pos := make([]Heap, len(parts))
	for i, m := range parts {
		pos[i] = Heap{gi, m}
	}
	return pos
}

// allTame reports whether every heap of the canonical position c is tame,
// and if so returns the genus of their sum (tameSum).
func (s *Search) allTame(c []Heap) (sg.Genus, bool) {
	var g uint32
	fickle := true
	for _, h := range c {
		f, _ := s.facts(h.Game, h.N) // known: c is canonical
		if !f.tame {
			return sg.Genus{}, false
		}
		g ^= f.genus.G
		fickle = fickle && f.genus.Fickle()
	}
	return sg.TameGenus(g, fickle), true
}

// known returns the genus of the canonical position c when it is known
// without a search: of no heap, of one heap whose genus is known (of a
// game whose moves leave one heap, it is found at once), of tame heaps, or
// remembered.
func (s *Search) known(c []Heap) (sg.Genus, bool, error) {
	switch {
	case len(c) == 0:
		return sg.EmptyGenus, true, nil
	case s.plain:
	case len(c) == 1:
		f, _ := s.facts(c[0].Game, c[0].N)
		if f.known {
			return f.genus, true, nil
		}
		if s.games[c[0].Game].line != nil {
			x, err := s.heapGenus(c[0].Game, c[0].N)
			return x, err == nil, err
		}
	}
	if x, ok := s.allTame(c); ok && !s.plain {
		return x, true, nil
	}
	if len(s.genera) == 0 {
		return sg.Genus{}, false, nil
	}
	x, ok := s.genera[string(s.keyOf(c, -1))]
	return x, ok, nil
}

// isLost reports whether the canonical position c, plus *1 when p is set,
// is lost for the player to move.
func (s *Search) isLost(c []Heap, p bool) (bool, error) {
	if x, ok, err := s.known(c); err != nil || ok {
		return x.Misere() == b2u(p), err
	}
	key := s.keyOf(c, b2i(p))
	if lost, ok := s.lost[string(key)]; ok {
		return lost, nil
	}
	saved := string(key)
	won := false
	var err, inner error
	if p {
		won, err = s.isLost(c, false)
	}
	if err == nil && !won {
		err = s.eachMove(c, p, lostSum, func(next []Heap, flip bool) bool {
			won, inner = s.isLost(next, p != flip)
			return inner == nil && !won
		})
	}
	if err = cmp.Or(err, inner); err != nil {
		return false, err
	}
	return !won, s.remember(func() { s.lost[saved] = !won })
}

// lostSum reports whether a position of nim-sum x is where the search for
// a lost position looks first: x ≤ 1.
func lostSum(x uint32) bool { return x <= 1 }

// positionGenus returns the genus of the canonical position c.
func (s *Search) positionGenus(c []Heap) (sg.Genus, error) {
	if len(c) == 1 {
		return s.heapGenus(c[0].Game, c[0].N)
	}
	if x, ok, err := s.known(c); err != nil || ok {
		return x, err
	}
	saved := string(s.keyOf(c, -1))
	var opts []sg.Genus
	var inner error
	err := s.eachMove(c, false, nil, func(next []Heap, flip bool) bool {
		var x sg.Genus
		if x, inner = s.positionGenus(next); inner != nil {
			return false
		}
		if flip {
			x = x.StarOne()
		}
		opts = append(opts, x)
		return true
	})
	if err = cmp.Or(err, inner); err != nil {
		return sg.Genus{}, err
	}
	x := sg.GenusOf(opts, &s.seen)
	return x, s.remember(func() { s.genera[saved] = x })
}

// eachMove calls fn with the position each move of the canonical position
// c leaves, canonical, and whether the move left an odd number of *1's,
// until fn returns false; a move of each size of heap is made once. With
// want, the moves to a position whose normal-play nim-sum (its *1's
// counted, and *1 more when p is set) is want(x) come first: in misère
// play too a lost position's nim-sum is mostly 0, or 1 where the heaps are
// fickle, so that a search for a move to a lost position looks there first.
func (s *Search) eachMove(c []Heap, p bool, want func(x uint32) bool, fn func(next []Heap, flip bool) bool) error {
	var x uint32 // the nim-sum of c, and of the *1 when p is set
	for _, h := range c {
		x ^= s.sg(h)
	}
	x ^= b2u(p)
	if s.depth == len(s.bufs) {
		s.bufs = append(s.bufs, nil)
	}
	buf := &s.bufs[s.depth]
	s.depth++
	defer func() { s.depth-- }()
	passes := []func(uint32) bool{func(uint32) bool { return true }}
	if want != nil {
		passes = []func(uint32) bool{want, func(x uint32) bool { return !want(x) }}
	}
	var err error
	for _, pass := range passes {
		for i, h := range c {
			if i > 0 && c[i-1] == h {
				continue
			}
			hx := x ^ s.sg(h)
			ok := moves.EachOption(s.games[h.Game].rule, h.N, false, func(_ int, parts []int) bool {
				var left [3]Heap
				n, flip, ox := 0, false, hx
				for _, m := range parts {
					f, _ := s.facts(h.Game, m) // m < h.N: known
					ox ^= f.sg
					switch {
					case f.starOne:
						flip = !flip
					case !f.terminal:
						left[n] = Heap{h.Game, m}
						n++
					}
				}
				if !pass(ox) {
					return true
				}
				if err = s.spend(1); err != nil {
					return false
				}
				*buf = replaceHeap((*buf)[:0], c, i, left[:n])
				return fn(*buf, flip)
			})
			if err != nil || !ok {
				return err
			}
		}
	}
	return nil
}

// sg returns the normal-play value of the heap h.
func (s *Search) sg(h Heap) uint32 {
	f, _ := s.facts(h.Game, h.N)
	return f.sg
}

// replaceHeap appends to dst the canonical position c with its heap i
// replaced by the heaps left (sorted, of the same game).
func replaceHeap(dst, c []Heap, i int, left []Heap) []Heap {
	j := 0
	for k, h := range c {
		if k == i {
			continue
		}
		for j < len(left) && compareHeaps(left[j], h) < 0 {
			dst = append(dst, left[j])
			j++
		}
		dst = append(dst, h)
	}
	return append(dst, left[j:]...)
}

// spend counts n steps, and checks the step bound, and every so often the
// context.
func (s *Search) spend(n int64) error {
	before := s.steps
	s.steps += n
	if _, most := s.lim.Bounds(); s.steps > most {
		return &sg.MisereBoundError{Bound: "steps", Limit: most}
	}
	if before>>14 != s.steps>>14 {
		return context.Cause(s.ctx)
	}
	return nil
}

// remember stores a result with store, within the positions bound.
func (s *Search) remember(store func()) error {
	if most, _ := s.lim.Bounds(); s.Positions() >= most {
		return &sg.MisereBoundError{Bound: "positions", Limit: int64(most)}
	}
	store()
	return nil
}

// keyOf returns the key of the canonical position c, with the parity p of
// its *1's unless p < 0 (a genus, which has none), in a buffer that the
// next call reuses.
func (s *Search) keyOf(c []Heap, p int) []byte {
	s.key = s.key[:0]
	for _, h := range c {
		if len(s.games) > 1 {
			s.key = binary.AppendUvarint(s.key, uint64(h.Game))
		}
		s.key = binary.AppendUvarint(s.key, uint64(h.N))
	}
	if p >= 0 {
		s.key = append(s.key, byte(p))
	}
	return s.key
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func b2u(b bool) uint32 { return uint32(b2i(b)) }
