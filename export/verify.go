package export

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// verifySums checks the values (g) and any further columns of values
// against sgtab.checksum (of g alone) and sgtab.crc32c (of all); at least
// one must be present.
func verifySums(meta map[string]string, g sg.Values, more ...sg.Values) error {
	sum, hasSum := meta[KeyChecksum]
	crc, hasCRC := meta[KeyCRC]
	if !hasSum && !hasCRC {
		return fmt.Errorf("no checksum (%s or %s) to verify the values with; compute the table again with sgtab run", KeyChecksum, KeyCRC)
	}
	if hasSum {
		if got := g.Checksum(); got != sum {
			return fmt.Errorf("damaged: the values' checksum is %s, but %s says %s", got, KeyChecksum, sum)
		}
	}
	if hasCRC {
		if got := crcOf(append([]sg.Values{g}, more...)...); got != crc {
			return fmt.Errorf("damaged: the values' CRC-32C is %s, but %s says %s", got, KeyCRC, crc)
		}
	}
	return nil
}

// verifyPrefix is how many heap sizes (and the side of the square of a
// board) a reader computes again to check that a table's values are those of
// its rule.
const verifyPrefix = 1024

// verifyAnalysis analyses f.Table's values again, reconciles the result with
// the metadata's claims, and checks the first values against the rule.
func (f *File) verifyAnalysis(ctx context.Context, opt ReadOptions) error {
	t, meta := f.Table, f.Meta
	a := period.Analyze(t)
	claimed := meta[KeyStatus] == string(sg.Proved)
	check := min(t.N(), verifyPrefix)
	switch {
	case claimed:
		var want sg.Period
		if err := readPeriod(meta, &want); err != nil {
			return err
		}
		if a.Status != sg.Proved || a.Period != want {
			return fmt.Errorf("metadata %s says the period %d from n = %d is proved, but the values do not prove it", KeyStatus, want.Length, want.Start)
		}
		need := a.Proof.Need(a.Period)
		if !f.Signed(opt.Key) {
			check = max(check, need)
		}
		if c, err := strconv.Atoi(meta[KeyComputed]); err == nil && c >= need && c <= t.N() {
			a.Computed = c
		}
	case a.Status == sg.Proved:
		// The values would prove it, but the file does not claim it:
		// report what the values show, no more.
		a.Status, a.Proof = sg.Observed, sg.Proof{}
	}
	if r := a.Ring; r != nil {
		if err := verifyLostFrom(meta, r); err != nil {
			return err
		}
		// The ring's period is proved from the rows' proved period, or by
		// the mirror strategy: the same rules, for the ring's own claim.
		switch {
		case meta[KeyRingStatus] == string(sg.Proved):
			var want sg.Period
			if err := readPeriodKeys(meta, &want, KeyRingPeriod, KeyRingPreperiod, KeyRingSaltus); err != nil {
				return err
			}
			if r.Status != sg.Proved || r.Period != want {
				return fmt.Errorf("metadata %s says the ring period %d from n = %d is proved, but the values do not prove it", KeyRingStatus, want.Length, want.Start)
			}
			if !f.Signed(opt.Key) {
				check = max(check, r.Proof.Need(r.Period))
			}
		case r.Status == sg.Proved:
			r.Status, r.Proof = sg.Observed, sg.Proof{}
		}
	}
	t.Analysis = a
	if err := checkRule(ctx, t, check, opt); err != nil {
		return err
	}
	f.RuleChecked = check
	return nil
}

// verifyLostFrom reconciles the mirror strategy's bound of the ring
// analysis r, from the rule and values read, with sgtab.ring_lost_from: a
// claim must be what they give; without one, none is reported.
func verifyLostFrom(meta map[string]string, r *sg.RingAnalysis) error {
	s, claimed := meta[KeyRingLostFrom]
	if !claimed {
		r.MirrorFrom = 0
		return nil
	}
	from, err := strconv.Atoi(s)
	if err != nil || from < 1 {
		return fmt.Errorf("metadata %s = %q, want a whole number from 1 on", KeyRingLostFrom, s)
	}
	if r.MirrorFrom != from {
		return fmt.Errorf("metadata %s says every ring from n = %d on is lost (the mirror strategy), but the rule and the values do not prove it", KeyRingLostFrom, from)
	}
	return nil
}

// readPeriod reads sgtab.period, sgtab.preperiod and sgtab.saltus into p.
func readPeriod(meta map[string]string, p *sg.Period) error {
	return readPeriodKeys(meta, p, KeyPeriod, KeyPreperiod, KeySaltus)
}

// readPeriodKeys reads a period's length, start and saltus into p from the
// metadata keys given.
func readPeriodKeys(meta map[string]string, p *sg.Period, period, preperiod, saltus string) error {
	for _, f := range []struct {
		key string
		v   *int
	}{{period, &p.Length}, {preperiod, &p.Start}} {
		n, err := strconv.Atoi(meta[f.key])
		if err != nil || n < 0 {
			return fmt.Errorf("metadata %s = %q, want a whole number", f.key, meta[f.key])
		}
		*f.v = n
	}
	s, err := strconv.ParseUint(meta[saltus], 10, 32)
	if err != nil {
		return fmt.Errorf("metadata %s = %q, want a whole number", saltus, meta[saltus])
	}
	p.Saltus = uint32(s)
	return nil
}

// checkRule checks t's first values, those of heap sizes 0..m, against
// its rule (compute.Verify), within the budget of opt: the first
// verifyPrefix first, so that a table of another game is told by its
// values before the budget refuses a long proof window.
func checkRule(ctx context.Context, t *sg.Table, m int, opt ReadOptions) error {
	budget := opt.budget()
	steps := []int{m}
	if m > verifyPrefix {
		steps = []int{verifyPrefix, m}
	}
	for _, through := range steps {
		v, err := compute.VerifyTable(ctx, t, sg.VerifyOptions{Through: through, MaxWork: budget, Workers: opt.Workers})
		if err != nil {
			return ruleError(t, err)
		}
		if budget > 0 {
			budget = max(1, budget-v.Work)
		}
	}
	return nil
}

// ruleError words an error of compute.Verify checking t against its rule.
func ruleError(t *sg.Table, err error) error {
	rule := ShortRule(t.Game)
	if bad, ok := errors.AsType[*sg.MismatchError](err); ok {
		f := bad.Quantity
		if bad.Ring {
			f = "ring " + f
		}
		if bad.Period != nil {
			return &rowError{bad.N, fmt.Errorf("the file's %s(%d) is %d, but the period %d that its values below prove for the rule %s gives %d: these are not the values of its game",
				f, bad.N, bad.Got, bad.Period.Length, rule, bad.Want)}
		}
		return &rowError{bad.N, fmt.Errorf("the file's %s(%d) is %d, but the rule %s gives %d: these are not the values of its game", f, bad.N, bad.Got, rule, bad.Want)}
	}
	if _, ok := errors.AsType[*sg.BudgetError](err); ok {
		return fmt.Errorf("%w, the most a reader spends on the rule %s: refused; sgtab inspect -verify checks it without a bound", err, rule)
	}
	return err
}

// ShortRule returns the game's rule as RuleText writes it, cut short with
// its length when it is too long to read in a message.
func ShortRule(g rules.Game) string {
	const most = 40
	s := g.RuleText()
	if len(s) <= most {
		return s
	}
	cut := most - 8
	for !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s… (%d characters)", s[:cut], len(s))
}
