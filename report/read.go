package report

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// A Refusal is a file the report does not present: it failed to read back
// verified, and Reason says why.
type Refusal struct {
	File   string `json:"file"`
	Reason string `json:"reason"`
}

// A folder is what an output folder holds, every file read back verified.
type folder struct {
	dir       string
	summary   []export.Summary
	census    []export.CensusRow
	censusOf  string // the census file's name
	sweep     string // the sweep config's YAML, from the census
	quotients []export.QuotientRow
	boards    []export.Board // tables of boards (sgtab solve -out)
	boardsOf  []string       // their files' names
	games     map[string]*game
	refused   []Refusal
	images    map[string]bool // the image files in the folder
}

// A game is what the folder holds of one game: its files, read and
// verified, and its row in the summary or the census.
type game struct {
	name     string
	table    *sg.Table
	lattice  *sg.LatticeTable
	graph    *graphgame.GraphTable
	quotient *misere.Quotient
	rare     *export.RareTable
	meta     map[string]string // the main table's metadata
	foreign  bool
	files    []stored
	refused  []Refusal
	summary  *export.Summary
	census   *export.CensusRow
}

// A stored file is one file of a game, read back, and what reading it
// verified.
type stored struct {
	Name     string
	Format   string
	Kind     string
	Size     string
	Verified string
}

// tableExts are the endings of the files sgtab writes tables in.
var tableExts = []string{".parquet", ".arrow", ".csv"}

// readFolder reads and verifies every table, summary and census in dir
// (not its sub-folders) and lists its images.
func readFolder(ctx context.Context, dir string, opt Options) (*folder, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	f := &folder{dir: dir, games: map[string]*game{}, images: map[string]bool{}}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || strings.HasPrefix(name, ".") {
			continue
		}
		switch ext := filepath.Ext(name); {
		case ext == ".png" || ext == ".svg":
			f.images[name] = true
		case slices.Contains(tableExts, ext):
			if err := ctx.Err(); err != nil {
				return nil, context.Cause(ctx)
			}
			f.read(ctx, name, opt)
		}
	}
	for i := range f.summary {
		f.game(f.summary[i].Name).summary = &f.summary[i]
	}
	for i := range f.census {
		f.game(f.census[i].Name).census = &f.census[i]
	}
	for _, r := range f.refused {
		if g := f.games[stem(r.File)]; g != nil {
			g.refused = append(g.refused, r)
		}
	}
	return f, nil
}

// game returns the game named name, made when new.
func (f *folder) game(name string) *game {
	g := f.games[name]
	if g == nil {
		g = &game{name: name}
		f.games[name] = g
	}
	return g
}

// read reads the file name of the folder, verified, and files it under
// its game, or as the folder's summary or census; a file that fails is
// refused.
func (f *folder) read(ctx context.Context, name string, opt Options) {
	path := filepath.Join(f.dir, name)
	file, err := export.ReadContext(ctx, path, export.ReadOptions{Key: opt.Key, Budget: opt.Budget})
	if err != nil {
		f.refused = append(f.refused, Refusal{File: name, Reason: strings.TrimPrefix(err.Error(), "read ")})
		return
	}
	signed := file.Signed(opt.Key)
	st := stored{Name: name, Format: file.Format, Kind: string(file.Kind), Size: size(path), Verified: verified(file, signed)}
	switch file.Kind {
	case export.KindSummary:
		f.summary = file.Summary
		return
	case export.KindCensus:
		if f.census == nil || name == "census.parquet" {
			f.census, f.censusOf, f.sweep = file.Census, name, file.Meta[export.KeySweep]
		}
		return
	case export.KindQuotientCensus:
		f.quotients = file.Quotients
		return
	case export.KindBoards:
		f.boards = append(f.boards, file.Boards...)
		f.boardsOf = append(f.boardsOf, name)
		return
	case export.KindCheckpoint, export.KindSearchCheckpoint:
		return
	}
	gname := file.Meta[export.KeyName]
	if gname == "" {
		gname = stem(name)
	}
	g := f.game(gname)
	g.files = append(g.files, st)
	switch file.Kind {
	case export.KindTable:
		if g.table == nil {
			g.table, g.meta, g.foreign = file.Table, file.Meta, file.Foreign
		}
	case export.KindLattice:
		if g.lattice == nil {
			g.lattice, g.meta = file.Lattice, file.Meta
		}
	case export.KindGraph:
		if g.graph == nil {
			g.graph, g.meta = file.Graph, file.Meta
		}
	case export.KindQuotient:
		g.quotient = file.Quotient
	case export.KindRare:
		g.rare = file.Rare
	}
}

// verified says what reading file verified.
func verified(file *export.File, signed bool) string {
	var s string
	switch file.Kind {
	case export.KindTable, export.KindCheckpoint:
		if file.Foreign {
			return "not verified: a table with no sgtab metadata, its values taken as they are"
		}
		s = "checksums of the values"
		if file.RuleChecked >= 0 {
			s += fmt.Sprintf("; SG(0..%d) computed again from the rule", file.RuleChecked)
		}
	case export.KindLattice:
		s = "checksums of the values; the first values computed again from the rule"
	case export.KindGraph:
		s = "checksums of the values and of the edge list"
	case export.KindRare:
		s = "the rows' checksum; each value rare under the mask"
	case export.KindQuotient:
		s = "the rows' checksum; the quotient proved again against its rule"
	case export.KindCensus, export.KindQuotientCensus, export.KindBoards:
		s = "the rows' CRC-32C"
	default:
		s = "its columns and metadata"
	}
	if signed {
		s += "; signed with your key"
	}
	return s
}

// stem returns the game a file name is most likely of: its name without
// the ending and without a suffix sgtab adds (-quotient, -rare).
func stem(name string) string {
	s := strings.TrimSuffix(name, filepath.Ext(name))
	for _, suffix := range []string{"-quotient", "-rare"} {
		s = strings.TrimSuffix(s, suffix)
	}
	return s
}

// size returns the size of the file at path in words, "" when unknown.
func size(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return ""
	}
	return rules.ByteSize(st.Size())
}
