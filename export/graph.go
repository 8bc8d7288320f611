package export

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"maps"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/sgtab/sgtab/compute/graphgame"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/rules"
)

// KindGraph is the kind of a game on a graph's table: one row per node.
const KindGraph Kind = "graph"

// Keys of a graph table's metadata.
const (
	KeyNodes    = "sgtab.nodes"        // the number of nodes
	KeyEdges    = "sgtab.edges"        // the number of edges, each once
	KeyEdgesCRC = "sgtab.edges_crc32c" // the edge list's CRC-32C as read
)

const colNode = "node"

func graphSchema(t *graphgame.GraphTable, meta map[string]string) *arrow.Schema {
	node := arrow.DataType(arrow.PrimitiveTypes.Int64)
	if t.Ints == nil {
		node = arrow.BinaryTypes.String
	}
	return arrow.NewSchema([]arrow.Field{
		{Name: colNode, Type: node},
		{Name: colSG, Type: valueType(t.G)},
	}, schemaMetadata(meta))
}

// GraphMetadata returns the key/value metadata of a graph table:
// sgtab.kind (graph), sgtab.name, sgtab.config, sgtab.version, sgtab.rule
// ("graph:" and where the graph comes from), sgtab.nodes, sgtab.edges,
// sgtab.edges_crc32c, sgtab.play (normal, vertex-geography or
// edge-geography),
// sgtab.values (SG; generalized SG on a graph with cycles; outcome, 1 when
// the player to move wins, for geography),
// sgtab.checksum of the values, sgtab.crc32c of the names and values (see
// graphCRC), and sgtab.created when set.
func GraphMetadata(t *graphgame.GraphTable, version string) map[string]string {
	m := baseMetadata(KindGraph, t.Game, version, t.Created)
	maps.Copy(m, map[string]string{
		KeyRule:     t.Game.RuleText(),
		KeyNodes:    strconv.Itoa(t.Nodes()),
		KeyEdges:    strconv.FormatInt(t.Edges, 10),
		KeyEdgesCRC: fmt.Sprintf("%08X", t.EdgesCRC),
		KeyPlay:     "normal",
		KeyValues:   "SG",
		KeyChecksum: t.G.Checksum(),
		KeyCRC:      graphCRC(t),
	})
	if t.Loopy != nil {
		m[KeyValues] = ValuesGeneralized
	}
	if t.Game.Graph != nil && t.Game.Graph.Play != "" {
		m[KeyPlay], m[KeyValues] = t.Game.Graph.Play, "outcome"
	}
	return m
}

// graphCRC returns the CRC-32C of a graph table's rows: each node's name
// (8 bytes little-endian for an integer, the string and a zero byte
// otherwise) and its value in 4 bytes, in 8 hexadecimal digits; then, when
// the graph has cycles, the generalized values (loopyCRC).
func graphCRC(t *graphgame.GraphTable) string {
	var crc uint32
	var buf [12]byte
	for v := range t.Nodes() {
		if t.Ints != nil {
			binary.LittleEndian.PutUint64(buf[:], uint64(t.Ints[v]))
			crc = crc32.Update(crc, castagnoli, buf[:8])
		} else {
			crc = crc32.Update(crc, castagnoli, append([]byte(t.Strings[v]), 0))
		}
		binary.LittleEndian.PutUint32(buf[8:], t.G.At(v))
		crc = crc32.Update(crc, castagnoli, buf[8:])
	}
	if t.Loopy != nil {
		crc = loopyCRC(crc, t.Loopy)
	}
	if t.Moves != nil {
		crc = movesCRC(crc, t)
	}
	return fmt.Sprintf("%08X", crc)
}

// graphTable returns t as its writers see it: columns node and sg, one
// row per node.
func graphTable(t *graphgame.GraphTable, opt Options) keyedTable {
	return keyedTable{
		schema: graphSchema(t, GraphMetadata(t, opt.Version)),
		values: []sg.Values{t.G},
		keys: func(b *array.RecordBuilder, lo, hi int) {
			if t.Ints != nil {
				b.Field(0).(*array.Int64Builder).AppendValues(t.Ints[lo:hi], nil)
			} else {
				b.Field(0).(*array.StringBuilder).AppendValues(t.Strings[lo:hi], nil)
			}
		},
		text: func(line []byte, i int) []byte {
			if t.Ints != nil {
				return strconv.AppendInt(line, t.Ints[i], 10)
			}
			return appendField(line, t.Strings[i])
		},
	}
}

// WriteGraphParquet writes the graph table t to the Parquet file path:
// columns node (int64, or string when the names are not all integers) and
// sg, one row per node, with the metadata of GraphMetadata. The file is
// written under a temporary name and renamed when complete (fileformat.WriteFile).
// Names that are not UTF-8 text are refused: an Arrow or Parquet string
// column holds UTF-8, and readers (DuckDB) refuse a file whose does not.
func WriteGraphParquet(path string, t *graphgame.GraphTable, opt Options) error {
	if err := checkNodeNames(t.Strings); err != nil {
		return fmt.Errorf("write parquet %s: %w", path, err)
	}
	if t.Loopy != nil {
		return writeLoopy(fileformat.Parquet, path, t, opt)
	}
	if t.Moves != nil {
		return writeGeography(fileformat.Parquet, path, t, opt)
	}
	return graphTable(t, opt).write(fileformat.Parquet, path, opt)
}

// WriteGraphIPC writes the graph table t to the Arrow IPC file path, as
// WriteGraphParquet does.
func WriteGraphIPC(path string, t *graphgame.GraphTable, opt Options) error {
	if err := checkNodeNames(t.Strings); err != nil {
		return fmt.Errorf("write arrow %s: %w", path, err)
	}
	if t.Loopy != nil {
		return writeLoopy(fileformat.IPC, path, t, opt)
	}
	if t.Moves != nil {
		return writeGeography(fileformat.IPC, path, t, opt)
	}
	return graphTable(t, opt).write(fileformat.IPC, path, opt)
}

// readGraph reads a graph table and verifies it: the number of nodes and
// the checksums of its names and values.
func (f *File) readGraph(recs fileformat.Records) error {
	meta := f.Meta
	nodes, err := strconv.Atoi(meta[KeyNodes])
	if err != nil || nodes < 1 {
		return fmt.Errorf("metadata %s = %q: want the number of nodes", KeyNodes, meta[KeyNodes])
	}
	edges, err1 := strconv.ParseInt(meta[KeyEdges], 10, 64)
	crc, err2 := strconv.ParseUint(meta[KeyEdgesCRC], 16, 32)
	if err1 != nil || err2 != nil || edges < 0 {
		return fmt.Errorf("metadata %s and %s: want the number of edges and their CRC-32C", KeyEdges, KeyEdgesCRC)
	}
	rule, ok := strings.CutPrefix(meta[KeyRule], "graph:")
	if !ok {
		return fmt.Errorf("metadata %s = %q: want graph: and where the graph comes from", KeyRule, meta[KeyRule])
	}
	j := recs.Schema.FieldIndices(colNode)
	if len(j) != 1 {
		return fmt.Errorf("column %s: %d of it, want 1", colNode, len(j))
	}
	t := &graphgame.GraphTable{Edges: edges, EdgesCRC: uint32(crc)}
	strs := recs.Schema.Field(j[0]).Type.ID() == arrow.STRING
	switch {
	case meta[KeyValues] == ValuesGeneralized:
		err = readLoopyGraph(recs, j[0], t, strs)
	case isGeography(meta[KeyPlay]) && len(recs.Schema.FieldIndices(colMove)) > 0:
		err = readGeography(recs, j[0], t, strs)
	default:
		err = readGraphRows(recs, j[0], t, strs)
	}
	if err != nil {
		return err
	}
	if t.Nodes() != nodes {
		return fmt.Errorf("%d rows, but %s says %d nodes", t.Nodes(), KeyNodes, nodes)
	}
	if strs && t.Strings == nil {
		t.Strings = []string{}
	}
	if got := graphCRC(t); got != meta[KeyCRC] {
		return fmt.Errorf("damaged: the rows' CRC-32C is %s, but %s says %s", got, KeyCRC, meta[KeyCRC])
	}
	if got := t.G.Checksum(); got != meta[KeyChecksum] {
		return fmt.Errorf("damaged: the values' checksum is %s, but %s says %s", got, KeyChecksum, meta[KeyChecksum])
	}
	t.Game = rules.Game{Name: meta[KeyName], Config: meta[KeyConfig], Graph: &rules.GraphSpec{Text: rule}}
	if isGeography(meta[KeyPlay]) {
		t.Game.Graph.Play = meta[KeyPlay]
	}
	if err := readCreated(meta, &t.Created); err != nil {
		return err
	}
	f.Graph = t
	return nil
}

// isGeography reports whether the play of a graph table, as its metadata
// names it, is a game of geography, whose table holds outcomes and moves.
func isGeography(play string) bool {
	return play == rules.PlayVertexGeography || play == rules.PlayEdgeGeography
}

// readGraphRows reads the rows of a graph table, the names in the column
// node (at node) and the values in sg, into t.
func readGraphRows(recs fileformat.Records, node int, t *graphgame.GraphTable, strs bool) error {
	return readGraphRowsWith(recs, node, t, strs, nil)
}

// readGraphRowsWith reads the rows of a graph table as readGraphRows
// does, and hands each record batch to more, when not nil, for the
// columns it reads itself.
func readGraphRowsWith(recs fileformat.Records, node int, t *graphgame.GraphTable, strs bool, more func(arrow.RecordBatch) error) error {
	sg, err := column(recs.Schema, colSG, true)
	if err != nil {
		return err
	}
	var long []int64
	var wide []uint32
	return recs.Each(func(rec arrow.RecordBatch) error {
		cols, err := fileformat.BatchColumns(rec, []int{node, sg})
		if err != nil {
			return err
		}
		if err := appendNames(t, cols[0], strs, &long); err != nil {
			return err
		}
		vs, err := values(colSG, cols[1], wide)
		if err != nil {
			return err
		}
		t.G.Append(vs...)
		if more != nil {
			return more(rec)
		}
		return nil
	})
}

// appendNames appends the names in the node column col to t: strings
// when strs, integers otherwise (read through *long).
func appendNames(t *graphgame.GraphTable, col arrow.Array, strs bool, long *[]int64) error {
	if strs {
		names := col.(*array.String)
		for i := range names.Len() {
			t.Strings = append(t.Strings, strings.Clone(names.Value(i)))
		}
		return nil
	}
	var err error
	if *long, err = ints(col, *long); err != nil {
		return fmt.Errorf("column %s: %w", colNode, err)
	}
	t.Ints = append(t.Ints, *long...)
	return nil
}

// CheckNodeName returns an error when the node name s is not UTF-8 text:
// an Arrow string column holds UTF-8, and so does a Python str (code that
// looks nodes up checks it too).
func CheckNodeName(s string) error {
	if !utf8.ValidString(s) {
		return fmt.Errorf("the node name %s is not UTF-8 text", strconv.Quote(s))
	}
	return nil
}

// checkNodeNames returns the error of CheckNodeName for the first of names
// that is not UTF-8 text.
func checkNodeNames(names []string) error {
	for _, s := range names {
		if err := CheckNodeName(s); err != nil {
			return err
		}
	}
	return nil
}
