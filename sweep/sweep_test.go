package sweep_test

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"maps"
	"os"
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

// TestShardsMerge runs a sweep as three shards and merges them: the merged
// census equals the census of the sweep run whole, value for value,
// classes included.
func TestShardsMerge(t *testing.T) {
	const yaml = "sweep:\n  codes: [\"0.[0-7][0-7]\"]\n  subtraction:\n    - {to: 6, max-size: 2}\n  start: [line, ring]\n  cap: 2000\n"
	whole := census(t, yaml, t.TempDir(), sweep.All)
	dir := t.TempDir()
	writeShards(t, yaml, dir, 3)
	merged, p, err := sweep.Merge(dir, "test", testKey)
	if err != nil {
		t.Fatal(err)
	}
	if _, meta, err := export.ReadCensus(dir + "/" + sweep.CensusFile); err != nil || meta[export.KeyShard] != "0/1" || p.Shard != sweep.All || len(merged) != len(whole) {
		t.Fatalf("merged %d rows (shard %s, %v), whole %d", len(merged), meta[export.KeyShard], err, len(whole))
	}
	for i := range whole {
		a, b := whole[i], merged[i]
		a.Seconds, b.Seconds = 0, 0
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Errorf("row %d: whole %+v\nmerged %+v", i, a, b)
		}
	}
	// A shard missing is an error.
	if err := removeAll(dir + "/" + (sweep.Shard{I: 1, N: 3}).Dir()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := sweep.Merge(dir, "test", testKey); err == nil || !strings.Contains(err.Error(), "shards missing: shard=1-of-3") {
		t.Errorf("merge with a shard missing: %v", err)
	}
}

// writeShards runs the sweep yaml as n shards below dir, each writing its
// census into dir/shard=I-of-N.
func writeShards(t *testing.T, yaml, dir string, n int) {
	t.Helper()
	for i := range n {
		sh := sweep.Shard{I: i, N: n}
		sub := dir + "/" + sh.Dir()
		rows := census(t, yaml, mkdir(t, sub), sh)
		s, _ := rules.ParseSweep(strings.NewReader(yaml), "s.yaml")
		p, _ := sweep.NewPlan(s, -1, -1, sh)
		if err := export.WriteCensus(sub+"/"+sweep.CensusFile, rows, sweep.Meta(p), export.Options{Version: "test", MACKey: testKey}); err != nil {
			t.Fatal(err)
		}
	}
}

// TestMergeChecksPlan edits a shard's census and writes it again with its
// checksum recomputed, as a reader with DuckDB and a CRC at hand can: a
// row renamed (0.00 to 0.03, so that the merged census would list 0.03
// twice and 0.00 never), a row of another game, a table size changed, a
// row dropped or a census of another sweep are each refused by merge,
// naming the file, and no census is written.
func TestMergeChecksPlan(t *testing.T) {
	const yaml = "sweep:\n  codes: [\"0.0*\", \"0.1*\"]\n  cap: 500\n"
	for _, tc := range []struct {
		name string
		edit func(rows []export.CensusRow, meta map[string]string) []export.CensusRow
		want string
	}{
		{"renamed", func(rows []export.CensusRow, _ map[string]string) []export.CensusRow {
			for i := range rows {
				if rows[i].Name == "0.00" {
					rows[i].Name = "0.03"
				}
			}
			return rows
		}, "0.03 0.0 codes 0.0* line normal 0, but shard 1/2 of its sweep holds 0.00 0.0 codes 0.0* line normal 0 there"},
		{"rule", func(rows []export.CensusRow, _ map[string]string) []export.CensusRow {
			rows[1].Rule = "0.7"
			return rows
		}, "row 1 is"},
		{"heaps", func(rows []export.CensusRow, _ map[string]string) []export.CensusRow {
			rows[2].Heaps = 501
			return rows
		}, "goes to heap 501, but the sweep's tables go to 500"},
		{"dropped", func(rows []export.CensusRow, _ map[string]string) []export.CensusRow {
			return rows[1:]
		}, "games, but shard 1/2 of its sweep holds"},
		{"another sweep", func(rows []export.CensusRow, meta map[string]string) []export.CensusRow {
			meta[export.KeySweep] = strings.Replace(yaml, "0.1*", "0.2*", 1)
			meta[export.KeySweepSHA] = sweep.SHA(meta[export.KeySweep])
			return rows
		}, "not shards of one sweep"},
		{"config forged", func(rows []export.CensusRow, meta map[string]string) []export.CensusRow {
			meta[export.KeySweep] = strings.Replace(yaml, "0.1*", "0.2*", 1)
			return rows
		}, "its sweep config does not match its sgtab.sweep_sha256"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeShards(t, yaml, dir, 2)
			path := dir + "/shard=1-of-2/" + sweep.CensusFile // it holds 0.00
			rows, meta, err := export.ReadCensus(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{export.KeyKind, export.KeyVersion, "sgtab.games", export.KeyCensusCRC, export.KeyMAC} {
				delete(meta, k)
			}
			rows = tc.edit(rows, meta)
			if err := export.WriteCensus(path, rows, meta, export.Options{Version: "test", MACKey: testKey}); err != nil {
				t.Fatal(err)
			}
			if _, _, err := sweep.Merge(dir, "test", testKey); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("merge: %v, want …%s…", err, tc.want)
			}
			if _, err := os.Stat(dir + "/" + sweep.CensusFile); err == nil {
				t.Error("a census was written")
			}
		})
	}
}

// TestShardsPartition checks that the shards of a sweep hold every game
// once, and games of one rule in one shard.
func TestShardsPartition(t *testing.T) {
	s, err := rules.ParseSweep(strings.NewReader("sweep:\n  codes: [\"0.***\", \"4.**\"]\n  subtraction:\n    - {to: 8, max-size: 3}\n"), "s.yaml")
	if err != nil {
		t.Fatal(err)
	}
	all, err := sweep.NewPlan(s, -1, -1, sweep.All)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for i := range 5 {
		p, err := sweep.NewPlan(s, -1, -1, sweep.Shard{I: i, N: 5})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range p.Games {
			seen[m.Name]++
		}
	}
	if len(seen) != len(all.Games) {
		t.Errorf("the shards hold %d games, the sweep %d", len(seen), len(all.Games))
	}
	for n, c := range seen {
		if c != 1 {
			t.Errorf("%s is in %d shards", n, c)
		}
	}
	if got := slices.Sorted(maps.Keys(seen)); len(got) == 0 {
		t.Error("no games")
	}
}

func mkdir(t *testing.T, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

func removeAll(dir string) error { return os.RemoveAll(dir) }

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

// snapshot returns the names and contents of the files below dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		files[path] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestJournalLocksFolder opens the journal of a sweep in a folder, as a
// running sweep holds it, then the journal of another sweep and of the
// same sweep (fresh, too), and merges into it: each is refused with
// ErrBusy and changes nothing; once the first is closed, the folder is
// free again.
func TestJournalLocksFolder(t *testing.T) {
	dir := t.TempDir()
	a := sweep.Header{Sweep: sweep.SHA("a"), N: 100, Shard: "0/1", Version: "test"}
	b := sweep.Header{Sweep: sweep.SHA("b"), N: 100, Shard: "0/1", Version: "test"}
	j, err := sweep.OpenJournal(dir, a, false, testKey)
	if err != nil {
		t.Fatal(err)
	}
	if err := j.Add(sweep.Result{Key: "line:0.3", Status: "proved", Checksum: "00000000"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mkdir(t, dir+"/shard=0-of-2")+"/"+sweep.CensusFile, []byte("a shard's census"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, dir)
	for _, tc := range []struct {
		name  string
		h     sweep.Header
		fresh bool
	}{{"another sweep", b, false}, {"another sweep, fresh", b, true}, {"the same sweep", a, false}, {"the same sweep, fresh", a, true}} {
		if k, err := sweep.OpenJournal(dir, tc.h, tc.fresh, testKey); !errors.Is(err, sweep.ErrBusy) {
			if k != nil {
				k.Close()
			}
			t.Errorf("%s: %v, want %v", tc.name, err, sweep.ErrBusy)
		}
	}
	if _, _, err := sweep.Merge(dir, "test", testKey); !errors.Is(err, sweep.ErrBusy) {
		t.Errorf("merge: %v, want %v", err, sweep.ErrBusy)
	}
	if after := snapshot(t, dir); !maps.Equal(before, after) {
		t.Errorf("the refused sweeps changed the folder:\n%v\n%v", before, after)
	}
	if err := j.Close(); err != nil {
		t.Fatal(err)
	}
	k, err := sweep.OpenJournal(dir, a, false, testKey)
	if err != nil {
		t.Fatalf("after the first closed: %v", err)
	}
	defer k.Close()
	if _, ok := k.Done()["line:0.3"]; !ok {
		t.Error("the journal lost its result")
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

// TestJournalOldFormat opens a journal written before its records held
// the rings' analysis (no format in its header): refused, saying so, and
// left as it is.
func TestJournalOldFormat(t *testing.T) {
	dir := t.TempDir()
	h := sweep.Header{Sweep: sweep.SHA("a"), N: 100, Shard: "0/1", Version: "test"}
	old := fmt.Sprintf(`{"sweep_sha256":%q,"n":100,"auto":false,"shard":"0/1","version":"test"}`+"\n", h.Sweep)
	if err := os.WriteFile(dir+"/journal.jsonl", []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	j, err := sweep.OpenJournal(dir, h, false, testKey)
	if err == nil {
		j.Close()
	}
	if err == nil || !strings.Contains(err.Error(), "belongs to another sweep (its records are of format 0, not 2)") {
		t.Errorf("OpenJournal: %v", err)
	}
	if data, _ := os.ReadFile(dir + "/journal.jsonl"); string(data) != old {
		t.Errorf("the journal changed: %q", data)
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

// TestShardFromEnv reads the shard from a Slurm job array task's or a
// Kubernetes Indexed Job pod's environment, with the number of shards from
// the command: a task's own id is its shard, so a task rerun alone
// (--array=5: an array of one) is its shard still; garbage in a variable
// is an error that names it; an index without -shards, -shards without an
// index, an index past -shards and an array longer than -shards are
// errors that say what to set, never the whole sweep or another shard.
func TestShardFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name       string
		env        map[string]string // unset when absent
		count      int
		want, from string // the shard, or the error
		not        string // a text the error must not hold
	}{
		{"none", nil, 0, "0/1", "", ""},
		{"slurm", map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_MAX": "7", "SLURM_ARRAY_TASK_COUNT": "8"}, 8, "3/8", "the Slurm job array", ""},
		{"slurm task rerun alone", map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": "5", "SLURM_ARRAY_TASK_COUNT": "1"}, 16, "5/16", "the Slurm job array", ""},
		{"slurm without -shards", map[string]string{"SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_COUNT": "1"}, 0, "SLURM_ARRAY_TASK_ID is set (the Slurm job array): give the number of shards with -shards N", "", "0/1"},
		{"slurm id garbage", map[string]string{"SLURM_ARRAY_TASK_ID": "3x"}, 4, `SLURM_ARRAY_TASK_ID = "3x" is not a whole number`, "", ""},
		{"slurm id negative", map[string]string{"SLURM_ARRAY_TASK_ID": "-1"}, 4, "SLURM_ARRAY_TASK_ID = -1: want a whole number from 0", "", ""},
		{"slurm task past -shards", map[string]string{"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MAX": "4"}, 4, "SLURM_ARRAY_TASK_ID = 4 is not a shard of -shards 4: the indices run from 0 to 3 (submit the array as --array=0-3)", "", ""},
		{"slurm array longer than -shards", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MAX": "15"}, 8, "the Slurm job array goes to task 15, past -shards 8 (submit the array as --array=0-7)", "", ""},
		{"indexed job", map[string]string{"JOB_COMPLETION_INDEX": "1"}, 3, "1/3", "the Kubernetes Indexed Job", ""},
		{"indexed job garbage", map[string]string{"JOB_COMPLETION_INDEX": "a"}, 3, `JOB_COMPLETION_INDEX = "a" is not a whole number`, "", ""},
		{"indexed job past -shards", map[string]string{"JOB_COMPLETION_INDEX": "3"}, 3, "JOB_COMPLETION_INDEX = 3 is not a shard of -shards 3: the indices run from 0 to 2", "", "--array"},
		{"indexed job without -shards", map[string]string{"JOB_COMPLETION_INDEX": "1"}, 0, "JOB_COMPLETION_INDEX is set (the Kubernetes Indexed Job): give the number of shards", "", ""},
		{"slurm and kubernetes differ", map[string]string{"SLURM_ARRAY_TASK_ID": "1", "JOB_COMPLETION_INDEX": "2"}, 4, "SLURM_ARRAY_TASK_ID = 1 and JOB_COMPLETION_INDEX = 2 are both set, and differ: no shard is chosen", "", ""},
		{"slurm and kubernetes agree", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "JOB_COMPLETION_INDEX": "2"}, 4, "2/4", "the Slurm job array", ""},
		{"-shards without an index", nil, 4, "-shards 4: neither SLURM_ARRAY_TASK_ID (a Slurm job array task, sbatch --array=0-3) nor JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set; to compute one shard by hand, use -shard I/4", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, k := range []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX"} {
				t.Setenv(k, "") // restored after the test
				if v, ok := tc.env[k]; ok {
					os.Setenv(k, v)
				} else {
					os.Unsetenv(k)
				}
			}
			s, from, err := sweep.ShardFromEnv(tc.count)
			got := s.String()
			if err != nil {
				got = err.Error()
			}
			if !strings.Contains(got, tc.want) || from != tc.from || tc.not != "" && strings.Contains(got, tc.not) {
				t.Errorf("ShardFromEnv(%d) = %s, %q; want %s, %q", tc.count, got, from, tc.want, tc.from)
			}
			if tc.from == "" && tc.want != "0/1" && err == nil {
				t.Errorf("no error, want one")
			}
		})
	}
}

// testKey signs the journals and censuses of the tests.
var testKey = []byte("sgtab sweep tests' key, 32 bytes")

// TestJournalForgedLine edits a finished line of a journal, as anyone
// with the file and a CRC at hand can: 0.07's period set to 13, its status
// to proved, the CRC recomputed. The line is not taken (its MAC is not the
// key's), its game is computed again, and the census gives 0.07 its true
// period, 34 (Dawson's Kayles: Winning Ways, ch. 4; OEIS A002187), where
// it used to report the forged 13 as proved. A journal opened with
// another key takes none of its lines.
func TestJournalForgedLine(t *testing.T) {
	const yaml = "sweep:\n  codes: [\"0.07\", \"0.3\"]\n  heaps: 600\n"
	dir := t.TempDir()
	census(t, yaml, dir, sweep.All)
	path := filepath.Join(dir, sweep.JournalFile)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	forged := 0
	for i, line := range lines {
		crc, rest, ok := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
		if !ok || crc == "" || !strings.Contains(rest, `"period":34`) {
			continue
		}
		rest = strings.Replace(rest, `"period":34`, `"period":13`, 1)
		lines[i] = fmt.Sprintf("%08X %s\n", crc32c(rest), rest)
		forged++
	}
	if forged != 1 {
		t.Fatalf("%d lines of 0.07 found in %q", forged, data)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	s, _ := rules.ParseSweep(strings.NewReader(yaml), "s.yaml")
	p, _ := sweep.NewPlan(s, -1, -1, sweep.All)
	h := sweep.Header{Sweep: sweep.SHA(s.Config), N: p.N, Auto: p.Auto, Shard: sweep.All.String(), Version: "test"}
	j, err := sweep.OpenJournal(dir, h, false, testKey)
	if err != nil {
		t.Fatal(err)
	}
	if len(j.Done()) != 1 || j.Unsigned() != 1 {
		t.Errorf("%d lines taken, %d not signed; want 1 and 1", len(j.Done()), j.Unsigned())
	}
	j.Close()
	for _, r := range census(t, yaml, dir, sweep.All) {
		if r.Name == "0.07" && (r.Period != 34 || r.Status != sg.Proved) {
			t.Errorf("0.07 in the census: period %d, %s; want 34, proved", r.Period, r.Status)
		}
	}
	other, err := sweep.OpenJournal(dir, h, false, []byte("another key, thirty-two bytes ok"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if len(other.Done()) != 0 || other.Unsigned() < 2 {
		t.Errorf("with another key: %d lines taken, %d not signed", len(other.Done()), other.Unsigned())
	}
}

// crc32c returns the CRC-32C of s.
func crc32c(s string) uint32 {
	return crc32.Checksum([]byte(s), crc32.MakeTable(crc32.Castagnoli))
}

// TestMergeRefusesUnsignedShard writes a shard's census again without the
// key, with its checksum recomputed: merge refuses it, naming the file.
func TestMergeRefusesUnsignedShard(t *testing.T) {
	const yaml = "sweep:\n  codes: [\"0.0*\", \"0.1*\"]\n  cap: 500\n"
	dir := t.TempDir()
	writeShards(t, yaml, dir, 2)
	if _, _, err := sweep.Merge(dir, "test", testKey); err != nil {
		t.Fatal(err)
	}
	path := dir + "/shard=1-of-2/" + sweep.CensusFile
	rows, meta, err := export.ReadCensus(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{export.KeyKind, export.KeyVersion, "sgtab.games", export.KeyCensusCRC, export.KeyMAC} {
		delete(meta, k)
	}
	rows[0].Period, rows[0].Status = 13, sg.Proved
	if err := export.WriteCensus(path, rows, meta, export.Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := sweep.Merge(dir, "test", testKey); !errors.Is(err, sweep.ErrUnsigned) || !strings.Contains(err.Error(), path) {
		t.Errorf("merge of an unsigned shard: %v", err)
	}
}
