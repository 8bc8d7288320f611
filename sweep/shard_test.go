package sweep_test

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
)

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

// TestChooseShard checks how -shard and -shards choose a shard: -shard
// wins over the environment, the two flags exclude each other, and
// -shards 0 given is a mistake.
func TestChooseShard(t *testing.T) {
	t.Setenv("SLURM_ARRAY_TASK_ID", "2")
	os.Unsetenv("JOB_COMPLETION_INDEX")
	for _, tc := range []struct {
		shard      string
		count      int
		countGiven bool
		want, from string // the shard, or the error
	}{
		{"1/3", 0, false, "1/3", ""},
		{"3/3", 0, false, "-shard 3/3: I must be from 0 to N−1 = 2", ""},
		{"x", 0, false, "-shard x: want I/N", ""},
		{"1/3", 4, true, "-shard and -shards exclude each other", ""},
		{"", 0, true, "-shards must be at least 1", ""},
		{"", 4, true, "2/4", "the Slurm job array"},
		{"", 0, false, "SLURM_ARRAY_TASK_ID is set", ""},
	} {
		s, from, err := sweep.ChooseShard(tc.shard, tc.count, tc.countGiven)
		got := s.String()
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, tc.want) || from != tc.from {
			t.Errorf("ChooseShard(%q, %d, %v) = %s, %q; want %s, %q", tc.shard, tc.count, tc.countGiven, got, from, tc.want, tc.from)
		}
	}
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
