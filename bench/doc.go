// Package bench times sgtab's engines on fixed workloads, as sgtab bench
// does: the games whose speed matters most (open octal games, Grundy's
// game, Kayles ended by its proof, a long preperiod), at the sizes the
// fastest public solvers are measured at (Workloads). Run computes a
// workload with the default engine, checks its checksum against a
// published one where one is known, and compares it with the plain
// engine (every pair scanned, no proof shortcut) up to a smaller size,
// where both run: the speed-up of the default engine's methods.
package bench
