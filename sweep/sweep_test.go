package sweep_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
)

// census runs the sweep config yaml in dir, as one shard, and returns its
// rows.
func census(t *testing.T, yaml, dir string, shard sweep.Shard) []export.CensusRow {
	t.Helper()
	s, err := rules.ParseSweep(strings.NewReader(yaml), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := sweep.NewPlan(s, -1, -1, shard)
	if err != nil {
		t.Fatal(err)
	}
	j, err := sweep.OpenJournal(dir, sweep.Header{Sweep: sweep.SHA(s.Config), N: p.N, Auto: p.Auto, Shard: shard.String(), Version: "test"}, false, testKey)
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	results, err := sweep.Run(t.Context(), p, j, sweep.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows, err := sweep.Census(p, results)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// czajkaLookup is the lookup table of the two-digit octal games .d1d2 in
// T. Czajka's census of octal games (GameLookup.md in
// github.com/tczajka/octal-games; the same equivalences as the game
// locator of Winning Ways, ch. 4, with its corrections): row d1, column
// d2 = 1..7 names the simpler game a code is equal to, "-" none; a game
// in which a heap of one token has no move is compared with its heap sizes
// less one. The one-digit games .d1 (d2 = 0) are its first table.
var czajkaLookup = map[int][8]string{
	0: {"-", ".1", "-", ".02", "-", "4", "-", ".4"},
	1: {"-", "-", "-", ".02", "-", "-", "-", "-"},
	2: {"4", "4", "-", ".22", "4", "4", "-", ".26"},
	3: {"4", "-", "-", ".22", "-", "-", "-", ".6"},
	4: {"-", ".17", ".4", ".17", "-", "-", ".44", ".45"},
	5: {"4", "-", "-", "-", "-", ".51", "-", "-"},
	6: {"-", ".6", ".6", ".6", "-", ".64", ".64", ".64"},
	7: {"4", "-", "-", ".26", "-", "-", "-", "-"},
}

// czajkaTrivial holds the one- and two-digit games of Czajka's list of
// trivial games (TrivialGames.md, ibid.) and the solved .45
// (SolvedGames.md): the values from the heap sizes that have no move on
// (base 36), their preperiod there and period; and the solved .16 and .56
// and the unsolved two-digit games, which a census to 2^12 must leave open.
var czajkaTrivial = map[string]struct {
	prefix, period int
	values         string // prefix(period)
}{
	".1": {2, 1, "01(0)"}, ".4": {52, 34, "0112031103322405223301130211045274011203110332244552(3301130211045374811203110332244559)"},
	".02": {0, 4, "(0110)"}, ".11": {3, 1, "011(0)"}, ".12": {1, 4, "0(1001)"}, ".15": {1, 10, "0(1101122122)"},
	".17": {33, 34, "011021301132234153223110312011442(6411021301132234457223110312011443)"},
	".22": {0, 3, "(012)"}, ".26": {0, 4, "(0123)"}, ".31": {3, 2, "012(01)"}, ".32": {1, 3, "0(102)"},
	".34": {7, 8, "0101201(03121203)"}, ".35": {1, 6, "0(120102)"},
	".44": {141, 24, "011223311443322114422664411227711443322114466774411228855447722118866774411223311447722118822774411228811447722114422774411228811447722118866(774411228811447722118822)"},
	".51": {1, 1, "0(1)"}, ".52": {4, 4, "0102(2103)"}, ".53": {11, 9, "01122102240(122112241)"}, ".54": {3, 7, "010(1222411)"},
	".57": {1, 4, "0(1122)"}, ".71": {3, 2, "012(10)"}, ".72": {1, 4, "0(1023)"}, ".75": {1, 2, "0(12)"},
	".77": {71, 12, "01231432142641271432146741285472186741231472182741281472142741281472186(741281472182)"},
	".45": {498, 20, ""},
}

var czajkaOpen = []string{".04", ".06", ".14", ".16", ".36", ".56", ".6", ".64", ".74", ".76"}

// name returns the census name of a game of Czajka's notation: ".1" is
// "0.10" (the sweep of every two-digit code names it so), "4" is the game
// listed as "four".
func name(c string) string {
	switch {
	case c == "4":
		return "four"
	case len(c) == 2:
		return "0" + c + "0"
	}
	return "0" + c
}

// TestTwoDigitOctal checks the census of every two-digit octal code (and
// of the game 4, to which several are equal) against Czajka's census: the
// classes are exactly the lookup table's equivalences, and each trivial
// game has the published period and values (preperiod and values counted
// from its first heap with a move, as the table counts them).
func TestTwoDigitOctal(t *testing.T) {
	const yaml = "sweep:\n  codes: [\"0.**\"]\n  cap: 4096\n  games:\n    - {name: four, code: \"4.0\"}\n"
	rows := census(t, yaml, t.TempDir(), sweep.All)
	byName := map[string]export.CensusRow{}
	for _, r := range rows {
		byName[r.Name] = r
	}
	if len(rows) != 65 {
		t.Fatalf("%d rows, want 64 codes and the game 4", len(rows))
	}
	// The table's equivalences, as groups.
	group := map[string]string{}
	var find func(string) string
	find = func(x string) string {
		if g, ok := group[x]; ok && g != x {
			return find(g)
		}
		return x
	}
	for d1, row := range czajkaLookup {
		for d2, target := range row {
			code := name(fmt.Sprintf(".%d%d", d1, d2))
			if d2 == 0 {
				code = name(fmt.Sprintf(".%d", d1))
			}
			if target != "-" {
				group[find(code)] = find(name(target))
			}
		}
	}
	for a := range byName {
		for b := range byName {
			same := byName[a].Class == byName[b].Class
			if want := find(a) == find(b); same != want {
				t.Errorf("%s and %s: same class %v, want %v (classes %s, %s)", a, b, same, want, byName[a].Class, byName[b].Class)
			}
		}
	}
	for c, want := range czajkaTrivial {
		r := byName[name(c)]
		if r.Status != sg.Proved || r.Period != want.period {
			t.Errorf("%s: %s, period %d; want proved, period %d", c, r.Status, r.Period, want.period)
			continue
		}
		if want.values == "" {
			if r.Preperiod != want.prefix {
				t.Errorf("%s: preperiod %d, want %d", c, r.Preperiod, want.prefix)
			}
			continue
		}
		// From the first heap with a move: the census's first values
		// after the shift, and its preperiod, the least n0 from which
		// zeros and the table's values run with the period.
		vals := expand(t, want.values, 200)
		if got := r.First[r.Shift:]; !slices.Equal(got, vals[:len(got)]) {
			t.Errorf("%s: values from n = %d are %v, want %v", c, r.Shift, got, vals[:len(got)])
		}
		full := append(make([]uint32, r.Shift), vals...)
		n0 := len(full) - want.period
		for n0 > 0 && full[n0-1] == full[n0-1+want.period] {
			n0--
		}
		if r.Preperiod != n0 {
			t.Errorf("%s: preperiod %d, want %d", c, r.Preperiod, n0)
		}
	}
	for _, c := range czajkaOpen {
		if r := byName[name(c)]; r.Status != sg.None {
			t.Errorf("%s: %s with period %d, want no period up to 4096", c, r.Status, r.Period)
		}
	}
}

// expand writes out "prefix(period)" of base-36 digits to n values.
func expand(t *testing.T, s string, n int) []uint32 {
	t.Helper()
	pre, per, _ := strings.Cut(strings.TrimSuffix(s, ")"), "(")
	digit := func(c rune) uint32 {
		v, err := strconv.ParseUint(string(c), 36, 8)
		if err != nil {
			t.Fatal(err)
		}
		return uint32(v)
	}
	var out []uint32
	for _, c := range pre {
		out = append(out, digit(c))
	}
	for len(out) < n {
		for _, c := range per {
			out = append(out, digit(c))
		}
	}
	return out[:n]
}

// TestFamousThreeDigit runs a census of four celebrated octal games to
// their proofs, and checks them against Czajka's census of solved games
// (SolvedGames.md in github.com/tczajka/octal-games; first solved by Kenyon
// 1967, Austin 1976, and Gangolli and Plambeck 1989): preperiod and period,
// the largest value and where it first occurs, and the rare values.
// 0.16 is proved only at n = 509621, in a fraction of a second (sparse
// space).
func TestFamousThreeDigit(t *testing.T) {
	const yaml = "sweep:\n  games:\n    - {name: g156, code: \"0.156\"}\n    - {name: g356, code: \"0.356\"}\n    - {name: g644, code: \"0.644\"}\n    - {name: g16, code: \"0.16\"}\n  cap: 600000\n"
	want := map[string]struct{ pre, per, maxAt, max, rare, lastRare int }{
		"g156": {3479, 349, 1032, 23, 15, 357},
		"g356": {7315, 142, 86, 19, 7, 43},
		"g644": {3256, 442, 333, 64, 31, 511},
		"g16":  {105351, 149459, 229790, 23, 53, 13935},
	}
	for _, r := range census(t, yaml, t.TempDir(), sweep.All) {
		w := want[r.Name]
		if r.Status != sg.Proved || r.Preperiod != w.pre || r.Period != w.per || r.MaxAt != w.maxAt || int(r.MaxSG) != w.max {
			t.Errorf("%s: %s from %d with period %d, largest %d at %d; want proved from %d with period %d, largest %d at %d",
				r.Name, r.Status, r.Preperiod, r.Period, r.MaxSG, r.MaxAt, w.pre, w.per, w.max, w.maxAt)
		}
		if r.RareCount != w.rare || r.LastRare != w.lastRare {
			t.Errorf("%s: %d rare positions (mask %#x), the last at %d; want %d, the last at %d", r.Name, r.RareCount, r.RareMask, r.LastRare, w.rare, w.lastRare)
		}
	}
}

// The targets of a census: every subtraction set inside {1..12} of at
// most four counts to its proof, and every three-digit octal code 0.d1d2d3
// to its proof or to 2^16 heap sizes.
func BenchmarkSubtraction12(b *testing.B) {
	benchSweep(b, "sweep:\n  subtraction:\n    - {to: 12, max-size: 4}\n")
}

func BenchmarkOctal3(b *testing.B) { benchSweep(b, "sweep:\n  codes: [\"0.***\"]\n") }

func benchSweep(b *testing.B, yaml string) {
	s, err := rules.ParseSweep(strings.NewReader(yaml), "s.yaml")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		p, err := sweep.NewPlan(s, -1, -1, sweep.All)
		if err != nil {
			b.Fatal(err)
		}
		j, err := sweep.OpenJournal(b.TempDir(), sweep.Header{Sweep: sweep.SHA(s.Config), N: p.N, Auto: p.Auto, Shard: "0/1"}, true, testKey)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := sweep.Run(b.Context(), p, j, sweep.Options{}); err != nil {
			b.Fatal(err)
		}
		j.Close()
		b.ReportMetric(float64(len(p.Games)), "games")
	}
}

// TestSameRuleOnce checks that games of one canonical rule are computed
// once and listed under each name: 0.7 and 0.70 are one game.
func TestSameRuleOnce(t *testing.T) {
	s, err := rules.ParseSweep(strings.NewReader("sweep:\n  codes: [\"0.*\", \"0.*0\"]\n  cap: 500\n"), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	p, err := sweep.NewPlan(s, -1, -1, sweep.All)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Games) != 16 || len(p.Jobs) != 8 {
		t.Fatalf("%d games, %d jobs; want 16 and 8", len(p.Games), len(p.Jobs))
	}
	rows := census(t, "sweep:\n  codes: [\"0.*\", \"0.*0\"]\n  cap: 500\n", t.TempDir(), sweep.All)
	byName := map[string]export.CensusRow{}
	for _, r := range rows {
		byName[r.Name] = r
	}
	a, b := byName["0.7"], byName["0.70"]
	if a.Rule != "0.7" || b.Rule != "0.7" || a.Class != b.Class || a.Checksum != b.Checksum || b.ClassOffset != 0 {
		t.Errorf("0.7 %+v\n0.70 %+v", a, b)
	}
}

// TestCensusRingColumns checks that the census of a ring game keeps its
// rows' period and its rings' apart: Kayles on a ring, 0.77-ring, has the
// rows of Kayles (period 12 from n = 71; Winning Ways, ch. 4) and rings of
// value 0 from n = 3 on (the first player takes one or two tokens so that
// the line left is even, then mirrors); the game on a line has no ring
// columns. The same holds when the census is built again from the
// journal, and read back from its file.
func TestCensusRingColumns(t *testing.T) {
	const yaml = "sweep:\n  codes: [\"0.77\"]\n  start: [line, ring]\n  cap: 300\n"
	dir := t.TempDir()
	for _, run := range []string{"computed", "from the journal"} {
		rows := census(t, yaml, dir, sweep.All)
		path := filepath.Join(t.TempDir(), sweep.CensusFile)
		if err := export.WriteCensus(path, rows, map[string]string{export.KeyShard: "0/1"}, export.Options{Version: "test", MACKey: testKey}); err != nil {
			t.Fatal(err)
		}
		read, _, err := export.ReadCensus(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range read {
			got := fmt.Sprintf("%s: %s %d from %d; rings %q %d from %d, saltus %d", r.Name, r.Status, r.Period, r.Preperiod, r.RingStatus, r.RingPeriod, r.RingPreperiod, r.RingSaltus)
			want := map[string]string{
				"0.77":      `0.77: proved 12 from 71; rings "" 0 from 0, saltus 0`,
				"0.77-ring": `0.77-ring: proved 12 from 71; rings "proved" 1 from 3, saltus 0`,
			}[r.Name]
			if got != want {
				t.Errorf("%s: %s, want %s", run, got, want)
			}
		}
	}
}

// TestAutoStopsAtProof runs a sweep of line, ring and misère games until
// each is proved, and again with every table computed to the cap: each
// game stops where sgtab run -heaps auto stops it (compute.Sequence with
// StopWhenProved) — Dawson's Kayles on a ring at 174, misère subtraction
// {1, 3, 4} at 11 (its outcomes' period 7 proved from the window
// 0 ≤ n < 5), misère Dawson's Kayles where its search's bounds end it —
// and falls into the same class as computed to the cap.
func TestAutoStopsAtProof(t *testing.T) {
	const games = "sweep:\n  codes: [\"0.07\", \"0.137\", \"0.3[0-3]\"]\n  subtraction:\n    - {from: 1, to: 4, min-size: 3, max-size: 3}\n" +
		"  start: [line, ring]\n  play: [normal, misere]\n"
	auto := census(t, games+"  cap: 4096\n", t.TempDir(), sweep.All)
	full := census(t, games+"  heaps: 4096\n", t.TempDir(), sweep.All)
	s, err := rules.ParseSweep(strings.NewReader(games), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sgs, _, err := s.Games()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"0.07-ring": 174, "s1-3-4-misere": 11}
	for i, g := range sgs {
		a, f := auto[i], full[i]
		tab, err := compute.Sequence(t.Context(), g.Game, 4096, sg.Options{StopWhenProved: true})
		if err != nil {
			t.Fatal(err)
		}
		cap := 4096
		if g.Misere && g.Rule.MaxParts() > 1 {
			cap = tab.N() // the misère search's bounds end the table of a game that splits heaps
		}
		if a.Name != g.Name || a.Heaps != tab.N() || f.Heaps != cap {
			t.Errorf("%s: the sweep computes to %d (to %d with heaps 4096), run -heaps auto to %d", g.Name, a.Heaps, f.Heaps, tab.N())
		}
		if w, ok := want[g.Name]; ok && a.Heaps != w {
			t.Errorf("%s: computed to %d, want %d", g.Name, a.Heaps, w)
		}
		if a.Status == sg.Proved && a.Heaps >= 4096 {
			t.Errorf("%s: proved, but computed to the cap", g.Name)
		}
		if a.ClassKey != f.ClassKey || a.Status != f.Status || a.Period != f.Period || a.RingPeriod != f.RingPeriod {
			t.Errorf("%s: class %s, %s %d, rings %d; computed to the cap: class %s, %s %d, rings %d",
				g.Name, a.Class, a.Status, a.Period, a.RingPeriod, f.Class, f.Status, f.Period, f.RingPeriod)
		}
	}
	if len(want) != 2 || len(auto) != len(sgs) {
		t.Errorf("%d rows, %d games", len(auto), len(sgs))
	}
}

// testKey signs the journals and censuses of the tests.
var testKey = []byte("sgtab sweep tests' key, 32 bytes")
