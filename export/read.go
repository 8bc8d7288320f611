package export

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// A File is a file that sgtab wrote, read back and verified (see Read): a
// heap game's table, a lattice table, the rare positions of a table, or a
// run's summary. Exactly one of Table, Lattice, Rare and Summary is set, as
// Kind says.
type File struct {
	Format string // "parquet", "arrow" or "csv"
	Kind   Kind
	// Meta holds the key/value metadata (without Parquet's ARROW:schema).
	Meta map[string]string

	Table     *sg.Table             // KindTable (with its Analysis) and KindCheckpoint
	Lattice   *sg.LatticeTable      // KindLattice
	Graph     *graphgame.GraphTable // KindGraph
	Rare      *RareTable            // KindRare
	Summary   []Summary             // KindSummary
	Boards    []Board               // KindBoards
	Search    []SearchEntry         // KindSearchCheckpoint
	Census    []CensusRow           // KindCensus
	Quotient  *misere.Quotient      // KindQuotient
	Quotients []QuotientRow         // KindQuotientCensus

	// Foreign is set for a table of n and sg without sgtab metadata, as
	// another tool writes it: its values are taken as they are, with no
	// checksum to verify them and no rule to check them against, and its
	// analysis claims no proof (period.Observe). A table whose columns
	// are sgtab's own (n, sg and sg_ring, none nullable) but that has no
	// metadata is refused instead: its metadata was lost.
	Foreign bool
	// RuleChecked is the last heap size whose value the reader checked
	// against the table's rule, computed again (see Read); -1 for none.
	// A table no larger is verified whole already.
	RuleChecked int
}

// Read reads the file at path — Parquet or Arrow IPC, told by its first
// bytes, or a CSV table, told by its name's ending .csv, read with its
// sidecar (see WriteCSV) — and verifies it before returning it:
//
//   - the columns are those of its kind, of integer types without nulls, and
//     n (or x, y) runs over 0..N (the board) in order;
//   - the row count agrees with sgtab.heaps (or sgtab.width·sgtab.height);
//   - the values match their checksums, sgtab.checksum and sgtab.crc32c;
//   - a table's first values (up to 1024, and up to the last heap size its
//     proof needs) are those sgtab computes for the rule of sgtab.rule, so
//     that a file cannot pass for another game;
//   - a table's analysis is computed again from its values (Table.Analysis),
//     and a period is reported proved only when the metadata says so and the
//     values prove it again.
//
// A mismatch is an error saying what differs; a CSV table's names the line
// of the row where it can (a *LineError), and a CSV table without its
// sidecar, or whose rows are not the columns and number its sidecar says,
// is refused. Only a table of n and sg with
// no sgtab metadata at all, and columns other than sgtab's, is read
// unverified (File.Foreign). path must be a
// regular file: a FIFO or a device is refused without reading it.
//
// Checking the first values costs at most DefaultBudget option values
// (compute.Verify): a table whose check would cost more, as one of a rule
// with thousands of digits may, is refused saying so. ReadContext sets
// another budget, and stops when its context is cancelled.
func Read(path string) (*File, error) {
	return ReadContext(context.Background(), path, ReadOptions{})
}

// DefaultBudget bounds the work of checking a table's first values against
// its rule, in option values looked at (sg.VerifyOptions.MaxWork):
// about a second or two of one core's work, hundreds of times what the
// first 1024 values of a game of a few digits cost.
const DefaultBudget = 1 << 31

// ReadOptions tune ReadContext. The zero value means defaults.
type ReadOptions struct {
	// Budget bounds the work of checking a table's first values against
	// its rule: 0 means DefaultBudget, a negative number no bound.
	Budget int64
	// Workers share that check (sg.VerifyOptions.Workers); 0 means
	// GOMAXPROCS.
	Workers int
	// Key is the user's key: a table signed with it (File.Signed) is the
	// key holder's own computation, so that only its first values are
	// checked against its rule, not the whole window of a proof it
	// claims (which for 0.1777 reaches 4.4·10^8 heap sizes).
	Key []byte
	// Quotient bounds the proof of a misère quotient read (its file's
	// rows against its rule, misere.VerifyQuotient) below the bounds the
	// file says it was computed within, so that a file cannot make its
	// reader work for hours: the zero value means the defaults of a
	// computation (misere.DefaultQuotientSteps and
	// DefaultQuotientPositions).
	Quotient misere.QuotientLimits
}

func (o ReadOptions) budget() int64 {
	switch {
	case o.Budget == 0:
		return DefaultBudget
	case o.Budget < 0:
		return 0
	}
	return o.Budget
}

// ReadContext reads and verifies the file at path as Read does, within the
// budget of opt, and returns context.Cause(ctx) when ctx is cancelled
// while it checks the values.
func ReadContext(ctx context.Context, path string, opt ReadOptions) (*File, error) {
	f, err := read(ctx, path, memory.DefaultAllocator, opt)
	switch {
	case isLineError(err):
		return nil, fmt.Errorf("read %w", err) // read FILE:LINE: …
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return f, nil
}

// ReadFrom reads and verifies a file from the size bytes of r, as Read does.
func ReadFrom(r io.ReaderAt, size int64) (*File, error) {
	f, err := readFrom(context.Background(), r, size, memory.DefaultAllocator, ReadOptions{})
	if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	return f, nil
}

// ReadTable reads and verifies a heap game's table (Read), and reports its
// format, "parquet", "arrow" or "csv". Any other kind of file is an error.
func ReadTable(path string) (t *sg.Table, meta map[string]string, format string, err error) {
	f, err := Read(path)
	if err != nil {
		return nil, nil, "", err
	}
	if f.Kind != KindTable {
		return nil, nil, "", fmt.Errorf("read %s: %s", path, f.notTable())
	}
	return f.Table, f.Meta, f.Format, nil
}

// ReadParquet reads and verifies a table written by WriteParquet: its values,
// the Game (Name, Rule, Start, Heaps, Config, Misere or State) and Created
// from the metadata, and the metadata itself. See Read.
func ReadParquet(path string) (*sg.Table, map[string]string, error) {
	return readTableAs(path, "parquet")
}

// ReadIPC reads and verifies a table written by WriteIPC, as ReadParquet
// does.
func ReadIPC(path string) (*sg.Table, map[string]string, error) {
	return readTableAs(path, "arrow")
}

// ReadCSV reads and verifies a table written by WriteCSV, with its
// sidecar, as ReadParquet does.
func ReadCSV(path string) (*sg.Table, map[string]string, error) {
	return readTableAs(path, "csv")
}

func readTableAs(path, format string) (*sg.Table, map[string]string, error) {
	t, meta, got, err := ReadTable(path)
	if err == nil && got != format {
		err = fmt.Errorf("read %s: an %s file, not %s", path, got, format)
	}
	return t, meta, err
}

// ReadParquetFrom reads and verifies a table from the size bytes of r, as
// ReadParquet does.
func ReadParquetFrom(r io.ReaderAt, size int64) (*sg.Table, map[string]string, error) {
	return readTableFrom(r, size, "parquet")
}

// ReadIPCFrom reads and verifies a table from the size bytes of r, as
// ReadIPC does.
func ReadIPCFrom(r io.ReaderAt, size int64) (*sg.Table, map[string]string, error) {
	return readTableFrom(r, size, "arrow")
}

func readTableFrom(r io.ReaderAt, size int64, format string) (*sg.Table, map[string]string, error) {
	f, err := readFrom(context.Background(), r, size, memory.DefaultAllocator, ReadOptions{})
	switch {
	case err != nil:
	case f.Format != format:
		err = fmt.Errorf("an %s file, not %s", f.Format, format)
	case f.Kind != KindTable:
		err = errors.New(f.notTable())
	}
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", format, err)
	}
	return f.Table, f.Meta, nil
}

// read reads and verifies the file at path: a CSV table, told by its
// name, or a Parquet or Arrow IPC file, told by its first bytes.
func read(ctx context.Context, path string, mem memory.Allocator, opt ReadOptions) (f *File, err error) {
	if isCSV(path) {
		return readCSV(ctx, path, mem, opt)
	}
	err = fileformat.OpenFile(path, func(r io.ReaderAt, size int64) error {
		f, err = readFrom(ctx, r, size, mem, opt)
		if err != nil && strings.HasSuffix(strings.ToLower(path), ".csv.json") {
			err = fmt.Errorf("%w: it is the sidecar of a CSV table; read %s, which reads it too", err, strings.TrimSuffix(path, filepath.Ext(path)))
		}
		return err
	})
	return f, err
}

// readFrom reads and verifies the Parquet or Arrow IPC file of the size
// bytes of r.
func readFrom(ctx context.Context, r io.ReaderAt, size int64, mem memory.Allocator, opt ReadOptions) (f *File, err error) {
	err = fileformat.OpenRecords(r, size, mem, func(format string, recs fileformat.Records) error {
		f, err = readRecords(ctx, format, recs, opt)
		return err
	})
	return f, err
}

// readRecords reads a file sgtab wrote (or a plain table) from its records.
func readRecords(ctx context.Context, format string, recs fileformat.Records, opt ReadOptions) (f *File, err error) {
	f = &File{Format: format, Meta: recs.Meta, RuleChecked: -1}
	if f.Kind, err = kindOf(recs); err != nil {
		return nil, err
	}
	f.Foreign = f.Kind == KindTable && !hasSgtabKeys(recs.Meta)
	switch f.Kind {
	case KindTable, KindCheckpoint:
		err = f.readTable(ctx, recs, opt)
	case KindLattice:
		err = f.readLattice(ctx, recs)
	case KindGraph:
		err = f.readGraph(recs)
	case KindRare:
		err = f.readRare(recs)
	case KindSummary:
		err = f.readSummary(recs)
	case KindCensus:
		err = f.readCensus(recs)
	case KindQuotient:
		err = f.readQuotient(ctx, recs, opt.Quotient)
	case KindQuotientCensus:
		err = f.readQuotientCensus(recs)
	case KindBoards:
		err = f.readBoards(recs)
	case KindSearchCheckpoint:
		err = f.readSearch(recs)
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// hasSgtabKeys reports whether meta holds any key sgtab writes.
func hasSgtabKeys(meta map[string]string) bool {
	for k := range meta {
		if strings.HasPrefix(k, "sgtab.") {
			return true
		}
	}
	return false
}

// kindOf tells what a file holds: its sgtab.kind, or for files written
// before that key, what its keys and columns say.
func kindOf(recs fileformat.Records) (Kind, error) {
	meta := recs.Meta
	if k, ok := meta[KeyKind]; ok {
		switch Kind(k) {
		case KindTable, KindLattice, KindRare, KindSummary, KindCensus, KindCheckpoint, KindGraph, KindQuotient, KindQuotientCensus, KindBoards, KindSearchCheckpoint:
			return Kind(k), nil
		}
		return "", fmt.Errorf("metadata %s = %q: not a kind of file sgtab reads", KeyKind, k)
	}
	switch {
	case meta[keyGames] != "":
		return KindSummary, nil
	case meta[KeyWidth] != "":
		return KindLattice, nil
	case meta[KeyRareCount] != "" && meta[KeyRareCount] == strconv.FormatInt(recs.Rows, 10) &&
		meta[KeyHeaps] != strconv.FormatInt(recs.Rows-1, 10):
		return KindRare, nil
	}
	return KindTable, nil
}
