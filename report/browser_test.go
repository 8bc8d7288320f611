package report_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/report"
)

// These tests open the report in a real headless Chromium, as a person
// opens it: from the file system, no server. They need a Chromium
// (Debian's chromium); without one they skip, and fail when SGTAB_BROWSER
// is set, as CI sets it after installing one. With SGTAB_SCREENSHOTS set to
// a folder, the screenshots they take are kept there.

// browser returns the path of a Chromium.
func browser(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("SGTAB_BROWSER") != "" {
		t.Fatal("SGTAB_BROWSER is set, and there is no Chromium on the PATH")
	}
	t.Skip("no Chromium on this machine: the report's browser tests did not run (install Debian's chromium)")
	return ""
}

// A tab is a browser tab and the errors its pages logged.
type tab struct {
	ctx    context.Context
	mu     sync.Mutex
	errors []string
}

// newTab starts a headless Chromium with one tab, and collects what its
// pages log as errors, warnings and uncaught exceptions.
func newTab(t testing.TB) *tab {
	path := browser(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox,
		chromedp.WindowSize(1280, 1000), chromedp.Flag("allow-file-access-from-files", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	tb := &tab{ctx: ctx}
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil { // starts the browser
		t.Fatal(err)
	}
	lctx, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	messages := chromedp.Console(lctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			switch m.Type {
			case chromedp.ConsoleError, chromedp.ConsoleWarning, chromedp.ConsoleException:
				tb.mu.Lock()
				tb.errors = append(tb.errors, fmt.Sprintf("%s: %s (%s)", m.Type, m.Text, m.URL))
				tb.mu.Unlock()
			}
		}
	}()
	return tb
}

// do runs the actions in the tab, within a minute.
func (tb *tab) do(t testing.TB, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// eval returns the value of the JavaScript expression in the tab's page.
func eval[T any](t testing.TB, tb *tab, expr string) T {
	t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// checkErrors fails the test for every error the pages logged.
func (tb *tab) checkErrors(t testing.TB) {
	t.Helper()
	time.Sleep(100 * time.Millisecond) // the last messages on their way
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, e := range tb.errors {
		t.Errorf("the page logged %s", e)
	}
}

// screenshot saves a screenshot of the whole page as name.jpg.
func (tb *tab) screenshot(t testing.TB, name string) {
	t.Helper()
	dir := os.Getenv("SGTAB_SCREENSHOTS")
	if dir == "" {
		dir = t.TempDir()
	}
	ctx, cancel := context.WithTimeout(tb.ctx, time.Minute)
	defer cancel()
	img, err := chromedp.Run(ctx, chromedp.FullScreenshot(80))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".jpg")
	if err := os.WriteFile(path, img, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

const visibleRows = `[...document.querySelectorAll("#games tbody tr")].filter(r => !r.hidden).length`

// TestBrowserRun opens the report of a run in Chromium: every row there,
// the search filters them, a heading sorts them (by mouse and by
// keyboard), a game's page opens from its link with every image loaded,
// and no page logs an error.
func TestBrowserRun(t *testing.T) {
	tb := newTab(t)
	dir := runGames(t, runYAML)
	res, err := report.Write(t.Context(), dir, report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tb.do(t, chromedp.Navigate("file://"+res.Index), chromedp.WaitVisible(chromedp.CSS("#filters")))
	rows := eval[int](t, tb, `document.querySelectorAll("#games tbody tr").length`)
	tb.do(t, chromedp.SendKeys(chromedp.CSS("#q"), "lasker"))
	shown := eval[int](t, tb, visibleRows)
	if rows != 4 || shown != 1 {
		t.Errorf("%d rows, %d shown after searching for lasker; want 4 and 1", rows, shown)
	}
	eval[bool](t, tb, `(q => { q.value = ""; return q.dispatchEvent(new Event("input")); })(document.querySelector("#q"))`)
	tb.do(t, chromedp.Click(chromedp.CSS(`#games thead th:nth-child(8) button`)))
	periods := eval[[]string](t, tb, `[...document.querySelectorAll("#games tbody tr")].map(r => r.cells[7].getAttribute("data-sort"))`)
	sorted := eval[string](t, tb, `document.querySelector("#games thead th:nth-child(8)").getAttribute("aria-sort")`)
	if !slices.IsSortedFunc(periods, func(a, b string) int { x, _ := strconv.Atoi(a); y, _ := strconv.Atoi(b); return x - y }) || sorted != "ascending" {
		t.Errorf("sorted by period: %v (%s), want ascending", periods, sorted)
	}
	tb.do(t, chromedp.Focus(chromedp.CSS(`#games thead th:nth-child(8) button`)), chromedp.KeyEvent(kb.Enter))
	sorted = eval[string](t, tb, `document.querySelector("#games thead th:nth-child(8)").getAttribute("aria-sort")`)
	if sorted != "descending" {
		t.Errorf("Enter on the period's heading: aria-sort %q, want descending", sorted)
	}
	tb.screenshot(t, "report-run-index")
	tb.do(t, chromedp.Click(chromedp.CSS(`a[href="games/kayles.html"]`)), chromedp.WaitVisible(chromedp.CSS(`h1`)))
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](`[...document.images].every(i => i.complete) || null`)); err != nil {
		t.Fatal(err)
	}
	images := eval[int](t, tb, `document.images.length`)
	loaded := eval[bool](t, tb, `[...document.images].every(i => i.naturalWidth > 0)`)
	if images < 3 || !loaded {
		t.Errorf("kayles's page: %d images, all loaded %v; want at least 3, loaded", images, loaded)
	}
	tb.screenshot(t, "report-run-kayles")
	tb.checkErrors(t)
}

// TestBrowserCensus opens the report of the bundled census of 4608 games:
// every row there, a code found by the search, a sort by period, the
// classes page from its link.
func TestBrowserCensus(t *testing.T) {
	tb := newTab(t)
	out := t.TempDir()
	res, err := report.Write(t.Context(), filepath.Join("..", "census", "octal-4"), report.Options{Out: out})
	if err != nil {
		t.Fatal(err)
	}
	tb.do(t, chromedp.Navigate("file://"+res.Index), chromedp.WaitVisible(chromedp.CSS("#filters")))
	rows := eval[int](t, tb, `document.querySelectorAll("#games tbody tr").length`)
	tb.do(t, chromedp.SendKeys(chromedp.CSS("#q"), "0.7700"))
	shown := eval[int](t, tb, visibleRows)
	if rows != 4608 || shown != 1 {
		t.Errorf("%d rows, %d shown for 0.7700; want 4608 and 1", rows, shown)
	}
	eval[bool](t, tb, `(q => { q.value = ""; return q.dispatchEvent(new Event("input")); })(document.querySelector("#q"))`)
	eval[bool](t, tb, `(s => { s.value = "proved"; return s.dispatchEvent(new Event("input")); })(document.querySelector("#status"))`)
	shown = eval[int](t, tb, visibleRows)
	tb.do(t, chromedp.Click(chromedp.CSS(`#games thead th:nth-child(7) button`)), chromedp.Click(chromedp.CSS(`#games thead th:nth-child(7) button`)))
	first := eval[string](t, tb, `[...document.querySelectorAll("#games tbody tr")].find(r => !r.hidden).cells[6].textContent`)
	rows2, _, err := export.ReadCensus(filepath.Join("..", "census", "octal-4", "census.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	proved, longest := 0, 0
	for _, r := range rows2 {
		if r.Status == sg.Proved {
			proved, longest = proved+1, max(longest, r.Period)
		}
	}
	if shown != proved || first != strconv.Itoa(longest) {
		t.Errorf("proved: %d shown, the longest period %s first; want %d and %d", shown, first, proved, longest)
	}
	tb.screenshot(t, "report-census-index")
	tb.do(t, chromedp.Click(chromedp.CSS(`a[href="classes.html"]`)), chromedp.WaitVisible(chromedp.CSS(`h1`)))
	classes := eval[int](t, tb, `document.querySelectorAll("main section").length`)
	if classes != 700 {
		t.Errorf("%d classes on the classes page, want 700", classes)
	}
	tb.checkErrors(t)
}

// BenchmarkBrowserCensus times, in Chromium, what a person does on the
// census's report of 4608 games: a search typed (filter) and a column's
// heading selected (sort), each until the page is laid out again. The
// budget is well under a second each.
func BenchmarkBrowserCensus(b *testing.B) {
	tb := newTab(b)
	out := b.TempDir()
	res, err := report.Write(context.Background(), filepath.Join("..", "census", "octal-4"), report.Options{Out: out})
	if err != nil {
		b.Fatal(err)
	}
	tb.do(b, chromedp.Navigate("file://"+res.Index), chromedp.WaitVisible(chromedp.CSS("#filters")))
	const measure = `(() => {
		const q = document.querySelector("#q"), t0 = performance.now();
		q.value = "0.7"; q.dispatchEvent(new Event("input")); document.body.offsetHeight;
		const t1 = performance.now();
		document.querySelector("#games thead th:nth-child(7) button").click(); document.body.offsetHeight;
		const t2 = performance.now();
		q.value = ""; q.dispatchEvent(new Event("input")); document.body.offsetHeight;
		return [t1 - t0, t2 - t1];
	})()`
	var filter, sort float64
	for b.Loop() {
		ms := eval[[]float64](b, tb, measure)
		filter, sort = filter+ms[0], sort+ms[1]
	}
	b.ReportMetric(filter/float64(b.N), "filter-ms")
	b.ReportMetric(sort/float64(b.N), "sort-ms")
}

// TestBrowserBoards opens the report of a table of boards: its picture
// loaded, and the search counting boards.
func TestBrowserBoards(t *testing.T) {
	tb := newTab(t)
	res, err := report.Write(t.Context(), writeBoards(t), report.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tb.do(t, chromedp.Navigate("file://"+res.Index), chromedp.WaitVisible(chromedp.CSS("#filters")))
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[bool](`[...document.images].every(i => i.complete) || null`)); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, tb, `document.images.length === 1 && document.images[0].naturalWidth > 0`) {
		t.Error("the picture of the boards did not load")
	}
	tb.do(t, chromedp.SendKeys(chromedp.CSS("#q"), "3x4"))
	if shown, said := eval[int](t, tb, visibleRows), eval[string](t, tb, `document.querySelector("#shown").textContent`); shown != 1 || said != "1 of 6 boards shown" {
		t.Errorf("searching 3x4: %d rows shown, %q", shown, said)
	}
	tb.screenshot(t, "report-boards-index")
	tb.checkErrors(t)
}
