package heap

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/internal/kernel"
	"github.com/sgtab/sgtab/compute/internal/pool"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// TestPoolEqualsSerial shares even short pair scans among workers and checks
// that the values never depend on their number.
func TestPoolEqualsSerial(t *testing.T) {
	saved := pool.ParallelPairs
	pool.ParallelPairs = 8
	defer func() { pool.ParallelPairs = saved }()
	for _, yaml := range []string{
		`code: "0.77"`, `code: "0.007"`, `code: "0.6"`, `code: "4!.0"`, `code: "4.(3)"`,
		`code: "0.(7)"`, "code: \"0.777\"\nstart: ring", `code: "C.(F)"`, `code: "0.F6"`,
	} {
		games, err := rules.Parse(strings.NewReader(yaml), "pool.yaml")
		if err != nil {
			t.Fatal(err)
		}
		var first *sg.Table
		for _, w := range []int{1, 2, 3, 7} {
			for _, plain := range []bool{false, true} {
				tab, err := Sequence(t.Context(), games[0], testenv.Share(600, 400), sg.Options{Workers: w, Plain: plain, Exhaustive: true})
				if err != nil {
					t.Fatal(err)
				}
				if first == nil {
					first = tab
					continue
				}
				if !tab.G.Equal(first.G) || !tab.Ring.Equal(first.Ring) {
					t.Fatalf("%q: %d workers (plain %v) differ from 1 worker", yaml, w, plain)
				}
			}
		}
	}
}

// TestBlockEqualsSerial guesses blocks of several lengths in sparse space and
// checks that the values equal the plain engine's, and that some heaps'
// settling had to look for values above the guess's bound, the way out of
// settle that the guess does not prepare.
func TestBlockEqualsSerial(t *testing.T) {
	saved := blockHeaps
	defer func() { blockHeaps = saved }()
	n := testenv.Share(3000, 1500)
	again, above := 0, 0
	for _, code := range []string{"0.6", "4!.0", "0.16", "0.1036", "4.4"} {
		games, err := rules.Parse(strings.NewReader("code: \""+code+"\""), "block.yaml")
		if err != nil {
			t.Fatal(err)
		}
		plain, err := Sequence(t.Context(), games[0], n, sg.Options{Plain: true, Exhaustive: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, heaps := range []int{1, 4, 64} {
			blockHeaps = heaps
			for _, w := range []int{2, 3, 7} {
				p := pool.New(w)
				G := make([]uint32, n+1)
				e := newEvaluator(games[0].Rule, true, p, G[:1])
				for h := 1; h <= n; h++ {
					G[h] = e.value(h, G)
				}
				e.drain() // the workers guess ahead until drained
				p.Close()
				if !slices.Equal(G, plain.G.Uint32s()) {
					t.Fatalf("%s, blocks of %d heaps per worker, %d workers: values differ from the plain engine", code, heaps, w)
				}
				again += e.sparse.again
				above += e.sparse.above
			}
		}
	}
	if above == 0 {
		t.Error("no heap's settling looked above the bound: that search is untested")
	}
	t.Logf("%d heaps settled looking above the bound, %d guessed again", above, again)
}

// TestScanBlocksEqualSerial scans blocks of heaps on several workers, in
// games where no mask makes rare values few, and checks the values
// against the plain engine; some heaps must have settled past their
// guess's last window, the way out of settleScan the guess does not
// prepare.
func TestScanBlocksEqualSerial(t *testing.T) {
	saved := []int{scanBlockFrom, scanPerWorker, scanMarkPairs}
	defer func() { scanBlockFrom, scanPerWorker, scanMarkPairs = saved[0], saved[1], saved[2] }()
	n := testenv.Share(2500, 1200)
	blocks, beyond := 0, 0
	for i, code := range []string{"0.007", "0.3016", "0.137", "4.07", "0.0054", "4.6"} {
		games, err := rules.Parse(strings.NewReader("code: \""+code+"\""), "scan.yaml")
		if err != nil {
			t.Fatal(err)
		}
		plain, err := Sequence(t.Context(), games[0], n, sg.Options{Plain: true, Exhaustive: true})
		if err != nil {
			t.Fatal(err)
		}
		scanMarkPairs = []int{3, 40, 512}[i%3]
		for _, from := range []int{1, 100} {
			for _, per := range []int{1, 3} {
				scanBlockFrom, scanPerWorker = from, per
				for _, w := range []int{2, 3, 7} {
					p := pool.New(w)
					G := make([]uint16, n+1) // values the witness kernels take
					e := newEvaluator(games[0].Rule, true, p, G[:1])
					got := make([]uint32, n+1)
					for h := 1; h <= n; h++ {
						got[h] = e.value(h, G)
						G[h] = uint16(got[h])
					}
					e.drain()
					p.Close()
					if !slices.Equal(got, plain.G.Uint32s()) {
						t.Fatalf("%s, blocks from heap %d, %d heaps per worker, %d workers: values differ from the plain engine", code, from, per, w)
					}
					blocks += e.sparse.scan.blocks
					beyond += e.sparse.scan.beyond
				}
			}
		}
	}
	if blocks == 0 || beyond == 0 {
		t.Errorf("%d blocks scanned, %d heaps settled past the guess's window: a branch went untested", blocks, beyond)
	}
	t.Logf("%d blocks scanned, %d heaps settled past the guess's window", blocks, beyond)
}

// TestLookaheadDrains stops an evaluator of Grundy's game while its
// workers guess a block ahead, as a widening or a proof does: drain must
// join them, leaving the pool free for the next evaluator, and the values
// of all must be those of one worker.
func TestLookaheadDrains(t *testing.T) {
	const n = 12000
	game, serial := grundyOneWorker(t, n)
	p := pool.New(2)
	defer p.Close()
	G := make([]uint16, n+1)
	stops := 0
	for from := 1; from <= n; {
		e := newEvaluator(game.Rule, true, p, G[:from])
		h := from
		for ; h <= n; h++ {
			G[h] = uint16(e.value(h, G))
			if s := e.sparse; s != nil && s.ahead() && h%7 == 0 {
				h++
				break
			}
		}
		if s := e.sparse; s != nil && s.ahead() {
			stops++
		}
		e.drain()
		if e.sparse != nil && e.sparse.ahead() {
			t.Fatal("drain left a block guessed ahead")
		}
		ran := make([]bool, p.Workers)
		p.Run(func(w int) { ran[w] = true })
		if !ran[0] || !ran[1] {
			t.Fatalf("after drain at heap %d, the pool ran %v", h, ran)
		}
		from = h
	}
	if stops == 0 {
		t.Fatal("no evaluator stopped with a block guessed ahead")
	}
	t.Logf("%d evaluators stopped with a block guessed ahead", stops)
	for i, v := range serial.G.Uint32s() {
		if uint32(G[i]) != v {
			t.Fatalf("SG(%d) = %d after %d stops, one worker %d", i, G[i], stops, v)
		}
	}
}

// TestSettleAnyTable checks guess and settle against the definition on
// random tables, not game values: their answer must be the mex of heap n's
// options computed from G[0..n-1], whatever G holds. Values are drawn so
// that most are common under the split (a mask, and in two trials of three
// the heap's parity, where the rule's splits allow it) and pairs of common
// values seldom give a rare one, which drives the searches to the edges of
// their ranges.
func TestSettleAnyTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := range testenv.Share(3000, 1000) {
		code := []string{"0.6", "4!.0", "0.1036", "4.4", "0.16"}[trial%5]
		r, err := rules.ParseCode(code, 8)
		if err != nil {
			t.Fatal(err)
		}
		n0, heaps := 40+rng.IntN(200), 1+rng.IntN(40)
		G := make([]uint32, n0+heaps)
		split := sg.Split{Mask: uint32(1 + rng.IntN(15))}
		e := newEvaluator[uint32](r, true, nil, nil)
		if trial%3 != 0 && e.sameParity() {
			// The heap's parity counts too.
			split.Pos = []sg.Parity{sg.Even, sg.Odd}[trial%2]
		}
		// A few common values at even heaps and at odd ones, most of the
		// table.
		var common [2][]uint32
		for q := range common {
			for len(common[q]) < 1+rng.IntN(4) {
				if v := uint32(rng.IntN(16)); !split.RareAt(q, v) {
					common[q] = append(common[q], v)
				}
			}
		}
		other := 2 + rng.IntN(64) // one value in this many is any value
		for i := 1; i < len(G); i++ {
			if rng.IntN(other) == 0 {
				G[i] = uint32(rng.IntN(16))
			} else {
				G[i] = common[i&1][rng.IntN(len(common[i&1]))]
			}
		}
		workers := 1 + rng.IntN(3)
		// One-byte values take findPairs8's path, four-byte ones the other.
		settleTrial(t, r, workers, split, n0, G, trial)
		G8 := make([]uint8, len(G))
		for i, v := range G {
			G8[i] = uint8(v)
		}
		settleTrial(t, r, workers, split, n0, G8, trial)
	}
}

// settleTrial guesses the heaps n0.. of G as one block and checks every
// heap that settles against the definition.
func settleTrial[T sg.Value](t *testing.T, r rules.Rule, workers int, split sg.Split, n0 int, G []T, trial int) {
	t.Helper()
	p := pool.New(workers)
	defer p.Close()
	e := newEvaluator(r, true, p, G[:1])
	s := e.sparse
	s.mask, s.pos, s.next = split.Mask, split.Pos, 1<<62
	e.sameParity()
	for i := 1; i < n0; i++ {
		if v := uint32(G[i]); split.RareAt(i, v) {
			s.rare = append(s.rare, rarePos{P: i, V: v})
		}
		e.maxG = max(e.maxG, uint32(G[i]))
	}
	s.cur, s.last = 1, 1
	b := s.curBlock()
	e.publish(b, 1, n0, n0, len(G), G)
	e.guessAll(b, G)
	for n := n0; n < len(G); n++ {
		if v := uint32(G[n-1]); n > n0 && split.RareAt(n-1, v) {
			s.rare = append(s.rare, rarePos{P: n - 1, V: v})
		}
		e.maxG = max(e.maxG, uint32(G[n-1]))
		e.opts.Reset()
		if r.Digit(n).Leave&rules.Leave0 != 0 {
			e.opts.Set(0)
		}
		for _, rm := range e.leave1 {
			if m := n - rm.k; m >= 1 {
				e.opts.Set(uint32(G[m]))
			}
		}
		got, ok := e.settle(n, n0, b.rare0, G, &b.guesses[n-n0])
		if !ok {
			continue
		}
		if want := mexOfTable(r, G, n); got != want {
			t.Fatalf("%s, trial %d, %T values: heap %d guessed from %d: %d, want %d", r, trial, G[0], n, n0, got, want)
		}
	}
}

// mexOfTable returns the mex of the options of heap n of rule r, leaving up
// to two heaps, read from G, by the definition.
func mexOfTable[T sg.Value](r rules.Rule, G []T, n int) uint32 {
	seen := map[uint32]bool{}
	for k := 0; k <= n; k++ {
		d := r.Digit(k)
		m := n - k
		if d.Leave&rules.Leave0 != 0 && m == 0 {
			seen[0] = true
		}
		if d.Leave&rules.Leave1 != 0 && m >= 1 && k >= 1 {
			seen[uint32(G[m])] = true
		}
		if d.Leave&rules.Leave2 != 0 {
			for a := 1; 2*a <= m; a++ {
				if d.Distinct&rules.Leave2 != 0 && 2*a == m {
					continue
				}
				seen[uint32(G[a]^G[m-a])] = true
			}
		}
	}
	v := uint32(0)
	for seen[v] {
		v++
	}
	return v
}

// TestRunsEqualPlain varies the parameters of the fast paths — heaps per
// run, pairs folded into a run's marks, pairs the scan marks before it
// searches, pairs from which a search is shared among workers — down to
// sizes that send every heap through every branch (edge heaps of a run,
// searches shared among workers and ended early), and checks the values
// against the plain engine on random codes and Grundy's game.
func TestRunsEqualPlain(t *testing.T) {
	saved := []int{blockHeaps, foldPairs, scanMarkPairs, pool.ParallelPairs}
	defer func() {
		blockHeaps, foldPairs, scanMarkPairs, pool.ParallelPairs = saved[0], saved[1], saved[2], saved[3]
	}()
	rng := rand.New(rand.NewPCG(13, 13))
	codes := []string{"0.6", "4!.0", "0.007", "0.16", "4.4", "0.1036", "0.77", "0.0051", "0.3016"}
	for len(codes) < testenv.Share(24, 10) {
		code := []byte("0.")
		if rng.IntN(3) == 0 {
			code[0] = '4'
		}
		for range 1 + rng.IntN(4) {
			code = append(code, byte('0'+rng.IntN(8)))
		}
		code[len(code)-1] |= 4 // a split
		codes = append(codes, string(code))
	}
	n := testenv.Share(1500, 1000)
	for i, code := range codes {
		r, err := rules.ParseCode(code, 8)
		if err != nil {
			t.Fatal(err)
		}
		g := rules.Game{Name: code, Rule: r}
		plain, err := Sequence(t.Context(), g, n, sg.Options{Plain: true, Exhaustive: true})
		if err != nil {
			t.Fatal(err)
		}
		blockHeaps = []int{1, 5, 32}[i%3]
		foldPairs = []int{0, 1, 7, 512}[i%4]
		scanMarkPairs = []int{0, 3, 40, 512}[i%4]
		pool.ParallelPairs = []int{4, 64}[i%2]
		for wi, w := range []int{1, 2, 3, 7} {
			// Values of one, two or four bytes: a table resumed from
			// the first values, stored wider than they need.
			opt := sg.Options{Workers: w, Exhaustive: true}
			width := []int{8, 16, 32}[(i+wi)%3]
			if width > 8 {
				from := sg.ValuesOf(plain.G.Uint32s()[:65])
				from.Widen(width)
				opt.From = &sg.Table{Game: g, G: from}
			}
			// Every level of kernels the CPU runs.
			for _, lv := range kernel.Levels() {
				if !lv.Supported() {
					continue
				}
				was := kernel.Use(lv)
				kernels := kernel.Name()
				fast, err := Sequence(t.Context(), g, n, opt)
				kernel.Use(was)
				if err != nil {
					t.Fatal(err)
				}
				if fast.G.Width() != width {
					t.Fatalf("%s: values of %d bits, want %d", code, fast.G.Width(), width)
				}
				if !fast.G.Equal(plain.G) {
					j := 0
					for fast.G.At(j) == plain.G.At(j) {
						j++
					}
					t.Fatalf("%s, %d workers, %d-bit values, runs of %d, %d pairs folded, scan marks %d, %s kernels: SG(%d) = %d, plain engine %d",
						code, w, width, blockHeaps, foldPairs, scanMarkPairs, kernels, j, fast.G.At(j), plain.G.At(j))
				}
			}
		}
	}
}

// TestParitySplitUsed checks that the engine takes a split with the heap's
// parity where it makes the rare set smaller: 0.127, whose rare positions
// are those where the value's parity and the heap's differ, and that its
// values equal the plain engine's.
func TestParitySplitUsed(t *testing.T) {
	r, err := rules.ParseCode("0.127", 8)
	if err != nil {
		t.Fatal(err)
	}
	const n = 20000
	plain, err := Sequence(t.Context(), rules.Game{Name: "0.127", Rule: r}, n, sg.Options{Plain: true, Exhaustive: true})
	if err != nil {
		t.Fatal(err)
	}
	G := make([]uint16, n+1)
	e := newEvaluator(r, true, nil, G[:1])
	for h := 1; h <= n; h++ {
		G[h] = uint16(e.value(h, G))
	}
	if s := e.sparse; s.mask != 1 || s.pos != sg.Odd {
		t.Errorf("split in use: mask %#x, parity %q; want 1, odd", s.mask, s.pos)
	}
	for i, v := range plain.G.Uint32s() {
		if uint32(G[i]) != v {
			t.Fatalf("SG(%d) = %d, plain engine %d", i, G[i], v)
		}
	}
}

// TestPipeParks leaves an evaluator of Grundy's game with blocks guessed
// ahead and no heap asked for, as while a checkpoint is written: its
// worker must park rather than poll for ever, wake when blocks are
// published again, and the values must be those of one worker.
func TestPipeParks(t *testing.T) {
	const n = 20000
	game, serial := grundyOneWorker(t, n)
	p := pool.New(2)
	defer p.Close()
	G := make([]uint16, n+1)
	e := newEvaluator(game.Rule, true, p, G[:1])
	parked := func() int {
		e.sparse.mu.Lock()
		defer e.sparse.mu.Unlock()
		return e.sparse.parked
	}
	pauses := 0
	for h := 1; h <= n; h++ {
		G[h] = uint16(e.value(h, G))
		if h%5000 != 0 || e.sparse == nil || !e.sparse.started {
			continue
		}
		for i := 0; parked() == 0; i++ {
			if i == 1e7 {
				t.Fatalf("heap %d: the worker never parked", h)
			}
			runtime.Gosched()
		}
		pauses++
	}
	e.drain()
	if pauses == 0 {
		t.Fatal("no pause with blocks guessed ahead: the parking went untested")
	}
	for h, v := range serial.G.Uint32s() {
		if uint32(G[h]) != v {
			t.Fatalf("heap %d: %d, one worker %d", h, G[h], v)
		}
	}
}

// grundyOneWorker returns Grundy's game and its table to n computed by one
// worker, which the tests of several workers compare with.
func grundyOneWorker(t *testing.T, n int) (rules.Game, *sg.Table) {
	t.Helper()
	games, err := rules.Parse(strings.NewReader(`code: "4!.0"`), "grundy.yaml")
	if err != nil {
		t.Fatal(err)
	}
	serial, err := Sequence(t.Context(), games[0], n, sg.Options{Workers: 1, Exhaustive: true})
	if err != nil {
		t.Fatal(err)
	}
	return games[0], serial
}
