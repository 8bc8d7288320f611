package solve

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/sgtab/sgtab/compute/search"
	"github.com/sgtab/sgtab/export"
)

// maxSaved bounds the facts a search checkpoint keeps: those about the
// largest components, which cost the search most (search.Table.Save).
// A million take about 10 MB on disk.
var maxSaved = 1 << 20

// A checkpoint is where the search of one board of a range keeps what it
// has proved, so that a search stopped midway (a signal, a job's time
// limit) resumes from it rather than from nothing.
type checkpoint struct {
	path     string // OUT.search/GAME-RxC.parquet
	position string // RxC
}

// checkpointOf returns the checkpoint of the board rows×cols of a range
// kept in req.Out, or nil without Out or with no Checkpoint interval.
func checkpointOf(req Request, rows, cols int) *checkpoint {
	if req.Out == "" || req.Checkpoint <= 0 {
		return nil
	}
	pos := fmt.Sprintf("%dx%d", rows, cols)
	return &checkpoint{path: filepath.Join(req.Out+".search", req.Game+"-"+pos+".parquet"), position: pos}
}

// restore puts the facts of the checkpoint, if there is one, into t and
// returns how many. A checkpoint that fails its checks (another
// position's, another version's, not signed with req.Key, damaged) is an
// error: nothing of it is used, and it is not overwritten.
func (c *checkpoint) restore(req Request, t *search.Table) (int, error) {
	if _, err := os.Lstat(c.path); errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return 0, nil // none, or none can be there (a file in the folder's place)
	}
	rows, err := export.ReadSearchCheckpoint(c.path, req.Game, c.position, req.Version, req.Key)
	if err != nil {
		return 0, fmt.Errorf("%w; move it away to search %s %s from the start", err, req.Game, c.position)
	}
	saved := make([]search.Saved, len(rows))
	for i, r := range rows {
		saved[i] = search.Saved{Key: r.Key, Word: r.Word}
	}
	if err := t.Restore(saved); err != nil {
		return 0, fmt.Errorf("%s: %w", c.path, err)
	}
	return len(saved), nil
}

// write keeps the largest facts of t in the checkpoint, whole or not at
// all (a temporary file renamed).
func (c *checkpoint) write(req Request, t *search.Table) error {
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return fmt.Errorf("keep the search's checkpoint: %w", err)
	}
	saved := t.Save(maxSaved)
	rows := make([]export.SearchEntry, len(saved))
	for i, s := range saved {
		rows[i] = export.SearchEntry{Key: s.Key, Word: s.Word}
	}
	return export.WriteSearchCheckpoint(c.path, req.Game, c.position, rows, export.Options{Version: req.Version, MACKey: req.Key})
}

// keep writes the checkpoint every req.Checkpoint while a search runs,
// until the function it returns is called. A write that fails (a full
// disk) is said on the progress line and tried again at the next tick;
// the one made when the search is stopped reports its own error, and once
// the board is solved the checkpoint is not needed.
func (c *checkpoint) keep(req Request, t *search.Table) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(req.Checkpoint)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if err := c.write(req, t); err != nil && req.Progress != nil {
					req.Progress(fmt.Sprintf("%s %s: %v (tried again in %s)", req.Game, c.position, err, req.Checkpoint))
				}
			}
		}
	})
	return func() {
		close(done)
		wg.Wait()
	}
}

// remove deletes the checkpoint of a board solved, and its folder once
// empty.
func (c *checkpoint) remove() {
	if os.Remove(c.path) == nil {
		os.Remove(filepath.Dir(c.path)) // fails while other boards' are there
	}
}
