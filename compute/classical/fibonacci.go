package classical

import (
	"context"
	"math"
	"time"
)

// fibonacciNim is Fibonacci Nim: a state is a heap of n tokens and the most
// k the next move may take; a move takes t, 1 ≤ t ≤ k, leaving (n−t, 2t).
// From a heap of N the first move may take any number but not all: (N,
// N−1). Its table holds the outcome of each starting heap: 1 when the
// player to move wins, 0 when that player loses.
//
// Winning is monotone in k (more allowed takes never hurt), so a state
// (n, k) is won exactly when k ≥ f(n), the least winning take; and taking t
// wins when it leaves a lost state, f(n−t) > 2t. The search over the states
// (n, k) thus collapses to f(n) = min{t ≥ 1 : f(n−t) > 2t}, f(0) = ∞,
// memoised in n; f(n) is small but for the few n it is large, so the whole
// table costs about O(N log N).
//
// Known result (Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963)):
// the player to move loses exactly when N is a Fibonacci number, and
// otherwise wins by taking the smallest term of N's Zeckendorf sum.
type fibonacciNim struct{}

// PeriodScanPerSecond is about how many values a second FindPeriod
// compares as it scans back from the end of a table for each candidate
// period (measured on a 2-core x86-64 machine: 0.73 ns a value).
const PeriodScanPerSecond = 1.4e9

// cost is about how long the table of Fibonacci Nim to n takes with its
// analysis, which costs most: its outcomes have no period, and the search
// for one scans back, for each candidate period p, to a heap where n or
// n − p is a Fibonacci number and the other not, some n/6 values on
// average, 0.055·n² in all (counted at n = 10⁴ to 3·10⁵, 0.06 allowed); the
// thresholds themselves take n·log n steps.
func (fibonacciNim) cost(n int) time.Duration {
	x := float64(n)
	return time.Duration(min((x*math.Log2(x+1)+0.06*x*x)/PeriodScanPerSecond, 1e9) * float64(time.Second))
}

func (fibonacciNim) positions(n int) int64 { return int64(n) + 1 }

func (fibonacciNim) solve(ctx context.Context, n int, progress func(int64)) ([]uint32, *grid, error) {
	f, err := FibonacciThresholds(ctx, n)
	if err != nil {
		return nil, nil, err
	}
	if progress != nil {
		progress(int64(n) + 1) // the thresholds settle every heap, fast
	}
	out := make([]uint32, n+1)
	for m := 1; m <= n; m++ {
		if f[m] < m { // the first move may take up to m−1
			out[m] = 1
		}
	}
	return out, nil, nil
}

// FibonacciThresholds returns f(0..n) of Fibonacci Nim: the least take that
// wins from a heap of m, so that the state (m, k) — m tokens, at most k to
// take — is won exactly when k ≥ f(m); f(0) is math.MaxInt (no move wins
// an empty heap).
func FibonacciThresholds(ctx context.Context, n int) ([]int, error) {
	f := make([]int, n+1)
	f[0] = math.MaxInt
	for m := 1; m <= n; m++ {
		if m%(1<<16) == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		t := 1
		for f[m-t] <= 2*t {
			t++
		}
		f[m] = t
	}
	return f, nil
}
