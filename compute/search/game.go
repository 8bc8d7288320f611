package search

// Game is an impartial game whose positions fall apart into independent
// components, each a 64-bit word: a Cram board's empty cells, a Chomp
// diagram's row lengths, the vertices left in node Kayles. The value of
// a position is the XOR of its components' nimbers (Sprague-Grundy), so
// the search keeps only components in its table.
type Game interface {
	// Moves appends to dst the positions one move from component c.
	// They need not be split or canonical: the search passes each to
	// Split.
	Moves(c uint64, dst []uint64) []uint64

	// Split appends to dst the components of position p that need a
	// search, each in a canonical form (the same word for positions
	// equal under the game's symmetries), with pairs of equal
	// components left out since their nimbers cancel. It returns the XOR
	// of the nimbers of the parts it settled itself (parts with no move,
	// parts in a table of small positions).
	Split(p uint64, dst []uint64) ([]uint64, uint8)

	// Size measures a component's search cost, such as its cells: the
	// search examines smaller children first and keeps the table entries
	// of larger components when memory runs short. At most 255 counts.
	Size(c uint64) int
}
