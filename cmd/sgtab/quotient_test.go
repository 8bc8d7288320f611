package main

import (
	"context"
	"io"
	"strings"
	"syscall"
	"testing"

	"github.com/sgtab/sgtab/interrupt"
)

// TestQuotientGolden runs sgtab quotient, and queries answered from a
// misère quotient, stored or computed on the fly.
func TestQuotientGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		code int
		args []string
	}{
		{"quotient-075", 0, []string{"quotient", "-heaps", "16", "-out", "out", "q075.yaml"}},
		{"quotient-query-table", 0, []string{"query", "-table", "out/q075-quotient.parquet", "3", "5", "7"}},
		{"quotient-query-lost", 0, []string{"query", "-table", "out/q075-quotient.parquet", "1", "1", "1", "9"}},
		{"quotient-query-json", 0, []string{"query", "-json", "-table", "out/q075-quotient.parquet", "4", "4", "9"}},
		{"quotient-query-past", 1, []string{"query", "-table", "out/q075-quotient.parquet", "3", "17"}},
		{"quotient-query-table-bound", 1, []string{"query", "-max-steps", "10", "-table", "out/q075-quotient.parquet", "3", "5", "7"}},
		{"quotient-query-fly", 0, []string{"query", "-quotient", "10", "kayles.yaml", "5", "7", "9"}},
		{"quotient-query-zero", 2, []string{"query", "-quotient", "0", "kayles.yaml", "1"}},
		{"quotient-query-over", 2, []string{"query", "-quotient", "4097", "kayles.yaml", "1"}},
		{"quotient-query-no-config", 2, []string{"query", "-quotient", "10", "5", "7"}},
		{"quotient-inspect", 0, []string{"inspect", "out/q075-quotient.parquet"}},
		{"quotient-no-heaps", 2, []string{"quotient", "q075.yaml"}},
		{"quotient-bad-plot", 2, []string{"quotient", "-heaps", "4", "-plot", "gif", "q075.yaml"}},
		{"sweep-quotients", 0, []string{"sweep", "-quotients", "8", "-out", "sw", "sweep-quotients.yaml"}},
		{"sweep-quotients-shard", 2, []string{"sweep", "-quotients", "8", "-shard", "0/2", "sweep-quotients.yaml"}},
		{"sweep-quotients-bad", 2, []string{"sweep", "-quotients", "0", "sweep-quotients.yaml"}},
		{"quotient-bound", 1, []string{"quotient", "-heaps", "12", "-max-positions", "50", "-out", "out", "kayles.yaml"}},
		{"quotient-bound-steps", 1, []string{"query", "-quotient", "12", "-max-steps", "2e3", "kayles.yaml", "5", "7"}},
		{"quotient-bad-bound", 2, []string{"quotient", "-heaps", "4", "-max-steps", "0", "q075.yaml"}},
		{"quotient-ring", 1, []string{"quotient", "-heaps", "5", "-out", "out", "qring.yaml"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			chdir(t)
			if tc.name != "quotient-075" && (strings.Contains(tc.name, "table") || strings.Contains(tc.name, "lost") ||
				strings.Contains(tc.name, "json") || strings.Contains(tc.name, "past") || strings.Contains(tc.name, "inspect")) {
				if code := run(t.Context(), []string{"quotient", "-heaps", "16", "-plot", "none", "-out", "out", "q075.yaml"}, io.Discard, io.Discard); code != 0 {
					t.Fatalf("sgtab quotient: status %d", code)
				}
			}
			golden(t, tc.name, tc.code, tc.args...)
		})
	}
}

// TestDuckDBReadsQuotients runs docs/misere.md's SQL on a quotient's table and
// on a census of quotients in DuckDB: the elements, the pretending
// function unnested, the multiplication table joined, the census's rows.
func TestDuckDBReadsQuotients(t *testing.T) {
	chdir(t)
	needDuckDB(t)
	for _, args := range [][]string{
		{"quotient", "-heaps", "10", "-plot", "none", "-out", "out", "q075.yaml"},
		{"sweep", "-quotients", "8", "-out", "sw", "sweep-quotients.yaml"},
	} {
		if code := run(t.Context(), args, io.Discard, io.Discard); code != 0 {
			t.Fatalf("sgtab %v: status %d", args, code)
		}
	}
	res := duckdb(t, `SELECT element, word, is_p FROM 'out/q075-quotient.parquet' ORDER BY element;
SELECT unnest(heaps) AS heap, word FROM 'out/q075-quotient.parquet' ORDER BY heap;
SELECT x.word AS a, y.word AS b, z.word AS product, z.is_p
  FROM 'out/q075-quotient.parquet' x, 'out/q075-quotient.parquet' y, 'out/q075-quotient.parquet' z
  WHERE z.element = x.times[y.element + 1] ORDER BY x.element, y.element;
SELECT name, quotient_order, stable_from, tame FROM 'sw/quotients.parquet' WHERE name = '0.75';`)
	if len(res) != 4 || len(res[0]) != 8 || len(res[1]) != 10 || len(res[2]) != 64 || len(res[3]) != 1 {
		t.Fatalf("results %v", res)
	}
	if e := res[0][1]; e["word"] != "a" || e["is_p"] != "true" {
		t.Errorf("element 1: %v", e)
	}
	if h := res[1][8]; h["heap"] != "9" || h["word"] != "a b^2" {
		t.Errorf("heap 9: %v", h)
	}
	if p := res[2][1*8+1]; p["a"] != "a" || p["b"] != "a" || p["product"] != "1" || p["is_p"] != "false" {
		t.Errorf("a·a: %v", p)
	}
	if r := res[3][0]; r["quotient_order"] != "8" || r["stable_from"] != "5" || r["tame"] != "false" {
		t.Errorf("census row of 0.75: %v", r)
	}
}

// TestQuotientInterrupted cancels the computation of a misère quotient as
// a signal does: the error says where it stopped and why, where it said
// "context canceled".
func TestQuotientInterrupted(t *testing.T) {
	chdir(t)
	ctx, cancel := context.WithCancelCause(t.Context())
	cancel(interrupt.Cause{Signal: syscall.SIGTERM})
	var stderr strings.Builder
	code := run(ctx, []string{"quotient", "-heaps", "20", "-out", "out", "q075.yaml"}, io.Discard, &stderr)
	if want := "the misère quotient of the heaps 1..20 stopped before its first heap: interrupted (SIGTERM)"; code != 143 || !strings.Contains(stderr.String(), want) {
		t.Errorf("status %d, %s; want 143 and %q", code, stderr.String(), want)
	}
}
