package export

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"maps"
	"math"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/sgtab/sgtab/compute/period"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
	"github.com/sgtab/sgtab/rules"
)

// Keys of the schema (and Parquet file) key/value metadata.
const (
	KeyName    = "sgtab.name"    // the game's name in its config
	KeyRule    = "sgtab.rule"    // the canonical rule in code notation, e.g. "0.77"
	KeyStart   = "sgtab.start"   // "line" or "ring"
	KeyConfig  = "sgtab.config"  // the YAML text of the config file
	KeyHeaps   = "sgtab.heaps"   // N in decimal: the table holds SG(0..N)
	KeyVersion = "sgtab.version" // the sgtab version that wrote the file
	KeyCreated = "sgtab.created" // when the table was computed, RFC 3339 in UTC
	KeyPlay    = "sgtab.play"    // normal, or misere
	KeyValues  = "sgtab.values"  // what the column sg holds: SG, or outcome (1 when the player to move wins, 0 when that player loses)
	KeyKind    = "sgtab.kind"    // what the file holds: table, lattice, rare or summary (see Kind)
	KeyCRC     = "sgtab.crc32c"  // CRC-32C of the values, 8 hex digits (see crcOf)

	// Keys of the analysis (sg.Analysis), present when the table has one.
	KeyStatus        = "sgtab.status"         // proved, observed or none
	KeyPeriod        = "sgtab.period"         // p (status proved or observed)
	KeyPreperiod     = "sgtab.preperiod"      // n0: G(n+p) = G(n) + s for n ≥ n0
	KeySaltus        = "sgtab.saltus"         // s: 0 for pure periodicity
	KeyLastException = "sgtab.last_exception" // n0 − 1, or "none" when n0 = 0
	KeyClosedForm    = "sgtab.closed_form"    // the rule in one line
	KeyTheorem       = "sgtab.theorem"        // the theorem that proves the period (proved)
	KeyProofWindow   = "sgtab.proof_window"   // the n checked for the proof, "n0 ≤ n < W" (proved)
	KeyComputed      = "sgtab.computed"       // the largest n computed; above it, filled from the proved period
	KeyChecksum      = "sgtab.checksum"       // ogsolve's checksum of SG(0..N), 8 hex digits (present in every table)
	KeyRareMask      = "sgtab.rare_mask"      // mask of the rare/common split, 0 when there is none
	KeyRareCount     = "sgtab.rare_count"     // rare positions in 0..N
	KeyLastRare      = "sgtab.last_rare"      // the last rare position, or "none"
	KeyRarePos       = "sgtab.rare_pos"       // none, or even or odd: the heap's parity counts (sg.Parity)
	KeyRareBest      = "sgtab.rare_best"      // the best split when none is reported: "MASK POS COUNT"

	// Keys of the analysis of the ring values (sg.RingAnalysis),
	// present when the game starts on a ring: as the keys above, for
	// SG_ring(n).
	KeyRingStatus      = "sgtab.ring_status"
	KeyRingPeriod      = "sgtab.ring_period"
	KeyRingPreperiod   = "sgtab.ring_preperiod"
	KeyRingSaltus      = "sgtab.ring_saltus"
	KeyRingClosedForm  = "sgtab.ring_closed_form"
	KeyRingTheorem     = "sgtab.ring_theorem"
	KeyRingProofWindow = "sgtab.ring_proof_window"
	KeyRingChecksum    = "sgtab.ring_checksum"
	// The ring size from which every ring is lost for the player to move,
	// by the mirror strategy (period.RingMirror), whether or not the
	// table reaches it, and the theorem's name: present when it proves
	// such a bound.
	KeyRingLostFrom    = "sgtab.ring_lost_from"
	KeyRingLostTheorem = "sgtab.ring_lost_theorem"
)

// Column names.
const (
	colN    = "n"
	colSG   = "sg"
	colRing = "sg_ring"
)

// Options controls WriteParquet and WriteIPC. The zero value means defaults.
type Options struct {
	// Version is written as sgtab.version; "" means the version of the
	// sgtab module in the running binary's build info, or "(devel)".
	Version string
	// Extra holds more metadata keys (period, proof, …). They must not
	// repeat a key that Metadata sets, nor start with "ARROW:".
	Extra map[string]string
	// BatchRows is the number of rows per record batch (default 1Mi). The
	// table is written one batch at a time, so it bounds the extra memory
	// a write takes.
	BatchRows int
	// RowGroupRows is the largest number of rows in a Parquet row group
	// (default 4Mi). IPC files ignore it.
	RowGroupRows int
	// Allocator allocates Arrow memory; nil means memory.DefaultAllocator.
	Allocator memory.Allocator
	// MACKey, when not empty, signs a table or checkpoint: its metadata
	// gets sgtab.mac (KeyMAC), the HMAC-SHA256 of its metadata and values
	// under this key.
	MACKey []byte

	kind Kind // sgtab.kind of a table written as another kind (a checkpoint)
}

func (o Options) batchRows() int {
	if o.BatchRows > 0 {
		return o.BatchRows
	}
	return fileformat.DefaultBatchRows
}

func (o Options) version() string {
	if o.Version != "" {
		return o.Version
	}
	return buildVersion()
}

// fileOptions returns the options of o that the writers of every format
// take.
func (o Options) fileOptions() fileformat.Options {
	return fileformat.Options{RowGroupRows: o.RowGroupRows, Allocator: o.Allocator}
}

// metadata returns the base keys of t merged with o.Extra.
func (o Options) metadata(t *sg.Table) (map[string]string, error) {
	meta := Metadata(t, o.Version)
	if o.kind != "" {
		meta[KeyKind] = string(o.kind)
	}
	for _, k := range slices.Sorted(maps.Keys(o.Extra)) {
		if _, ok := meta[k]; ok {
			return nil, fmt.Errorf("metadata key %q is set by sgtab", k)
		}
		if strings.HasPrefix(k, "ARROW:") {
			return nil, fmt.Errorf("metadata key %q is reserved for Arrow", k)
		}
		meta[k] = o.Extra[k]
	}
	return meta, nil
}

// Metadata returns the key/value metadata of t: sgtab.kind (table),
// sgtab.name, sgtab.rule, sgtab.start, sgtab.config, sgtab.heaps,
// sgtab.version, sgtab.play, the two checksums of the values
// (sgtab.checksum and sgtab.crc32c, which covers the generalized values of
// a table that has them, sgtab.values being then generalized SG),
// sgtab.created when t.Created is set,
// and when t has an Analysis its keys (sgtab.status, sgtab.period, …; see the
// Key constants); sgtab.classical and sgtab.classical_rule when a classical
// theorem solves the game (Fibonacci Nim). An empty version means the sgtab module version from the
// build info, or "(devel)".
func Metadata(t *sg.Table, version string) map[string]string {
	m := baseMetadata(KindTable, t.Game, version, t.Created)
	maps.Copy(m, map[string]string{
		KeyRule:     t.Game.RuleText(),
		KeyStart:    t.Game.Start.String(),
		KeyHeaps:    strconv.Itoa(t.G.Len() - 1),
		KeyPlay:     "normal",
		KeyValues:   t.Game.Quantity(),
		KeyChecksum: t.G.Checksum(),
		KeyCRC:      tableCRC(t),
	})
	if t.Loopy != nil {
		m[KeyValues] = ValuesGeneralized
	}
	if t.Game.Misere {
		m[KeyPlay] = "misere"
	}
	genusMetadata(t, m)
	if a := t.Analysis; a != nil {
		itoa := strconv.Itoa
		m[KeyStatus] = string(a.Status)
		m[KeyComputed] = itoa(a.Computed)
		m[KeyRareMask] = strconv.FormatUint(uint64(a.Rare.Mask), 10)
		m[KeyRareCount] = itoa(a.Rare.Count)
		m[KeyLastRare] = orNone(a.Rare.Last)
		m[KeyRarePos] = parityText(a.Rare.Pos)
		if b := a.Rare.Best; a.Rare.Mask == 0 && b.Mask != 0 {
			m[KeyRareBest] = fmt.Sprintf("%d %s %d", b.Mask, parityText(b.Pos), b.Count)
		}
		if a.Status != sg.None {
			p := a.Period
			m[KeyPeriod] = itoa(p.Length)
			m[KeyPreperiod] = itoa(p.Start)
			m[KeySaltus] = strconv.FormatUint(uint64(p.Saltus), 10)
			m[KeyLastException] = orNone(p.LastException())
			m[KeyClosedForm] = a.ClosedForm
		}
		if a.Status == sg.Proved {
			m[KeyTheorem] = a.Proof.Theorem
			m[KeyProofWindow] = a.Proof.String()
		}
		if r := a.Ring; r != nil {
			m[KeyRingStatus] = string(r.Status)
			m[KeyRingChecksum] = r.Checksum
			if r.Status != sg.None {
				m[KeyRingPeriod] = itoa(r.Period.Length)
				m[KeyRingPreperiod] = itoa(r.Period.Start)
				m[KeyRingSaltus] = strconv.FormatUint(uint64(r.Period.Saltus), 10)
				m[KeyRingClosedForm] = r.ClosedForm
			}
			if r.Status == sg.Proved {
				m[KeyRingTheorem] = r.Proof.Theorem
				m[KeyRingProofWindow] = r.Proof.String()
			}
			if r.MirrorFrom > 0 {
				m[KeyRingLostFrom] = itoa(r.MirrorFrom)
				m[KeyRingLostTheorem] = period.MirrorTheorem
			}
		}
	}
	addClassical(m, t.Game, nil)
	return m
}

// baseMetadata returns the keys of the metadata of every kind of table:
// sgtab.kind, the sgtab.name and sgtab.config of g, sgtab.version (an
// empty version means the build's: buildVersion), and sgtab.created when
// created is set.
func baseMetadata(kind Kind, g rules.Game, version string, created time.Time) map[string]string {
	if version == "" {
		version = buildVersion()
	}
	m := map[string]string{KeyKind: string(kind), KeyName: g.Name, KeyConfig: g.Config, KeyVersion: version}
	if !created.IsZero() {
		m[KeyCreated] = created.UTC().Format(time.RFC3339)
	}
	return m
}

// parityText writes a split's parity: none, even or odd.
func parityText(p sg.Parity) string {
	if p == sg.NoParity {
		return "none"
	}
	return string(p)
}

// orNone formats n, or "none" when it is negative.
func orNone(n int) string {
	if n < 0 {
		return "none"
	}
	return strconv.Itoa(n)
}

// buildVersion returns the version of the sgtab module in the running binary.
func buildVersion() string {
	const module = "github.com/sgtab/sgtab"
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(devel)"
	}
	if bi.Main.Path == module && bi.Main.Version != "" {
		return bi.Main.Version
	}
	for _, d := range bi.Deps {
		if d.Path == module && d.Version != "" {
			return d.Version
		}
	}
	return "(devel)"
}

// Schema returns the Arrow schema of t: columns n (int64) and sg, plus
// sg_ring when t has ring values, then a misère table's genus columns
// (sg_normal, genus_0.., tameness), none of them nullable, with meta as the
// schema metadata in sorted key order. The value columns are int32, or
// int64 when a value of the table is above 2^31 − 1 (see valueType).
// Signed types let readers subtract columns (sg − n) without wrapping.
func Schema(t *sg.Table, meta map[string]string) *arrow.Schema {
	fields := []arrow.Field{{Name: colN, Type: arrow.PrimitiveTypes.Int64}}
	names, vs := valueColumns(t)
	for i, v := range vs {
		fields = append(fields, arrow.Field{Name: names[i], Type: valueType(v)})
	}
	return arrow.NewSchema(fields, schemaMetadata(meta))
}

// valueType is the column type of values: int32 when they all fit, which
// they do but in tables of more than 2^31 heap sizes, else int64.
func valueType(v sg.Values) arrow.DataType {
	if v.Max() > math.MaxInt32 {
		return arrow.PrimitiveTypes.Int64
	}
	return arrow.PrimitiveTypes.Int32
}

// schemaMetadata returns meta as Arrow metadata, keys in sorted order.
func schemaMetadata(meta map[string]string) *arrow.Metadata {
	keys := slices.Sorted(maps.Keys(meta))
	values := make([]string, len(keys))
	for i, k := range keys {
		values[i] = meta[k]
	}
	md := arrow.NewMetadata(keys, values)
	return &md
}

// A Kind is what a file sgtab writes holds, as its sgtab.kind key says.
type Kind string

const (
	// KindTable: a heap game's table, n, sg (and sg_ring) for n = 0..N.
	KindTable Kind = "table"
	// KindLattice: a table of SG(x, y) on a board, one row per point.
	KindLattice Kind = "lattice"
	// KindRare: the rare positions of a table, n and sg.
	KindRare Kind = "rare"
	// KindSummary: one row per game of a run.
	KindSummary Kind = "summary"
)

// crcOf returns the CRC-32C (Castagnoli) of the values of each of vs in
// turn, each value as four bytes, little-endian, in 8 hexadecimal digits:
// unlike the 16-bit checksum it sees every bit of every value.
func crcOf(vs ...sg.Values) string {
	return fmt.Sprintf("%08X", crcValue(vs...))
}

// crcValue returns the CRC-32C that crcOf writes.
func crcValue(vs ...sg.Values) uint32 {
	var crc uint32
	valueBytes(vs, 4, func(b []byte) { crc = crc32.Update(crc, castagnoli, b) })
	return crc
}

// valueBytes calls fn with the values of each of vs in turn, each as width
// bytes (1, 2 or 4: every value must fit), little-endian, a chunk at a
// time; fn must not keep the bytes.
func valueBytes(vs []sg.Values, width int, fn func([]byte)) {
	const chunk = 1 << 16
	wide := make([]uint32, 0, chunk)
	buf := make([]byte, 4*chunk)
	for _, v := range vs {
		for lo := 0; lo < v.Len(); lo += chunk {
			wide = v.AppendTo(wide[:0], lo, min(lo+chunk, v.Len()))
			for i, x := range wide {
				switch width {
				case 1:
					buf[i] = byte(x)
				case 2:
					binary.LittleEndian.PutUint16(buf[2*i:], uint16(x))
				default:
					binary.LittleEndian.PutUint32(buf[4*i:], x)
				}
			}
			fn(buf[:width*len(wide)])
		}
	}
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checkTable reports whether t can be written.
func checkTable(t *sg.Table) error {
	if t == nil {
		return errors.New("nil table")
	}
	if t.G.Len() == 0 {
		return errors.New("empty table: no SG(0)")
	}
	if t.Ring.Len() > 0 && t.Ring.Len() != t.G.Len() {
		return fmt.Errorf("table has %d ring values for %d heap sizes", t.Ring.Len(), t.G.Len())
	}
	if t.Genus != nil && t.Genus.Len() != t.G.Len() {
		return fmt.Errorf("table has %d genera for %d heap sizes", t.Genus.Len(), t.G.Len())
	}
	return nil
}
