package interrupt

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// Context returns a context that SIGINT (Ctrl-C) or SIGTERM cancels, with
// the Cause naming the signal; after it, the signals are Go's own again,
// so that a second one ends the program at once.
func Context() context.Context {
	ctx, cancel := context.WithCancelCause(context.Background())
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-sigs
		signal.Stop(sigs)
		cancel(Cause{s})
	}()
	return ctx
}

// A Cause is the cause of a context a signal cancelled (context.Cause).
type Cause struct{ Signal os.Signal }

func (e Cause) Error() string {
	switch e.Signal {
	case os.Interrupt:
		return "interrupted (SIGINT)"
	case syscall.SIGTERM:
		return "interrupted (SIGTERM)"
	}
	return "interrupted by " + e.Signal.String()
}

// Status returns the exit status of a command that a signal interrupted,
// when ctx's cause is a Cause: 128 plus the signal's number (130 for
// SIGINT, 143 for SIGTERM).
func Status(ctx context.Context) (int, bool) {
	e, ok := context.Cause(ctx).(Cause)
	if !ok {
		return 0, false
	}
	if s, ok := e.Signal.(syscall.Signal); ok {
		return 128 + int(s), true
	}
	return 130, true
}
