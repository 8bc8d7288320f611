package graph

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
)

// MaxName bounds the length of a node's name, in bytes: a longer field is
// refused (a file of one 50 MB line is a mistake, not a graph).
const MaxName = 4096

// ReadCSV reads the edge list at path: a CSV file whose header is from,to
// and each of whose records is an edge. nodes, when not "", is a CSV file
// with the header node listing more nodes (those with no edge at all).
// Duplicate edges count once. Errors name the file and line.
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
// header, which must be header.
func readCSV(path string, header []string, add func([]string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := csv.NewReader(f)
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
		var pe *csv.ParseError
		if errors.As(err, &pe) {
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
			switch {
			case s == "":
				return fmt.Errorf("%s:%d: column %s: an empty node name", path, line, header[i])
			case len(s) > MaxName:
				return fmt.Errorf("%s:%d: column %s: a node name of %d bytes, more than %d", path, line, header[i], len(s), MaxName)
			}
		}
		if err := add(rec); err != nil {
			return fmt.Errorf("%s:%d: %w", path, line, err)
		}
	}
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
