package positions

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// A Position is a sum of components, each of the game of its source.
type Position []Part

// Words returns the components of pos as words: a heap's size, a point's
// X,Y.
func (pos Position) Words() []string {
	words := make([]string, len(pos))
	for i, p := range pos {
		if p.Point {
			words[i] = fmt.Sprintf("%d,%d", p.X, p.Y)
		} else {
			words[i] = strconv.Itoa(p.N)
		}
	}
	return words
}

// A Part is one component of a position, and the source of its game.
type Part struct {
	Ref *Ref
	Component
}

// A Ref is a source as the positions name it: by the path of its config
// or stored table, first on a line of a positions file, and asked up to
// Need (the largest heap or x of its components). Its Source is set by
// the caller, who opens it (family.Family.Source) once every position is
// read, and prepares it to Need.
type Ref struct {
	Name   string
	Line   int // the line of the positions file that first names it; 0: the command line
	Need   int
	Source Source
}

// A Set is the sources that positions name, each once, in the order first
// named.
type Set struct {
	byName map[string]*Ref
	refs   []*Ref
}

// Named returns the source of the config or table name, first named on
// line num of a positions file (0: on the command line).
func (s *Set) Named(name string, num int) *Ref {
	if r := s.byName[name]; r != nil {
		return r
	}
	if s.byName == nil {
		s.byName = map[string]*Ref{}
	}
	r := &Ref{Name: name, Line: num}
	s.byName[name] = r
	s.refs = append(s.refs, r)
	return r
}

// Refs returns the sources named, in the order first named.
func (s *Set) Refs() []*Ref { return s.refs }

// Default returns the source of the bare heap sizes of a query's
// positions, added to s, as sgtab query finds it: the stored table named
// table when it is not "", or else the first of args when it is neither a
// heap size nor SOURCE:HEAP (it names a config); and the args left after
// it, or nil when there is none.
func (s *Set) Default(table string, args []string) (def *Ref, rest []string) {
	if table != "" {
		return s.Named(table, 0), args
	}
	if len(args) > 0 && !strings.Contains(args[0], ":") {
		if _, err := strconv.Atoi(args[0]); err != nil {
			return s.Named(args[0], 0), args[1:]
		}
	}
	return nil, args
}

// ParseLines reads the positions lines (Parse) of the source def for
// bare components, from the positions file path ("" for the command
// line), whose named sources are relative to its folder (Dir); a problem
// is that of its line, FILE:LINE (At).
func (s *Set) ParseLines(lines []Line, def *Ref, path string) ([]Position, error) {
	var all []Position
	for _, l := range lines {
		pos, err := s.Parse(l.Words, def, l.Num, Dir(path))
		if err != nil {
			return nil, At(path, l.Num, err)
		}
		all = append(all, pos)
	}
	return all, nil
}

// Parse reads the components of one position, on line num of a positions
// file (0: the command line): bare ones (HEAP, or X,Y for a point), of
// the source def, or SOURCE:HEAP and SOURCE:X,Y, of the config or table
// SOURCE, a path relative to dir unless absolute, added to the set. Each
// source's Need grows to the largest component asked of it.
func (s *Set) Parse(words []string, def *Ref, num int, dir string) (Position, error) {
	var pos Position
	for _, w := range words {
		ref, size := def, w
		if i := strings.LastIndex(w, ":"); i >= 0 {
			name := w[:i]
			size = w[i+1:]
			if dir != "" && !filepath.IsAbs(name) {
				name = filepath.Join(dir, name)
			}
			ref = s.Named(name, num)
		}
		if ref == nil {
			return nil, fmt.Errorf("heap %q: no game given (name a config first, or use SOURCE:HEAP)", w)
		}
		c, err := parseComponent(w, size)
		if err != nil {
			return nil, err
		}
		ref.Need = max(ref.Need, c.size())
		pos = append(pos, Part{Ref: ref, Component: c})
	}
	return pos, nil
}

// tooLarge says why a number past int64 is refused.
const tooLarge = "too large: positions go up to 2⁶³ − 1 = 9223372036854775807"

// ParseComponent reads a component: a heap size, or a point x,y; whole
// numbers ≥ 0.
func ParseComponent(word string) (Component, error) { return parseComponent(word, word) }

// parseComponent reads the component size of the word w (which may name
// its source too, for the message).
func parseComponent(w, size string) (Component, error) {
	if xs, ys, ok := strings.Cut(size, ","); ok {
		x, errx := strconv.Atoi(xs)
		y, erry := strconv.Atoi(ys)
		if errors.Is(errx, strconv.ErrRange) || errors.Is(erry, strconv.ErrRange) {
			return Component{}, fmt.Errorf("point %q: %s", w, tooLarge)
		}
		if errx != nil || erry != nil || x < 0 || y < 0 {
			return Component{}, fmt.Errorf("point %q: want x,y, whole numbers ≥ 0", w)
		}
		return Component{X: x, Y: y, Point: true}, nil
	}
	n, err := strconv.Atoi(size)
	if errors.Is(err, strconv.ErrRange) {
		return Component{}, fmt.Errorf("heap %q: %s", w, tooLarge)
	}
	if err != nil || n < 0 {
		return Component{}, fmt.Errorf("heap %q: want a whole number ≥ 0", w)
	}
	return Component{N: n}, nil
}
