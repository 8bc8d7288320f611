package heap

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/internal/pool"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// TestSearchNarrow checks the byte copies and the search in them against
// the table itself: values of 256 and more here and there, copies brought
// up to random n0 (going back too, as a new evaluator does), and random
// searches. A search must look only at pairs whose values are below 256 and
// find exactly the values wanted among them, up to where it stops.
func TestSearchNarrow(t *testing.T) {
	savedLow, savedWin := narrowLow, narrowWindow
	defer func() { narrowLow, narrowWindow = savedLow, savedWin }()
	narrowLow, narrowWindow = 300, 200
	r := rand.New(rand.NewPCG(7, 8))
	const n = 4000
	G := make([]uint16, n)
	for p := range G {
		G[p] = uint16(r.IntN(256))
		if r.IntN(500) == 0 {
			G[p] = uint16(256 + r.IntN(256))
		}
	}
	G[250] = 300 // low ends below narrowLow
	var nw narrowing
	searched, narrowed := 0, 0
	for trial := range 3000 {
		n0 := 1 + r.IntN(n-1)
		if trial%10 != 0 { // mostly forward, as an engine goes
			n0 = min(n-1, nw.top+r.IntN(300))
		}
		nar := narrowTo(&nw, n0, G)
		if len(nar.low) != 250 && n0 >= 250 {
			t.Fatalf("n0 %d: %d low values, want 250", n0, len(nar.low))
		}
		for p := nar.from; p < n0; p++ {
			if p < nar.base || uint16(nar.recent[p-nar.base]) != G[p] {
				t.Fatalf("n0 %d: position %d copied wrong", n0, p)
			}
		}
		m := n0 - 1 + r.IntN(150) // partners in the window, parts in low
		a0 := max(1, m-n0+1+r.IntN(20))
		hi := m / 2
		if a0 > hi {
			continue
		}
		want := make(sg.Bitset, 8)
		left := 0
		for range 1 + r.IntN(6) {
			v := uint32(r.IntN(256))
			if !want.Has(v) {
				want.Set(v)
				left++
			}
		}
		wanted := append(sg.Bitset(nil), want...)
		set := make(sg.Bitset, 8)
		l := left
		k := searchNarrow(&nar, m, a0, hi, want, set, &l)
		searched++
		if k == 0 {
			continue
		}
		narrowed++
		seen := map[uint32]bool{}
		for a := a0; a < a0+k; a++ {
			if G[a] >= 256 || G[m-a] >= 256 || m-a >= n0 {
				t.Fatalf("n0 %d, m %d: pair (%d, %d) of values %d, %d looked at in bytes", n0, m, a, m-a, G[a], G[m-a])
			}
			seen[uint32(G[a]^G[m-a])] = true
		}
		for v := uint32(0); v < 256; v++ {
			if got, want := set.Has(v), wanted.Has(v) && seen[v]; got != want {
				t.Fatalf("n0 %d, m %d, pairs %d to %d: value %d found %v, want %v", n0, m, a0, a0+k-1, v, got, want)
			}
		}
		if l != left-len(setBits(set)) {
			t.Fatalf("left %d after finding %d of %d", l, len(setBits(set)), left)
		}
	}
	if narrowed < searched/4 {
		t.Fatalf("%d of %d searches ran in bytes: the copies went untested", narrowed, searched)
	}
}

func setBits(s sg.Bitset) []uint32 {
	var out []uint32
	for v := uint32(0); v < uint32(64*len(s)); v++ {
		if s.Has(v) {
			out = append(out, v)
		}
	}
	return out
}

// TestNarrowEqualsSerial runs Grundy's game with byte copies small enough
// that their windows are made anew many times, on several workers, and
// checks the values against the plain engine.
func TestNarrowEqualsSerial(t *testing.T) {
	savedLow, savedWin := narrowLow, narrowWindow
	defer func() { narrowLow, narrowWindow = savedLow, savedWin }()
	narrowLow, narrowWindow = 1500, 700
	games, err := rules.Parse(strings.NewReader(`code: "4!.0"`), "narrow.yaml")
	if err != nil {
		t.Fatal(err)
	}
	const n = 12000
	plain, err := Sequence(t.Context(), games[0], n, sg.Options{Plain: true, Exhaustive: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{1, 2, 3} {
		var p *pool.Pool
		if w > 1 {
			p = pool.New(w)
		}
		G := make([]uint16, n+1)
		e := newEvaluator(games[0].Rule, true, p, G[:1])
		for h := 1; h <= n; h++ {
			G[h] = uint16(e.value(h, G))
		}
		e.drain()
		if p != nil {
			p.Close()
		}
		for h, v := range plain.G.Uint32s() {
			if uint32(G[h]) != v {
				t.Fatalf("%d workers: heap %d: %d, plain engine %d", w, h, G[h], v)
			}
		}
	}
}
