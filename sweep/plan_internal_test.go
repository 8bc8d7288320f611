package sweep

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// TestJobKeySharesEqualValues checks jobKey against the values themselves:
// codes given one job have equal values (computed to 1000 by the engine),
// on every four-digit code that differs from another only in Leave0 bits,
// in random pairs; and the reduction happens where it should.
func TestJobKeySharesEqualValues(t *testing.T) {
	game := func(code string) rules.Game {
		r, err := rules.ParseCode(code, 8)
		if err != nil {
			t.Fatal(err)
		}
		return rules.Game{Name: code, Rule: r}
	}
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"0.1766", "0.1767", true},  // heap 4 has 1 ⊕ 1 = 0 anyway
		{"0.127", "0.1271", true},   // and 0.1270 is 0.127
		{"0.0000", "0.0001", false}, // without it, heap 4 has no move: value 0
		{"0.77", "0.66", false},     // Kayles's 7s hold Leave0 too: heap 1 has no other move
		{"0.137", "0.136", false},   // without it, heap 3 has one option, a heap of 1 (value 1): value 0
	} {
		if same := jobKey(game(tc.a)) == jobKey(game(tc.b)); same != tc.same {
			t.Errorf("%s and %s: one job %v, want %v (keys %s, %s)", tc.a, tc.b, same, tc.same, jobKey(game(tc.a)), jobKey(game(tc.b)))
		}
	}
	values := map[string]string{}
	valuesOf := func(code string) string {
		if v, ok := values[code]; ok {
			return v
		}
		tab, err := compute.Sequence(t.Context(), game(code), 1000, sg.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		values[code] = tab.G.String()
		return values[code]
	}
	rng := rand.New(rand.NewPCG(7, 7))
	shared := 0
	for range 600 {
		code := fmt.Sprintf("0.%04o", rng.IntN(4096))
		// The same code with Leave0 bits flipped at random.
		other := []byte(code)
		for i := 2; i < len(other); i++ {
			if rng.IntN(2) == 0 {
				other[i] ^= 1
			}
		}
		a, b := game(code), game(string(other))
		if jobKey(a) != jobKey(b) {
			continue
		}
		shared++
		if va, vb := valuesOf(code), valuesOf(string(other)); va != vb {
			t.Fatalf("%s and %s share a job (%s) but their values differ", code, other, jobKey(a))
		}
	}
	if shared < 100 {
		t.Errorf("only %d of 600 pairs share a job", shared)
	}
}
