package compute_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/internal/testenv"
	"github.com/sgtab/sgtab/compute/sg"
)

// TestSparseEqualsPlain checks that the sparse-space engine gives exactly
// the values of the plain one, on random octal and hexadecimal codes with
// two-heap splits and on Grundy's game, for several worker counts.
func TestSparseEqualsPlain(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	n := 4000
	if testenv.Race {
		n = 1500
	}
	var yamls []string
	for len(yamls) < testenv.Share(120, 24) {
		digits := 1 + rng.IntN(4)
		code := []byte("0.")
		if rng.IntN(4) == 0 {
			code[0] = '4'
		}
		hasSplit := code[0] == '4'
		for range digits {
			d := rng.IntN(8)
			hasSplit = hasSplit || d&4 != 0
			code = append(code, byte('0'+d))
		}
		if rng.IntN(5) == 0 {
			code = append(code, '!')
			if code[len(code)-2]&4 == 0 {
				code[len(code)-2] |= 4
			}
			hasSplit = true
		}
		if hasSplit {
			yamls = append(yamls, fmt.Sprintf("code: %q", code))
		}
	}
	yamls = append(yamls, "moves:\n  - split: {parts: 2, distinct: true}", `code: "0.6"`, `code: "0.007"`, `code: "0.16"`)
	for _, yaml := range yamls {
		g := game(t, yaml)
		plain, err := compute.Sequence(t.Context(), g, n, sg.Options{Plain: true, Exhaustive: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2, 3, 7} {
			fast, err := compute.Sequence(t.Context(), g, n, sg.Options{Workers: workers, Exhaustive: true})
			if err != nil {
				t.Fatal(err)
			}
			if !fast.G.Equal(plain.G) {
				i := 0
				for fast.G.At(i) == plain.G.At(i) {
					i++
				}
				t.Fatalf("%q, %d workers: SG(%d) = %d, plain engine %d", yaml, workers, i, fast.G.At(i), plain.G.At(i))
			}
		}
	}
}

// TestSparseGrundy compares the engines on Grundy's game far enough for the
// mask to settle and many rare positions to pass, for several worker counts.
func TestSparseGrundy(t *testing.T) {
	n := grundyN()
	g := game(t, "moves:\n  - split: {parts: 2, distinct: true}")
	plain, err := compute.Sequence(t.Context(), g, n, sg.Options{Plain: true, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2, 3, 7} {
		fast, err := compute.Sequence(t.Context(), g, n, sg.Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		if !fast.G.Equal(plain.G) {
			t.Fatalf("%d workers: sparse and plain engines differ on Grundy's game", workers)
		}
	}
}
