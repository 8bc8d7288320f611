package export_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/sgtab/sgtab/compute/misere"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// writtenQuotient returns the misère quotient of 0.75's heaps up to 10,
// of order 8, and its game.
func writtenQuotient(t *testing.T) (*misere.Quotient, rules.Game) {
	t.Helper()
	g := parseGame(t, "name: q075\ncode: \"0.75\"\n")
	q, err := misere.QuotientOf(t.Context(), g.Rule, 10, misere.QuotientLimits{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return q, g
}

// TestQuotientRoundTrip writes a misère quotient and reads it back,
// verified: the same table, P-portion, pretending function and
// presentation; and a second reader sees its rows.
func TestQuotientRoundTrip(t *testing.T) {
	q, g := writtenQuotient(t)
	path := filepath.Join(t.TempDir(), "q.parquet")
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	defer mem.AssertSize(t, 0)
	if err := export.WriteQuotient(path, q, g, export.Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	got, meta, err := export.ReadQuotient(path)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Mul, q.Mul) || !slices.Equal(got.P, q.P) || !slices.Equal(got.Pretend, q.Pretend) ||
		!slices.Equal(got.Orders, q.Orders) || !slices.Equal(got.Gens, q.Gens) {
		t.Errorf("read back %+v, wrote %+v", got, q)
	}
	for k, want := range map[string]string{
		export.KeyOrder: "8", export.KeyGenerators: "a=1 b=2 c=5", export.KeyPPortion: "a, b^2",
		export.KeyRelations: "a^2 = 1, b c = a b, c^2 = b^2, b^3 = b", export.KeyTame: "false", export.KeyKind: "quotient",
	} {
		if meta[k] != want {
			t.Errorf("%s = %q, want %q", k, meta[k], want)
		}
	}
	f, err := export.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if text := export.Describe(path, f).Text(f); !strings.Contains(text, "relations   a^2 = 1, b c = a b") {
		t.Errorf("inspect says\n%s", text)
	}
}

// TestQuotientReadRefusesEdits checks that a quotient whose P-portion,
// product or metadata was changed is refused when read.
func TestQuotientReadRefusesEdits(t *testing.T) {
	q, g := writtenQuotient(t)
	dir := t.TempDir()
	for name, edit := range map[string]func(q *misere.Quotient, g *rules.Game){
		"p-mark": func(q *misere.Quotient, g *rules.Game) { q.P[3] = !q.P[3] },
		"product": func(q *misere.Quotient, g *rules.Game) {
			v := (q.Mul[2*q.Order+3] + 1) % uint16(q.Order)
			q.Mul[2*q.Order+3], q.Mul[3*q.Order+2] = v, v
		},
		"heap": func(q *misere.Quotient, g *rules.Game) { q.Pretend[4] = 1 },
		"rule": func(q *misere.Quotient, g *rules.Game) { q.Rule, _ = rules.ParseCode("0.77", 0) },
	} {
		bad := *q
		bad.Mul, bad.P, bad.Pretend = slices.Clone(q.Mul), slices.Clone(q.P), slices.Clone(q.Pretend)
		edit(&bad, &g)
		path := filepath.Join(dir, name+".parquet")
		if err := export.WriteQuotient(path, &bad, g, export.Options{Version: "test"}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := export.ReadQuotient(path); err == nil {
			t.Errorf("%s: read back without error", name)
		}
	}
	path := filepath.Join(dir, "ok.parquet")
	if err := export.WriteQuotient(path, q, g, export.Options{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	i := strings.Index(string(b), "b c = a b")
	b[i] = 'c'
	os.WriteFile(path, b, 0o644)
	if _, _, err := export.ReadQuotient(path); err == nil || !strings.Contains(err.Error(), "relations") {
		t.Errorf("edited relations: %v", err)
	}
}

// TestQuotientReadWithinItsBounds checks that a quotient's table records
// the bounds it was computed within, and that reading it back proves it
// within them: a quotient computed with more positions or steps than the
// defaults reads back, and a table whose bounds are too small for its
// proof, or not numbers, is refused naming them.
func TestQuotientReadWithinItsBounds(t *testing.T) {
	q, g := writtenQuotient(t)
	if want := (misere.QuotientLimits{}).Resolved(); q.Limits != want {
		t.Fatalf("computed within %+v, want the defaults %+v", q.Limits, want)
	}
	dir := t.TempDir()
	write := func(name string, q *misere.Quotient) string {
		t.Helper()
		path := filepath.Join(dir, name+".parquet")
		if err := export.WriteQuotient(path, q, g, export.Options{Version: "test"}); err != nil {
			t.Fatal(err)
		}
		return path
	}
	raised := *q
	raised.Limits = misere.QuotientLimits{Positions: 50_000_000, Steps: 900_000_000_000}.Resolved()
	got, meta, err := export.ReadQuotient(write("raised", &raised))
	if err != nil {
		t.Fatal(err)
	}
	if got.Limits != raised.Limits || meta[export.KeyMaxPositions] != "50000000" || meta[export.KeyMaxSteps] != "900000000000" {
		t.Errorf("read back within %+v (metadata %s, %s), wrote %+v", got.Limits, meta[export.KeyMaxPositions], meta[export.KeyMaxSteps], raised.Limits)
	}
	// The reader's bounds cap the file's: a file claiming 9·10¹¹ steps is
	// proved within the reader's, and refused, saying whose bound it
	// outgrew, when its proof needs more; ReadQuotient's are the defaults.
	capped := export.ReadOptions{Quotient: misere.QuotientLimits{Steps: 3}}
	_, _, err = export.ReadQuotientContext(t.Context(), write("raised", &raised), capped)
	if err == nil || !strings.Contains(err.Error(), "this read's bound of 3 steps, below the file's sgtab.max_steps = 900000000000") {
		t.Errorf("a proof past the reader's bound of 3 steps: %v", err)
	}
	if _, _, err := export.ReadQuotientContext(t.Context(), write("raised", &raised), export.ReadOptions{Quotient: misere.QuotientLimits{Steps: 1e6}}); err != nil {
		t.Errorf("a proof within the reader's bound of 10⁶ steps: %v", err)
	}
	small := *q
	small.Limits = misere.QuotientLimits{Steps: 3}.Resolved()
	if _, _, err := export.ReadQuotient(write("small", &small)); err == nil || !strings.Contains(err.Error(), "work bound of 3 steps") {
		t.Errorf("a proof past its recorded bound of 3 steps: %v", err)
	}
	path := write("edited", q)
	b, _ := os.ReadFile(path)
	i := strings.Index(string(b), "2000000000")
	b[i+3] = 'x'
	os.WriteFile(path, b, 0o644)
	if _, _, err := export.ReadQuotient(path); err == nil || !strings.Contains(err.Error(), export.KeyMaxSteps) {
		t.Errorf("a bound that is no number: %v", err)
	}
}
