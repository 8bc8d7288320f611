package search

import (
	"context"
	"math/rand/v2"
	"testing"
)

func TestUnmix(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, x := range []uint64{0, 1, 1 << 63, ^uint64(0)} {
		if unmix(mix(x)) != x {
			t.Fatalf("unmix(mix(%#x)) = %#x", x, unmix(mix(x)))
		}
	}
	for range 100000 {
		x := rng.Uint64()
		if unmix(mix(x)) != x || mix(unmix(x)) != x {
			t.Fatalf("unmix is not mix's inverse at %#x", x)
		}
	}
}

// A search given the largest entries of a finished search's table back
// gives the same nimber after far fewer positions: the way a stopped
// search resumes.
func TestSaveRestore(t *testing.T) {
	for _, b := range [][2]int{{4, 7}, {5, 5}, {3, 9}} {
		g, _ := NewCram(b[0], b[1])
		tb := NewTable(64 << 20)
		full, err := Nimber(context.Background(), g, g.Start(), Options{Table: tb})
		if err != nil {
			t.Fatal(err)
		}
		const most = 2000
		saved := tb.Save(most)
		if len(saved) == 0 || len(saved) > most {
			t.Fatalf("%d×%d: saved %d entries, want 1..%d", b[0], b[1], len(saved), most)
		}
		// The entries saved are of the largest components.
		least := sizeMax
		for _, e := range saved {
			least = min(least, int(e.Word>>8&sizeMax))
			if got, ok := tb.Get(e.Key); !ok || got != entryOf(e.Word) {
				t.Fatalf("%d×%d: saved %+v, the table holds %+v, %v", b[0], b[1], e, got, ok)
			}
		}
		larger := 0
		for i := range tb.cur.Load().words {
			if w := tb.cur.Load().words[i].Load(); w != 0 && int(w>>8&sizeMax) > least {
				larger++
			}
		}
		if larger > len(saved) {
			t.Fatalf("%d×%d: %d entries larger than the least saved (size %d), %d saved", b[0], b[1], larger, least, len(saved))
		}
		// Without the start position's own entry (the largest), as a
		// search stopped before its end saves them.
		var below []Saved
		for _, e := range saved {
			if int(e.Word>>8&sizeMax) < b[0]*b[1] {
				below = append(below, e)
			}
		}
		again := NewTable(64 << 20)
		if err := again.Restore(below); err != nil {
			t.Fatal(err)
		}
		r, err := Nimber(context.Background(), g, g.Start(), Options{Table: again})
		if err != nil || r.Nimber != full.Nimber {
			t.Fatalf("%d×%d restored: %d %v, want %d", b[0], b[1], r.Nimber, err, full.Nimber)
		}
		if r.Stats.Nodes == 0 || r.Stats.Nodes*4 > full.Stats.Nodes {
			t.Errorf("%d×%d: restored, the search examined %d positions; from nothing %d", b[0], b[1], r.Stats.Nodes, full.Stats.Nodes)
		}
		t.Logf("%d×%d: %d entries restored, %d positions (from nothing %d)", b[0], b[1], len(below), r.Stats.Nodes, full.Stats.Nodes)
	}
	if err := NewTable(1).Restore([]Saved{{Key: 5, Word: 3}}); err == nil {
		t.Error("an entry of size 0 was restored")
	}
	if err := NewTable(1).Restore([]Saved{{Key: 5, Word: 9 << 8}}); err == nil {
		t.Error("an inexact entry excluding nothing was restored")
	}
}

// entryOf decodes a saved word as Get returns it.
func entryOf(w uint16) Entry {
	if w&exactBit != 0 {
		return Entry{Nimber: uint8(w), Exact: true}
	}
	return Entry{Excluded: uint8(w)}
}
