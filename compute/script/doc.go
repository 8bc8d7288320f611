// Package script plays games whose rules are a small program: a config's
// script (rules.Script) written in Starlark, a dialect of Python, defines
// start(n) (or start(n, m) for a board), moves(p), and optionally
// canonical(p) and parts(p). Compile compiles it; Explore walks every
// position the starts reach, breadth first, with workers; Table and
// Lattice return the values of the starts as a heap table or a board.
//
// A position's value is the mex of its followers' values, or, when parts
// splits it into independent games, the XOR of the parts' (the
// Sprague-Grundy theorem). When the moves have a cycle, the positions get
// generalized values instead, as package compute/graphgame gives them on
// a graph (C. A. B. Smith, "Graphs and composite games", J. Combin.
// Theory 1, 1966; A. S. Fraenkel and Y. Yesha, J. Combin. Theory A 43,
// 1986): a number, or ∞(K) for a position from which the game may go on
// for ever, and the outcomes P, N and D (loopy.go, values.go).
//
// A script is untrusted input, so it runs sandboxed and bounded: only
// Starlark's built-ins (no load, no I/O, no clock, no randomness), a step
// budget per call (rules.Script.Steps), a bound on positions, a memory
// watch between steps (watch.go), and a guard on what one step may
// allocate or how deep a value may nest, checked before the step runs from
// its operands' sizes (guard.go, with the program's syntax tree rewritten
// so that operators and methods that grow a value call guarded versions:
// instrument.go). Each refusal is a LimitError naming the script's file
// and line.
//
// Verify checks a stored table of a scripted game by exploring it again.
package script
