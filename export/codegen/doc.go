// Package codegen writes programs, not tables: source code in C, C++, Go
// or Python (Languages) that answers the queries a table answers, ready to
// paste into a program that wants a game's values without reading a file
// (sgtab export -lang LANG).
//
//   - code.go: Code, the values of a heap game's table, its period and
//     saltus when it has one (so that the code answers for every heap
//     size, not only those of the table), and LatticeCode, a board's
//     values; the languages' arrays, lookups and comments.
//   - graphcode.go: GraphCode, the value of every node of a game on a
//     graph, looked up by the node's name (string literals escaped for
//     each language).
//   - codename.go: the names the code holds (Options, the prefix made from
//     a game's name, CheckName, CheckPackage), each language's identifiers
//     and keywords.
//
// It sits above package export, which reads and writes the tables, and
// takes them as the engines and export's readers hand them on
// (*sg.Table, *sg.LatticeTable, *graphgame.GraphTable); it imports
// export only for the rule a node's name follows (export.CheckNodeName).
// The tests compile and run the code with gcc, g++, go and python3, and
// skip a missing compiler unless SGTAB_COMPILERS is set.
package codegen
