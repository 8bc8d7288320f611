package tabulate

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/family"
	_ "github.com/sgtab/sgtab/family/all"
	"github.com/sgtab/sgtab/rules"
)

// TestPrepareInterrupted prepares a table whose computation is cancelled
// (as a signal cancels sgtab's context): the error says what was being
// computed and why it stopped, where it used to say only "context
// canceled".
func TestPrepareInterrupted(t *testing.T) {
	games, err := rules.Parse(strings.NewReader("name: officers\ncode: \"0.6\"\n"), "o.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src, err := family.MustFor(games[0]).Source(games[0], nil, "o.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancelCause(t.Context())
	cancel(errors.New("interrupted (SIGTERM)"))
	err = Prepare(ctx, src, 1_000_000, Options{})
	if want := "o.yaml: computing SG(0..1000000) to answer heap 1000000: stopped: interrupted (SIGTERM)"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}
