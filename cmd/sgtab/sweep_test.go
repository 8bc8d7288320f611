package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
)

// smallSweep is a sweep of 48 games that takes a second or so (the race
// detector slows it tenfold: then it runs to 4000).
var smallSweep = fmt.Sprintf("sweep:\n  codes: [\"0.[0-7][0-5]\"]\n  cap: %d\n", map[bool]int{false: 20000, true: 4000}[raceEnabled])

// readCensus reads a census, blanking the seconds each game took.
func readCensus(t *testing.T, path string) []export.CensusRow {
	t.Helper()
	rows, _, err := export.ReadCensus(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range rows {
		rows[i].Seconds = 0
	}
	return rows
}

// TestSweepKilled kills a sweep (SIGKILL) at random moments and runs the
// same command again each time: the census it ends with equals that of a
// run left alone.
func TestSweepKilled(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "s.yaml"), []byte(smallSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if out, err := sgtabProcess(dir, "sweep", "-out", "whole", "s.yaml").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	took := time.Since(start)
	want := readCensus(t, filepath.Join(dir, "whole", "census.parquet"))
	rnd := rand.New(rand.NewPCG(5, 5))
	kills, partial := 0, 0
	journal := filepath.Join(dir, "killed", "journal.jsonl")
	gamesDone := func() int {
		data, _ := os.ReadFile(journal)
		return strings.Count(string(data), "\n") - 1 // less the header
	}
	for range 5 {
		cmd := sgtabProcess(dir, "sweep", "-out", "killed", "s.yaml")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		ended := make(chan struct{})
		go func() { cmd.Wait(); close(ended) }()
		// Kill it a random moment after a random number of games more
		// are done (the games take a few milliseconds each: waiting for
		// a share of the run's time would miss them on a fast machine).
		target := gamesDone() + 1 + rnd.IntN(len(want)/2)
	wait:
		for deadline := time.Now().Add(2*took + 10*time.Second); gamesDone() < target && time.Now().Before(deadline); {
			select {
			case <-ended:
				break wait
			case <-time.After(time.Millisecond):
			}
		}
		time.Sleep(time.Duration(rnd.IntN(5000)) * time.Microsecond)
		if cmd.Process.Kill() == nil {
			kills++
		}
		<-ended // killed, or done before: either way it has ended
		if done := gamesDone(); done > 0 && done < len(want) {
			partial++
		}
	}
	if partial == 0 {
		t.Errorf("no kill left a sweep half done: the test tests nothing (a whole run takes %v)", took)
	}
	var out bytes.Buffer
	cmd := sgtabProcess(dir, "sweep", "-out", "killed", "s.yaml")
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("the last run: %v\n%s", err, out.String())
	}
	got := readCensus(t, filepath.Join(dir, "killed", "census.parquet"))
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after %d kills, the census differs from a run left alone", kills)
	}
	t.Logf("%d kills, %d of them mid-sweep; the last run said: %s", kills, partial, strings.SplitN(out.String(), "\n", 2)[0])
}

// TestSweepShardProcesses runs a sweep as three shards in processes of
// their own and merges them: the census equals the sweep's run whole.
func TestSweepShardProcesses(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "s.yaml"), []byte(smallSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := sgtabProcess(dir, "sweep", "-out", "whole", "s.yaml").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var cmds []*exec.Cmd
	for i := range 3 {
		cmd := sgtabProcess(dir, "sweep", "-out", "sharded", "-shard", fmt.Sprintf("%d/3", i), "s.yaml")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := sgtabProcess(dir, "merge", "sharded").CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := readCensus(t, filepath.Join(dir, "sharded", "census.parquet"))
	want := readCensus(t, filepath.Join(dir, "whole", "census.parquet"))
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the merged census differs from the whole one")
	}
}

// TestSweepEnvShards checks that a Slurm job array and a Kubernetes
// Indexed Job choose the shard, of as many as -shards says; that a Slurm
// task rerun alone (sbatch --array=2: an array of one task) resumes its
// own shard's journal; that an array task without -shards is refused, not
// run as the whole sweep; and that shards of another count are refused in
// a folder that holds some.
func TestSweepEnvShards(t *testing.T) {
	chdir(t)
	if err := os.WriteFile("s.yaml", []byte(smallSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	slurm := func(id, first, last string) {
		t.Setenv("SLURM_ARRAY_TASK_ID", id)
		t.Setenv("SLURM_ARRAY_TASK_MIN", first)
		t.Setenv("SLURM_ARRAY_TASK_MAX", last)
	}
	slurm("2", "0", "3")
	if code, _, stderr := sgtab(t, "sweep", "-shards", "4", "-out", "out", "s.yaml"); code != 0 || !strings.Contains(stderr, "shard 2/4, from the Slurm job array") {
		t.Errorf("Slurm: status %d\n%s", code, stderr)
	}
	census := "out/shard=2-of-4/census.parquet"
	if _, err := os.Stat(census); err != nil {
		t.Fatal(err)
	}
	// The task rerun alone: its journal holds every game, so nothing is
	// computed again, and nothing is written at the top of the folder.
	if err := os.Remove(census); err != nil {
		t.Fatal(err)
	}
	slurm("2", "2", "2")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "1")
	code, _, stderr := sgtab(t, "sweep", "-shards", "4", "-out", "out", "s.yaml")
	if code != 0 || !strings.Contains(stderr, "shard 2/4, from the Slurm job array") || !strings.Contains(stderr, "resuming: ") {
		t.Errorf("the task rerun: status %d\n%s", code, stderr)
	}
	if _, err := os.Stat(census); err != nil {
		t.Errorf("the task rerun wrote no census of its shard: %v", err)
	}
	for _, f := range []string{"out/census.parquet", "out/journal.jsonl"} {
		if _, err := os.Stat(f); err == nil {
			t.Errorf("the task rerun wrote %s", f)
		}
	}
	// The rerun without -shards, as the array's size would have it: refused.
	if code, _, stderr := sgtab(t, "sweep", "-out", "out", "s.yaml"); code != 2 || !strings.Contains(stderr, "give the number of shards with -shards N") {
		t.Errorf("an array task without -shards: status %d\n%s", code, stderr)
	}
	// Another count into the same folder: refused.
	slurm("1", "0", "7")
	if code, _, stderr := sgtab(t, "sweep", "-shards", "8", "-out", "out", "s.yaml"); code != 1 || !strings.Contains(stderr, "out holds shards of a sweep of 4 (shard=2-of-4), and this is shard 1/8") {
		t.Errorf("-shards 8 where shards of 4 are: status %d\n%s", code, stderr)
	}
	for _, k := range []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_COUNT"} {
		os.Unsetenv(k)
	}
	if code, _, stderr := sgtab(t, "sweep", "-out", "out", "s.yaml"); code != 1 || !strings.Contains(stderr, "join them with sgtab merge out") {
		t.Errorf("the whole sweep where shards are: status %d\n%s", code, stderr)
	}
	t.Setenv("JOB_COMPLETION_INDEX", "1")
	if code, _, stderr := sgtab(t, "sweep", "-out", "out2", "s.yaml"); code != 2 || !strings.Contains(stderr, "-shards N") {
		t.Errorf("an Indexed Job without -shards: status %d\n%s", code, stderr)
	}
	if code, _, stderr := sgtab(t, "sweep", "-shards", "3", "-out", "out2", "s.yaml"); code != 0 || !strings.Contains(stderr, "shard 1/3, from the Kubernetes Indexed Job") {
		t.Errorf("Indexed Job: status %d\n%s", code, stderr)
	}
}

// TestSweepOtherConfig reruns a sweep into a folder that holds another
// sweep's journal: refused, and the journal is left as it was.
func TestSweepOtherConfig(t *testing.T) {
	chdir(t)
	if err := os.WriteFile("s.yaml", []byte(smallSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := sgtab(t, "sweep", "-out", "out", "s.yaml"); code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	before, _ := os.ReadFile("out/journal.jsonl")
	if err := os.WriteFile("s.yaml", []byte(strings.Replace(smallSweep, "cap: ", "cap: 1", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := sgtab(t, "sweep", "-out", "out", "s.yaml")
	if code != 1 || !strings.Contains(stderr, "belongs to another sweep (its sweep config differs; its tables go to ") {
		t.Errorf("status %d\n%s", code, stderr)
	}
	if after, _ := os.ReadFile("out/journal.jsonl"); !bytes.Equal(before, after) {
		t.Error("the refused run changed the journal")
	}
	// -fresh starts over.
	if code, _, stderr := sgtab(t, "sweep", "-fresh", "-out", "out", "s.yaml"); code != 0 {
		t.Errorf("-fresh: status %d\n%s", code, stderr)
	}
}

// TestSweepInspect checks that inspect reads a census, that plot skips
// it, and that -tables writes a table per game that inspect reads too.
func TestSweepInspect(t *testing.T) {
	chdir(t)
	tables := "sweep:\n  codes: [\"0.07\", \"0.176[67]\"]\n  subtraction:\n    - {to: 3, min-size: 2, max-size: 2}\n  start: [line, ring]\n  play: [normal, misere]\n"
	if err := os.WriteFile("t.yaml", []byte(tables), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := sgtab(t, "sweep", "-tables", "-plot", "svg", "-cap", "200", "-out", "sw", "t.yaml"); code != 0 {
		t.Fatalf("status %d\n%s", code, stderr)
	}
	code, stdout, stderr := sgtab(t, "inspect", "sw/census.parquet")
	if code != 0 || !strings.Contains(stdout, "parquet census of a sweep, 18 games, shard 0/1") {
		t.Errorf("inspect: status %d\n%s%s", code, stdout, stderr)
	}
	if code, _, stderr := sgtab(t, "plot", "sw/census.parquet"); code != 0 || !strings.Contains(stderr, "is a sweep's census, not a table") {
		t.Errorf("plot: status %d\n%s", code, stderr)
	}
	for _, name := range []string{"0.07", "0.07-ring", "s1-3", "s1-3-misere", "0.1766", "0.1767"} {
		f, err := export.Read(filepath.Join("sw", "tables", name+".parquet"))
		if err != nil || f.Table.Game.Name != name {
			t.Errorf("%s: %v", name, err)
		}
	}
	// 0.1766 and 0.1767 share a computation (sweep.Plan), and each table
	// states, and was verified against, its own rule.
	for _, name := range []string{"0.1766", "0.1767"} {
		f, err := export.Read(filepath.Join("sw", "tables", name+".parquet"))
		if err != nil || f.Table.Game.Rule.String() != name {
			t.Errorf("%s: rule %v, %v", name, f, err)
		}
	}
	// -plot chooses the plots' format, as run's does, and applies to
	// -tables only.
	if _, err := os.Stat(filepath.Join("sw", "tables", "0.07.svg")); err != nil {
		t.Errorf("-plot svg: %v", err)
	}
	if code, _, stderr := sgtab(t, "sweep", "-plot", "svg", "-out", "sw2", "t.yaml"); code != 2 || !strings.Contains(stderr, "-plot applies to -tables only") {
		t.Errorf("-plot without -tables: status %d\n%s", code, stderr)
	}
}

// TestClusterExamples checks the Slurm example: valid bash whose command
// is a sweep of as many shards as its arguments say (the Kubernetes
// manifests are checked in examples/cluster/kubernetes).
func TestClusterExamples(t *testing.T) {
	if out, err := exec.Command("bash", "-n", "../../examples/cluster/sweep.slurm").CombinedOutput(); err != nil {
		t.Errorf("sweep.slurm: %v\n%s", err, out)
	}
	script, err := os.ReadFile("../../examples/cluster/sweep.slurm")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(script), "\nsgtab sweep -shards ") {
		t.Error("sweep.slurm runs no sweep of -shards")
	}
}

// TestSweepHugeRefused runs validate and sweep on sweeps whose counts
// overflowed 64 bits or whose rules would hold billions of digits: each is
// refused, exit status 1, naming the config's line, with less than 1 MiB
// allocated and no output folder created.
func TestSweepHugeRefused(t *testing.T) {
	chdir(t)
	for _, tc := range []struct{ name, yaml, want string }{
		{"21-stars", "sweep:\n  codes: [\"0.*********************\"]\n", "h.yaml:2:3: sweep: expands to more than 10^18 games, more than 1000000"},
		{"hex-16-stars", "sweep:\n  base: 16\n  codes: [\"0.****************\"]\n", "h.yaml:2:3: sweep: expands to more than 10^18 games, more than 1000000"},
		{"subtraction-65535", "sweep:\n  subtraction: [{from: 1, to: 65535, max-size: 1}]\n", "h.yaml:2:3: sweep: the rules of its games hold 2147516415 digits in all, more than 67108864"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile("h.yaml", []byte(tc.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			// A sweep the rules accept would be expanded, and not return.
			if _, err := rules.LoadSweep("h.yaml"); err == nil {
				t.Fatal("LoadSweep accepts it")
			}
			for _, args := range [][]string{{"validate", "h.yaml"}, {"sweep", "-out", "out", "h.yaml"}} {
				var code int
				var stderr string
				alloc := allocatedBytes(func() { code, _, stderr = sgtab(t, args...) })
				if code != 1 || !strings.HasPrefix(stderr, tc.want) {
					t.Errorf("%s: status %d, want 1 and %s…\n%s", args, code, tc.want, stderr)
				}
				if alloc > 1<<20 {
					t.Errorf("%s: allocated %d bytes, want at most 1 MiB", args, alloc)
				}
			}
			if _, err := os.Stat("out"); err == nil {
				t.Error("the refused sweep created its output folder")
			}
		})
	}
}

// allocatedBytes returns the bytes f allocates.
func allocatedBytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestSweepTwoAtOnce starts two different sweeps into one folder at the
// same moment, several times: exactly one ends with its census; the other
// is refused, exit status 1 — by the folder's lock while the first runs,
// by its journal once it has ended — and the folder holds the journal and
// census of the one that ran.
func TestSweepTwoAtOnce(t *testing.T) {
	chdir(t)
	configs := []string{"sweep:\n  codes: [\"0.[0-3]*\"]\n  cap: 3000\n", "sweep:\n  codes: [\"0.[4-7]*\"]\n  cap: 3000\n"}
	for i, c := range configs {
		if err := os.WriteFile(fmt.Sprintf("s%d.yaml", i), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for trial := range 4 {
		out := fmt.Sprintf("out%d", trial)
		var codes [2]int
		var stderrs [2]string
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range 2 {
			wg.Go(func() {
				<-start
				codes[i], _, stderrs[i] = sgtab(t, "sweep", "-out", out, fmt.Sprintf("s%d.yaml", i))
			})
		}
		close(start)
		wg.Wait()
		ran := slices.Index(codes[:], 0)
		if ran < 0 || codes[1-ran] != 1 {
			t.Fatalf("trial %d: exit statuses %v, want one 0 and one 1\n%s\n%s", trial, codes, stderrs[0], stderrs[1])
		}
		if e := stderrs[1-ran]; !strings.Contains(e, "another sweep or merge is running into this folder") && !strings.Contains(e, "belongs to another sweep") {
			t.Errorf("trial %d: the refused sweep says %s", trial, e)
		}
		_, meta, err := export.ReadCensus(filepath.Join(out, "census.parquet"))
		if err != nil {
			t.Fatal(err)
		}
		journal, _ := os.ReadFile(filepath.Join(out, "journal.jsonl"))
		sha := sweep.SHA(configs[ran])
		if meta[export.KeySweepSHA] != sha || !strings.Contains(string(journal), sha) {
			t.Errorf("trial %d: s%d.yaml ran, but the census is of sweep %.12s and the journal %.80s", trial, ran, meta[export.KeySweepSHA], journal)
		}
	}
}

// TestAutoStopsLikeRun computes misère subtraction {1, 3, 4} (period 7 of
// its outcomes, proved from 0 ≤ n < 5) and Dawson's Kayles on a ring with
// run -heaps auto, and as a sweep until proved: both stop each game at
// the same heap size, 11 and 174, not at the cap.
func TestAutoStopsLikeRun(t *testing.T) {
	chdir(t)
	configs := map[string]string{
		"m134.yaml": "name: s1-3-4-misere\nmoves:\n  - take: [1, 3, 4]\nplay: misere\n",
		"r07.yaml":  "name: 0.07-ring\ncode: \"0.07\"\nstart: ring\n",
		"both.yaml": "sweep:\n  codes: [\"0.07\"]\n  subtraction:\n    - {to: 4, min-size: 3, max-size: 3}\n  start: [line, ring]\n  play: [normal, misere]\n  cap: 100000\n",
	}
	for name, text := range configs {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := sgtab(t, "run", "-heaps", "auto", "-json", "-plot", "none", "-out", "out", "m134.yaml", "r07.yaml")
	if code != 0 {
		t.Fatalf("run: status %d\n%s", code, stderr)
	}
	ran := map[string]int{}
	for line := range strings.Lines(stdout) {
		var r struct {
			Name  string
			Heaps int
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		ran[r.Name] = r.Heaps
	}
	if code, _, stderr := sgtab(t, "sweep", "-out", "sw", "both.yaml"); code != 0 {
		t.Fatalf("sweep: status %d\n%s", code, stderr)
	}
	swept := map[string]int{}
	for _, r := range readCensus(t, "sw/census.parquet") {
		swept[r.Name] = r.Heaps
	}
	for name, want := range map[string]int{"s1-3-4-misere": 11, "0.07-ring": 174} {
		if ran[name] != want || swept[name] != want {
			t.Errorf("%s: run -heaps auto computes to %d, the sweep to %d; want %d", name, ran[name], swept[name], want)
		}
	}
}

// TestSweepEnvRefused runs sweeps whose shard the environment or the flags
// give wrongly: each is a usage mistake (status 2) that names the
// variable or flag, and computes nothing.
func TestSweepEnvRefused(t *testing.T) {
	chdir(t)
	if err := os.WriteFile("s.yaml", []byte(smallSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	slurm := func(id, last string) map[string]string {
		return map[string]string{"SLURM_ARRAY_TASK_ID": id, "SLURM_ARRAY_TASK_MAX": last}
	}
	for _, tc := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{slurm("3x", "4"), []string{"-shards", "4"}, `sgtab sweep: SLURM_ARRAY_TASK_ID = "3x" is not a whole number`},
		{slurm("3", "3"), nil, "sgtab sweep: SLURM_ARRAY_TASK_ID is set (the Slurm job array): give the number of shards with -shards N"},
		{slurm("3", "7"), []string{"-shards", "4"}, "sgtab sweep: the Slurm job array goes to task 7, past -shards 4 (submit the array as --array=0-3)"},
		{nil, []string{"-shards", "4"}, "sgtab sweep: -shards 4: neither SLURM_ARRAY_TASK_ID"},
		{map[string]string{"JOB_COMPLETION_INDEX": "1"}, []string{"-shard", "1/4", "-shards", "4"}, "sgtab sweep: -shard and -shards exclude each other"},
	} {
		for k, v := range tc.env {
			t.Setenv(k, v)
		}
		args := append(append([]string{"sweep", "-out", "out"}, tc.args...), "s.yaml")
		code, _, stderr := sgtab(t, args...)
		if code != 2 || !strings.HasPrefix(stderr, tc.want) || strings.Contains(stderr, "--array=0--1") {
			t.Errorf("%v %v: status %d\n%s", tc.env, args, code, stderr)
		}
		for k := range tc.env {
			os.Unsetenv(k)
		}
		if _, err := os.Stat("out"); err == nil {
			t.Fatalf("%v %v: the refused sweep wrote its folder", tc.env, args)
		}
	}
}

// TestMergePrintsSummary runs the sweep of testdata/sweep.yaml whole, and
// as two shards merged: merge prints the summary sweep prints, line for
// line but its title.
func TestMergePrintsSummary(t *testing.T) {
	chdir(t)
	code, whole, stderr := sgtab(t, "sweep", "-report", "none", "-out", "whole", "sweep.yaml")
	if code != 0 {
		t.Fatalf("sweep: status %d\n%s", code, stderr)
	}
	for i := range 2 {
		if code, _, stderr := sgtab(t, "sweep", "-out", "sharded", "-shard", fmt.Sprintf("%d/2", i), "sweep.yaml"); code != 0 {
			t.Fatalf("shard %d: status %d\n%s", i, code, stderr)
		}
	}
	code, merged, stderr := sgtab(t, "merge", "-report", "none", "sharded")
	if code != 0 {
		t.Fatalf("merge: status %d\n%s", code, stderr)
	}
	wantTitle := "merged census of 126 games (113 computed, until proved, or to 3000) in T: sharded/census.parquet"
	w, m := strings.SplitN(whole, "\n", 2), strings.SplitN(merged, "\n", 2)
	if title := timings.ReplaceAllString(m[0], "T"); title != wantTitle || len(w) != 2 || len(m) != 2 || w[1] != m[1] || strings.Count(m[1], "\n") < 5 {
		t.Errorf("merge printed\n%s\nwant %s and the lines sweep printed:\n%s", merged, wantTitle, whole)
	}
}
