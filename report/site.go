package report

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
)

// Options say where a report goes and how its files are read.
type Options struct {
	// Out is the folder of the site; "" means DIR/report.
	Out string
	// Key is the user's key: a file signed with it says so on its page.
	Key []byte
	// Budget bounds the work of checking a table's first values against
	// its rule (export.ReadOptions.Budget): 0 means export.DefaultBudget.
	Budget int64
	// Title heads the front page; "" names the folder.
	Title string
	// Version is sgtab's version, in the pages' footer.
	Version string
}

// A Result says what Write wrote.
type Result struct {
	Index   string    // the front page's path
	Games   int       // the games presented, each with a page
	Boards  int       // the boards of tables of boards, on the front page
	Refused []Refusal // the files not presented, and why
}

// Dir returns the folder of the site of dir's report with opt.
func Dir(dir string, opt Options) string {
	if opt.Out != "" {
		return opt.Out
	}
	return filepath.Join(dir, "report")
}

//go:embed assets templates
var files embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"inc": func(i int) int { return i + 1 },
}).ParseFS(files, "templates/*.html"))

// ErrEmpty is returned for a folder that holds nothing sgtab wrote.
var ErrEmpty = errors.New("no table, summary or census of sgtab in it")

// Write reads every file sgtab wrote into dir, verified, and writes the
// report of it into Dir(dir, opt): index.html, a page per game under
// games/, classes.html for a census, and the style sheet, the script and
// the plots it shows, so that the folder stands alone. The site is made
// in a temporary folder and renamed into place whole.
func Write(ctx context.Context, dir string, opt Options) (Result, error) {
	f, err := readFolder(ctx, dir, opt)
	if err != nil {
		return Result{}, fmt.Errorf("report of %s: %w", dir, err)
	}
	if len(f.games) == 0 && len(f.quotients) == 0 && len(f.boards) == 0 && len(f.refused) == 0 {
		return Result{}, fmt.Errorf("report of %s: %w", dir, ErrEmpty)
	}
	out := Dir(dir, opt)
	if opt.Title == "" {
		abs, _ := filepath.Abs(dir)
		opt.Title = "sgtab: " + filepath.Base(abs)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return Result{}, fmt.Errorf("report of %s: %w", dir, err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(out), ".report-*")
	if err != nil {
		return Result{}, fmt.Errorf("report of %s: %w", dir, err)
	}
	defer os.RemoveAll(tmp)
	res, err := f.write(tmp, opt)
	if err != nil {
		return Result{}, fmt.Errorf("report of %s: %w", dir, err)
	}
	if err := replace(tmp, out); err != nil {
		return Result{}, fmt.Errorf("report of %s: %w", dir, err)
	}
	res.Index = filepath.Join(out, "index.html")
	return res, nil
}

// replace puts the folder tmp in the place of out, the old report (if
// any) removed only once the new one is in place.
func replace(tmp, out string) error {
	old := ""
	if _, err := os.Stat(out); err == nil {
		old = tmp + "-old"
		if err := os.Rename(out, old); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, out); err != nil {
		if old != "" {
			_ = os.Rename(old, out)
		}
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// write writes the site into the folder site.
func (f *folder) write(site string, opt Options) (Result, error) {
	for _, d := range []string{"assets", "games", "img"} {
		if err := os.MkdirAll(filepath.Join(site, d), 0o755); err != nil {
			return Result{}, err
		}
	}
	if err := copyAssets(site); err != nil {
		return Result{}, err
	}
	names := slices.Sorted(func(yield func(string) bool) {
		for name := range f.games {
			if !yield(name) {
				return
			}
		}
	})
	res := Result{Refused: f.refused, Boards: len(f.boards)}
	for _, name := range names {
		g := f.games[name]
		if !g.presented() {
			continue
		}
		v := f.gameView(g, opt)
		for _, p := range v.Plots {
			if err := copyFile(filepath.Join(f.dir, p.File), filepath.Join(site, "img", p.File)); err != nil {
				return Result{}, err
			}
		}
		if err := render(filepath.Join(site, pageName(name)), "game", v); err != nil {
			return Result{}, err
		}
		res.Games++
	}
	for i := range f.quotients {
		q := &f.quotients[i]
		if f.games[q.Name] != nil && f.games[q.Name].presented() {
			continue
		}
		if err := render(filepath.Join(site, pageName(q.Name)), "game", quotientView(q, opt)); err != nil {
			return Result{}, err
		}
		res.Games++
	}
	idx := f.index(names, opt)
	for _, p := range idx.Plots {
		if err := copyFile(filepath.Join(f.dir, p.File), filepath.Join(site, "img", p.File)); err != nil {
			return Result{}, err
		}
	}
	if len(f.census) > 0 {
		idx.Classes = "classes.html"
		if err := render(filepath.Join(site, "classes.html"), "classes", f.classes(opt)); err != nil {
			return Result{}, err
		}
	}
	return res, render(filepath.Join(site, "index.html"), "index", idx)
}

// render writes the template name with data into path.
func render(path, name string, data any) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pages.ExecuteTemplate(fh, name, data); err != nil {
		fh.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return fh.Close()
}

// copyAssets copies the style sheet and the script into the site.
func copyAssets(site string) error {
	return fs.WalkDir(files, "assets", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := files.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(site, path), data, 0o644)
	})
}

// copyFile copies the file src to dst, linking it where it can.
func copyFile(src, dst string) error {
	if err := os.Link(src, dst); err == nil {
		return nil
	}
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// index returns the front page of the games names.
func (f *folder) index(names []string, opt Options) index {
	idx := index{Title: opt.Title, Refused: f.refused, Version: opt.Version, Noun: "games"}
	families := map[string]bool{}
	count := map[string]int{}
	add := func(r row) {
		idx.Rows = append(idx.Rows, r)
		families[r.Family] = true
		count[r.Status]++
	}
	switch {
	case len(f.census) > 0:
		idx.What = fmt.Sprintf("The census of a sweep (%s): one row per game, computed until its period was proved or to its cap.", f.censusOf)
		idx.Columns = censusColumns
		for i := range f.census {
			add(censusRow(&f.census[i]))
		}
	case len(f.boards) > 0 && len(f.games) == 0:
		f.boardsIndex(&idx)
		for _, b := range f.boards {
			add(boardRow(b))
		}
	case len(f.quotients) > 0:
		idx.What = "The census of a sweep's misère quotients: one row per rule."
		idx.Columns = quotientColumns
		for i := range f.quotients {
			add(quotientRow(&f.quotients[i]))
		}
	default:
		idx.What = "The games of a run: each table read back and verified before any of its numbers is shown here."
		if len(f.boards) > 0 {
			idx.What += fmt.Sprintf(" It holds a table of boards of sgtab solve too (%s: %d), pictured here.", strings.Join(f.boardsOf, ", "), len(f.boards))
			idx.Plots = f.boardPlots()
		}
		idx.Columns = runColumns
		for _, name := range names {
			if g := f.games[name]; g.presented() || len(g.refused) > 0 {
				add(runRow(g))
			}
		}
	}
	idx.Families = slices.Sorted(func(yield func(string) bool) {
		for fam := range families {
			if fam != "" && !yield(fam) {
				return
			}
		}
	})
	if idx.Counts != nil {
		return idx
	}
	idx.Counts = []fact{{"games", strconv.Itoa(len(idx.Rows))}}
	for _, st := range []string{"proved", "observed", "none", "verified", "outgrew", "refused"} {
		if count[st] > 0 {
			label := st
			if st == "none" {
				label = "no period found"
			}
			idx.Counts = append(idx.Counts, fact{label, strconv.Itoa(count[st])})
		}
	}
	return idx
}

var runColumns = []column{{"Game", false}, {"Kind", false}, {"Rule", false}, {"Start", false}, {"Play", false},
	{"Heaps", true}, {"Status", false}, {"Period", true}, {"Preperiod", true}, {"Saltus", true}, {"Max SG", true}, {"Verified", false}}

// runRow returns the front page's row of a game of a run.
func runRow(g *game) row {
	st, p := g.statusOf()
	r := row{Status: string(st), Family: g.kindOf(), Period: -1, Text: strings.ToLower(g.name + " " + g.rule())}
	if st != sg.None && st != "" {
		r.Period = p.Length
	}
	start, play, heaps, maxSG := "", "", "", ""
	if s := g.summary; s != nil {
		start, play, heaps, maxSG = s.Start, s.Play, strconv.Itoa(s.Heaps), strconv.FormatUint(uint64(s.MaxSG), 10)
	}
	if t := g.table; t != nil {
		start, heaps = t.Game.Start.String(), strconv.Itoa(t.N())
		play = map[bool]string{false: "normal", true: "misere"}[t.Game.Misere]
		if t.G.Len() > 0 {
			_, hi := t.G.MinMax(0, t.G.Len())
			maxSG = strconv.FormatUint(uint64(hi), 10)
		}
	}
	verified := "yes"
	href := pageName(g.name)
	switch {
	case len(g.refused) > 0 && !(g.table != nil || g.lattice != nil || g.graph != nil):
		r.Status, verified, href = "refused", "refused: "+g.refused[0].Reason, ""
		if g.presented() {
			href = pageName(g.name)
		}
	case g.foreign:
		verified = "no: no sgtab metadata"
	case len(g.files) == 0:
		verified = "no table in the folder"
	}
	rule := g.rule()
	if strings.HasPrefix(rule, "script:") && len(rule) > 19 {
		rule = rule[:19] + "…" // a script's SHA-256: whole on its page
	}
	r.Cells = []cell{{Text: g.name, Href: href}, {Text: g.kindOf()}, {Text: rule}, {Text: start}, {Text: play},
		num(heaps), {Text: r.Status}, periodCell(st, p.Length), periodCell(st, p.Start), periodCell(st, int(p.Saltus)), num(maxSG), {Text: verified}}
	return r
}

var censusColumns = []column{{"Game", false}, {"Family", false}, {"Rule", false}, {"Start", false}, {"Play", false},
	{"Status", false}, {"Period", true}, {"Preperiod", true}, {"Saltus", true}, {"Heaps", true}, {"Max SG", true}, {"Class", false}, {"Class size", true}}

// censusRow returns the front page's row of a census's game.
func censusRow(c *export.CensusRow) row {
	r := row{Status: string(c.Status), Family: c.Family, Period: -1, Text: strings.ToLower(c.Name + " " + c.Rule + " " + c.Class)}
	if c.Status != sg.None {
		r.Period = c.Period
	}
	r.Cells = []cell{{Text: c.Name, Href: pageName(c.Name)}, {Text: c.Family}, {Text: c.Rule}, {Text: c.Start}, {Text: c.Play},
		{Text: string(c.Status)}, periodCell(c.Status, c.Period), periodCell(c.Status, c.Preperiod), periodCell(c.Status, int(c.Saltus)),
		num(strconv.Itoa(c.Heaps)), num(strconv.FormatUint(uint64(c.MaxSG), 10)),
		{Text: c.Class, Href: "classes.html#" + classAnchor(c.Class)}, num(strconv.Itoa(c.ClassSize))}
	return r
}

var quotientColumns = []column{{"Game", false}, {"Rule", false}, {"Family", false}, {"Heaps", true}, {"Status", false},
	{"Reached", true}, {"Order", true}, {"Stable from", true}, {"Tame", false}, {"Generators", true}, {"P-portion", true}}

// quotientRow returns the front page's row of a quotient census's game.
func quotientRow(q *export.QuotientRow) row {
	r := row{Status: q.Status, Family: q.Family, Period: -1, Text: strings.ToLower(q.Name + " " + q.Rule)}
	r.Cells = []cell{{Text: q.Name, Href: pageName(q.Name)}, {Text: q.Rule}, {Text: q.Family}, num(strconv.Itoa(q.Heaps)), {Text: q.Status},
		num(strconv.Itoa(q.Reached)), num(strconv.Itoa(q.Order)), num(strconv.Itoa(q.StableFrom)), {Text: strconv.FormatBool(q.Tame)},
		num(strconv.Itoa(q.Generators)), num(strconv.Itoa(q.PPortion))}
	return r
}

// num returns the cell of a number given as text, "" for none.
func num(s string) cell { return cell{Text: s, Sort: s} }

// periodCell returns the cell of a number of a period, "–" when there
// is no period.
func periodCell(st sg.Status, n int) cell {
	if st == sg.None || st == "" {
		return cell{Text: "–", Sort: "-1"}
	}
	return num(strconv.Itoa(n))
}

var boardColumns = []column{{"Game", false}, {"Rows", true}, {"Columns", true}, {"Nimber", true}, {"Found", false}, {"Positions", true}, {"Seconds", true}}

// boardsIndex fills the front page of a folder of tables of boards (sgtab
// solve -out): what they are, their counts and their pictures by size.
func (f *folder) boardsIndex(idx *index) {
	idx.What = fmt.Sprintf("The nimbers of the empty boards of %s (sgtab solve): each found by a search, or decided by a symmetry of the board, and read back verified.", strings.Join(f.boardsOf, ", "))
	idx.Columns, idx.Noun = boardColumns, "boards"
	proved := 0
	for _, b := range f.boards {
		if b.Proof != "" {
			proved++
		}
	}
	idx.Counts = []fact{{"boards", strconv.Itoa(len(f.boards))}, {"searched", strconv.Itoa(len(f.boards) - proved)}, {"decided by a symmetry", strconv.Itoa(proved)}}
	idx.Plots = f.boardPlots()
}

// boardPlots returns the pictures of the folder's tables of boards, those
// drawn beside them.
func (f *folder) boardPlots() []plot {
	var plots []plot
	for _, name := range f.boardsOf {
		stem := strings.TrimSuffix(name, filepath.Ext(name))
		for _, ext := range []string{".png", ".svg"} {
			if img := stem + ext; f.images[img] {
				plots = append(plots, plot{File: img, Src: "img/" + url.PathEscape(img),
					Caption: "The nimbers of " + name + " by size: black for 0, the player to move loses; ringed, the boards a symmetry decided.",
					Alt:     fmt.Sprintf("A grid of the boards of %s, rows up and columns across, each square coloured by its nimber with the nimber written in it.", name)})
				break
			}
		}
	}
	return plots
}

// boardRow returns the front page's row of a board.
func boardRow(b export.Board) row {
	found := fmt.Sprintf("searched, %d positions", b.Positions)
	status, positions, seconds := "", strconv.FormatInt(b.Positions, 10), strconv.FormatFloat(b.Seconds, 'f', 2, 64)
	if b.Proof != "" {
		found, status, positions, seconds = "decided: "+b.Proof, "proved", "", ""
	}
	num := func(v int) cell { s := strconv.Itoa(v); return cell{Text: s, Sort: s} }
	return row{Status: status, Family: b.Game, Period: -1, Text: fmt.Sprintf("%s %dx%d", b.Game, b.Rows, b.Cols),
		Cells: []cell{{Text: b.Game}, num(b.Rows), num(b.Cols), num(b.Nimber), {Text: found},
			{Text: positions, Sort: positions}, {Text: seconds, Sort: seconds}}}
}
