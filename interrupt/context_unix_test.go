//go:build unix

package interrupt_test

import (
	"os"
	"syscall"
	"testing"

	"github.com/sgtab/sgtab/interrupt"
)

// TestContext sends the test itself SIGTERM and checks that Context's
// context ends with it as its cause.
func TestContext(t *testing.T) {
	ctx := interrupt.Context()
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	<-ctx.Done()
	if status, ok := interrupt.Status(ctx); !ok || status != 143 {
		t.Errorf("status %d (%v), want 143", status, ok)
	}
}
