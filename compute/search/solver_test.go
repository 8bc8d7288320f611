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
