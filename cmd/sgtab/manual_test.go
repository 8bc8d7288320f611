package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The README and the manual (docs/*.md) show commands in code blocks, in
// three forms, which TestManual runs in the order of the page, each page
// in a folder of its own where configs/ is the bundled configs and
// census/octal-4 the bundled census:
//
//   - a transcript: lines "$ COMMAND" each followed by what it prints.
//     sgtab's commands run in this process, others (printf) in sh; what
//     the command prints (standard output, then standard error) must be
//     the lines shown, with timings and runs of spaces not compared, a
//     line "…" standing for any lines and "…" in a line for any text;
//   - a command on its own ("sgtab sweep …", a comment after it): it must
//     succeed; a synopsis ("sgtab run [-heaps N|auto] …") must be the
//     usage line of that command's help;
//   - a file: a block whose info string says file=NAME (```yaml
//     file=take-1-3-4.yaml) is written to NAME for the commands after it.
//
// SQL blocks are run in DuckDB (when it is installed) after the commands
// before them; a last line "-- ROW · ROW …" gives the rows the last
// statement must return, each the values of a row in any order.
//
// Shell commands outside transcripts are not run here: the Slurm and
// container commands of docs/sweeps.md are run word for word by
// examples/cluster/slurm-test.sh and examples/container/image-test.sh,
// the README's install commands by TestInstallAsREADMESays.

// longManualCommands are the commands of the manual that take more than a
// few seconds, with about how long they take on two cores: run only with
// SGTAB_LONG set, as CI does, and those of minutes not under the race
// detector (CI runs them in a run of TestManual of their own).
var longManualCommands = map[string]time.Duration{
	"sgtab run -heaps auto -cap 5e8 -formats parquet -plot none -report none configs/octal-0.1777.yaml": 5 * time.Minute, // 0.1777's period proved
	"sgtab quotient -heaps 30 -max-steps 2e10 configs/octal-0.07-dawsons-kayles.yaml":                   4 * time.Second, // Dawson's Kayles's Q30
	"sgtab sweep -quotients 12 configs/sweeps/octal-3-quotients.yaml":                                   10 * time.Second,
}

// A manualBlock is a code block of a page.
type manualBlock struct {
	line int    // of its first line in the page
	info string // the fence's info string ("yaml file=a.yaml"), "" if indented
	text []string
}

var (
	fenceLine  = regexp.MustCompile("^```(.*)$")
	synopsis   = regexp.MustCompile(`\[|\.\.\.|\b[A-Z][A-Z0-9_.]*\b`)
	manualTime = regexp.MustCompile(`\b\d+(\.\d+)?(s|ms|µs)\b`)
	sqlFile    = regexp.MustCompile(`'([^']+\.parquet)'`)
)

// manualBlocks returns the code blocks of a Markdown page: fenced ones,
// and indented ones (four spaces, after a blank line, outside lists).
func manualBlocks(page string) []manualBlock {
	var blocks []manualBlock
	lines := strings.Split(page, "\n")
	var cur *manualBlock
	fenced := false
	prevBlank := true
	for i, l := range lines {
		if m := fenceLine.FindStringSubmatch(l); m != nil {
			if cur != nil {
				blocks = append(blocks, cur.trimmed())
			}
			if fenced {
				cur, fenced = nil, false
			} else {
				cur, fenced = &manualBlock{line: i + 2, info: strings.TrimSpace(m[1])}, true
			}
			prevBlank = false
			continue
		}
		if fenced {
			cur.text = append(cur.text, l)
			continue
		}
		switch {
		case strings.HasPrefix(l, "    ") && (cur != nil || prevBlank):
			if cur == nil {
				cur = &manualBlock{line: i + 1}
			}
			cur.text = append(cur.text, l[4:])
		case strings.TrimSpace(l) == "" && cur != nil:
			cur.text = append(cur.text, "")
		default:
			if cur != nil {
				blocks = append(blocks, cur.trimmed())
				cur = nil
			}
		}
		prevBlank = strings.TrimSpace(l) == ""
	}
	if cur != nil && !fenced {
		blocks = append(blocks, cur.trimmed())
	}
	return blocks
}

// trimmed returns the block without its blank last lines.
func (b *manualBlock) trimmed() manualBlock {
	for len(b.text) > 0 && b.text[len(b.text)-1] == "" {
		b.text = b.text[:len(b.text)-1]
	}
	return *b
}

// TestManual runs the commands of the README and of every page of the
// manual, as the comment above says.
func TestManual(t *testing.T) {
	setTestdataDir(t)
	root := filepath.Join(testdataDir, "..", "..", "..")
	pages, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{filepath.Join(root, "README.md")}, pages...)
	configs, err := filepath.Abs(filepath.Join(root, "configs"))
	if err != nil {
		t.Fatal(err)
	}
	census, err := filepath.Abs(filepath.Join(root, "census", "octal-4"))
	if err != nil {
		t.Fatal(err)
	}
	commands := 0
	for _, page := range pages {
		rel, _ := filepath.Rel(root, page)
		t.Run(rel, func(t *testing.T) {
			text, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			t.Chdir(t.TempDir())
			if err := os.Symlink(configs, "configs"); err != nil {
				t.Fatal(err)
			}
			// census/octal-4 is the bundled census, read only: the pages
			// write censuses of their own into census/.
			if err := os.Mkdir("census", 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(census, filepath.Join("census", "octal-4")); err != nil {
				t.Fatal(err)
			}
			t.Setenv("SGTAB_MEMORY", "16GiB") // the memory checks' verdicts, the same on every machine
			m := manualRun{t: t, page: rel}
			for _, b := range manualBlocks(string(text)) {
				m.block(b)
			}
			commands += m.commands
		})
	}
	if commands < 20 && !strings.Contains(flag.Lookup("test.run").Value.String(), "/") {
		t.Errorf("ran %d commands of the manual: the blocks are no longer found", commands)
	}
}

// A manualRun runs the blocks of one page in order.
type manualRun struct {
	t        *testing.T
	page     string
	commands int
	skipped  string // the last long command not run, if any
}

func (m *manualRun) block(b manualBlock) {
	t := m.t
	t.Helper()
	where := fmt.Sprintf("%s:%d", m.page, b.line)
	fields := strings.Fields(b.info)
	for _, f := range fields {
		if name, ok := strings.CutPrefix(f, "file="); ok {
			if err := os.WriteFile(name, []byte(strings.Join(b.text, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	switch {
	case len(fields) > 0 && fields[0] == "sql":
		m.sql(where, b.text)
	case len(b.text) > 0 && strings.HasPrefix(b.text[0], "$ "):
		m.transcript(where, b.text)
	default:
		for i, l := range b.text {
			if cmd, _, _ := strings.Cut(l, "  #"); strings.HasPrefix(cmd, "sgtab ") {
				m.command(fmt.Sprintf("%s:%d", m.page, b.line+i), strings.TrimSpace(cmd))
			}
		}
	}
}

// runnable says whether the command may run now: not when it is long and
// SGTAB_LONG is not set, nor when it takes minutes under the race detector.
func (m *manualRun) runnable(cmd string) bool {
	d, long := longManualCommands[cmd]
	switch {
	case long && os.Getenv("SGTAB_LONG") == "":
		m.t.Logf("long: %s runs with SGTAB_LONG=1", cmd)
	case long && d >= time.Minute && raceEnabled:
		m.t.Logf("long: %s runs with SGTAB_LONG=1, without the race detector", cmd)
	default:
		return true
	}
	m.skipped = cmd
	return false
}

// command runs a command shown on its own: it must succeed; a synopsis
// must be the usage line of the command's help.
func (m *manualRun) command(where, cmd string) {
	t := m.t
	args := shellWords(t, cmd)[1:]
	if synopsis.MatchString(strings.Join(args, " ")) {
		_, help, _ := sgtab(t, args[0], "-h")
		if !slices.Contains(strings.Split(help, "\n"), "Usage: "+cmd) {
			t.Errorf("%s: %s is not the usage line of sgtab %s -h:\n%s", where, cmd, args[0], help)
		}
		return
	}
	if !m.runnable(cmd) {
		return
	}
	m.commands++
	start := time.Now()
	code, _, stderr := sgtab(t, args...)
	t.Logf("%s: %s (%.1fs)", where, cmd, time.Since(start).Seconds())
	if code != 0 {
		t.Errorf("%s: %s: exit status %d\n%s", where, cmd, code, stderr)
	}
}

// transcript runs the "$ " commands of a block and compares what each
// prints with the lines after it.
func (m *manualRun) transcript(where string, lines []string) {
	t := m.t
	for i := 0; i < len(lines); {
		cmd := strings.TrimPrefix(lines[i], "$ ")
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "$ ") {
			j++
		}
		want := lines[i+1 : j]
		i = j
		if !m.runnable(cmd) {
			continue
		}
		m.commands++
		var out string
		start := time.Now()
		if words := shellWords(t, cmd); words[0] == "sgtab" {
			code, stdout, stderr := sgtab(t, words[1:]...)
			out = stdout + stderr
			if code != 0 {
				out += fmt.Sprintf("(exit status %d)\n", code)
			}
		} else {
			b, err := exec.Command("sh", "-c", cmd).CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %s: %v\n%s", where, cmd, err, b)
			}
			out = string(b)
		}
		t.Logf("%s: %s (%.1fs)", where, cmd, time.Since(start).Seconds())
		got := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if out == "" {
			got = nil
		}
		if !transcriptMatch(want, got) {
			t.Errorf("%s: %s printed\n%s\nwhere the page shows\n%s", where, cmd, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// transcriptMatch says whether got are the lines want shows: a line "…"
// stands for any lines, "…" in a line for any text; timings and runs of
// spaces are not compared.
func transcriptMatch(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	w := manualNorm(want[0])
	if w == "…" {
		for k := 0; k <= len(got); k++ {
			if transcriptMatch(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	if len(got) == 0 {
		return false
	}
	if !ellipsisPattern(w).MatchString(manualNorm(got[0])) {
		return false
	}
	return transcriptMatch(want[1:], got[1:])
}

// ellipsisPattern returns the pattern of the lines that w shows: "…" in
// it stands for any text.
func ellipsisPattern(w string) *regexp.Regexp {
	parts := strings.Split(w, "…")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$")
}

// manualNorm returns a line with its timings blanked and its runs of
// spaces made one.
func manualNorm(line string) string {
	return strings.Join(strings.Fields(manualTime.ReplaceAllString(line, "T")), " ")
}

// sql runs an SQL block in DuckDB, and checks the rows of its last
// statement against its last line when that is a comment "-- ROW · ROW".
func (m *manualRun) sql(where string, lines []string) {
	t := m.t
	for _, f := range sqlFile.FindAllStringSubmatch(strings.Join(lines, "\n"), -1) {
		if found, _ := filepath.Glob(f[1]); len(found) == 0 && m.skipped != "" {
			t.Logf("%s: SQL not run: it reads %s, which the long %s writes", where, f[1], m.skipped)
			return
		}
	}
	if !duckdbInstalled() {
		t.Logf("%s: SQL not run: DuckDB is not installed (npm ci --prefix examples/duckdb)", where)
		return
	}
	m.commands++
	results := duckdb(t, strings.Join(lines, "\n"))
	last := lines[len(lines)-1]
	wantRows, ok := strings.CutPrefix(last, "-- ")
	if !ok {
		return
	}
	var got []string
	for _, row := range results[len(results)-1] {
		var vs []string
		for _, v := range row {
			vs = append(vs, v)
		}
		slices.Sort(vs)
		got = append(got, strings.Join(vs, " "))
	}
	var want []string
	for r := range strings.SplitSeq(wantRows, " · ") {
		vs := strings.Fields(r)
		slices.Sort(vs)
		want = append(want, strings.Join(vs, " "))
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s: the SQL's last statement returned the rows (values sorted)\n%q\nwhere the page shows\n%q", where, got, want)
	}
}

// duckdbInstalled says whether DuckDB's Node module is installed; where
// $SGTAB_DUCKDB says it must be, it is a failure that it is not (see
// needDuckDB).
func duckdbInstalled() bool {
	module := filepath.Join(testdataDir, "..", "..", "..", "examples", "duckdb", "node_modules", "@duckdb", "node-api")
	_, err := os.Stat(module)
	return err == nil || os.Getenv(duckdbEnv) != ""
}

// shellWords splits a command line as sh would, for the quoting the
// manual uses: single and double quotes, no variables.
func shellWords(t *testing.T, line string) []string {
	var words []string
	var cur bytes.Buffer
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		t.Fatalf("unbalanced quote in %q", line)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// TestTranscriptMatch checks the comparison of what a command printed with
// what the manual shows.
func TestTranscriptMatch(t *testing.T) {
	got := []string{"nim   heaps 0..10   0.25s  out/nim.parquet out/nim.png", "  period 1", "  checksum 1", "summary"}
	for _, tc := range []struct {
		want []string
		ok   bool
	}{
		{[]string{"nim heaps 0..10 12.50s out/nim.parquet …", "  period 1", "…"}, true},
		{[]string{"nim heaps 0..10 0.25s …", "…", "summary"}, true},
		{[]string{"nim … out/nim.png", "  period 1", "  checksum 1", "summary"}, true},
		{[]string{"nim heaps 0..10 0.25s out/nim.parquet out/nim.png", "  period 1", "  checksum 1"}, false},
		{[]string{"nim heaps 0..10 0.25s …", "  period 2", "…"}, false},
		{[]string{"nim heaps 0..11 …", "…"}, false},
		{[]string{"…", "summary", "more"}, false},
	} {
		if ok := transcriptMatch(tc.want, got); ok != tc.ok {
			t.Errorf("transcriptMatch(%q) = %v, want %v", tc.want, ok, tc.ok)
		}
	}
	blocks := manualBlocks("text\n\n    $ sgtab run a.yaml\n    a\n\n    b\nmore\n\n```yaml file=a.yaml\nname: a\n```\n")
	if len(blocks) != 2 || blocks[0].line != 3 || !slices.Equal(blocks[0].text, []string{"$ sgtab run a.yaml", "a", "", "b"}) || blocks[1].info != "yaml file=a.yaml" || blocks[1].line != 10 {
		t.Errorf("manualBlocks: %+v", blocks)
	}
}
