package heap

import (
	"testing"
	"time"

	"github.com/sgtab/sgtab/compute/sg"
)

// A checkpoint that takes long to write spaces out the next ones: they
// never take more than a tenth of the run, whatever interval was asked
// for. Time is a fake clock that the checkpoint itself moves on.
func TestCheckpointsKeepToATenth(t *testing.T) {
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	write := 3 * time.Minute // a table of billions of values
	var writes []time.Time
	r := &run{
		t:   &sg.Table{G: sg.MakeValues(100, 8)},
		now: func() time.Time { return clock },
		opt: sg.Options{
			CheckpointEvery: time.Minute,
			Checkpoint: func(G, Ring sg.Values) error {
				writes = append(writes, clock)
				clock = clock.Add(write)
				return nil
			},
		},
	}
	r.lastCheckpoint = clock
	start := clock
	for step := 0; step < 600; step++ { // ten hours of computing, a minute a step
		clock = clock.Add(time.Minute)
		if err := r.checkpoint(10, false); err != nil {
			t.Fatal(err)
		}
	}
	total := clock.Sub(start)
	spent := time.Duration(len(writes)) * write
	// The first one's cost nothing foretold.
	if (spent-write)*10 > total {
		t.Errorf("%d checkpoints of %v in %v: %v writing, more than a tenth besides the first", len(writes), write, total, spent)
	}
	// The first comes after the interval asked for; then every 27
	// minutes of computing or so (nine times three), never sooner.
	if len(writes) < 2 || writes[0].Sub(start) != time.Minute {
		t.Fatalf("checkpoints at %v, want the first after a minute", writes)
	}
	for i := 1; i < len(writes); i++ {
		if gap := writes[i].Sub(writes[i-1]) - write; gap < checkpointWork*write {
			t.Errorf("checkpoint %d came %v after the last one ended, want at least %v", i, gap, checkpointWork*write)
		}
	}

	// Cheap checkpoints keep to the interval asked for; one asked for
	// now is written at once.
	write, writes = time.Millisecond, nil
	r.checkpointCost, r.lastCheckpoint = 0, clock
	for step := 0; step < 10; step++ {
		clock = clock.Add(time.Minute)
		if err := r.checkpoint(10, false); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.checkpoint(10, true); err != nil {
		t.Fatal(err)
	}
	if len(writes) != 11 {
		t.Errorf("%d checkpoints of 1 ms in 10 minutes, one a minute asked for and one at the end: want 11", len(writes))
	}
}
