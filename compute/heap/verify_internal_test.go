package heap

import (
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/rules"
)

// TestVerifySplits checks that the games TestVerifyFindsAlteredValue
// alters are checked in sparse space with a split, with and without the
// heap's parity, so that both ways of telling the values only mixed pairs
// give are tested: Officers and Grundy's game to 10^4 (a mask), 0.127 to
// 3000 (a mask and the parity).
func TestVerifySplits(t *testing.T) {
	for _, tc := range []struct {
		yaml   string
		n      int
		parity bool
	}{
		{`code: "0.6"`, 10000, false},
		{"moves:\n  - split: {parts: 2, distinct: true}", 10000, false},
		{`code: "0.127"`, 3000, true},
	} {
		games, err := rules.Parse(strings.NewReader(tc.yaml), "t.yaml")
		if err != nil {
			t.Fatal(err)
		}
		tab, err := Sequence(t.Context(), games[0], tc.n, sg.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var (
			sparse bool
			split  sg.Split
			rare   int
		)
		if tab.G.Width() == 8 {
			vf := newVerifier(tab, sg.Typed[uint8](tab.G))
			sparse, split, rare = vf.sparse, vf.split, len(vf.rare)
		} else {
			vf := newVerifier(tab, sg.Typed[uint16](tab.G))
			sparse, split, rare = vf.sparse, vf.split, len(vf.rare)
		}
		if !sparse || split.Mask == 0 || rare == 0 || (split.Pos != sg.NoParity) != tc.parity {
			t.Errorf("%q: sparse %v, split %+v, %d rare positions", tc.yaml, sparse, split, rare)
		}
	}
}
