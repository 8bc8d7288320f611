package family

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sgtab/sgtab/compute/classical"
	"github.com/sgtab/sgtab/compute/sg"
)

// A Summary is what a run reports of one game, as one JSON object (sgtab
// run -json). Its fields are common to every kind of game, but for those
// that say which kind they describe; pointers are null where they do not
// apply.
type Summary struct {
	Name    string   `json:"name"`
	Rule    string   `json:"rule"`
	Start   string   `json:"start"`
	Heaps   int      `json:"heaps"`
	MaxSG   uint32   `json:"max_sg"`
	Seconds float64  `json:"seconds"`
	Files   []string `json:"files"`

	// The analysis (sg.Analysis).
	Status        sg.Status `json:"status"`
	Period        *int      `json:"period"`
	Preperiod     *int      `json:"preperiod"`
	Saltus        *uint32   `json:"saltus"`
	LastException *int      `json:"last_exception"`
	ClosedForm    string    `json:"closed_form,omitempty"`
	Theorem       string    `json:"theorem,omitempty"`
	ProofWindow   string    `json:"proof_window,omitempty"`
	Computed      int       `json:"computed"`
	RareMask      uint32    `json:"rare_mask"`
	RarePos       sg.Parity `json:"rare_pos,omitempty"`
	RareCount     int       `json:"rare_count"`
	LastRare      *int      `json:"last_rare"`
	// RareBest is the best split when none is reported (it means nothing:
	// see sg.FindRare): null otherwise. The text output leaves it out.
	RareBest *RareSplit `json:"rare_best"`
	Checksum string     `json:"checksum"`

	// The analysis of the ring values SG_ring(n), for a game that starts
	// on a ring (sg.RingAnalysis): left out for other games.
	RingStatus      sg.Status `json:"ring_status,omitempty"`
	RingPeriod      *int      `json:"ring_period,omitempty"`
	RingPreperiod   *int      `json:"ring_preperiod,omitempty"`
	RingSaltus      *uint32   `json:"ring_saltus,omitempty"`
	RingClosedForm  string    `json:"ring_closed_form,omitempty"`
	RingTheorem     string    `json:"ring_theorem,omitempty"`
	RingProofWindow string    `json:"ring_proof_window,omitempty"`
	RingChecksum    string    `json:"ring_checksum,omitempty"`
	// RingLostFrom is the ring size from which every ring is lost for the
	// player to move, proved by RingLostTheorem (the mirror strategy,
	// period.RingMirror) whether or not the table reaches it; null when
	// it proves no such bound.
	RingLostFrom    *int   `json:"ring_lost_from,omitempty"`
	RingLostTheorem string `json:"ring_lost_theorem,omitempty"`

	// Board and Losing describe a lattice game: its size, and how many of
	// its points have SG 0; Rows the additive periods of its first rows,
	// SG(x+p, y) = SG(x, y) + s from x = preperiod on, where found.
	Board  *[2]int     `json:"board,omitempty"`
	Losing *int        `json:"losing,omitempty"`
	Rows   []RowPeriod `json:"rows,omitempty"`
	// Nodes and Edges describe a game on a graph (and Losing how many of
	// its nodes have SG 0); on a graph with cycles, Infinite how many
	// nodes have the value ∞ and Draws how many of those are draws.
	Nodes    *int   `json:"nodes,omitempty"`
	Edges    *int64 `json:"edges,omitempty"`
	Infinite *int   `json:"infinite,omitempty"`
	Draws    *int   `json:"draws,omitempty"`

	// Play is normal or misere; Values what the table holds: SG, or
	// outcome (1 when the player to move wins, 0 when that player loses:
	// misère play, Fibonacci Nim), and Outcomes says the latter.
	Play     string `json:"play"`
	Values   string `json:"values"`
	Outcomes bool   `json:"outcomes,omitempty"`
	// Genus says, for a misère table, how far its heaps are tame and which
	// is the first that is not (sg.GenusColumns.Words); TameThrough
	// is the last n such that every heap 0..n is tame.
	Genus       string `json:"genus,omitempty"`
	TameThrough *int   `json:"tame_through,omitempty"`
	// Findings states what a game's table shows of its known rule,
	// checked on the whole table: the theorem that solves it, or the
	// pattern observed in its lost points.
	Findings []string `json:"findings,omitempty"`
	// Classical is the classical theorem that solves the game
	// (classical.Of), with its source and what it says; Pattern
	// the pattern observed in a lattice table's lost points
	// (sg.FindPairs). Each is left out when there is none.
	Classical *classical.Theorem `json:"classical,omitempty"`
	Pattern   string             `json:"pattern,omitempty"`

	Warnings []string `json:"warnings,omitempty"`
	// Notes say what run left out and why (a plot too small to draw).
	Notes []string `json:"notes,omitempty"`
}

// A RareSplit is a rare/common split that a summary reports: mask,
// parity, and the positions it makes rare.
type RareSplit struct {
	Mask  uint32    `json:"mask"`
	Pos   sg.Parity `json:"pos,omitempty"`
	Count int       `json:"count"`
}

// A RowPeriod is the period of one row of a lattice table:
// SG(x+Period, y) = SG(x, y) + Saltus from x = Preperiod on.
type RowPeriod struct {
	Y         int    `json:"y"`
	Period    int    `json:"period"`
	Preperiod int    `json:"preperiod"`
	Saltus    uint32 `json:"saltus"`
}

// PeriodWords states a period p with saltus s from n = n0, as summaries
// and inspect print it.
func PeriodWords(p int, s uint32, n0 int) string {
	t := fmt.Sprintf("period %d", p)
	if s > 0 {
		t += fmt.Sprintf(", saltus %d", s)
	}
	if n0 > 0 {
		t += fmt.Sprintf(" from n = %d (last exception %d)", n0, n0-1)
	}
	return t
}

// FilesPattern writes dir/name.{a,b,c} for files named dir/name.a, … and
// lists the others after it.
func FilesPattern(files []string) string {
	base := strings.TrimSuffix(files[0], filepath.Ext(files[0]))
	var exts, others []string
	for _, f := range files {
		if strings.TrimSuffix(f, filepath.Ext(f)) == base {
			exts = append(exts, strings.TrimPrefix(filepath.Ext(f), "."))
		} else {
			others = append(others, f)
		}
	}
	first := base + ".{" + strings.Join(exts, ",") + "}"
	if len(exts) == 1 {
		first = files[0] // one format: its name as it is, no braces
	}
	return strings.Join(append([]string{first}, others...), " ")
}

// Plural returns word, with an s when n is not 1.
func Plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// Short writes a count to three significant digits, with k, M or G for
// thousands, millions and billions: 42.5M.
func Short(x float64) string {
	switch {
	case x >= 1e9:
		return fmt.Sprintf("%.3gG", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.3gM", x/1e6)
	case x >= 1e4:
		return fmt.Sprintf("%.3gk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}
