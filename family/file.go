package family

import (
	"context"

	"github.com/sgtab/sgtab/export"
)

// VerifyFile checks every value of the stored file f against its game
// (its family's Verify) on workers goroutines (0: one per CPU), as sgtab
// inspect -verify does, counting the values checked on the meter that
// task starts (nil: none), and says what it checked; an error names the
// first wrong value, or says why the file cannot be checked. Files that
// hold no game's values have nothing to check.
func VerifyFile(ctx context.Context, f *export.File, workers int, task func(total int64, desc string) (Meter, func())) (string, error) {
	g, ok := f.Game()
	if !ok {
		return "", nil
	}
	fam, err := For(g)
	if err != nil {
		return "", err
	}
	if f.Table == nil || task == nil {
		return fam.Verify(ctx, f, workers, NoMeter)
	}
	m, end := task(int64(f.Table.N()+1), "verifying "+g.Name)
	defer end()
	return fam.Verify(ctx, f, workers, m)
}

// PlotFile draws the plots of the stored file at path, read verified
// (ReadOptions), as out says (its game's family's Plot), as sgtab plot
// does, and returns their paths and notes on what it did not draw: a file
// that holds no game's values (a run's summary, rare positions, a
// checkpoint) is skipped with a note.
func PlotFile(ctx context.Context, path string, out Output) (files, notes []string, err error) {
	f, err := export.ReadContext(ctx, path, ReadOptions())
	if err != nil {
		return nil, nil, err
	}
	if f.Kind == export.KindBoards {
		files, err := DrawBoards(f.Boards, TableStem(path), out)
		return files, nil, err
	}
	g, ok := f.Game()
	if !ok || f.Kind == export.KindCheckpoint {
		return nil, []string{f.Note() + ": skipped"}, nil
	}
	fam, err := For(g)
	if err != nil {
		return nil, nil, err
	}
	return fam.Plot(f, out)
}
