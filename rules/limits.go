package rules

import (
	"fmt"
	"unicode/utf8"

	"github.com/goccy/go-yaml/token"
)

// Limits on a config's text. The YAML parser spends several hundred bytes on
// every token it reads, more for every level of nesting and every byte of
// the keys above a value, and time in proportion to the tokens that follow
// for every value left empty. checkText and checkTokens refuse a text past
// these limits before the parser builds anything, so that parsing costs
// memory and time in proportion to the file. No config of real games comes
// near them: a take list names fewer than maxDigits counts, the keys are
// short words, and a game nests seven levels deep (games, a game, lattice,
// moves, a move, step, a number).
const (
	// maxTokens bounds a config's tokens: keys, values, indicators such as
	// "-", ":" and ",", brackets and comments.
	maxTokens = 1 << 20
	// maxDepth bounds how deep lists and mappings nest.
	maxDepth = 16
	// maxKeyLen bounds the length of a key, in bytes.
	maxKeyLen = 32
	// maxEmpty bounds the keys and list items left with no value.
	maxEmpty = 100
)

// textLimits are limits on a text: its tokens, how deep lists and mappings
// nest, how long a key is and how many values are left empty.
type textLimits struct{ tokens, depth, keyLen, empty int }

// configLimits are the limits on a config.
var configLimits = textLimits{tokens: maxTokens, depth: maxDepth, keyLen: maxKeyLen, empty: maxEmpty}

// A textProblem is why checkText or checkTokens refuses a text, and where.
type textProblem struct {
	line, col int
	kind      error
	msg       string
	value     string
}

// checkText reports the first reason to refuse data before the YAML lexer
// reads it: bytes that are not UTF-8, a character YAML does not allow in a
// file (any control character but tab and line breaks, DEL, U+FFFE,
// U+FFFF), or more tokens than lim allows.
//
// It counts tokens without knowing where strings and comments start, which
// depends on the lexer's state, and so counts more than the lexer makes:
// each of , [ ] { } : " ' & * ! | > < % ? @ ` # and tab is a token, so is a '-'
// before a blank or the end of a line, every run of other characters
// between blanks and those, a document marker ("---" or "...") at the
// start of a line, and a '|' or '>' counts three times (a block scalar's
// header, and its text, which the lexer may split in two).
func checkText(data []byte, lim textLimits) *textProblem {
	line, col, tokens := 1, 1, 0
	run := false // within a run of other characters
	for i := 0; i < len(data); {
		c := data[i]
		size, width := 1, 1 // bytes and characters read
		switch {
		case c == '\n' || c == '\r' && (i+1 == len(data) || data[i+1] != '\n'):
			line, col, run = line+1, 0, false
		case c == ' ' || c == '\r':
			run = false
		case col == 1 && (c == '-' || c == '.') && i+2 < len(data) && data[i+1] == c && data[i+2] == c:
			tokens++ // a document marker
			size, width, run = 3, 3, false
		case c < 0x20 || c == 0x7f:
			return &textProblem{line: line, col: col, kind: ErrSyntax, msg: fmt.Sprintf("character %U is not allowed in a YAML file", c)}
		case c >= utf8.RuneSelf:
			var r rune
			r, size = utf8.DecodeRune(data[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				return &textProblem{line: line, col: col, kind: ErrSyntax, msg: fmt.Sprintf("byte %#02x is not UTF-8 text", c)}
			case r <= 0x9f && r != 0x85 || r == 0xfffe || r == 0xffff:
				return &textProblem{line: line, col: col, kind: ErrSyntax, msg: fmt.Sprintf("character %U is not allowed in a YAML file", r)}
			}
			if !run {
				tokens, run = tokens+1, true
			}
		case tokenChar(c) || c == '-' && (i+1 == len(data) || isSpace(data[i+1])):
			tokens++
			if c == '|' || c == '>' {
				tokens += 2
			}
			run = false
		case !run:
			tokens, run = tokens+1, true
		}
		if tokens > lim.tokens {
			return &textProblem{line: line, col: col, kind: ErrTooLarge, msg: fmt.Sprintf(
				"more than %d YAML tokens (keys, values and punctuation such as - : , [ ]); a config may hold at most that many", lim.tokens)}
		}
		i += size
		col += width
	}
	return nil
}

// tokenChar reports whether the YAML lexer may end a token at c or make a
// token of it.
func tokenChar(c byte) bool {
	switch c {
	case ',', '[', ']', '{', '}', ':', '"', '\'', '&', '*', '!', '|', '>', '<', '%', '?', '@', '`', '#', '\t':
		return true
	}
	return false
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// checkTokens reports the first reason to refuse the tokens of a text before
// the YAML parser builds its tree: lists and mappings nested deeper than
// lim allows, a longer key, or more keys and list items that the parser
// would fill in with a null (each one costs it time in proportion to the
// tokens after it).
//
// Nesting is the open flow brackets plus the open block nodes, known from
// the columns where they start: a line's first token, a "-" or "?", and the
// token after one. Several nodes may start at one column: a list under a
// key, a value under its "-" or under a tag or anchor that ends a line. A
// key is the token before a ':', a flow mapping's entry with no ':', and the
// token (or block scalar) after a '?'. A block key or "-" is empty when the
// next token is on a later line and not to the right of it (but a "-"
// under a key is the key's value); a flow entry when it has a key and no
// ':' in a mapping, or a ':' and nothing after it; a '?' may be.
func checkTokens(tks token.Tokens, lim textLimits) *textProblem {
	c := tokenChecker{lim: lim}
	for _, tk := range tks {
		if tk.Type == token.CommentType || tk.Position == nil {
			continue
		}
		if p := c.next(tk); p != nil {
			return p
		}
	}
	if c.empty > lim.empty {
		return c.problem(c.prev, ErrTooLarge, "", "more than %d keys or list items with no value", lim.empty)
	}
	return nil
}

// A tokenChecker follows the tokens of a text for checkTokens.
type tokenChecker struct {
	lim      textLimits
	blocks   []blockLevel    // the open block nodes, innermost last
	flow     []flowLevel     // the open flow collections, innermost last
	prev     *token.Token    // the token before, not a comment
	header   *token.Token    // prev, if a block scalar's header
	property bool            // prev is a tag or an anchor's name
	prefix   bool            // the line has had only "-" and "?" so far
	keyCol   int             // where a key on this line starts
	valueCol int             // after a block ':', the column of its key
	hist     [6]*token.Token // the last tokens, not comments, the latest first
	colon    bool            // the line has a block ':'
	explicit bool            // a '?' came after the last ':': every token since may be its key
	empty    int
}

// A blockLevel is an open block node: its column, and whether it is a list.
type blockLevel struct {
	col  int
	list bool
}

func (c *tokenChecker) problem(tk *token.Token, kind error, value, format string, args ...any) *textProblem {
	return &textProblem{line: tk.Position.Line, col: tk.Position.Column, kind: kind, value: value, msg: fmt.Sprintf(format, args...)}
}

func (c *tokenChecker) push(tk *token.Token, list bool) *textProblem {
	c.blocks = append(c.blocks, blockLevel{tk.Position.Column, list})
	return c.depth(tk)
}

// depth checks the nesting: a flow list counts twice, as any of its items
// may be a mapping of one key ("[a: 1]"), and a "-" in a flow entry once.
func (c *tokenChecker) depth(tk *token.Token) *textProblem {
	d := len(c.blocks)
	for _, l := range c.flow {
		d += 2 + l.dashes
		if l.mapping {
			d--
		}
	}
	if d > c.lim.depth {
		return c.problem(tk, ErrTooLarge, "", "lists and mappings nested more than %d deep", c.lim.depth)
	}
	return nil
}

// key checks the length of a key.
func (c *tokenChecker) key(tk *token.Token) *textProblem {
	if tk != nil && len(tk.Value) > c.lim.keyLen {
		return c.problem(tk, ErrTooLarge, quote(tk.Value), "key longer than %d bytes; the keys of a config are short words such as heaps", c.lim.keyLen)
	}
	return nil
}

func (c *tokenChecker) next(tk *token.Token) *textProblem {
	col := tk.Position.Column
	before := c.prev
	newLine := before == nil || tk.Position.Line != before.Position.Line
	block := len(c.flow) == 0
	if before != nil {
		switch {
		case before.Type == token.SequenceEntryType: // in a flow too
			if col <= before.Position.Column {
				c.empty++
			}
		case before.Type == token.MappingValueType && block:
			if col < c.valueCol || col == c.valueCol && tk.Type != token.SequenceEntryType {
				c.empty++
			}
		}
	}
	if c.empty > c.lim.empty {
		return c.problem(tk, ErrTooLarge, "", "more than %d keys or list items with no value", c.lim.empty)
	}
	if block && newLine && before != nil && before.Type == token.TagType && col < c.keyCol {
		// The parser would take this line as the tag's value, whatever
		// it is a part of.
		return c.problem(before, ErrSyntax, "", "a tag that ends a line needs its value indented below it")
	}
	if c.explicit && tk.Type != token.MappingValueType {
		if p := c.key(tk); p != nil {
			return p
		}
	}
	property := c.property
	copy(c.hist[1:], c.hist[:])
	c.hist[0] = tk
	header := c.header
	c.header = nil
	if before != nil && (before.Type == token.LiteralType || before.Type == token.FoldedType) {
		c.header = before
	}
	c.prev = tk
	c.property = tk.Type == token.TagType || before != nil && before.Type == token.AnchorType
	if block && tk.Type != token.DocumentHeaderType && tk.Type != token.DocumentEndType {
		var p *textProblem
		if newLine {
			c.prefix, c.keyCol, c.colon = true, col, false
			p = c.startLine(tk, before, property)
		} else if n := len(c.blocks); (c.prefix || tk.Type == token.SequenceEntryType || tk.Type == token.MappingKeyType) &&
			(n == 0 || c.blocks[n-1].col < col) {
			p = c.push(tk, tk.Type == token.SequenceEntryType)
		}
		if p != nil {
			return p
		}
	}
	switch tk.Type {
	case token.DocumentHeaderType, token.DocumentEndType:
		c.blocks, c.flow = c.blocks[:0], c.flow[:0]
	case token.SequenceEntryType:
		c.keyCol = 0
		if n := len(c.flow); n > 0 {
			c.flow[n-1].dashes++ // a block list inside a flow entry
			return c.depth(tk)
		}
		return nil // the line's next token starts a node
	case token.MappingKeyType:
		c.empty++ // the key may have no value
		c.explicit = true
		c.keyCol = 0
		return nil
	case token.MappingValueType:
		c.explicit = false
		if p := c.key(before); p != nil {
			return p
		}
		if header != nil && before.Type == token.StringType {
			if p := c.key(header); p != nil { // a block scalar's header names it
				return p
			}
		}
		if n := len(c.flow); n > 0 {
			if c.flow[n-1].entry == entryNone {
				c.empty++ // no key
			}
			c.flow[n-1].entry = entryColon
		} else {
			if newLine || c.keyCol == 0 {
				c.empty++ // no key on the line
			}
			c.valueCol = c.keyColumn()
			if c.colon && before != nil {
				// "a: !!map b: c": the parser nests a mapping at b.
				if n := len(c.blocks); n == 0 || c.blocks[n-1].col < before.Position.Column {
					if p := c.push(before, false); p != nil {
						return p
					}
				}
			}
			c.colon = true
		}
	case token.SequenceStartType, token.MappingStartType:
		c.content()
		c.flow = append(c.flow, flowLevel{mapping: tk.Type == token.MappingStartType})
		if p := c.depth(tk); p != nil {
			return p
		}
	case token.SequenceEndType, token.MappingEndType, token.CollectEntryType:
		if n := len(c.flow); n > 0 {
			l := c.flow[n-1]
			if l.entry == entryColon || l.entry == entryKey && l.mapping {
				c.empty++
			}
			if l.entry == entryKey && l.mapping {
				if p := c.key(before); p != nil { // a key with no ':'
					return p
				}
			}
			c.flow[n-1].entry, c.flow[n-1].dashes = entryNone, 0
			if tk.Type != token.CollectEntryType {
				c.flow = c.flow[:n-1]
			}
		}
	default:
		c.content()
		if c.keyCol == 0 {
			c.keyCol = col
		}
	}
	c.prefix = false
	return nil
}

// startLine updates the open block nodes for tk, the first token of a line
// outside flow collections; before is the token before it, and property
// says that it is a tag or an anchor's name.
func (c *tokenChecker) startLine(tk, before *token.Token, property bool) *textProblem {
	col := tk.Position.Column
	n := len(c.blocks)
	for n > 0 && c.blocks[n-1].col > col {
		n--
	}
	c.blocks = c.blocks[:n]
	dash := tk.Type == token.SequenceEntryType
	same := n > 0 && c.blocks[n-1].col == col
	switch {
	case same && before.Type == token.SequenceEntryType && !dash:
		return c.push(tk, false) // a "-" item's value below it
	case same && property:
		return c.push(tk, dash) // a tag's or anchor's value
	case same && dash && before.Type == token.MappingValueType && !c.blocks[n-1].list:
		return c.push(tk, true) // a key's list below it
	case dash:
		for n > 0 && c.blocks[n-1].col == col && !c.blocks[n-1].list {
			n--
		}
	default:
		for n > 0 && c.blocks[n-1].col == col && c.blocks[n-1].list {
			n--
		}
	}
	c.blocks = c.blocks[:n]
	if n == 0 || c.blocks[n-1].col < col {
		return c.push(tk, dash)
	}
	return nil
}

// keyColumn returns the column of the key of the ':' in hist[0], which the
// parser compares with the next token's to tell an empty value: the
// column of the key's last token, or of an alias, tag, anchor or block
// scalar header before it, whichever is greatest (the parser may take any
// of them as the key's start, and a greater column counts more values as
// empty, never fewer).
func (c *tokenChecker) keyColumn() int {
	col := c.hist[0].Position.Column
	if c.hist[1] == nil {
		return col
	}
	col = c.hist[1].Position.Column
	for i := 2; i < len(c.hist) && c.hist[i] != nil; i++ {
		t := c.hist[i].Type
		property := t == token.TagType || t == token.AnchorType || t == token.AliasType
		// A block scalar's header, before its text.
		header := (t == token.LiteralType || t == token.FoldedType) && i == 2
		// An anchor's or alias's name.
		name := i+1 < len(c.hist) && c.hist[i+1] != nil &&
			(c.hist[i+1].Type == token.AnchorType || c.hist[i+1].Type == token.AliasType)
		if !property && !header && !name {
			break
		}
		col = max(col, c.hist[i].Position.Column)
	}
	return col
}

// content notes a key, item or value starting in the innermost open flow
// collection.
func (c *tokenChecker) content() {
	if n := len(c.flow); n > 0 {
		switch l := &c.flow[n-1]; l.entry {
		case entryNone:
			l.entry = entryKey
		case entryColon:
			l.entry = entryValue
		}
	}
}

// A flowLevel is an open flow collection and the state of its entry.
type flowLevel struct {
	mapping bool
	entry   uint8
	dashes  int // "-" in the entry, each a list the parser nests
}

// States of the entry being read in a flow collection.
const (
	entryNone  = iota // nothing yet
	entryKey          // a key, or an item
	entryColon        // a key and ':'
	entryValue        // a key, ':' and a value
)
