package rules

import (
	"strconv"
	"strings"

	"github.com/goccy/go-yaml/ast"
)

// ParsePattern reads a code pattern: d0, a point, then one position per
// digit of the code, each a digit, "*" (any digit of the base) or a set in
// brackets of digits and ranges ("[0-37]"). d0 may be a set too, of the
// digits a d0 may be (0, 4, 8, C). base is 8 or 16.
func ParsePattern(s string, base int) (CodePattern, error) {
	c := CodePattern{Text: s, Base: base}
	all := uint16(1)<<base - 1
	dot := false
	for i := 0; i < len(s); i++ {
		var set uint16
		switch ch := s[i]; {
		case ch == '.':
			if len(c.Digits) != 1 || dot {
				return c, codeErr("a pattern has one position before the point, as in \"0.**\"")
			}
			dot = true
			continue
		case ch == '*':
			set = all
		case ch == '[':
			end := strings.IndexByte(s[i:], ']')
			if end < 0 {
				return c, codeErr("\"[\" without \"]\"")
			}
			var err error
			if set, err = digitSet(s[i+1:i+end], base); err != nil {
				return c, err
			}
			i += end
		default:
			v, ok := digitValue(ch, base)
			if !ok {
				return c, codeErr("%q is not a digit of base %d, \"*\" or a set \"[…]\"", string(ch), base)
			}
			set = 1 << v
		}
		if len(c.Digits) == 0 {
			set &= 1<<0 | 1<<4 | 1<<8 | 1<<12 // d0 may only split
			if set == 0 {
				return c, codeErr("d0 may only be 0, 4, 8 or C: a move that removes nothing can only split")
			}
		}
		c.Digits = append(c.Digits, set)
	}
	if !dot || len(c.Digits) < 2 {
		return c, codeErr("a pattern needs a point and at least one digit after it, as in \"0.**\"")
	}
	return c, nil
}

// digitSet reads the inside of "[…]": digits and ranges such as 0-3.
func digitSet(s string, base int) (uint16, error) {
	var set uint16
	for i := 0; i < len(s); i++ {
		lo, ok := digitValue(s[i], base)
		if !ok {
			return 0, codeErr("%q in [%s] is not a digit of base %d", string(s[i]), s, base)
		}
		hi := lo
		if i+2 < len(s) && s[i+1] == '-' {
			if hi, ok = digitValue(s[i+2], base); !ok || hi < lo {
				return 0, codeErr("bad range in [%s]", s)
			}
			i += 2
		}
		for v := lo; v <= hi; v++ {
			set |= 1 << v
		}
	}
	if set == 0 {
		return 0, codeErr("empty set []")
	}
	return set, nil
}

func digitValue(c byte, base int) (int, bool) {
	v, err := strconv.ParseUint(string(c), 16, 8)
	if err != nil || int(v) >= base {
		return 0, false
	}
	return int(v), true
}

// each calls fn with every code of the pattern, in increasing order.
func (c CodePattern) each(fn func(code string) error) error {
	var b []byte
	var rec func(k int) error
	rec = func(k int) error {
		if k == len(c.Digits) {
			return fn(string(b))
		}
		for v := range 16 {
			if c.Digits[k]&(1<<v) == 0 {
				continue
			}
			b = append(b, strings.ToUpper(strconv.FormatInt(int64(v), 16))...)
			if k == 0 {
				b = append(b, '.')
			}
			if err := rec(k + 1); err != nil {
				return err
			}
			b = b[:len(b)-1]
			if k == 0 {
				b = b[:len(b)-1]
			}
		}
		return nil
	}
	return rec(0)
}

// codePattern reads an item of a sweep's codes: a code pattern (see
// ParsePattern) in the sweep's base.
func (p *configParser) codePattern(n ast.Node, key string, base int) (CodePattern, bool) {
	text, ok := p.scalar(n, key, "a code pattern such as \"0.***\"")
	if !ok {
		return CodePattern{}, false
	}
	c, err := ParsePattern(text, base)
	if err != nil {
		p.errorf(n, key, ErrBadCode, quote(text), "%v", err)
		return CodePattern{}, false
	}
	return c, true
}
