package search

import (
	"context"
	"math/rand/v2"
	"testing"
)

// solve returns the nimber of p by both methods, which must agree.
func solve(t testing.TB, g Game, p uint64, workers int) uint8 {
	t.Helper()
	// With a table given, a game that tabulates its positions is searched
	// all the same.
	r, err := Nimber(context.Background(), g, p, Options{Table: NewTable(8 << 20), Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	e, err := Nimber(context.Background(), g, p, Options{Table: NewTable(8 << 20), Workers: workers, Method: Exact})
	if err != nil {
		t.Fatal(err)
	}
	if e.Nimber != r.Nimber {
		t.Fatalf("the pruned search gives %d, the exact %d", r.Nimber, e.Nimber)
	}
	if _, ok := g.(tabulator); ok {
		b, err := Nimber(context.Background(), g, p, Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if b.Nimber != r.Nimber {
			t.Fatalf("the table of positions gives %d, the search %d", b.Nimber, r.Nimber)
		}
	}
	return r.Nimber
}

// Every board of at most 20 cells, empty and partly covered, against the
// definition.
func TestCramAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cells, random := 20, 30
	if raceEnabled {
		cells, random = 16, 6
	}
	for rows := 1; rows <= cells; rows++ {
		for cols := 1; rows*cols <= cells; cols++ {
			g, err := NewCram(rows, cols)
			if err != nil {
				t.Fatal(err)
			}
			b := newBruteCram(rows, cols)
			want := b.nimber(b.full())
			if got := solve(t, g, toGame(g, rows, cols, b.full()), 1); int(got) != want {
				t.Errorf("%d×%d: nimber %d, the definition gives %d", rows, cols, got, want)
			}
			for i := 0; i < random; i++ {
				p := rng.Uint64()&rng.Uint64() | rng.Uint64()&b.full()
				p &= b.full()
				want := b.nimber(p)
				if got := solve(t, g, toGame(g, rows, cols, p), 1+i%2); int(got) != want {
					t.Errorf("%d×%d board %s: nimber %d, the definition gives %d", rows, cols, g.Format(toGame(g, rows, cols, p), "/"), got, want)
				}
			}
		}
	}
}

func TestSmallCramTable(t *testing.T) {
	for _, box := range [][2]int{{3, 4}, {4, 5}} {
		tb := buildSmallCram(box[0], box[1])
		b := newBruteCram(box[0], box[1])
		rng := rand.New(rand.NewPCG(3, 4))
		for i := 0; i < 2000; i++ {
			s := rng.Uint64() & b.full()
			if got, want := int(tb.nim[s]), b.nimber(s); got != want {
				t.Fatalf("box %v set %b: table %d, definition %d", box, s, got, want)
			}
		}
	}
}
