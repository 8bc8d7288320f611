// Package all registers every family of games (see package family): a
// program that imports it can run, read and answer games of every kind.
// Adding a family is one line here.
package all

import (
	_ "github.com/sgtab/sgtab/family/graph"   // games on graphs
	_ "github.com/sgtab/sgtab/family/heap"    // heap games: lines, rings, misère play
	_ "github.com/sgtab/sgtab/family/lattice" // lattice games
	_ "github.com/sgtab/sgtab/family/script"  // scripted games
	_ "github.com/sgtab/sgtab/family/state"   // built-in state games
)
