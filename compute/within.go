package compute

import (
	"fmt"

	"github.com/sgtab/sgtab/rules"
)

// engineRule returns the rule the heap engine steps through for heap sizes
// up to n: r within n (rules.Rule.Within), whose run, if r has one, is a
// repeating tail when it reaches n and is spelled out otherwise, after
// checking that the spelled-out run fits in the memory available.
func engineRule(r rules.Rule, n int) (rules.Rule, error) {
	if err := rules.CheckMemory(rules.RuleMemory(r, int64(n))); err != nil {
		return rules.Rule{}, fmt.Errorf("%s to heap %d: %w", ruleName(r), n, err)
	}
	return r.Within(n), nil
}

// ruleName names the rule r in a message: its code, and for a run the
// count it spells out.
func ruleName(r rules.Rule) string {
	if r.Until > 0 {
		return fmt.Sprintf("the rule %s, whose removals spelled out are %d digits,", r, r.Until+1)
	}
	return "the rule " + r.String()
}
