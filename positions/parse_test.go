package positions

import (
	"math"
	"path/filepath"
	"testing"
)

// TestParseComponentRange checks that the largest positions are read
// exactly and that one past 2⁶³ − 1 is refused as too large, never
// wrapped, and a negative one as not a whole number ≥ 0.
func TestParseComponentRange(t *testing.T) {
	for _, tc := range []struct {
		word string
		want Component
		err  string
	}{
		{"9223372036854775807", Component{N: math.MaxInt64}, ""},
		{"9223372036854775807,1", Component{X: math.MaxInt64, Y: 1, Point: true}, ""},
		{"9223372036854775808", Component{}, `heap "9223372036854775808": too large: positions go up to 2⁶³ − 1 = 9223372036854775807`},
		{"1,99999999999999999999", Component{}, `point "1,99999999999999999999": too large: positions go up to 2⁶³ − 1 = 9223372036854775807`},
		{"-1", Component{}, `heap "-1": want a whole number ≥ 0`},
	} {
		c, err := ParseComponent(tc.word)
		if tc.err == "" && (err != nil || c != tc.want) || tc.err != "" && (err == nil || err.Error() != tc.err) {
			t.Errorf("%s: %+v, %v; want %+v, %q", tc.word, c, err, tc.want, tc.err)
		}
	}
}

// TestDefault checks which source a query's bare heap sizes are of: the
// table given, else a first argument that is no heap size nor
// SOURCE:HEAP, else none.
func TestDefault(t *testing.T) {
	for _, tc := range []struct {
		table string
		args  []string
		def   string
		rest  int
	}{
		{"t.parquet", []string{"nim.yaml", "4"}, "t.parquet", 2},
		{"", []string{"nim.yaml", "4", "5"}, "nim.yaml", 2},
		{"", []string{"4", "5"}, "", 2},
		{"", []string{"nim.yaml:4"}, "", 1},
		{"", nil, "", 0},
	} {
		var s Set
		def, rest := s.Default(tc.table, tc.args)
		name := ""
		if def != nil {
			name = def.Name
		}
		if name != tc.def || len(rest) != tc.rest {
			t.Errorf("Default(%q, %q) = %q, %q; want %q and %d left", tc.table, tc.args, name, rest, tc.def, tc.rest)
		}
	}
}

// TestParseLines checks that the lines of a positions file are read
// with their sources relative to its folder, and that a problem names its
// line.
func TestParseLines(t *testing.T) {
	var s Set
	all, err := s.ParseLines([]Line{{Words: []string{"nim.yaml:4", "5,6"}, Num: 2}}, nil, "dir/p.txt")
	if err == nil || err.Error() != `dir/p.txt:2: heap "5,6": no game given (name a config first, or use SOURCE:HEAP)` {
		t.Errorf("a bare component with no game: %v, %v", all, err)
	}
	all, err = s.ParseLines([]Line{{Words: []string{"nim.yaml:4", "7"}, Num: 3}}, s.Named("kayles.yaml", 0), "dir/p.txt")
	if err != nil || len(all) != 1 || all[0][0].Ref.Name != filepath.Join("dir", "nim.yaml") || all[0][1].Ref.Name != "kayles.yaml" || all[0][1].N != 7 {
		t.Errorf("lines: %v, %v", all, err)
	}
}
