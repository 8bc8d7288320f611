package export

import (
	"fmt"
	"strings"

	"github.com/sgtab/sgtab/rules"
)

// kindNotes say what a file of each kind but a heap game's table is, after
// "it" (NAME stands for the game's name), and what reads it.
var kindNotes = map[Kind]struct{ what, hint string }{
	KindRare:             {"holds the rare positions of NAME, not its table", "use NAME.parquet"},
	KindSummary:          {"is a run's summary, not a table", "sgtab inspect prints it"},
	KindCensus:           {"is a sweep's census, not a table", "sgtab inspect prints it"},
	KindCheckpoint:       {"is a checkpoint of NAME, not a finished table", "sgtab run resumes from it"},
	KindLattice:          {"is the lattice table of NAME, not a heap game's table", ""},
	KindGraph:            {"is the table of NAME, a game on a graph, not a heap game's table", ""},
	KindQuotient:         {"is the misère quotient of NAME, not a table", "sgtab query -table takes it"},
	KindQuotientCensus:   {"is a sweep's census of misère quotients, not a table", "sgtab inspect prints it"},
	KindBoards:           {"is a table of boards of sgtab solve, not a heap game's table", "sgtab inspect prints it"},
	KindSearchCheckpoint: {"is a checkpoint of sgtab solve's search, not a table", "sgtab solve -out resumes from it"},
}

// Note says what the file holds, for a command that wanted a heap game's
// table and got something else: "is a run's summary, not a table (sgtab
// inspect prints it)".
func (f *File) Note() string {
	n, ok := kindNotes[f.Kind]
	if !ok {
		return fmt.Sprintf("holds a %s, not a table", f.Kind)
	}
	s := n.what
	if n.hint != "" {
		s += " (" + n.hint + ")"
	}
	return strings.ReplaceAll(s, "NAME", f.Meta[KeyName])
}

// notTable says what a file holds instead of a heap game's table, as a
// reason: "it is a run's summary, not a table".
func (f *File) notTable() string {
	n, ok := kindNotes[f.Kind]
	if !ok {
		return fmt.Sprintf("it holds a %s, not a table", f.Kind)
	}
	return "it " + strings.ReplaceAll(n.what, "NAME", f.Meta[KeyName])
}

// Game returns the game whose values the file holds: of a heap table, a
// checkpoint, a lattice table or a graph table; false for files that hold
// no game's values (rare positions, summaries, censuses).
func (f *File) Game() (rules.Game, bool) {
	switch {
	case f.Table != nil && (f.Kind == KindTable || f.Kind == KindCheckpoint):
		return f.Table.Game, true
	case f.Lattice != nil:
		return f.Lattice.Game, true
	case f.Graph != nil:
		return f.Graph.Game, true
	}
	return rules.Game{}, false
}
