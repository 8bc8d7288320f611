// Package configs holds sgtab's bundled example configs, one per game of
// note, embedded so that `sgtab run` without arguments computes them all.
package configs

import "embed"

// FS holds the bundled *.yaml configs at its root.
//
//go:embed *.yaml
var FS embed.FS
