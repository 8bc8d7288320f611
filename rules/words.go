package rules

import (
	"fmt"
	"strings"
)

// Words says the rule r in English, removal by removal, as a report shows
// it beside the code: "remove 1 or 2 tokens, taking the whole heap or
// leaving one or two heaps" for Kayles (0.77). Removals with the same digit
// are said once; a repeating tail and a run are said as the ranges they
// allow.
func (r Rule) Words() string {
	var parts []string
	add := func(count string, d Digit) {
		if !d.IsZero() {
			parts = append(parts, "remove "+count+", "+leaves(d))
		}
	}
	n := len(r.Digits)
	end := n
	if r.Period > 0 {
		end = r.TailStart()
	}
	if r.Until > 0 {
		end = n - 1
	}
	for k := 0; k < end; {
		j := k
		for j+1 < end && r.Digits[j+1] == r.Digits[k] {
			j++
		}
		add(counts(k, j), r.Digits[k])
		k = j + 1
	}
	switch {
	case r.Until > 0:
		add(counts(n-1, r.Until), r.Digits[n-1])
	case r.Period == 1:
		add(fmt.Sprintf("any number of tokens from %d", end), r.Digits[end])
	case r.Period > 1:
		for k := end; k < n; k++ {
			add(fmt.Sprintf("%d + %d·i tokens (any i ≥ 0)", k, r.Period), r.Digits[k])
		}
	}
	if len(parts) == 0 {
		return "no move"
	}
	return strings.Join(parts, "; ")
}

// counts says the removals of lo to hi tokens.
func counts(lo, hi int) string {
	switch {
	case lo == 0 && hi == 0:
		return "nothing"
	case lo == 1 && hi == 1:
		return "1 token"
	case lo == hi:
		return fmt.Sprintf("%d tokens", lo)
	case hi == lo+1:
		return fmt.Sprintf("%d or %d tokens", lo, hi)
	}
	return fmt.Sprintf("%d to %d tokens", lo, hi)
}

// leaves says what a removal with digit d may leave.
func leaves(d Digit) string {
	var outs []string
	if d.Leave&Leave0 != 0 {
		outs = append(outs, "taking the whole heap")
	}
	var left []string
	for _, b := range []struct {
		bit  uint8
		word string
	}{{Leave1, "one"}, {Leave2, "two"}, {Leave3, "three"}} {
		if d.Leave&b.bit == 0 {
			continue
		}
		w := b.word
		if d.Distinct&b.bit != 0 {
			w += " different"
		}
		left = append(left, w)
	}
	if len(left) > 0 {
		heaps := " heaps"
		if len(left) == 1 && left[0] == "one" {
			heaps = " heap"
		}
		outs = append(outs, "leaving "+strings.Join(left, " or ")+heaps)
	}
	return strings.Join(outs, " or ")
}
