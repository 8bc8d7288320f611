package search

import (
	"context"
	"math/rand/v2"
	"testing"
)

func TestSetXor(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 500; i++ {
		var s Set
		for j := 0; j < 20; j++ {
			s.Add(uint8(rng.IntN(256)))
		}
		x := uint8(rng.IntN(256))
		got := s.Xor(x)
		for v := 0; v < 256; v++ {
			if got.Has(uint8(v)) != s.Has(uint8(v)^x) {
				t.Fatalf("Xor(%d): %d is wrong", x, v)
			}
		}
	}
	if v, _ := Below(10).Max(); v != 9 {
		t.Fatalf("max of Below(10) = %d", v)
	}
	if !Below(256).Has(255) || Below(0).Len() != 0 {
		t.Fatal("Below's ends")
	}
}

// The table returns what was put, never a key it was not given, and
// keeps its entries when it grows.
func TestTableGrowsAndKeeps(t *testing.T) {
	tb := NewTable(64 << 20)
	start := tb.Bytes()
	const n = 400000
	for i := uint64(1); i <= n; i++ {
		tb.Put(i*0x9e3779b97f4a7c15, uint8(i%7), 10)
	}
	if tb.Bytes() <= start {
		t.Fatalf("the table did not grow from %d bytes", start)
	}
	if tb.Bytes() > tb.Limit() {
		t.Fatalf("%d bytes, over the limit %d", tb.Bytes(), tb.Limit())
	}
	lost := 0
	for i := uint64(1); i <= n; i++ {
		v, ok := tb.Nimber(i * 0x9e3779b97f4a7c15)
		if !ok {
			lost++
		} else if v != uint8(i%7) {
			t.Fatalf("key %d: %d, stored %d", i, v, i%7)
		}
	}
	if lost > n/50 {
		t.Fatalf("%d of %d entries lost", lost, n)
	}
	for i := uint64(1); i <= 1000; i++ {
		if _, ok := tb.Get(i*0x9e3779b97f4a7c15 + 1); ok {
			t.Fatalf("a key never stored was found")
		}
	}
	tb.Exclude(12345, 0b101, 3)
	tb.Exclude(12345, 0b010, 3)
	if e, _ := tb.Get(12345); e.Exact || e.Excluded != 0b111 {
		t.Fatalf("exclusions %+v, want 0b111", e)
	}
	tb.Put(12345, 4, 3)
	tb.Exclude(12345, 0b1, 3)
	if e, _ := tb.Get(12345); !e.Exact || e.Nimber != 4 {
		t.Fatalf("entry %+v, want exact 4", e)
	}
}

// A full table replaces entries but still answers correctly.
func TestSmallTableSameAnswers(t *testing.T) {
	g, _ := NewCram(4, 6)
	want := solve(t, g, g.Start(), 1)
	r, err := Nimber(context.Background(), g, g.Start(), Options{TableBytes: 1})
	if err != nil || r.Nimber != want {
		t.Fatalf("with the smallest table: %d %v, want %d", r.Nimber, err, want)
	}
}

// Workers share out the root's children; the nimber does not change.
func TestWorkersAgree(t *testing.T) {
	for _, b := range [][2]int{{3, 7}, {5, 5}, {4, 7}, {3, 9}} {
		g, _ := NewCram(b[0], b[1])
		one := solve(t, g, g.Start(), 1)
		for _, w := range []int{2, 3, 4} {
			if got := solve(t, g, g.Start(), w); got != one {
				t.Errorf("%d×%d: %d workers give %d, one gives %d", b[0], b[1], w, got, one)
			}
		}
	}
}

func TestCancel(t *testing.T) {
	g, _ := NewCram(5, 7)
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	_, err := Nimber(ctx, g, g.Start(), Options{Progress: func(p Progress) {
		calls++
		cancel()
	}})
	if err == nil {
		t.Fatal("a cancelled search returned no error")
	}
	if calls == 0 {
		t.Fatal("no progress was reported")
	}
}

// Is against the definition: on random Cram boards of up to 20 cells
// (several parts, a table shared from board to board or none, one and two
// workers) it says yes exactly for the nimber, for every value asked.
func TestIsAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	boards := 200
	if raceEnabled {
		boards = 30
	}
	for _, size := range [][2]int{{4, 5}, {3, 6}, {2, 9}, {4, 4}} {
		g, err := NewCram(size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		b := newBruteCram(size[0], size[1])
		shared := NewTable(8 << 20)
		yes, no := 0, 0
		for i := 0; i < boards; i++ {
			p := rng.Uint64() | rng.Uint64()
			if i == 0 {
				p = ^uint64(0)
			}
			p &= b.full()
			want := b.nimber(p)
			opt := Options{Workers: 1 + i%2}
			if i%3 != 0 {
				opt.Table = shared
			}
			for v := 0; v <= want+1; v++ {
				is, _, err := Is(context.Background(), g, toGame(g, size[0], size[1], p), uint8(v), opt)
				if err != nil {
					t.Fatal(err)
				}
				if is != (v == want) {
					t.Fatalf("%d×%d board %s: Is(%d) says %v, the definition gives %d", size[0], size[1], g.Format(toGame(g, size[0], size[1], p), "/"), v, is, want)
				}
				if is {
					yes++
				} else {
					no++
				}
			}
		}
		if yes == 0 || no == 0 {
			t.Fatalf("%d×%d: %d yes and %d no: the test tests little", size[0], size[1], yes, no)
		}
	}
}

// Is on the children of a board, given the table the board's search
// filled, asks much less than finding their nimbers: Cram 4×5's winning
// moves.
func TestIsUsesTheParentsTable(t *testing.T) {
	g, _ := NewCram(4, 5)
	tb := NewTable(8 << 20)
	if _, err := Nimber(context.Background(), g, g.Start(), Options{Table: tb}); err != nil {
		t.Fatal(err)
	}
	var asked, alone, found int64
	for _, m := range g.Moves(g.Start(), nil) {
		is, st, err := Is(context.Background(), g, m, 0, Options{Table: tb})
		if err != nil {
			t.Fatal(err)
		}
		asked += st.Nodes
		_, st, err = Is(context.Background(), g, m, 0, Options{})
		if err != nil {
			t.Fatal(err)
		}
		alone += st.Nodes
		f, err := Nimber(context.Background(), g, m, Options{})
		if err != nil {
			t.Fatal(err)
		}
		found += f.Stats.Nodes
		if is != (f.Nimber == 0) {
			t.Fatalf("move to %s: Is(0) %v, nimber %d", g.Format(m, "/"), is, f.Nimber)
		}
	}
	if asked*4 > found {
		t.Errorf("the children asked about 0 with the parent's table took %d positions, found alone %d: want a quarter at most", asked, found)
	}
	if alone >= found {
		t.Errorf("the children asked about 0 took %d positions, found %d: asking is no cheaper", alone, found)
	}
	t.Logf("Cram 4×5's children: %d positions asked about 0 with the parent's table, %d without, %d to find their nimbers", asked, alone, found)

	// Chomp, whose positions are tabulated, not searched.
	c, _ := NewChomp(4, 5)
	for _, m := range c.Moves(c.Start(), nil) {
		is, _, err := Is(context.Background(), c, m, 0, Options{Method: Exact})
		if err != nil {
			t.Fatal(err)
		}
		f, err := Nimber(context.Background(), c, m, Options{Method: Exact})
		if err != nil {
			t.Fatal(err)
		}
		if is != (f.Nimber == 0) {
			t.Fatalf("Chomp 4×5, move to %x: Is(0) %v, nimber %d", m, is, f.Nimber)
		}
	}
}
