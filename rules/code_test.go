package rules

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParseCode(t *testing.T) {
	for _, tc := range []struct {
		code string
		base int
		want string // canonical form, "" for an error, "!" and the text of one
	}{
		{"0.77", 0, "0.77"},
		{"0.137", 8, "0.137"},
		{" 0.07 ", 0, "0.07"},
		{"4.(3)", 0, "4.(3)"},
		{"0.(3)", 0, "0.(3)"},
		{"4!.0", 0, "4!.0"},
		{"C!.F", 16, "C!.F"},
		{"0.8", 0, "0.8"},
		{"0.8", 8, ""},
		{"0.F", 8, ""},
		{"0.7", 10, ""},
		{"", 0, ""},
		{"077", 0, ""},
		{"0.", 0, ""},
		{"0.7.7", 0, ""},
		{"00.7", 0, ""},
		{"1.7", 0, ""},
		{"2.7", 0, ""},
		{"0.()", 0, ""},
		{"0.(3", 0, ""},
		{"0.3)", 0, ""},
		{"0.(3)(3)", 0, ""},
		{"0.(3)3", 0, ""},
		{"(4).3", 0, ""},
		{"0.3!", 0, ""},
		{"4!!.0", 0, ""},
		{"!.0", 0, ""},
		{"0.G", 0, ""},
		{"0.7 7", 0, ""},
		// A character outside ASCII is shown whole, an invalid byte as such.
		{"0.7Ù", 0, `!unexpected character 'Ù'`},
		{"0.7€1", 0, `!unexpected character '€'`},
		{"0.7\xc3", 0, `!unexpected character "\xc3"`},
	} {
		r, err := ParseCode(tc.code, tc.base)
		if strings.HasPrefix(tc.want, "!") {
			// The error's text.
			if err == nil || err.Error() != tc.want[1:] {
				t.Errorf("ParseCode(%q, %d) error %v, want %s", tc.code, tc.base, err, tc.want[1:])
			}
			continue
		}
		if tc.want == "" {
			if err == nil {
				t.Errorf("ParseCode(%q, %d) = %s, want an error", tc.code, tc.base, r)
			} else if !errors.Is(err, ErrBadCode) {
				t.Errorf("ParseCode(%q, %d) error %v does not match ErrBadCode", tc.code, tc.base, err)
			}
			continue
		}
		if err != nil || r.String() != tc.want {
			t.Errorf("ParseCode(%q, %d) = %v, %v; want %s", tc.code, tc.base, r, err, tc.want)
		}
	}
}

// randomRule returns a rule from digits drawn by rng, not normalised.
func randomRule(rng *rand.Rand) Rule {
	n := 1 + rng.IntN(7)
	d := make([]Digit, n)
	for k := range d {
		leave := uint8(rng.IntN(16))
		if k == 0 {
			leave &= Leave2 | Leave3
		}
		d[k].Leave = leave
		if rng.IntN(3) == 0 {
			d[k].Distinct = leave & (Leave2 | Leave3)
		}
	}
	r := Rule{Digits: d}
	if n > 1 && rng.IntN(2) == 0 {
		r.Period = 1 + rng.IntN(n-1)
	}
	return r
}

// TestNormalize checks that normalising keeps every digit and that the
// canonical string reads back to the same rule.
func TestNormalize(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 2000 {
		r := randomRule(rng)
		n := normalize(r)
		for k := range 3 * (len(r.Digits) + 1) {
			if n.Digit(k) != r.Digit(k) {
				t.Fatalf("normalize(%v) = %v: d_%d = %v, want %v", r, n, k, n.Digit(k), r.Digit(k))
			}
		}
		back, err := ParseCode(n.String(), 0)
		if err != nil || !back.Equal(n) {
			t.Fatalf("ParseCode(%q) = %v, %v; want %v", n.String(), back, err, n)
		}
		if n.TailStart() < 1 || (n.Period == 0 && len(n.Digits) > 1 && n.Digits[len(n.Digits)-1].IsZero()) {
			t.Fatalf("normalize(%v) = %v is not normal", r, n)
		}
	}
}

func FuzzParseCode(f *testing.F) {
	for _, s := range []string{"0.77", "4.(3)", "4!.0", "0.F6", "0.1(37)", "0·07", "0.()"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseCode(s, 0)
		if err != nil {
			return
		}
		back, err := ParseCode(r.String(), 0)
		if err != nil || !back.Equal(r) {
			t.Fatalf("%q: canonical %q reads back as %v, %v", s, r.String(), back, err)
		}
	})
}
