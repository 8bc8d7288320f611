package family

import (
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/plots"
)

// DrawBoards draws the nimbers of a table of boards (sgtab solve -out) by
// size, one figure per game it holds (plots.Boards), into out.Dir as
// out.Plot, named name, or name-GAME when the table holds several games,
// and returns their paths.
func DrawBoards(rows []export.Board, name string, out Output) ([]string, error) {
	if out.Plot == "none" {
		return nil, nil
	}
	byGame := map[string][]plots.Board{}
	for _, r := range rows {
		byGame[r.Game] = append(byGame[r.Game], plots.Board{Rows: r.Rows, Cols: r.Cols, Nimber: r.Nimber, Proved: r.Proof != ""})
	}
	games := make([]string, 0, len(byGame))
	for g := range byGame {
		games = append(games, g)
	}
	slices.Sort(games)
	var files []string
	for _, g := range games {
		bs := byGame[g]
		rows, cols := span(bs)
		fig := Figure{
			Draw: func() (*plot.Plot, error) { return plots.Boards(g, bs) },
			W:    vg.Length(min(12, max(5, 0.7*float64(cols)+2.5))) * vg.Inch,
			H:    vg.Length(min(10, max(4, 0.7*float64(rows)+1.8))) * vg.Inch,
		}
		if len(games) > 1 {
			fig.Suffix = "-" + g
		}
		path, err := DrawFigure(name, fig, out)
		if err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	return files, nil
}

// span returns how many sizes of rows and of columns the boards cover.
func span(bs []plots.Board) (rows, cols int) {
	r0, r1, c0, c1 := bs[0].Rows, bs[0].Rows, bs[0].Cols, bs[0].Cols
	for _, b := range bs {
		r0, r1, c0, c1 = min(r0, b.Rows), max(r1, b.Rows), min(c0, b.Cols), max(c1, b.Cols)
	}
	return r1 - r0 + 1, c1 - c0 + 1
}

// TableStem returns the name of a table's file without its folder and
// its extension, which its plots are named after: cram for
// out/cram.parquet.
func TableStem(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}
