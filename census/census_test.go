// Package census_test checks the censuses kept in this folder as data: each
// is read back verified (the CRC-32C of its rows), is the census of the
// bundled sweep config it names, agrees with the published results it
// overlaps, and, with SGTAB_LONG set, has rows that sgtab computes again
// exactly.
package census_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
)

// octal4 reads the census of every four-digit octal code and checks that it
// is the census of configs/sweeps/octal-4.yaml.
func octal4(t *testing.T) (map[string]export.CensusRow, []export.CensusRow) {
	t.Helper()
	rows, meta, err := export.ReadCensus(filepath.Join("octal-4", "census.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	config, err := os.ReadFile(filepath.Join("..", "configs", "sweeps", "octal-4.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := meta[export.KeySweepSHA], sweep.SHA(string(config)); got != want {
		t.Fatalf("the census is of a sweep config of SHA-256 %s, configs/sweeps/octal-4.yaml has %s", got, want)
	}
	if meta[export.KeyHeaps] != "262144" || meta[export.KeyAuto] != "true" {
		t.Fatalf("heaps %s, auto %s: want 262144, true", meta[export.KeyHeaps], meta[export.KeyAuto])
	}
	byName := map[string]export.CensusRow{}
	for _, r := range rows {
		byName[r.Name] = r
	}
	if len(rows) != 4096+512 || len(byName) != len(rows) {
		t.Fatalf("%d rows, %d names: want the 4096 four-digit codes and the 512 three-digit ones", len(rows), len(byName))
	}
	return byName, rows
}

// TestOctal4ThreeDigitCodes checks that every three-digit code 0.abc is
// the four-digit code 0.abc0: one canonical rule, one class, one table.
func TestOctal4ThreeDigitCodes(t *testing.T) {
	byName, _ := octal4(t)
	for c := range 512 {
		three := fmt.Sprintf("0.%03o", c)
		r3, r4 := byName[three], byName[three+"0"]
		if r3.Rule != r4.Rule || r3.Class != r4.Class || r3.Checksum != r4.Checksum || r3.Status != r4.Status {
			t.Errorf("%s (rule %s, class %s, checksum %s) and %s0 (rule %s, class %s, checksum %s) differ",
				three, r3.Rule, r3.Class, r3.Checksum, three, r4.Rule, r4.Class, r4.Checksum)
		}
	}
}

// TestOctal4Published checks the census against the published results it
// overlaps: the nontrivial solved octal games of T. Czajka's census
// (github.com/tczajka/octal-games, SolvedGames.md: preperiod and period),
// those of them proved only far past 2^18, and Winning Ways (ch. 4) for
// Kayles, Dawson's Kayles and Dawson's chess.
func TestOctal4Published(t *testing.T) {
	byName, _ := octal4(t)
	for code, want := range map[string][2]int{
		"0.45": {498, 20}, "0.156": {3479, 349}, "0.356": {7315, 142}, "0.644": {3256, 442},
		"0.165": {5181, 1550}, "0.127": {46578, 4},
		"0.77": {71, 12}, "0.07": {53, 34}, "0.137": {52, 34},
	} {
		for _, name := range []string{code + "0", code + "00"} {
			r, ok := byName[name]
			if !ok {
				continue // 0.1560 has no five-digit twin in the sweep
			}
			if r.Status != sg.Proved || r.Preperiod != want[0] || r.Period != want[1] {
				t.Errorf("%s: %s, preperiod %d, period %d: want proved, %d, %d", name, r.Status, r.Preperiod, r.Period, want[0], want[1])
			}
		}
	}
	// Proved by Gangolli and Plambeck (0.16, 0.56, 0.376) and by
	// Flammenkamp (0.354) with tables far past 2^18; Officers (0.6) and
	// Treblecross (0.007) are open.
	for _, name := range []string{"0.160", "0.560", "0.376", "0.354", "0.600", "0.007"} {
		if r := byName[name]; r.Status == sg.Proved {
			t.Errorf("%s: proved at %d heaps, period %d from %d: published only past 2^18 or open", name, r.Heaps, r.Period, r.Preperiod)
		}
	}
}

// TestOctal4Recomputed computes again, with SGTAB_LONG set, a sample of the
// census's rows — 32 spread evenly over the games that took under half a
// second, so that the check stays short under the race detector — each
// with its own rule: the table to the row's heaps has the row's checksum
// (a game that shares its job with a rule equal by construction, as 0.0511
// with 0.051, has that rule's table, one heap shorter than its own proof
// would take), and a game run until proved gets the row's standing, period
// and preperiod.
func TestOctal4Recomputed(t *testing.T) {
	if os.Getenv("SGTAB_LONG") == "" {
		t.Skip("set SGTAB_LONG=1 to compute a sample of the census again")
	}
	_, rows := octal4(t)
	var cheap []export.CensusRow
	for _, r := range rows {
		if r.Seconds < 0.5 {
			cheap = append(cheap, r)
		}
	}
	const sample = 32
	for i := range sample {
		r := cheap[i*len(cheap)/sample]
		t.Run(r.Name, func(t *testing.T) {
			rule, err := rules.ParseCode(r.Name, 8)
			if err != nil {
				t.Fatal(err)
			}
			g := rules.Game{Name: r.Name, Rule: rule}
			tab, err := compute.Sequence(t.Context(), g, r.Heaps, sg.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := tab.Analysis.Checksum; got != r.Checksum {
				t.Errorf("checksum of SG(0..%d) %s, the census says %s", r.Heaps, got, r.Checksum)
			}
			tab, err = compute.Sequence(t.Context(), g, 262144, sg.Options{StopWhenProved: true})
			if err != nil {
				t.Fatal(err)
			}
			a := tab.Analysis
			got := []string{string(a.Status)}
			want := []string{string(r.Status)}
			if a.Status != sg.None {
				got = append(got, strconv.Itoa(a.Period.Length), strconv.Itoa(a.Period.Start))
				want = append(want, strconv.Itoa(r.Period), strconv.Itoa(r.Preperiod))
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("computed %v, the census says %v", got, want)
			}
		})
	}
}
