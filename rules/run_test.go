package rules

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestParseCodeRuns checks repeat counts in codes: a count that keeps the
// code within maxDigits digits spells the digit out, a longer one at the
// end makes a run (Rule.Until), which String writes back the same way.
func TestParseCodeRuns(t *testing.T) {
	for _, tc := range []struct {
		code  string
		want  string // canonical form; "!" and an error's text
		until int
	}{
		{"0.7{3}", "0.777", 0},
		{"0.7{1}", "0.7", 0},
		{"0.(7{2}3)", "0.(773)", 0},
		{"0.7!{2}", "0.7!7!", 0},
		{"0.7{65535}", "0." + strings.Repeat("7", 65535), 0},
		// d_1 … d_65536: one past the digits a code spells out.
		{"0.7{65536}", "0.7{65536}", 65536},
		{"0.7{1000000000}", "0.7{1000000000}", 1000000000},
		{"0.77{999999999}", "0.7{1000000000}", 1000000000},
		{"0.37{1000000000}", "0.37{1000000000}", 1000000001},
		{"4.4{100000}", "4.4{100000}", 100000},
		{"0.F{70000}", "0.F{70000}", 70000},
		{"0.7{1000000000000000000}", "0.7{1000000000000000000}", 1000000000000000000},
		// A run of zeros removes nothing.
		{"0.70{1000000}", "0.7", 0},
		{"0.0{1000000}", "0.0", 0},
		{"0.7{1000000001}", "0.7{1000000001}", 1000000001},
		{"0.7{0}", "!repeat count 0: a digit is repeated at least once", 0},
		{"0.7{}", `!repeat count "" is not a whole number`, 0},
		{"0.7{-3}", `!repeat count "-3" is not a whole number`, 0},
		{"0.7{+3}", `!repeat count "+3" is not a whole number`, 0},
		{"0.7{3", `!"{" without "}"`, 0},
		{"0.{3}", `!"{" must follow a digit after the point, as in "0.7{3}"`, 0},
		{"4{3}.7", `!"{" must follow a digit after the point, as in "0.7{3}"`, 0},
		{"0.(7){3}", `!"{" must follow a digit after the point, as in "0.7{3}"`, 0},
		{"0.7{1000000000000000001}", "!repeat count 1000000000000000001 is too large: a run may remove at most 10^18 tokens", 0},
		{"0.37{1000000000000000000}", "!repeat count 1000000000000000000 is too large: a run may remove at most 10^18 tokens", 0},
		{"0.7{99999999999999999999}", "!repeat count 99999999999999999999 is too large: a run may remove at most 10^18 tokens", 0},
		{"0.7{100000}3", "!'3' after a repeat count that runs past 65536 digits: such a run must end the code", 0},
		{"0.(7{100000})", "!repeat count 100000 in a repeating group: a group holds at most 65536 digits", 0},
	} {
		r, err := ParseCode(tc.code, 0)
		if msg, ok := strings.CutPrefix(tc.want, "!"); ok {
			if err == nil || err.Error() != msg || !errors.Is(err, ErrBadCode) {
				t.Errorf("ParseCode(%q) = %v, %v; want the error %s", tc.code, r, err, msg)
			}
			continue
		}
		if err != nil || r.String() != tc.want || r.Until != tc.until {
			t.Errorf("ParseCode(%q) = %v (until %d), %v; want %s (until %d)", tc.code, r, r.Until, err, tc.want, tc.until)
			continue
		}
		if back, err := ParseCode(r.String(), 0); err != nil || !back.Equal(r) {
			t.Errorf("ParseCode(%q) reads back as %v, %v", r.String(), back, err)
		}
	}
}

// TestRuleRun checks the moves of a rule with a run: its digits, its
// largest removal, and Within, which the engines step through.
func TestRuleRun(t *testing.T) {
	r, err := ParseCode("0.37{1000000000}", 0)
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[int]uint8{0: 0, 1: 3, 2: 7, 3: 7, 65536: 7, 1000000001: 7, 1000000002: 0, 1 << 62: 0} {
		if got := r.Digit(k).Leave; got != want {
			t.Errorf("%s: d_%d = %X, want %X", r, k, got, want)
		}
	}
	if k, ok := r.MaxTake(); !ok || k != 1000000001 {
		t.Errorf("%s: MaxTake() = %d, %v; want 1000000001", r, k, ok)
	}
	if r.Splits() != true || r.MaxParts() != 2 {
		t.Errorf("%s: Splits %v, MaxParts %d; want true, 2", r, r.Splits(), r.MaxParts())
	}
	// Within a table that the run reaches, the run repeats for ever.
	in := r.Within(1000)
	if in.Until != 0 || in.Period != 1 || len(in.Digits) != 3 {
		t.Errorf("%s.Within(1000) = %+v, want the digits 0, 3, 7 and a tail of period 1", r, in)
	}
	for k := range 1001 {
		if in.Digit(k) != r.Digit(k) {
			t.Fatalf("%s.Within(1000): d_%d = %v, want %v", r, k, in.Digit(k), r.Digit(k))
		}
	}
	// Past the run's end, it is spelled out.
	short, _ := ParseCode("0.1{70000}", 0)
	out := short.Within(70005)
	if out.Until != 0 || out.Period != 0 || len(out.Digits) != 70001 {
		t.Errorf("%s.Within(70005) has %d digits, period %d, until %d; want 70001, 0, 0", short, len(out.Digits), out.Period, out.Until)
	}
	for k := range 70006 {
		if out.Digit(k) != short.Digit(k) {
			t.Fatalf("%s.Within(70005): d_%d = %v, want %v", short, k, out.Digit(k), short.Digit(k))
		}
	}
	if plain, _ := ParseCode("0.77", 0); !plain.Within(5).Equal(plain) {
		t.Error("Within changes a rule without a run")
	}
}

// TestNormalizeRuns checks that normalising a rule with a run keeps every
// move: random digits with a run of random length, compared digit by
// digit near the run's ends and read back from the canonical string.
func TestNormalizeRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for range 1000 {
		r := randomRule(rng)
		r.Period = 0
		if len(r.Digits) < 2 {
			continue
		}
		// Runs ending near the digits, around maxDigits (spelled out
		// below it, one in twenty: each costs 65536 digits), and far.
		switch i := rng.IntN(20); {
		case i == 0:
			r.Until = maxDigits - 2 + rng.IntN(4)
		case i < 10:
			r.Until = len(r.Digits) - 1 + rng.IntN(5)
		default:
			r.Until = maxDigits + rng.IntN(1e9)
		}
		n := normalize(r)
		end := max(r.Until, len(r.Digits))
		for _, k := range []int{0, 1, 2, 3, 4, 5, 6, 7, 8, end - 1, end, end + 1, maxDigits - 1, maxDigits, maxDigits + 1} {
			if k >= 0 && n.Digit(k) != r.Digit(k) {
				t.Fatalf("normalize(%+v) = %v: d_%d = %v, want %v", r, n, k, n.Digit(k), r.Digit(k))
			}
		}
		if n.Until > 0 && (n.Until < maxDigits || n.Digits[len(n.Digits)-1].IsZero() || len(n.Digits) > 2 && n.Digits[len(n.Digits)-2] == n.Digits[len(n.Digits)-1]) {
			t.Fatalf("normalize(%+v) = %+v is not normal", r, n)
		}
		back, err := ParseCode(n.String(), 0)
		if err != nil || !back.Equal(n) {
			t.Fatalf("ParseCode(%q) = %v, %v; want %v", n.String(), back, err, n)
		}
	}
}

// TestTakeRangeRuns checks take ranges whose max passes the digits a rule
// spells out: each is a run, equal to the code that repeats its digit, and
// combines with finite families and with runs ending at the same count.
func TestTakeRangeRuns(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		// HDU 3951: take 1 to k adjacent coins of a ring.
		{"moves:\n  - take: {min: 1, max: 1000000000}\n    leave: [0, 1, 2]\nstart: ring", "0.7{1000000000}"},
		{"moves:\n  - take: {min: 1, max: 1e9}\n    leave: [0, 1, 2]", "0.7{1000000000}"},
		{"code: \"0.7{1000000000}\"", "0.7{1000000000}"},
		{"moves:\n  - take: {min: 3, max: 100000}", "0.003{99998}"},
		{"moves:\n  - take: {min: 1, max: 1000000000000000000}", "0.3{1000000000000000000}"},
		// A finite family below the run's end.
		{"code: \"0.4\"\nmoves:\n  - take: {min: 1, max: 70000}", "0.73{69999}"},
		{"moves:\n  - take: [5]\n    leave: [2]\n  - take: {min: 1, max: 70000}", "0.333373{69995}"},
		// Runs that end at one count.
		{"moves:\n  - take: {min: 1, max: 70000}\n  - take: {min: 2, max: 70000}\n    leave: [2]", "0.37{69999}"},
		// A short range is spelled out.
		{"moves:\n  - take: {min: 1, max: 65535}", "0." + strings.Repeat("3", 65535)},
	} {
		games, err := Parse(strings.NewReader(tc.yaml), "run.yaml")
		if err != nil {
			t.Errorf("%q: %v", tc.yaml, err)
			continue
		}
		if got := games[0].Rule.String(); got != tc.want {
			t.Errorf("%q: rule %s, want %s", tc.yaml, got, tc.want)
		}
	}
}

// TestRunAllocations checks that a removal count of 10^18 costs a config,
// a code and the rule's string a few kilobytes, not a digit a count: the
// rule keeps its run as one number.
func TestRunAllocations(t *testing.T) {
	for _, text := range []string{
		"moves:\n  - take: {min: 1, max: 1e18}\n    leave: [0, 1, 2]\nstart: ring\n",
		"code: \"0.7{1000000000000000000}\"\nstart: ring\n",
		"code: \"0.37{999999999}\"\nmoves:\n  - take: {min: 1, max: 1000000000}\n",
	} {
		var (
			games []Game
			err   error
		)
		use := allocated(func() { games, err = Parse(strings.NewReader(text), "huge.yaml") })
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		var s string
		use2 := allocated(func() { s = games[0].Rule.String() })
		if use.bytes+use2.bytes > 1<<20 {
			t.Errorf("%q (rule %s): parsing allocated %d bytes, String %d; want less than 1 MiB", text, s, use.bytes, use2.bytes)
		}
	}
	// Within a table, the engines' rule is no longer than the table.
	r, _ := ParseCode("0.7{1000000000000000000}", 0)
	if use := allocated(func() { r = r.Within(1 << 40) }); use.bytes > 1<<10 {
		t.Errorf("Within(2^40) of a run to 10^18 allocated %d bytes", use.bytes)
	}
	if RuleMemory(r, 1<<40) != 0 {
		t.Error("a run that reaches the table counts memory")
	}
	short, _ := ParseCode("0.7{1000000}", 0)
	if got := RuleMemory(short, 10_000_000); got != 64*1_000_001 {
		t.Errorf("RuleMemory(%s, 10^7) = %d, want 64 bytes a count", short, got)
	}
}

// TestRunErrors checks the refusals of configs with huge removal counts:
// each names the key and says what to do.
func TestRunErrors(t *testing.T) {
	for _, tc := range []struct{ yaml, want string }{
		{"moves:\n  - take: {min: 1, max: 1000000000000000001}",
			"run.yaml:2:25: moves[0].take.max: must be at most 10^18 (leave max out to allow any count from min on) (got 1000000000000000001)"},
		{"moves:\n  - take: {min: 70000, max: 1000000000}",
			"run.yaml:2:17: moves[0].take.min: must be from 1 to 65535 (got 70000)"},
		{"moves:\n  - take: [1, 1000000000]",
			"run.yaml:2:15: moves[0].take[1]: must be below 65536 (for every count from some k on, use {min: k}; from a to b, {min: a, max: b}) (got 1000000000)"},
		{"moves:\n  - take: {min: 1, max: 1000000000}\n  - take: {min: 1, max: 2000000000}\n    leave: [2]",
			"run.yaml:1:1: moves: move families removing up to 1000000000 and up to 2000000000 tokens cannot be combined: above 65535, only the counts of one move family may run on to a single largest count"},
		{"code: \"4.(3)\"\nmoves:\n  - take: {min: 1, max: 1000000000}",
			"run.yaml:1:1: moves: a move family removing up to 1000000000 tokens cannot be combined with one removing any number from some count on (a repeating tail): write the tail's counts up to 1000000000 as a range too, or drop the range's max"},
		{"code: \"0.7{1000000000000000001}\"",
			"run.yaml:1:7: code: repeat count 1000000000000000001 is too large: a run may remove at most 10^18 tokens (got \"0.7{1000000000000000001}\")"},
	} {
		_, err := Parse(strings.NewReader(tc.yaml), "run.yaml")
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: error\n%v\nwant\n%s", tc.yaml, err, tc.want)
		}
	}
}

// ExampleParseCode_run shows a rule that removes up to 10^9 tokens, held
// as a run.
func ExampleParseCode_run() {
	r, _ := ParseCode("0.7{1000000000}", 8)
	k, _ := r.MaxTake()
	fmt.Println(r, len(r.Digits), k, r.Digit(999999999).Leave)
	// Output: 0.7{1000000000} 2 1000000000 7
}
