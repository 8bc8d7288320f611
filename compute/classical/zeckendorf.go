package classical

import (
	"math"
	"slices"
)

// Fibonacci Nim solved by Zeckendorf's theorem and Whinihan's strategy
// (M. J. Whinihan, "Fibonacci Nim", Fibonacci Quarterly 1 (1963); E.
// Zeckendorf, Bull. Soc. Roy. Sci. Liège 41 (1972)). Every n ≥ 1 is in
// exactly one way a sum of Fibonacci numbers (1, 2, 3, 5, 8, …) no two of
// them consecutive, its Zeckendorf sum; z(n) is its smallest term. Then
//
//	the state (n, k) — n tokens, at most k of them to take — is won exactly when k ≥ z(n),
//
// so a starting heap N (k = N − 1) is lost exactly when N is a Fibonacci
// number (z(N) = N), and taking z(n) wins (the rest's smallest term is
// more than 2·z(n)). The winning takes are exactly the sums t of the j
// smallest terms of n's Zeckendorf sum, t ≤ k, for which the next term is
// more than 2t (or none is left): a take t wins when z(n − t) > 2t; then
// t < z(n − t)/2 is smaller than the Fibonacci number before z(n − t), so
// t's own Zeckendorf sum followed by n − t's is n's. O(log n) each.

// fibonacci are the Fibonacci numbers 1, 2, 3, 5, … up to math.MaxInt64.
var fibonacci = func() []int {
	f := []int{1, 2}
	for {
		a, b := f[len(f)-2], f[len(f)-1]
		if a > math.MaxInt64-b {
			return f
		}
		f = append(f, a+b)
	}
}()

// Zeckendorf returns the terms of n's Zeckendorf sum, smallest first
// (nil for n ≤ 0).
func Zeckendorf(n int) []int {
	terms := make([]int, 0, 8)
	for i := len(fibonacci) - 1; n > 0; i-- {
		if fibonacci[i] <= n {
			terms = append(terms, fibonacci[i])
			n -= fibonacci[i]
			i-- // the next term is not consecutive
		}
	}
	slices.Reverse(terms)
	return terms
}

// IsFibonacci reports whether n is a Fibonacci number (1, 2, 3, 5, …).
func IsFibonacci(n int) bool {
	_, found := slices.BinarySearch(fibonacci, n)
	return found
}

// FibonacciNimWins reports whether the player to move wins the state
// (n, k) of Fibonacci Nim: n tokens, at most k to take (k ≥ z(n)).
func FibonacciNimWins(n, k int) bool { return n > 0 && k >= smallestTerm(n) }

// smallestTerm returns z(n), the smallest term of n's Zeckendorf sum
// (n ≥ 1): the greedy sum's last term.
func smallestTerm(n int) int {
	for {
		i, found := slices.BinarySearch(fibonacci, n)
		if found {
			return n
		}
		n -= fibonacci[i-1]
	}
}

// FibonacciNimWinning returns the takes that win from the state (n, k),
// smallest first: none when it is lost.
func FibonacciNimWinning(n, k int) []int {
	terms := Zeckendorf(n)
	var takes []int
	t := 0
	for j, f := range terms {
		t += f // no overflow: t ≤ n
		if t > k {
			break
		}
		if j == len(terms)-1 || t <= (terms[j+1]-1)/2 { // the next term > 2t
			takes = append(takes, t)
		}
	}
	return takes
}
