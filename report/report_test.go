package report_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/report"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/solve"
	"github.com/sgtab/sgtab/tabulate"
)

// runGames runs the games of yaml into a new folder, with plots, as sgtab
// run does, and returns the folder.
func runGames(t testing.TB, yaml string) string {
	t.Helper()
	dir := t.TempDir()
	games, err := rules.Parse(strings.NewReader(yaml), "games.yaml")
	if err != nil {
		t.Fatal(err)
	}
	opt := tabulate.Options{Output: family.Output{Dir: dir, Formats: []string{"parquet", "arrow"}, Plot: "png", Version: "test"}}
	if _, err := tabulate.Run(context.Background(), games, opt, func(int, *family.Report) error { return nil }); err != nil {
		t.Fatal(err)
	}
	return dir
}

const runYAML = `games:
  - {name: kayles, code: "0.77", heaps: 1000}
  - {name: lasker, code: "4.(3)", heaps: 300}
  - {name: kayles-misere, code: "0.77", heaps: 200, play: misere}
  - name: wythoff
    lattice:
      moves: [{step: [-1, 0], repeat: true}, {step: [0, -1], repeat: true}, {step: [-1, -1], repeat: true}]
      size: [40, 40]
`

// read returns the text of the file at path.
func read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var linkRE = regexp.MustCompile(`(?:href|src)="([^"#]+)`)

// checkLinks checks that every relative link and image of the page at
// path names a file that exists.
func checkLinks(t testing.TB, path string) {
	t.Helper()
	for _, m := range linkRE.FindAllStringSubmatch(read(t, path), -1) {
		target := m[1]
		if strings.Contains(target, "://") {
			t.Errorf("%s: a link off the folder: %s", path, target)
			continue
		}
		if _, err := os.Stat(filepath.Join(filepath.Dir(path), filepath.FromSlash(target))); err != nil {
			t.Errorf("%s: broken link %s", path, target)
		}
	}
}

// TestWriteRun checks the report of a run: a row and a page per game,
// the proof, the closed form and the rule in words on the pages, the
// plots copied into the site with their text alternatives, and no broken
// link anywhere.
func TestWriteRun(t *testing.T) {
	dir := runGames(t, runYAML)
	res, err := report.Write(t.Context(), dir, report.Options{Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 4 || len(res.Refused) != 0 || res.Index != filepath.Join(dir, "report", "index.html") {
		t.Fatalf("result %+v", res)
	}
	index := read(t, res.Index)
	if n := strings.Count(index, "<tr data-status="); n != 4 {
		t.Errorf("%d rows on the front page, want 4", n)
	}
	for _, want := range []string{`<th scope="row"><a href="games/kayles.html">kayles</a>`, `data-status="proved"`, `<script src="assets/report.js">`} {
		if !strings.Contains(index, want) {
			t.Errorf("the front page lacks %q", want)
		}
	}
	kayles := read(t, filepath.Join(dir, "report", "games", "kayles.html"))
	for _, want := range []string{
		"remove 1 or 2 tokens, taking the whole heap or leaving one or two heaps",
		"period 12 from n = 71", "Guy–Smith", "71 ≤ n &lt; 155",
		"SG(n) = [7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2][(n − 71) mod 12]",
		`<img src="../img/kayles.png" alt="Plot of kayles: the values against n, for n = 0..1000; the values run from 0 to 8; proved period 12 from n = 71.">`,
		"computed again from the rule", `href="../../kayles.parquet"`, "code: &#34;0.77&#34;",
	} {
		if !strings.Contains(kayles, want) {
			t.Errorf("kayles's page lacks %q", want)
		}
	}
	if lasker := read(t, filepath.Join(dir, "report", "games", "lasker.html")); !strings.Contains(lasker, "period 4 with saltus 4 from n = 1") {
		t.Errorf("Lasker's page does not state its arithmetic period")
	}
	if misere := read(t, filepath.Join(dir, "report", "games", "kayles-misere.html")); !strings.Contains(misere, "kayles-misere-genus.png") {
		t.Errorf("the misère page lacks the genus plot")
	}
	if w := read(t, filepath.Join(dir, "report", "games", "wythoff.html")); !strings.Contains(w, "a heat map") || !strings.Contains(w, "40 × 40 points") {
		t.Errorf("Wythoff's page lacks its board")
	}
	pages, _ := filepath.Glob(filepath.Join(dir, "report", "games", "*.html"))
	for _, p := range append(pages, res.Index) {
		checkLinks(t, p)
	}
}

// TestWriteRefusesTampered checks that a table whose values were changed
// after it was written is not presented: the front page names it with the
// reason, its game's page shows neither values nor plots of it, and the
// other games are presented as before.
func TestWriteRefusesTampered(t *testing.T) {
	dir := runGames(t, `games:
  - {name: kayles, code: "0.77", heaps: 500}
  - {name: nim, code: "0.(3)", heaps: 100}
`)
	// Kayles is left with its Arrow file only, a value of which is
	// changed: the values sit in the middle of the file, uncompressed.
	if err := os.Remove(filepath.Join(dir, "kayles.parquet")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "kayles.arrow")
	b := []byte(read(t, path))
	b[len(b)/2] ^= 0x5a
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := report.Write(t.Context(), dir, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Refused) != 1 || res.Refused[0].File != "kayles.arrow" {
		t.Fatalf("refused %v, want the tampered file", res.Refused)
	}
	index := read(t, res.Index)
	if !strings.Contains(index, "Files not presented") || !strings.Contains(index, "<code>kayles.arrow</code>") {
		t.Errorf("the front page does not name the refused files")
	}
	if !strings.Contains(index, `data-status="refused"`) {
		t.Errorf("kayles's row does not say it is refused")
	}
	if _, err := os.Stat(filepath.Join(dir, "report", "img", "kayles.png")); err == nil {
		t.Errorf("the plot of a refused table was copied into the report")
	}
	if page := filepath.Join(dir, "report", "games", "kayles.html"); fileExists(page) {
		if p := read(t, page); strings.Contains(p, "First values") || strings.Contains(p, "<img") {
			t.Errorf("kayles's page shows values or plots of a refused table")
		}
	}
	if !fileExists(filepath.Join(dir, "report", "games", "nim.html")) {
		t.Errorf("nim, whose tables are sound, has no page")
	}
}

func fileExists(path string) bool { _, err := os.Stat(path); return err == nil }

// TestWriteCensus checks the report of the bundled census of every
// four-digit octal game: a row and a page per game, the classes page with
// every class, and the pages' links.
func TestWriteCensus(t *testing.T) {
	out := t.TempDir()
	res, err := report.Write(t.Context(), filepath.Join("..", "census", "octal-4"), report.Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 4608 {
		t.Errorf("%d games, want 4608", res.Games)
	}
	index := read(t, res.Index)
	if n := strings.Count(index, "<tr data-status="); n != 4608 {
		t.Errorf("%d rows, want 4608", n)
	}
	classes := read(t, filepath.Join(out, "classes.html"))
	if n := strings.Count(classes, "<section id=\"class-"); n != 700 {
		t.Errorf("%d classes, want the census's 700", n)
	}
	checkLinks(t, filepath.Join(out, "games", "0.7700.html"))
	if p := read(t, filepath.Join(out, "games", "0.7700.html")); !strings.Contains(p, "period 12 from n = 71") || !strings.Contains(p, `<svg class="spark"`) {
		t.Errorf("0.7700's page lacks its period or its values' chart")
	}
}

// TestWriteReplaces checks that a report written again replaces the old
// one whole: nothing of the old one is left, and no temporary folder.
func TestWriteReplaces(t *testing.T) {
	dir := runGames(t, "name: nim\ncode: \"0.(3)\"\nheaps: 50\n")
	if _, err := report.Write(t.Context(), dir, report.Options{}); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(dir, "report", "games", "stale.html")
	if err := os.WriteFile(stale, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := report.Write(t.Context(), dir, report.Options{}); err != nil {
		t.Fatal(err)
	}
	if fileExists(stale) {
		t.Errorf("a page of the old report is left")
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".report-*"))
	if len(left) > 0 {
		t.Errorf("temporary folders left: %v", left)
	}
}

// TestWriteEmpty checks that a folder with nothing sgtab wrote is refused.
func TestWriteEmpty(t *testing.T) {
	if _, err := report.Write(t.Context(), t.TempDir(), report.Options{}); !errors.Is(err, report.ErrEmpty) {
		t.Errorf("an empty folder: %v, want ErrEmpty", err)
	}
}

// writeBoards keeps the Cram boards 3..4 × 3..5 in a table of boards with
// its picture, as sgtab solve -out does, and returns the folder.
func writeBoards(t testing.TB) string {
	t.Helper()
	dir := t.TempDir()
	req := solve.Request{Game: "cram", Spec: "3..4x3..5", Out: filepath.Join(dir, "cram.parquet"), Key: []byte("0123456789abcdef0123456789abcdef"), Plot: "png"}
	if err := solve.Run(t.Context(), req, io.Discard); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestWriteBoards checks the report of a folder holding a table of boards:
// a row per board, the board decided by a symmetry said so, and the
// picture of the table on the front page.
func TestWriteBoards(t *testing.T) {
	dir := writeBoards(t)
	res, err := report.Write(t.Context(), dir, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	index := read(t, res.Index)
	if res.Boards != 6 || strings.Count(index, "<tr data-status=") != 6 {
		t.Errorf("%d boards, %d rows; want 6", res.Boards, strings.Count(index, "<tr data-status="))
	}
	if !strings.Contains(index, `decided: both sides even`) || !strings.Contains(index, `<img src="img/cram.png"`) || !strings.Contains(index, "6 boards.") {
		t.Errorf("the front page lacks the decided board, the picture or the count:\n%s", index)
	}
	if !fileExists(filepath.Join(filepath.Dir(res.Index), "img", "cram.png")) {
		t.Error("the picture is not in the report")
	}
	checkLinks(t, res.Index)
}

// TestWriteRunAndBoards checks that a run's folder that also holds a table
// of boards keeps its page of games and shows the boards' picture.
func TestWriteRunAndBoards(t *testing.T) {
	dir := runGames(t, runYAML)
	req := solve.Request{Game: "cram", Spec: "3x3..4", Out: filepath.Join(dir, "cram.parquet"), Key: []byte("0123456789abcdef0123456789abcdef"), Plot: "png"}
	if err := solve.Run(t.Context(), req, io.Discard); err != nil {
		t.Fatal(err)
	}
	res, err := report.Write(t.Context(), dir, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	index := read(t, res.Index)
	if res.Games != 4 || !strings.Contains(index, "a table of boards of sgtab solve too (cram.parquet: 2)") || !strings.Contains(index, `<img src="img/cram.png"`) {
		t.Errorf("%d games; the front page:\n%s", res.Games, index)
	}
	checkLinks(t, res.Index)
}
