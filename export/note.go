package export

import (
	"fmt"

	"github.com/sgtab/sgtab/rules"
)

// Note says what the file holds, for a command that wanted a heap game's
// table and got something else: "is a run's summary, not a table (sgtab
// inspect prints it)".
func (f *File) Note() string {
	switch f.Kind {
	case KindRare:
		return fmt.Sprintf("holds the rare positions of %s, not its table (use %s.parquet)", f.Meta[KeyName], f.Meta[KeyName])
	case KindSummary:
		return "is a run's summary, not a table (sgtab inspect prints it)"
	case KindCensus:
		return "is a sweep's census, not a table (sgtab inspect prints it)"
	case KindCheckpoint:
		return fmt.Sprintf("is a checkpoint of %s, not a finished table (sgtab run resumes from it)", f.Meta[KeyName])
	case KindLattice:
		return fmt.Sprintf("is the lattice table of %s", f.Meta[KeyName])
	case KindGraph:
		return fmt.Sprintf("is the table of %s, a game on a graph", f.Meta[KeyName])
	}
	return fmt.Sprintf("holds a %s", f.Kind)
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
