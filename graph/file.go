package graph

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"path/filepath"
	"strings"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/export"
)

// ReadFile reads the edge list at path: a CSV file (its name ends in .csv,
// see ReadCSV), or a Parquet or Arrow IPC file with the columns from and
// to, both integers or both strings (each a name as ReadCSV takes it). nodes, when not "", is a CSV file
// listing more nodes (see ReadCSV). The CRC of an edge list of integers
// covers each name as 8 bytes, little-endian.
func ReadFile(path, nodes string) (*Named, error) {
	if strings.EqualFold(filepath.Ext(path), ".csv") {
		return ReadCSV(path, nodes)
	}
	e, err := export.ReadEdges(path)
	if err != nil {
		return nil, err
	}
	if e.Len() == 0 {
		return nil, fmt.Errorf("%s: no edges: a game on a graph needs moves", path)
	}
	var g *Named
	if e.Strings.From != nil {
		b := newBuilder()
		for i, from := range e.Strings.From {
			to := e.Strings.To[i]
			for c, name := range [2]string{from, to} {
				if err := checkName(name); err != nil {
					return nil, fmt.Errorf("%s: row %d: column %s: %w", path, i, [2]string{"from", "to"}[c], err)
				}
			}
			if err := b.edge(from, to); err != nil {
				return nil, fmt.Errorf("%s: row %d: %w", path, i, err)
			}
		}
		if err := addNodes(nodes, b.node); err != nil {
			return nil, err
		}
		g = b.graph()
	} else {
		b := &intBuilder{ids: make(map[int64]int32, len(e.Ints.From)/4)}
		b.from, b.to = make([]int32, len(e.Ints.From)), make([]int32, len(e.Ints.From))
		var word [16]byte
		for i, x := range e.Ints.From {
			y := e.Ints.To[i]
			v, err := b.node(x)
			if err != nil {
				return nil, fmt.Errorf("%s: row %d: %w", path, i, err)
			}
			w, err := b.node(y)
			if err != nil {
				return nil, fmt.Errorf("%s: row %d: %w", path, i, err)
			}
			b.from[i], b.to[i] = v, w
			binary.LittleEndian.PutUint64(word[:], uint64(x))
			binary.LittleEndian.PutUint64(word[8:], uint64(y))
			b.crc = crc32.Update(b.crc, castagnoli, word[:])
		}
		e.Ints.From, e.Ints.To = nil, nil // let them go before the graph is built
		err := addNodes(nodes, func(name string) (int32, error) {
			var x int64
			if _, err := fmt.Sscan(name, &x); err != nil {
				return 0, fmt.Errorf("node %q: the edge list names nodes by integers", name)
			}
			return b.node(x)
		})
		if err != nil {
			return nil, err
		}
		g = &Named{Graph: graphgame.NewGraph(len(b.names), b.from, b.to), Ints: b.names, CRC: b.crc}
	}
	return g, nil
}

// addNodes reads the nodes file at path, if any, adding each with add.
func addNodes(path string, add func(string) (int32, error)) error {
	if path == "" {
		return nil
	}
	return readCSV(path, []string{"node"}, func(rec []string) error {
		_, err := add(rec[0])
		return err
	})
}
