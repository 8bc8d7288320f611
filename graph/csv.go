package graph

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sgtab/sgtab/rules"
)

// MaxName bounds the length of a node's name, in bytes: a longer field is
// refused (a file of one 50 MB line is a mistake, not a graph).
const MaxName = 4096

// ReadCSV reads the edge list at path: a CSV file whose header is from,to
// and each of whose records is an edge. nodes, when not "", is a CSV file
// with the header node listing more nodes (those with no edge at all).
// Duplicate edges count once. A name is 1 to MaxName bytes of UTF-8 text
// without a NUL byte. Errors name the file and line.
func ReadCSV(path, nodes string) (*Named, error) {
	b := newBuilder()
	err := readCSV(path, []string{"from", "to"}, func(rec []string) error { return b.edge(rec[0], rec[1]) })
	if err != nil {
		return nil, err
	}
	if len(b.from) == 0 {
		return nil, fmt.Errorf("%s: no edges: a game on a graph needs moves", path)
	}
	if err := addNodes(nodes, b.node); err != nil {
		return nil, err
	}
	return b.graph(), nil
}

// readCSV calls add with every record of the CSV file at path after its
// header, which must be header. The file must be a regular file of at most
// rules.MaxGraphFile bytes; a UTF-8 byte-order mark at its start is
// skipped; a line longer than any record of names of at most MaxName bytes
// is refused as soon as it is read, so that memory stays bounded whatever
// the file holds.
func readCSV(path string, header []string, add func([]string) error) error {
	what := "an edge list"
	if len(header) == 1 {
		what = "a node list"
	}
	f, err := rules.OpenRegular(path, rules.MaxGraphFile, what)
	if err != nil {
		return err
	}
	defer f.Close() // read-only
	lr := &lineLimit{r: bufio.NewReader(f), most: maxLine(len(header))}
	if bom, _ := lr.r.Peek(len(utf8BOM)); string(bom) == utf8BOM {
		lr.r.Discard(len(utf8BOM))
	}
	r := csv.NewReader(lr)
	r.FieldsPerRecord = len(header)
	r.ReuseRecord = true
	first := true
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			if first {
				return fmt.Errorf("%s: empty: want the header %s", path, headerText(header))
			}
			return nil
		}
		if errors.Is(err, errLongLine) {
			return fmt.Errorf("%s:%d: a line of more than %d bytes: a record holds %d node names of at most %d bytes each", path, lr.line, lr.most, len(header), MaxName)
		}
		if pe, ok := errors.AsType[*csv.ParseError](err); ok {
			return fmt.Errorf("%s:%d: %v (want the columns %s)", path, pe.Line, pe.Err, headerText(header))
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		line, _ := r.FieldPos(0)
		if first {
			first = false
			for i, h := range header {
				if rec[i] != h {
					return fmt.Errorf("%s:%d: the header is %s, want %s", path, line, headerText(rec), headerText(header))
				}
			}
			continue
		}
		for i, s := range rec {
			if err := checkName(s); err != nil {
				return fmt.Errorf("%s:%d: column %s: %w", path, line, header[i], err)
			}
		}
		if err := add(rec); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
	}
}

const utf8BOM = "\uFEFF"

// checkName returns why s cannot name a node, or nil: an empty name, one
// longer than MaxName bytes, one that is not UTF-8 text (a Parquet or
// Arrow string column must hold UTF-8, and DuckDB refuses one that does
// not), one holding a NUL byte (no C string, nor a command-line argument,
// can hold it).
func checkName(s string) error {
	switch {
	case s == "":
		return errors.New("an empty node name")
	case len(s) > MaxName:
		return fmt.Errorf("a node name of %d bytes, more than %d", len(s), MaxName)
	case !utf8.ValidString(s):
		return fmt.Errorf("the node name %s is not UTF-8 text", shortQuote(s))
	case strings.IndexByte(s, 0) >= 0:
		return fmt.Errorf("the node name %s holds a NUL byte", shortQuote(s))
	}
	return nil
}

// shortQuote quotes s with Go escapes, its first 64 bytes only.
func shortQuote(s string) string {
	if len(s) > 64 {
		return strconv.Quote(s[:64]) + "…"
	}
	return strconv.Quote(s)
}

// maxLine is the longest line a CSV record of fields node names may take:
// each name quoted with every byte a doubled quote, commas between, and
// "\r\n".
func maxLine(fields int) int { return fields*(2*MaxName+2) + fields - 1 + 2 }

// errLongLine is the error of a line longer than a lineLimit allows.
var errLongLine = errors.New("line too long")

// A lineLimit reads r, failing with errLongLine at a line of more than
// most bytes (its newline included), and counts the lines begun.
type lineLimit struct {
	r    *bufio.Reader
	most int
	line int // the line being read, from 1
	run  int // bytes of it read so far
}

// Read implements io.Reader.
func (l *lineLimit) Read(p []byte) (int, error) {
	if l.line == 0 {
		l.line = 1
	}
	if len(p) > l.most+1-l.run {
		p = p[:l.most+1-l.run] // never read far past the limit
	}
	n, err := l.r.Read(p)
	for _, c := range p[:n] {
		if l.run == l.most {
			return n, errLongLine
		}
		l.run++
		if c == '\n' {
			l.line++
			l.run = 0
		}
	}
	return n, err
}

func headerText(h []string) string {
	s := ""
	for i, x := range h {
		if i > 0 {
			s += ","
		}
		s += x
	}
	return s
}
