package misere

import (
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// What the misère search knows of one heap size of a game (see
// Search). The genus of a heap whose options are all tame is found
// with the heap's other facts; a heap with a wild option gets its genus
// when asked (known).
type heapFacts struct {
	sg       uint32 // the normal-play value: genus.G, known before the genus
	genus    sg.Genus
	known    bool // genus is known
	terminal bool // no move: the game 0, left out of positions
	starOne  bool // a move, and every move leaves only terminal heaps: *1
	optsTame bool // every heap its moves leave is tame
	tame     bool // optsTame and a tame genus: it and all it reaches are tame
}

// class returns the heap's Tameness; its genus must be known unless an
// option is wild.
func (f *heapFacts) class() sg.Tameness { return sg.Classify(f.genus, f.optsTame) }

// A lineGenera finds the facts and genera of the heaps of a rule whose
// moves leave at most one heap, in order of size, each from the smaller
// ones: every option is a single heap (or none), so the genus of heap n is
// genusOf of its options' genera, and it is tame when they all are and its
// genus is.
//
// As in the engine of normal play (evaluator), the moves of the repeating
// tail (removal counts t+j+r·i) leave every remainder m ≡ n−t−j (mod r),
// 1 ≤ m ≤ n−t−j: their values are kept as one growing union per residue
// class and per γ, and the class's first wild and first non-terminal heaps
// say whether all of them are tame or terminal. A heap costs O(K + r)
// lookups for each of its γ's (K explicit removal counts) whatever n is.
type lineGenera struct {
	rule     rules.Rule
	t, r     int   // the tail's start and period (r = 0: no tail)
	explicit []int // removal counts k < t whose moves leave one heap
	tail     []int // tail residues j whose moves leave one heap
	facts    []heapFacts

	// unions[c][i] holds the values at i−1 (g for i = 0, γ(i−1) above)
	// of the heaps m ≡ c (mod r), 1 ≤ m < added; firstWild[c] and
	// firstLive[c] are the least such m not tame and not terminal (0: none).
	unions               [][]sg.Union
	firstWild, firstLive []int
	added                int
	longest              int // the longest Gamma of a heap added to the unions

	seen sg.Bitset
	us   []*sg.Union
}

func newLineGenera(r rules.Rule) *lineGenera {
	l := &lineGenera{rule: r, t: r.TailStart(), r: r.Period, longest: 2}
	for k := 1; k < l.t; k++ {
		if r.Digits[k].Leave&rules.Leave1 != 0 {
			l.explicit = append(l.explicit, k)
		}
	}
	for j := range l.r {
		if r.Digits[l.t+j].Leave&rules.Leave1 != 0 {
			l.tail = append(l.tail, j)
		}
	}
	l.unions = make([][]sg.Union, l.r)
	l.firstWild = make([]int, l.r)
	l.firstLive = make([]int, l.r)
	return l
}

// upTo finds the facts of every heap up to n.
func (l *lineGenera) upTo(n int) {
	for h := len(l.facts); h <= n; h++ {
		l.facts = append(l.facts, l.next(h))
	}
}

// next returns the facts of heap h, those of the smaller heaps known.
func (l *lineGenera) next(h int) heapFacts {
	for ; l.r > 0 && l.added <= h-l.t; l.added++ {
		l.add(l.added)
	}
	f := heapFacts{known: true, optsTame: true, starOne: true}
	empty := l.rule.Digit(h).Leave&rules.Leave0 != 0 && h > 0
	moves, longest := empty, 2
	var opts []*heapFacts
	for _, k := range l.explicit {
		if m := h - k; m >= 1 {
			o := &l.facts[m]
			opts = append(opts, o)
			moves = true
			longest = max(longest, len(o.genus.Gamma))
			f.optsTame = f.optsTame && o.tame
			f.starOne = f.starOne && o.terminal
		}
	}
	var classes []int
	for _, j := range l.tail {
		top := h - l.t - j // the largest remainder of this residue
		if top < 1 {
			continue
		}
		c := top % l.r
		classes = append(classes, c)
		moves = true
		longest = max(longest, l.longest)
		f.optsTame = f.optsTame && !within(l.firstWild[c], top)
		f.starOne = f.starOne && !within(l.firstLive[c], top)
	}
	if !moves {
		return heapFacts{genus: sg.EmptyGenus, known: true, terminal: true, optsTame: true, tame: true}
	}
	l.widen(longest + 18)
	f.genus = sg.GenusFrom(longest, &l.seen, func(i int, x *sg.Bitset) uint32 {
		if empty {
			x.Set(sg.EmptyGenus.Value(i))
		}
		for _, o := range opts {
			x.Set(o.genus.Value(i))
		}
		l.us = l.us[:0]
		for _, c := range classes {
			l.us = append(l.us, &l.unions[c][i+1])
		}
		return sg.MexOf(*x, l.us)
	})
	f.tame = f.optsTame && f.genus.Tame()
	f.sg = f.genus.G
	return f
}

// within reports whether the first heap first of a class (0: none) is at
// most top.
func within(first, top int) bool { return first >= 1 && first <= top }

// add puts heap m into the unions of its class, and notes it when it is
// the class's first wild or first non-terminal heap.
func (l *lineGenera) add(m int) {
	if m < 1 {
		return
	}
	c, f := m%l.r, &l.facts[m]
	for i := range l.unions[c] {
		l.unions[c][i].Add(f.genus.Value(i - 1))
	}
	l.longest = max(l.longest, len(f.genus.Gamma))
	if !f.tame && l.firstWild[c] == 0 {
		l.firstWild[c] = m
	}
	if !f.terminal && l.firstLive[c] == 0 {
		l.firstLive[c] = m
	}
}

// widen makes the unions hold the values at every i below width, adding
// those of the heaps already in them at the new i's.
func (l *lineGenera) widen(width int) {
	for c := range l.unions {
		old := len(l.unions[c])
		if old >= width {
			continue
		}
		l.unions[c] = append(l.unions[c], make([]sg.Union, width-old)...)
		for m := c; m < l.added; m += l.r {
			if m < 1 {
				continue
			}
			for i := old; i < width; i++ {
				l.unions[c][i].Add(l.facts[m].genus.Value(i - 1))
			}
		}
	}
}
