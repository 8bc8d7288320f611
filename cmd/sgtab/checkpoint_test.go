package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family/heap"
	"github.com/sgtab/sgtab/rules"
)

// startRun starts sgtab run on dir/g.yaml in a process of its own, into
// dir/out (unless args say another -out), with args more.
func startRun(t *testing.T, dir string, args ...string) *execCmd {
	t.Helper()
	cmd := sgtabProcess(dir, append([]string{"run", "-plot", "none", "-out", "out"}, append(args, "g.yaml")...)...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return &execCmd{cmd, &out}
}

// readValues reads the table a run wrote, its values and checksum.
func readValues(t *testing.T, path string) (sg.Values, sg.Values, string) {
	t.Helper()
	tab, meta, _, err := export.ReadTable(path)
	if err != nil {
		t.Fatal(err)
	}
	return tab.G, tab.Ring, meta[export.KeyChecksum]
}

// TestKilledRuns kills runs (SIGKILL) at random moments, with checkpoints
// taken as often as they can be, and runs the same command again each
// time: the table the run ends with equals that of a run left alone, value
// for value, with the same checksum — for a game in sparse space
// (Officers), a plain split game (Treblecross) and a ring game, on one and
// two workers. The full set is a long check; without SGTAB_LONG, Officers
// on two workers alone, killed three times.
func TestKilledRuns(t *testing.T) {
	type game struct {
		name, yaml string
		heaps      int
		race       int // the heaps under the race detector, which slows the engine tenfold or more
	}
	games := []game{
		{"officers", `code: "0.6"`, 300000, 20000},
		{"treblecross", `code: "0.007"`, 20000, 20000},
		{"ring", "code: \"0.777\"\nstart: ring", 100000, 12000},
	}
	workers, kills := []string{"1", "2"}, 10
	if raceEnabled {
		for i := range games {
			games[i].heaps = games[i].race
		}
	}
	if os.Getenv("SGTAB_LONG") == "" {
		games, workers, kills = games[:1], workers[1:], 3
		games[0].heaps = min(games[0].heaps, 60000)
	}
	for _, g := range games {
		for _, w := range workers {
			t.Run(g.name+"/"+w, func(t *testing.T) {
				dir := t.TempDir()
				if err := os.WriteFile(filepath.Join(dir, "g.yaml"), []byte("name: g\n"+g.yaml+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				heaps := fmt.Sprint(g.heaps)
				start := time.Now()
				alone := startRun(t, dir, "-heaps", heaps, "-workers", w, "-out", "alone")
				if err := alone.cmd.Wait(); err != nil {
					t.Fatalf("%v\n%s", err, alone.out)
				}
				took := time.Since(start)
				wantG, wantRing, wantSum := readValues(t, filepath.Join(dir, "alone", "g.parquet"))
				rnd := rand.New(rand.NewPCG(6, uint64(len(g.name))))
				resumed := 0
				checkpoint := heap.CheckpointPath(filepath.Join(dir, "out"), "g")
				for range kills {
					r := startRun(t, dir, "-heaps", heaps, "-workers", w, "-checkpoint", "1ms")
					ended := make(chan struct{})
					go func() { r.cmd.Wait(); close(ended) }()
					// Past the first checkpoint (a run of a fast engine may
					// spend most of its time starting and writing), then a
					// random moment of the run.
				wait:
					for deadline := time.Now().Add(2*took + 10*time.Second); time.Now().Before(deadline); {
						if _, err := os.Stat(checkpoint); err == nil {
							break
						}
						select {
						case <-ended:
							break wait
						case <-time.After(time.Millisecond):
						}
					}
					time.Sleep(time.Duration(rnd.Float64() * float64(took) / 2))
					r.cmd.Process.Kill()
					<-ended // killed, or done: either way it has ended
					if strings.Contains(r.out.String(), "resuming from n =") {
						resumed++
					}
					os.Remove(filepath.Join(dir, "out", "g.parquet")) // finished: start the next one anew
				}
				last := startRun(t, dir, "-heaps", heaps, "-workers", w, "-checkpoint", "1ms")
				if err := last.cmd.Wait(); err != nil {
					t.Fatalf("%v\n%s", err, last.out)
				}
				gotG, gotRing, gotSum := readValues(t, filepath.Join(dir, "out", "g.parquet"))
				if !gotG.Equal(wantG) || !gotRing.Equal(wantRing) || gotSum != wantSum {
					t.Errorf("after kills, checksum %s, want %s (values equal: %v)", gotSum, wantSum, gotG.Equal(wantG))
				}
				if resumed == 0 && !strings.Contains(last.out.String(), "resuming from n =") {
					t.Errorf("no run resumed from a checkpoint: the test tests nothing (a run takes %v)", took)
				}
				if _, err := os.Stat(heap.CheckpointPath(filepath.Join(dir, "out"), "g")); err == nil {
					t.Error("the checkpoint is left after the run ended")
				}
			})
		}
	}
}

// TestInterruptedRun sends SIGINT and SIGTERM to runs: they exit with
// 130 and 143, say where they stopped, leave a checkpoint and no table or
// temporary file, and the same command then resumes from the checkpoint.
func TestInterruptedRun(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "g.yaml"), []byte("name: g\ncode: \"4!.0\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, sig := range []struct {
		s      syscall.Signal
		status int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		r := startRun(t, dir, "-heaps", "5000000", "-checkpoint", "100ms")
		time.Sleep(1500 * time.Millisecond)
		r.cmd.Process.Signal(sig.s)
		err := r.cmd.Wait()
		if code := r.cmd.ProcessState.ExitCode(); code != sig.status {
			t.Fatalf("%v: exit status %d (%v), want %d\n%s", sig.s, code, err, sig.status, r.out)
		}
		if !strings.Contains(r.out.String(), "interrupted: g at n = ") || !strings.Contains(r.out.String(), "run the same command again to resume") {
			t.Errorf("%v: said %q", sig.s, r.out)
		}
		entries, _ := os.ReadDir(filepath.Join(dir, "out"))
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		if len(names) != 1 || names[0] != ".g.checkpoint.parquet" {
			t.Errorf("%v: the folder holds %v, want the checkpoint alone", sig.s, names)
		}
		if _, err := export.ReadCheckpoint(heap.CheckpointPath(filepath.Join(dir, "out"), "g"), "line:4!.0", version); err != nil {
			t.Errorf("%v: %v", sig.s, err)
		}
	}
}

// TestCheckpointDamaged checks that a checkpoint cut short, with a bit
// flipped, or of another game is not used: the run says why and starts
// over, or with -resume refuses.
func TestCheckpointDamaged(t *testing.T) {
	chdir(t)
	if err := os.WriteFile("g.yaml", []byte("name: g\ncode: \"0.6\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	other := &sg.Table{Game: mustGame(t, "name: g\ncode: \"0.7\"\n")}
	other.G = sg.ValuesOf([]uint32{0, 1, 0, 1})
	good := func() []byte {
		g := mustGame(t, "name: g\ncode: \"0.6\"\n")
		tab, err := compute.Sequence(t.Context(), g, 8000, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := export.WriteCheckpoint("cp", tab, export.Options{Version: version}); err != nil {
			t.Fatal(err)
		}
		data, _ := os.ReadFile("cp")
		return data
	}()
	flipped := bytes.Clone(good)
	flipped[len(flipped)/3] ^= 0x10
	if err := export.WriteCheckpoint("cp-other", other, export.Options{Version: version}); err != nil {
		t.Fatal(err)
	}
	otherData, _ := os.ReadFile("cp-other")
	for _, tc := range []struct {
		name string
		data []byte
	}{{"truncated", good[:len(good)/2]}, {"flipped", flipped}, {"other rule", otherData}} {
		if err := os.MkdirAll("out", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(heap.CheckpointPath("out", "g"), tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, _, stderr := sgtab(t, "run", "-resume", "-heaps", "12000", "-plot", "none", "-out", "out", "g.yaml")
		if code != 1 || !strings.Contains(stderr, "-resume: the checkpoint cannot be used") {
			t.Errorf("%s, -resume: status %d\n%s", tc.name, code, stderr)
		}
		code, _, stderr = sgtab(t, "run", "-heaps", "12000", "-plot", "none", "-out", "out", "g.yaml")
		if code != 0 || !strings.Contains(stderr, "not resuming") || strings.Contains(stderr, "resuming from n =") {
			t.Errorf("%s: status %d\n%s", tc.name, code, stderr)
		}
		os.RemoveAll("out")
	}
}

// TestExtendTable extends a stored table from N to 4N, from its Parquet
// and its Arrow file, and compares with 4N computed from scratch; a table
// of another game is refused.
func TestExtendTable(t *testing.T) {
	chdir(t)
	for _, yaml := range []string{"name: g\ncode: \"0.6\"\n", "name: g\ncode: \"0.777\"\nstart: ring\n", "name: g\ncode: \"0.77\"\n"} {
		if err := os.WriteFile("g.yaml", []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		os.RemoveAll("small")
		os.RemoveAll("big")
		if code, _, stderr := sgtab(t, "run", "-heaps", "2000", "-plot", "none", "-out", "small", "g.yaml"); code != 0 {
			t.Fatalf("status %d\n%s", code, stderr)
		}
		want, err := compute.Sequence(t.Context(), mustGame(t, yaml), 8000, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, ext := range []string{"parquet", "arrow"} {
			code, _, stderr := sgtab(t, "run", "-heaps", "8000", "-plot", "none", "-out", "big", "-from", "small/g."+ext, "g.yaml")
			if code != 0 || !strings.Contains(stderr, "going on from small/g."+ext+", SG(0..2000)") {
				t.Fatalf("%q from %s: status %d\n%s", yaml, ext, code, stderr)
			}
			gotG, gotRing, sum := readValues(t, "big/g.parquet")
			if !gotG.Equal(want.G) || !gotRing.Equal(want.Ring) || sum != want.Analysis.Checksum {
				t.Errorf("%q extended from %s differs from 4N computed at once", yaml, ext)
			}
		}
	}
	if err := os.WriteFile("h.yaml", []byte("name: h\ncode: \"0.07\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := sgtab(t, "run", "-heaps", "8000", "-out", "big", "-from", "small/g.parquet", "h.yaml")
	if code != 1 || !strings.Contains(stderr, "its game is line:0.77, which no game of the run is (h line:0.07)") {
		t.Errorf("another game's table: status %d\n%s", code, stderr)
	}
}

type execCmd struct {
	cmd *exec.Cmd
	out *bytes.Buffer
}

func mustGame(t *testing.T, yaml string) rules.Game {
	t.Helper()
	gs, err := rules.Parse(strings.NewReader(yaml), "g.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return gs[0]
}
