package lattice

import (
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/family"
)

// writeReport computes the lattice game of the config text and writes it
// (Parquet, no plots) into a temporary folder, changing the values first
// with change when not nil; it returns the report's summary.
func writeReport(t *testing.T, text string, change func(g []uint32)) *family.Summary {
	t.Helper()
	lt, err := compute.Lattice(t.Context(), parseGame(t, text), sg.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if change != nil {
		g := lt.G.Uint32s()
		change(g)
		lt.G = sg.ValuesOf(g)
	}
	rep, err := Write(lt, family.Output{Dir: t.TempDir(), Formats: []string{"parquet"}, Plot: "none"})
	if err != nil {
		t.Fatal(err)
	}
	return rep.Summary
}

// TestWriteNamesTheorem checks what a run reports of a lattice game:
// Wythoff's game (its steps in any order) is proved by Wythoff's theorem,
// checked on the board, with the pattern of its lost points observed; a
// variant has the pattern only, said to be unproved; a board that fails
// the theorem (one value changed) is said to, and warned of.
func TestWriteNamesTheorem(t *testing.T) {
	big := strings.Replace(wythoffConfig, "size: [4, 4]", "size: [60, 60]", 1)
	s := writeReport(t, big, nil)
	text := strings.Join(s.Findings, "\n")
	if s.Classical == nil || s.Classical.Theorem != "Wythoff's theorem" || s.Pattern == "" ||
		!strings.Contains(text, "proved by Wythoff's theorem (W. A. Wythoff, Nieuw Archief voor Wiskunde 7, 1907)") ||
		!strings.Contains(text, "the table agrees at every position") {
		t.Errorf("Wythoff's game: theorem %v, pattern %q, findings %q", s.Classical, s.Pattern, s.Findings)
	}
	variant := strings.Replace(big, "    - {step: [-2, -2], repeat: true}\n", "    - {step: [-1, -2]}\n    - {step: [-2, -1]}\n", 1)
	s = writeReport(t, variant, nil)
	if s.Classical != nil || s.Pattern == "" || len(s.Findings) != 1 || !strings.HasSuffix(s.Findings[0], "not proved: no theorem sgtab knows solves this rule") {
		t.Errorf("a variant: theorem %v, pattern %q, findings %q", s.Classical, s.Pattern, s.Findings)
	}
	s = writeReport(t, big, func(g []uint32) { g[7*60+4] = 5 }) // (4, 7) was lost
	if !strings.Contains(strings.Join(s.Findings, "\n"), "but the table fails it at (4, 7)") || len(s.Warnings) != 1 {
		t.Errorf("a changed board: findings %q, warnings %q", s.Findings, s.Warnings)
	}
}
