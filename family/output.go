package family

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/fileformat"
)

// A Writer writes a table of type T in one file format at a path.
type Writer[T any] func(path string, t T, opt export.Options) error

// Writers are the writers of a kind of table, by format ("parquet",
// "arrow", "csv").
type Writers[T any] map[string]Writer[T]

// Write writes the table t of the game name into out.Dir as each of
// out.Formats, DIR/NAME.FORMAT, but for the files named in kept, which
// hold t already and are left as they are; it returns the table's files
// (a CSV table's sidecar too).
func (ws Writers[T]) Write(name string, t T, out Output, kept map[string]bool) ([]string, error) {
	var files []string
	for _, f := range out.Formats {
		path := filepath.Join(out.Dir, name+"."+f)
		if !kept[path] {
			write, ok := ws[f]
			if !ok {
				return nil, fmt.Errorf("%s: no %s writer for this kind of table", path, f)
			}
			if err := write(path, t, out.Options()); err != nil {
				return nil, err
			}
		}
		files = append(files, path)
		if f == "csv" {
			files = append(files, export.SidecarPath(path))
		}
	}
	return files, nil
}

// LoopyOutput returns out for a table of generalized values (∞(K)) of
// the game name, whose positions repeat (why says how), which has no CSV
// form: without CSV, and the warning that says so, when other formats are
// asked too; an error when CSV is the only one.
func LoopyOutput(name, why string, out Output) (Output, string, error) {
	if !slices.Contains(out.Formats, "csv") {
		return out, "", nil
	}
	rest := slices.DeleteFunc(slices.Clone(out.Formats), func(f string) bool { return f == "csv" })
	if len(rest) == 0 {
		return out, "", fmt.Errorf("%s, and a table of its values ∞(K) has no CSV form: ask for -formats parquet or arrow", why)
	}
	out.Formats = rest
	return out, fmt.Sprintf("%s: %s, and a table of its values ∞(K) has no CSV form: written as %s only", name, why, strings.Join(rest, " and ")), nil
}

// Formats are the table formats every kind of table is written in.
var Formats = []string{"parquet", "arrow", "csv"}

// ParseFormats reads a list of table formats as sgtab run's -formats
// gives it: Formats, comma-separated, each once, in the order given.
func ParseFormats(v string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(v, ",") {
		f = strings.TrimSpace(f)
		switch {
		case !slices.Contains(Formats, f):
			return nil, fmt.Errorf("%q is not parquet, arrow or csv", f)
		case slices.Contains(out, f):
			return nil, fmt.Errorf("%s listed twice", f)
		}
		out = append(out, f)
	}
	return out, nil
}

// A Figure is one plot of a table: the file suffix after the game's name
// ("" for the main plot, "-histogram", …), how to draw it, and its size.
type Figure struct {
	Suffix string
	Draw   func() (*plot.Plot, error)
	W, H   vg.Length
}

// DrawFigures draws the figures of the game name into out.Dir as out.Plot
// and returns their paths. A figure whose Draw refuses the table (too few
// values, no period to fold by) is left out, and a note says why: that is
// not a failure.
func DrawFigures(name string, figures []Figure, out Output) (files, notes []string, err error) {
	if out.Plot == "none" {
		return nil, nil, nil
	}
	for _, f := range figures {
		path := filepath.Join(out.Dir, name+f.Suffix+"."+out.Plot)
		p, err := f.Draw()
		if err != nil {
			notes = append(notes, fmt.Sprintf("%s not drawn: %v", filepath.Base(path), err))
			continue
		}
		if err := SavePlot(p, f.W, f.H, out.Plot, path); err != nil {
			return nil, nil, err
		}
		files = append(files, path)
	}
	return files, notes, nil
}

// DrawFigure draws the figure f of the game name into out.Dir as out.Plot
// and returns its path; a figure that cannot be drawn is an error.
func DrawFigure(name string, f Figure, out Output) (string, error) {
	p, err := f.Draw()
	if err != nil {
		return "", err
	}
	path := filepath.Join(out.Dir, name+f.Suffix+"."+out.Plot)
	return path, SavePlot(p, f.W, f.H, out.Plot, path)
}

// Drawn returns the one plot DrawFigure drew, as Family.Plot returns
// plots: Drawn(DrawFigure(…)).
func Drawn(path string, err error) (files, notes []string, _ error) {
	if err != nil {
		return nil, nil, err
	}
	return []string{path}, nil, nil
}

// SavePlot draws p at the given size into the file path as format ("png"
// or "svg"), written whole or not at all (fileformat.WriteFile).
func SavePlot(p *plot.Plot, width, height vg.Length, format, path string) error {
	wt, err := p.WriterTo(width, height, format)
	if err != nil {
		return fmt.Errorf("draw %s: %w", path, err)
	}
	if err := fileformat.WriteFile(path, func(w io.Writer) error {
		_, err := wt.WriteTo(w)
		return err
	}); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// SummaryFile is the name of a run's summary table in its output folder:
// one row per game run into the folder.
const SummaryFile = "summary.parquet"

// ReadSummaryIfAny reads the summary table at path, or nothing when there
// is none.
func ReadSummaryIfAny(path string) ([]export.Summary, error) {
	if _, err := os.Lstat(path); err != nil {
		return nil, nil
	}
	rows, _, err := export.ReadSummary(path)
	return rows, err
}
