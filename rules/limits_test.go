package rules

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/lexer"
	"github.com/goccy/go-yaml/token"
)

// FuzzLimits checks that checkText and checkTokens count at least what the
// YAML parser builds, so that their limits bound it: a text that the lexer
// makes n tokens of fails checkText with a limit of n-1 tokens, and a text
// that parses into lists and mappings nested d deep, with a key of k bytes
// or with e values filled in with a null fails checkTokens with a limit
// one below (two more below for the nesting).
func FuzzLimits(f *testing.F) {
	paths, _ := filepath.Glob("../configs/*.yaml")
	more, _ := filepath.Glob("testdata/*/*.yaml")
	for _, p := range append(paths, more...) {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		if len(data) <= 8<<10 { // the parser takes long on deeper nesting, unchecked
			f.Add(data)
		}
	}
	for _, s := range []string{
		"a:\nb:\n- \n-\n",
		"{a, b: , : c}\n",
		"a: |\n      x\n  - 1\n  - 2\n",
		"a: \"x\n---\n- 1\n- 2\n",
		"? a\n? b\n: c\n",
		"- - - [{a: [b]}]\n",
		".\n\"00: 0",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		unlimited := textLimits{tokens: 1 << 30, depth: 1 << 30, keyLen: 1 << 30, empty: 1 << 30}
		if checkText(data, unlimited) != nil {
			return
		}
		tks := lexer.Tokenize(string(data))
		if n := len(tks); n > 0 {
			lim := unlimited
			lim.tokens = n - 1
			if checkText(data, lim) == nil {
				t.Fatalf("the lexer makes %d tokens of %q, more than checkText counts", n, data)
			}
		}
		if tks.InvalidToken() != nil {
			return
		}
		if p := checkTokens(tks, unlimited); p != nil {
			if p.kind == ErrSyntax {
				return
			}
			t.Fatalf("checkTokens refuses %q with no limit: %s", data, p.msg)
		}
		file, err := yamlParse(lexer.Tokenize(string(data)))
		if file == nil || err != nil {
			return
		}
		// The parser also fills in, at no cost, a null after a tag or anchor
		// with no value and after an indicator at the end of its tokens.
		free := len(file.Docs)
		for _, tk := range tks {
			if tk.Type == token.TagType || tk.Type == token.AnchorType || tk.Type == token.MappingValueType || tk.Type == token.SequenceEntryType {
				free++
			}
		}
		_ = free
		// The parser inserts a null among the tokens one column right of the
		// token it follows: a ':', a '-' or a flow mapping's key. It also
		// adds nulls at no cost: one after a tag or anchor with no value, and
		// one two columns right of an indicator at the end of the tokens.
		inserted := map[token.Position]bool{}
		for _, tk := range tks {
			if tk.Type != token.TagType && tk.Type != token.AnchorType && tk.Position != nil {
				inserted[token.Position{Line: tk.Position.Line, Column: tk.Position.Column + 1}] = true
			}
		}
		st := astStats{inserted: inserted}
		for _, d := range file.Docs {
			st.walk(d.Body, 0)
		}
		for _, c := range []struct {
			what string
			got  int
			set  func(*textLimits, int)
		}{
			// The parser reads some odd texts one or two levels deeper than
			// the columns say (": 0" lines under a key); what matters is
			// that the difference does not grow.
			{"lists and mappings nested", st.depth - 2, func(l *textLimits, n int) { l.depth = n }},
			{"a key of bytes", st.key, func(l *textLimits, n int) { l.keyLen = n }},
			{"values filled in with null", st.nulls, func(l *textLimits, n int) { l.empty = n }},
		} {
			if c.got <= 0 {
				continue
			}
			lim := unlimited
			c.set(&lim, c.got-1)
			if checkTokens(tks, lim) == nil {
				t.Fatalf("%q parses into %s %d, which checkTokens does not count", data, c.what, c.got)
			}
		}
	})
}

// astStats measures a parsed text: its deepest nesting of lists and
// mappings, its longest key and the values the parser inserted a null for.
type astStats struct {
	depth, key, nulls int
	inserted          map[token.Position]bool // where an inserted null would be
}

func (st *astStats) walk(n ast.Node, depth int) {
	switch v := n.(type) {
	case nil:
	case *ast.MappingNode:
		st.depth = max(st.depth, depth+1)
		for _, mv := range v.Values {
			st.walk(mv, depth+1)
		}
	case *ast.MappingValueNode:
		if depth == 0 { // a mapping of one key
			st.depth = max(st.depth, 1)
			depth = 1
		}
		if tk := keyToken(v.Key); tk != nil {
			st.key = max(st.key, len(tk.Value))
		}
		st.walk(v.Key, depth)
		st.walk(v.Value, depth)
	case *ast.SequenceNode:
		st.depth = max(st.depth, depth+1)
		for _, x := range v.Values {
			st.walk(x, depth+1)
		}
	case *ast.TagNode:
		st.walk(v.Value, depth)
	case *ast.AnchorNode:
		st.walk(v.Value, depth)
	case *ast.MappingKeyNode:
		st.walk(v.Value, depth)
	case *ast.NullNode:
		if v.Token != nil && v.Token.Type == token.ImplicitNullType &&
			st.inserted[token.Position{Line: v.Token.Position.Line, Column: v.Token.Position.Column}] {
			st.nulls++
		}
	}
}

// keyToken returns the token whose text the parser takes as a key's name.
func keyToken(n ast.Node) *token.Token {
	for {
		switch v := n.(type) {
		case *ast.MappingKeyNode:
			n = v.Value
		case *ast.TagNode:
			n = v.Value
		case *ast.AnchorNode:
			n = v.Value
		case *ast.AliasNode, nil:
			return nil
		default:
			if tk := n.GetToken(); tk != nil && tk.Type != token.ImplicitNullType {
				return tk
			}
			return nil // a null key's name is "null"
		}
	}
}

// An allocation counts what a call allocates on the heap: its bytes and
// its objects. Reading a config allocates as it goes (tokens, nodes, the
// keys met through aliases), so the objects bound its work as a clock
// cannot on a busy machine.
type allocation struct{ bytes, objects uint64 }

// allocated returns what f allocates.
func allocated(f func()) allocation {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return allocation{after.TotalAlloc - before.TotalAlloc, after.Mallocs - before.Mallocs}
}

// TestLargeConfig checks that a hostile config of 8 MiB, one take list of
// 2.8 million counts, is refused with less memory allocated than 64 bytes
// a byte of it, and than 1 GiB, in fewer heap allocations than one a byte.
// (The YAML parser alone allocates over 1 KB a count.)
func TestLargeConfig(t *testing.T) {
	text := "moves:\n  - take: [" + strings.Repeat("1, ", 8<<20/3) + "1]\n"
	var err error
	use := allocated(func() { _, err = Parse(strings.NewReader(text), "large.yaml") })
	want := "large.yaml:2:1572867: more than 1048576 YAML tokens (keys, values and punctuation such as - : , [ ]); " +
		"a config may hold at most that many"
	if !errors.Is(err, ErrTooLarge) || err.Error() != want {
		t.Errorf("Parse(8 MiB take list) = %.300v, want %s", err, want)
	}
	if use.bytes > 64*uint64(len(text)) || use.bytes > 1<<30 || use.objects > uint64(len(text)) {
		t.Errorf("Parse(%d bytes) allocated %d bytes in %d objects, want less than 64 bytes and one object a byte, and 1 GiB",
			len(text), use.bytes, use.objects)
	}
}

// TestLargestConfigs checks that the largest configs the limits are meant
// to let through parse, within bounded memory and work (heap allocations):
// a take list of every count a rule can name, and a batch of 50000 games.
func TestLargestConfigs(t *testing.T) {
	if testing.Short() {
		t.Skip("parses configs of 0.5 and 2.4 MB")
	}
	var take strings.Builder
	take.WriteString("moves:\n  - take: [1")
	for k := 2; k < maxDigits; k++ {
		fmt.Fprintf(&take, ", %d", k)
	}
	take.WriteString("]\n")
	var batch strings.Builder
	batch.WriteString("games:\n")
	for i := range 50000 {
		fmt.Fprintf(&batch, "  - name: game-%d\n    code: \"0.%d\"\n    heaps: 100\n", i, i%7+1)
	}
	for _, tc := range []struct {
		name, text string
		games      int
	}{
		{"take list", take.String(), 1},
		{"batch", batch.String(), 50000},
	} {
		var (
			games []Game
			err   error
		)
		use := allocated(func() { games, err = Parse(strings.NewReader(tc.text), "largest.yaml") })
		if err != nil || len(games) != tc.games {
			t.Errorf("%s: %d games, error %.300v; want %d games", tc.name, len(games), err, tc.games)
		}
		if use.bytes > 1<<30 || use.objects > 16*uint64(len(tc.text)) {
			t.Errorf("%s: Parse(%d bytes) allocated %d bytes in %d objects, want less than 1 GiB and 16 objects a byte",
				tc.name, len(tc.text), use.bytes, use.objects)
		}
		t.Logf("%s: %d bytes, %d allocated (%d a byte) in %d objects", tc.name, len(tc.text), use.bytes, use.bytes/uint64(len(tc.text)), use.objects)
	}
}
