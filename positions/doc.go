// Package positions answers positions of games: who wins, and with which
// moves. It knows no kind of game; each kind's family (package family)
// provides a Source for its games, and this package does the game theory
// that holds for them all:
//
//   - A position is a sum of components (Position), each a heap of N
//     tokens or a point (X, Y) of some game (Component), moved one at a
//     time. By the Sprague-Grundy theorem it is lost exactly when the
//     nim-sum X of its components' values is 0, and the winning moves are
//     the moves of one component i to an option of value SG(i) ⊕ X.
//     Solve finds the values, the nim-sum, the outcome and the number of
//     winning moves; WinningMoves lists them one at a time, never holding
//     them all (a heap of 10¹² in Kayles has about 10¹¹).
//   - Positions of heaps in misère play, whoever makes the last move
//     losing, are no nim-sums: Solve answers them (one heap of a splitting
//     game, or several heaps of one misère game or of several) by the
//     exact search of misere.Search, and WinningMoves lists the
//     moves to positions lost for the next player (misere.go). A sum may
//     not mix misère and normal play. Fibonacci Nim, whose values are
//     outcomes too, takes a component alone.
//   - Some games answer whole positions in a shape of their own (Whole):
//     tokens on the nodes of a graph (Tokens) and cards on them, a
//     staircase (Staircase, and the argument that makes it staircase Nim
//     at OddNodes).
//
// It also reads positions as sgtab query takes them — words HEAP, X,Y or
// SOURCE:HEAP (ParseComponent, Set.Parse), a positions file one position
// a line (ReadFile), whose problems are FILE:LINE (At) — and writes the
// answers for a reader or as JSON, one line each, streaming the winning
// moves (Writer).
//
// A Go program answers a position as Example does: its game's family
// gives the Source (family.Family.Source), prepared for the largest heap;
// Check, Solve and WinningMoves answer it.
//
// # Writing a Source
//
// A Source is one game whose components it values and moves. Its family
// returns it (family.Family.Source) from a stored table or from the
// game's config; the caller then calls Prepare with the largest component
// asked (a heap size, a point's x), and the Source reads or computes what
// it needs to answer that far, or says why it cannot. Check refuses a
// component that is not of the game (a point of a heap game, a point off
// the board) and, in a sum of several, a component of a game that must be
// taken alone. Value, Work and Moves then answer each component:
// its value, about how many steps listing its moves takes (Solve refuses
// a position whose moves would take more than moves.MaxWork steps
// to count), and its moves to an option of a given value, in order, one
// at a time, as Moves of this package with Take and Leave (a heap's move:
// the tokens taken, the heaps left) or To (the point moved to) and a Text
// that says the move in words. A Source that counts moves faster than it
// lists them (a heap a residue class at a time, from a proved period)
// also implements Counter. A Source that answers some components by a
// theorem rather than from values (Wythoff's game beyond its board, by
// Wythoff's theorem) implements Prover: the answer names the theorem
// (Answer.ProvedBy), and a component the theorem gives only the outcome of
// is answered alone. A Source that answers whole positions of its
// own shape implements Whole; as a component of a sum it refuses every
// component in Check.
package positions
