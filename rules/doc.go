// Package rules reads sgtab's YAML config files into validated games.
//
// Every move family of the config language compiles to one canonical move
// table, a Rule: for each number k of tokens a move removes from one heap, a
// Digit saying how many non-empty heaps it may leave (none, one, two or
// three) and whether they must differ in size; a repeating tail covers "any
// k". The engines in package compute know only this form. The package knows
// nothing about Grundy values.
//
// # Files
//
// A config holds one game (a mapping), a list of games under the key games,
// or several YAML documents of either form separated by "---". Keys are
// checked strictly: unknown keys, repeated keys, values of the wrong type and
// empty files are errors, and the problems in a file are reported at once,
// each as a *ConfigError printed as
//
//	FILE:LINE:COL: KEY: what is wrong (got VALUE)
//
// by position, the first 200 of them, then one line "… and N more
// problems".
//
// A config is a regular file of at most MaxConfigSize bytes (16 MiB) of
// UTF-8 text; a byte-order mark at its start is skipped. YAML's anchors and
// aliases are accepted (an alias stands for the value of the last anchor of
// its name before it in its document), and so are merge keys: "<<: *base"
// or "<<: [*a, *b]" adds the keys of the mappings named that the mapping
// does not set itself, the first named first. A problem with a value that
// came through an alias is located where the value is written, at its
// anchor. The YAML core schema's tags are accepted and mean what they say
// (!!str 100 is a string, so not a number of heaps); any other tag, and a
// %TAG directive, is an error.
//
// So that reading a config costs time and memory in proportion to its
// size, a config may hold at most 2^20 YAML tokens (keys, values and
// punctuation), lists and mappings nested at most 16 deep, keys of at most
// 32 bytes, at most 100 keys or list items with no value, at most 2^20 keys
// and list items counted through its aliases, and games whose move tables
// take at most 2^24 digits in all. Real configs stay within these: a take
// list of every count a rule can name (65535) takes an eighth of the
// tokens, and a batch of 80000 games of three keys each fits.
//
// # Keys of a game
//
//	name    names the game and its output files: 1 to 100 letters, digits,
//	        '.', '_' or '-', not starting with '.'. Default: the file's base
//	        name (with "-2", "-3", … when the file holds several games),
//	        which must be such a name too. Unique within a file.
//	heaps   N: the table holds SG(0..N). A whole number ≥ 1 (1e6 and 1_000
//	        are accepted) whose table fits in this machine's memory (at least
//	        1 byte a heap size, 2 on a ring start; 2 or 4 once values pass
//	        255 or 65535). Default 1000 (DefaultHeaps).
//	code    a take-and-break code (see below).
//	base    8 or 16: read code in that base only. Default: hexadecimal when a
//	        digit above 7 appears, octal otherwise.
//	moves   a list of move families (see below).
//	start   line (default) or ring (see StartRing).
//	play    normal (default) or misere: whoever takes the last token loses.
//	        Only for a line start; the table then holds outcomes and the
//	        genus of each heap (see Game.Misere).
//	lattice a game on a board instead of heaps (see below); then a game has
//	        no other key but name.
//	state   the name of a built-in game (StateGames: euclid,
//	        fibonacci-nim), sized by heaps; then a game has no other key
//	        but name and heaps.
//	graph   a game on a finite directed graph (see GraphSpec): edges and
//	        nodes, or a built-in graph (generate: calendar or boxes, or
//	        grid: {n, m}, the n×m board), and optionally play:
//	        vertex-geography (undirected vertex geography: the edges taken
//	        both ways, the table the outcome from every start node) or
//	        edge-geography (each edge used once; a grid of at most
//	        MaxEdgeGeographySquares squares); then a game has no other key
//	        but name.
//	script  a game whose positions and moves a Starlark program states
//	        (see Script): start(n) and moves(position), optionally
//	        canonical(position) and parts(position); heaps is then the
//	        largest parameter n (default 100, at most MaxScriptParameter),
//	        steps the Starlark steps one call may take (default 10^7) and
//	        positions the most positions it may reach (default 10^6).
//
// A heap game needs a code, moves, or both; with both it allows the moves of
// each.
//
// # Codes
//
// In d0.d1d2…, the bits of hexadecimal digit d_k say what removing k tokens
// may leave: 1 no heap (the whole heap is taken), 2 one heap, 4 two
// non-empty heaps, 8 three. d0 may only split (4 and 8). A group in
// parentheses at the end repeats for ever. A "!" after a digit makes its
// splits leave heaps of pairwise different sizes. A decimal count in braces
// after a digit repeats it: "0.7{3}" is "0.777". A code spells out at most
// 65536 digits, but its last digit may repeat on to a removal of up to
// 10^18 tokens, as a run the rule keeps as one number (see Rule.Until):
// "0.7{1000000000}" removes 1 to 10^9 tokens, leaving zero, one or two
// heaps (HDU 3951's coin ring with k = 10^9, on a ring start). The point
// may be written "·". An unquoted code such as 0.77, which YAML reads as a
// number, is taken as written.
//
//	name: kayles
//	code: "0.77"
//	---
//	name: laskers-nim
//	code: "4.(3)"
//	---
//	name: grundy
//	code: "4!.0"
//
// # Move families
//
// Each item of moves is a take or a split:
//
//	take      [k1, k2, …] (counts ≥ 1), {min: a, max: b}, or {min: a} for any
//	          count from a on: the numbers of tokens a move may remove.
//	          Counts in a list and min are below 65536; max may be up to
//	          10^18 (a run, as a repeat count makes in a code). Families
//	          whose counts pass 65535 combine with families that stop below
//	          it, or that run on to the same max, but not with a tail.
//	leave     with take: the numbers of heaps (0 to 3) the rest may become.
//	          Default [0, 1]: take the whole heap, or leave the rest as one.
//	distinct  with take and leave 2 or 3: the heaps left must differ in size.
//	split     {parts: 2 or 3, distinct: true|false}: remove nothing, split one
//	          heap into that many non-empty heaps.
//
// For example:
//
//	name: s-1-3-4
//	moves:
//	  - take: [1, 3, 4]
//	---
//	name: nim-or-not-nim
//	moves:
//	  - take: {min: 1}
//	  - split: {parts: 2}
//	---
//	name: take-then-split
//	moves:
//	  - take: {min: 1}
//	    leave: [0, 1, 2]
//	---
//	name: coin-ring-3
//	code: "0.777"
//	start: ring
//	---
//	name: coin-ring-k     # HDU 3951 with k = 10^9: code "0.7{1000000000}"
//	moves:
//	  - take: {min: 1, max: 1000000000}
//	    leave: [0, 1, 2]
//	start: ring
//
// Rule.String prints the canonical table in code notation: the take list
// [1, 3, 4] is 0.3033, take-then-split 0.(7), Grundy's game 4!.0.
//
// # Lattice games
//
// The lattice key holds size, [width, height], at most 2^28 points, and
// moves, a list of {step: [dx, dy], repeat: true|false}: a move applies a
// step once or, repeating, any positive number of times, staying on the
// board. No step may increase a coordinate, and each must decrease one, so
// every game ends (see Lattice).
//
//	name: wythoff
//	lattice:
//	  size: [1000, 1000]
//	  moves:
//	    - {step: [-1, 0], repeat: true}
//	    - {step: [0, -1], repeat: true}
//	    - {step: [-1, -1], repeat: true}
//
// # Adding a kind of game
//
// What this package does differently for each kind of game (Kind) is in
// the kind's entry of a table, kindTable, and in one file of that kind:
// heap.go, lattice.go, state.go, graph.go, script.go. An entry says which key of a
// game selects the kind, which other keys it allows (a key of another kind
// is a problem), how its keys are read and checked, and the game's Key,
// RuleText, TableText, HoldsOutcomes and Memory. Reading a config
// (parse.go, walk.go) and Game's methods only consult the entry; Game.Kind
// alone looks at which of Game's parts is set. To add a kind:
//
//  1. In kind.go, add its Kind constant to Kinds and its case to
//     Game.Kind; in game.go, the field of Game that holds its part.
//  2. Add a file named for the kind with the reader of its keys, built on
//     the frame of walk.go (fields, readList, integer, scalar, …), and its
//     kindRules entry.
//  3. Add the entry to kindTable, before the heap kind's (a game with none
//     of the other kinds' keys is a heap game).
//  4. Document its keys under "Keys of a game" above and in
//     docs/configs.md, and put a config with each of its problems in
//     testdata/invalid.
//
// TestKindTable, TestGameByKind and TestKindTestsOnlyInKind check the
// entry and that no other code tells the kinds apart.
package rules
