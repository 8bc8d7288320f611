package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/plots"
)

// TestOutcomeTablesSaySo runs a misère game and Fibonacci Nim, whose tables
// hold outcomes, beside Kayles, and checks that every output names the
// quantity: the JSON, the closed form, the metadata, the summary and the
// plot's axis and title, with the values 0 and 1 labelled lost and won.
func TestOutcomeTablesSaySo(t *testing.T) {
	dir := t.TempDir()
	configs := []string{"../../configs/bash-misere.yaml", "../../configs/fibonacci-nim.yaml", "../../configs/octal-0.77-kayles.yaml"}
	var stdout, stderr bytes.Buffer
	args := append([]string{"run", "-json", "-heaps", "300", "-plot", "none", "-out", dir}, configs...)
	if code := run(t.Context(), args, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d: %s", code, stderr.String())
	}
	want := map[string]struct{ play, values string }{}
	for line := range strings.SplitSeq(strings.TrimSpace(stdout.String()), "\n") {
		var s family.Summary
		if err := json.Unmarshal([]byte(line), &s); err != nil {
			t.Fatal(err)
		}
		want[s.Name] = struct{ play, values string }{s.Play, s.Values}
		outcomes := s.Name != "kayles"
		if q := map[bool]string{false: "SG", true: "outcome"}[outcomes]; s.Values != q || s.Outcomes != outcomes {
			t.Errorf("%s: JSON values %q (outcomes %v), want %q", s.Name, s.Values, s.Outcomes, q)
		}
		if s.ClosedForm != "" && outcomes != strings.Contains(s.ClosedForm, "outcome(n)") {
			t.Errorf("%s: closed form %q", s.Name, s.ClosedForm)
		}
		f, err := export.Read(filepath.Join(dir, s.Name+".parquet"))
		if err != nil {
			t.Fatal(err)
		}
		if f.Meta[export.KeyValues] != s.Values {
			t.Errorf("%s: metadata %s = %q, want %q", s.Name, export.KeyValues, f.Meta[export.KeyValues], s.Values)
		}
		p, err := plots.Grundy(f.Table, plots.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if outcomes != strings.Contains(p.Y.Label.Text, "outcome for the player to move") || outcomes != strings.Contains(p.Title.Text, "outcome (1: won, 0: lost") {
			t.Errorf("%s: the plot's axis says %q, its title %q", s.Name, p.Y.Label.Text, p.Title.Text)
		}
		if outcomes {
			ticks := p.Y.Tick.Marker.Ticks(0, 1)
			if len(ticks) != 2 || ticks[0].Label != "0 lost" || ticks[1].Label != "1 won" {
				t.Errorf("%s: the plot's ticks %+v", s.Name, ticks)
			}
		}
	}
	if want["bash-misere"].play != "misere" || want["fibonacci-nim"].play != "normal" {
		t.Errorf("plays %+v", want)
	}
	rows, _, err := export.ReadSummary(filepath.Join(dir, "summary.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if w := want[r.Name]; r.Play != w.play || r.Values != w.values {
			t.Errorf("summary row %s: play %q values %q, want %+v", r.Name, r.Play, r.Values, w)
		}
	}
}

// TestClassicalNoPeriodWarning runs Fibonacci Nim, which Whinihan's
// theorem solves (its losing heaps are the Fibonacci numbers, with no
// period): the run says so, and warns of no missing period, where it
// warned "no period found" beside the theorem's proof.
func TestClassicalNoPeriodWarning(t *testing.T) {
	config, err := filepath.Abs("../../configs/fibonacci-nim.yaml")
	if err != nil {
		t.Fatal(err)
	}
	chdir(t)
	code, stdout, stderr := sgtab(t, "run", "-heaps", "2000", "-plot", "none", "-formats", "parquet", "-out", "out", config)
	if code != 0 || !strings.Contains(stdout, "proved by Whinihan's theorem") || strings.Contains(stderr, "warning") {
		t.Errorf("status %d\n%s%s", code, stdout, stderr)
	}
}
