package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/family"
)

// TestRunRareSplits runs Lasker's Nim and Kayles to 10^4. Lasker's Nim's
// best split (mask 2 with the heap's parity) leaves only n = 0 rare: it is
// not reported — no rare-values line, no -rare.parquet file — but kept as
// rare_best in the JSON and the metadata that inspect shows. Kayles' ten
// rare positions, the last at n = 70 before its period from 71, are
// reported. No line says "none reported", nor "1 positions".
func TestRunRareSplits(t *testing.T) {
	dir := t.TempDir()
	lasker, kayles := filepath.Join(dir, "laskers-nim.yaml"), filepath.Join(dir, "kayles.yaml")
	for path, text := range map[string]string{
		lasker: "name: laskers-nim\nheaps: 10000\nmoves:\n  - take: {min: 1}\n  - split: {parts: 2}\n",
		kayles: "name: kayles\nheaps: 10000\ncode: \"0.77\"\n",
	} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out")
	var stdout, stderr bytes.Buffer
	if code := run(t.Context(), []string{"run", "-plot", "none", "-out", out, lasker, kayles}, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d\n%s", code, stderr.String())
	}
	text := stdout.String()
	if got := regexp.MustCompile(`(?m)^ +rare values: .*$`).FindAllString(text, -1); len(got) != 1 || got[0] != "    rare values: mask 0xf, 10 positions, the last at n = 70" {
		t.Errorf("rare-values lines %q, want Kayles' alone:\n%s", got, text)
	}
	if strings.Contains(text, "none reported") || regexp.MustCompile(`\b1 positions`).MatchString(text) {
		t.Errorf("output:\n%s", text)
	}
	if _, err := os.Stat(filepath.Join(out, "laskers-nim-rare.parquet")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("laskers-nim-rare.parquet written (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(out, "kayles-rare.parquet")); err != nil {
		t.Error(err)
	}

	stdout.Reset()
	if code := run(t.Context(), []string{"run", "-json", "-plot", "none", "-out", out, lasker}, &stdout, &stderr); code != 0 {
		t.Fatalf("status %d\n%s", code, stderr.String())
	}
	var s family.Summary
	if err := json.Unmarshal(stdout.Bytes(), &s); err != nil {
		t.Fatal(err)
	}
	if s.RareMask != 0 || s.RareBest == nil || *s.RareBest != (family.RareSplit{Mask: 2, Pos: "even", Count: 1}) {
		t.Errorf("JSON: rare_mask %d, rare_best %+v; want 0 and {2 even 1}", s.RareMask, s.RareBest)
	}

	stdout.Reset()
	if code := run(t.Context(), []string{"inspect", filepath.Join(out, "laskers-nim.parquet")}, &stdout, &stderr); code != 0 {
		t.Fatalf("inspect: status %d\n%s", code, stderr.String())
	}
	if !regexp.MustCompile(`(?m)^ +sgtab\.rare_best +2 even 1$`).MatchString(stdout.String()) {
		t.Errorf("inspect shows no rare_best:\n%s", stdout.String())
	}
}
