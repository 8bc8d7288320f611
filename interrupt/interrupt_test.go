package interrupt_test

import (
	"context"
	"errors"
	"os"
	"syscall"
	"testing"

	"github.com/sgtab/sgtab/interrupt"
)

// TestStatus checks the message and exit status of each signal, and that
// a context ended otherwise has none.
func TestStatus(t *testing.T) {
	for _, tc := range []struct {
		sig    os.Signal
		text   string
		status int
	}{
		{os.Interrupt, "interrupted (SIGINT)", 130},
		{syscall.SIGTERM, "interrupted (SIGTERM)", 143},
		{syscall.SIGHUP, "interrupted by hangup", 129},
	} {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(interrupt.Cause{Signal: tc.sig})
		status, ok := interrupt.Status(ctx)
		if got := context.Cause(ctx).Error(); got != tc.text || !ok || status != tc.status {
			t.Errorf("%v: %q, status %d (%v); want %q, %d", tc.sig, got, status, ok, tc.text, tc.status)
		}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(errors.New("done"))
	if status, ok := interrupt.Status(ctx); ok {
		t.Errorf("a context ended by no signal: status %d", status)
	}
}
