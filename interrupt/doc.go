// Package interrupt ends a computation cleanly at Ctrl-C (SIGINT) or
// SIGTERM, as sgtab does: Context returns a context that the first such
// signal cancels with a Cause naming the signal, so that the engines stop,
// write their checkpoints and say why they stopped ("interrupted
// (SIGTERM)"); a second signal ends the program at once. Status gives the
// exit status a shell expects of a program a signal ended, 128 plus the
// signal's number.
package interrupt
