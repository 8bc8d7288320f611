package codegen

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/export"
)

// GraphCode returns source code in lang (one of Languages) that looks up the
// SG value of every node of the game on a graph t: a function P_sg(node)
// (PSG in Go) taking a node's name, a string or an integer as the table
// names them. The nodes are held sorted, and looked up by binary search in
// C and C++, in a map in Go and Python. A node not in the graph is refused:
// C and C++ return −1, Go returns false beside the value, Python raises
// KeyError. Names follow Code's rules. A table of a graph with cycles is
// refused.
func GraphCode(t *graphgame.GraphTable, lang string, opt Options) (string, error) {
	if err := opt.check(lang); err != nil {
		return "", err
	}
	if t.Nodes() == 0 {
		return "", fmt.Errorf("empty table")
	}
	if t.Loopy != nil {
		return "", fmt.Errorf("the graph of %s has cycles: its values ∞(K) have no code form; read its table instead", t.Game.Name)
	}
	l := languages[lang]
	prefix := opt.prefix(l, t.Game.Name)
	fn := l.name(prefix, "sg", true)
	arr := func(base string) string { return l.name(prefix, base, false) }
	ints := t.Ints != nil
	// The nodes sorted by name (numerically for integers), with values.
	order := make([]int, t.Nodes())
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if ints {
			return cmpInt(t.Ints[a], t.Ints[b])
		}
		return strings.Compare(t.Strings[a], t.Strings[b])
	})
	if !ints {
		if err := checkCodeNodeNames(t.Strings, lang); err != nil {
			return "", err
		}
	}
	name := func(v int) string {
		if ints {
			return strconv.FormatInt(t.Ints[v], 10)
		}
		return stringLiteral(lang, t.Strings[v])
	}
	var b strings.Builder
	b.WriteString(l.comment([]string{
		fmt.Sprintf("Sprague-Grundy values of the %d nodes of %s (a game on a graph: %s, %d edges), written by sgtab.", t.Nodes(), t.Game.Name, t.Game.RuleText(), t.Edges),
		fmt.Sprintf("%s(node) is the value of a token on node; a node not in the graph is refused.", fn),
	}))
	b.WriteString(l.preamble(prefix, opt))
	switch lang {
	case "c", "cpp":
		if !ints {
			b.WriteString(map[string]string{"c": "#include <string.h>\n\n", "cpp": "#include <cstring>\n\n"}[lang])
		}
		keyType, cmpExpr := "const char *", "strcmp(node, %s[mid])"
		if ints {
			keyType, cmpExpr = "long long ", "(node > %s[mid]) - (node < %s[mid])"
		}
		fmt.Fprintf(&b, "static const %s%s[%d] = {\n", map[bool]string{false: "char *const ", true: "long long "}[ints], arr("sg_nodes"), t.Nodes())
		writeList(&b, "    ", order, name)
		b.WriteString("};\n\n")
		fmt.Fprintf(&b, "static const unsigned %s[%d] = {\n", arr("sg_values"), t.Nodes())
		writeList(&b, "    ", order, func(v int) string { return fmt.Sprint(t.G.At(v)) })
		b.WriteString("};\n\n")
		c := fmt.Sprintf(cmpExpr, arr("sg_nodes"))
		if ints {
			c = fmt.Sprintf(cmpExpr, arr("sg_nodes"), arr("sg_nodes"))
		}
		fmt.Fprintf(&b, "/* %s returns the value of node, or -1 when node is not in the graph. */\n", fn)
		fmt.Fprintf(&b, "static inline long long %s(%snode) {\n", fn, keyType)
		fmt.Fprintf(&b, "    long lo = 0, hi = %d;\n", t.Nodes())
		b.WriteString("    while (lo < hi) {\n        long mid = lo + (hi - lo) / 2;\n")
		fmt.Fprintf(&b, "        int c = %s;\n", c)
		fmt.Fprintf(&b, "        if (c == 0) return %s[mid];\n", arr("sg_values"))
		b.WriteString("        if (c < 0) hi = mid; else lo = mid + 1;\n    }\n    return -1;\n}\n\n")
	case "go":
		keyType := map[bool]string{false: "string", true: "int64"}[ints]
		fmt.Fprintf(&b, "var %s = map[%s]uint32{\n", arr("sg_nodes"), keyType)
		writeList(&b, "\t", order, func(v int) string { return name(v) + ": " + fmt.Sprint(t.G.At(v)) })
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "// %s returns the value of a token on node, and false when node is not\n// in the graph.\n", fn)
		fmt.Fprintf(&b, "func %s(node %s) (uint32, bool) {\n\tv, ok := %s[node]\n\treturn v, ok\n}\n", fn, keyType, arr("sg_nodes"))
	case "python":
		fmt.Fprintf(&b, "%s = {\n", arr("sg_nodes"))
		writeList(&b, "    ", order, func(v int) string { return name(v) + ": " + fmt.Sprint(t.G.At(v)) })
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "def %s(node):\n    \"\"\"The value of a token on node; KeyError when node is not in the graph.\"\"\"\n    return %s[node]\n\n", fn, arr("sg_nodes"))
	}
	b.WriteString(l.postamble(prefix))
	return b.String(), nil
}

// checkCodeNodeNames returns an error naming the first of names that code in
// lang cannot hold: one that is not UTF-8 text (a Python str holds
// characters, not bytes; see export.CheckNodeName), or in C and C++ one holding a
// NUL byte, which would end it as a C string.
func checkCodeNodeNames(names []string, lang string) error {
	for _, s := range names {
		if err := export.CheckNodeName(s); err != nil {
			return err
		}
		if (lang == "c" || lang == "cpp") && strings.IndexByte(s, 0) >= 0 {
			return fmt.Errorf("the node name %s holds a NUL byte, which a C string cannot", strconv.Quote(s))
		}
	}
	return nil
}

// stringLiteral writes s, UTF-8 text, as a string literal of lang. Go's
// quoting (strconv.Quote) serves Go, and Python 3, whose str literals read
// its escapes (\n, \x00, \u2028, \U0001F600, …) alike. C and C++ get
// their own: a hexadecimal escape there takes every hex digit that follows
// (so "\x00b" would be one character, 0x0b), and "??/" is a trigraph, a
// backslash, in C before C23 and C++ before C++17. So every byte but
// printable ASCII is a three-digit octal escape, which takes no more
// digits, and ? is written \?; the bytes of the name are then exactly its
// UTF-8 bytes, whatever the compiler's source and execution character sets.
func stringLiteral(lang, s string) string {
	if lang != "c" && lang != "cpp" {
		return strconv.Quote(s)
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := range len(s) {
		switch c := s[i]; {
		case c == '"' || c == '\\' || c == '?':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// writeList writes item(v) for every v of vs, comma-separated, a few a line.
func writeList(b *strings.Builder, indent string, vs []int, item func(int) string) {
	line := indent
	for _, v := range vs {
		s := item(v) + ","
		if len(line)+len(s)+1 > 100 && line != indent {
			b.WriteString(strings.TrimRight(line, " ") + "\n")
			line = indent
		}
		line += s + " "
	}
	if line != indent {
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
}
