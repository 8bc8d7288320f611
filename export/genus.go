package export

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/sgtab/sgtab/compute/sg"
)

// The columns of a misère table's genera (sg.GenusColumns), after sg:
// sg_normal, the normal-play SG value g of each heap; genus_0, genus_1, …,
// its γ0, γ1, … (γk the misère SG value of the heap plus k heaps *2), as
// many as the longest genus of the table needs, γk = γ(k−2) past the last;
// tameness, its class (sg.Tameness: 0 tame, 1 restive, 2 restless,
// 3 wild).
const (
	colNormal   = "sg_normal"
	colGenus    = "genus_"
	colTameness = "tameness"
)

// Keys of a misère table's metadata about its genera.
const (
	KeyGenus       = "sgtab.genus"        // what the genus columns hold, in words
	KeyTameness    = "sgtab.tameness"     // the codes of column tameness: "0 tame, 1 restive, 2 restless, 3 wild"
	KeyTameThrough = "sgtab.tame_through" // the last n such that every heap 0..n is tame
)

// valueColumns returns the columns of t after n, and their names: sg, then
// sg_ring on a ring start, then the genus columns of a misère table.
func valueColumns(t *sg.Table) (names []string, vs []sg.Values) {
	names, vs = []string{colSG}, []sg.Values{t.G}
	if t.Ring.Len() > 0 {
		names, vs = append(names, colRing), append(vs, t.Ring)
	}
	if c := t.Genus; c != nil {
		names, vs = append(names, colNormal), append(vs, c.Normal)
		for k, col := range c.Gamma {
			names, vs = append(names, colGenus+strconv.Itoa(k)), append(vs, col)
		}
		names, vs = append(names, colTameness), append(vs, c.Class)
	}
	return names, vs
}

// valuesOf returns the columns of values of t (valueColumns).
func valuesOf(t *sg.Table) []sg.Values {
	_, vs := valueColumns(t)
	return vs
}

// signedValues returns the columns of values of t that its MAC covers: sg
// and sg_ring (empty but on a ring start, as in the MACs of tables written
// before the genus columns), then a misère table's genus columns.
func signedValues(t *sg.Table) []sg.Values {
	return append([]sg.Values{t.G, t.Ring}, valuesOf(t)[1+min(t.Ring.Len(), 1):]...)
}

// genusMetadata adds the genus keys of the misère table t to m.
func genusMetadata(t *sg.Table, m map[string]string) {
	c := t.Genus
	if c == nil {
		return
	}
	m[KeyGenus] = fmt.Sprintf("genus g^{γ0γ1…} of each heap: g in %s, γ0..γ%d in %s0..%s%d, γk = γ(k−2) past them", colNormal, len(c.Gamma)-1, colGenus, colGenus, len(c.Gamma)-1)
	codes := make([]string, len(sg.Tamenesses))
	for i, t := range sg.Tamenesses {
		codes[i] = fmt.Sprintf("%d %v", i, t)
	}
	m[KeyTameness] = strings.Join(codes, ", ")
	m[KeyTameThrough] = strconv.Itoa(c.TameThrough())
}

// genusFields returns the names of the genus columns of a table whose
// columns are names (n, sg, perhaps sg_ring, then these), and whether the
// columns after sg and sg_ring are such, named as sgtab names them:
// sg_normal, genus_0.., tameness, at least two γ's. None is fine too.
func genusFields(names []string) ([]string, bool) {
	i := min(2, len(names))
	if len(names) > i && names[i] == colRing {
		i++
	}
	rest := names[i:]
	if len(rest) == 0 {
		return nil, true
	}
	if len(rest) < 4 || rest[0] != colNormal || rest[len(rest)-1] != colTameness {
		return nil, false
	}
	for k, name := range rest[1 : len(rest)-1] {
		if name != colGenus+strconv.Itoa(k) {
			return nil, false
		}
	}
	return rest, true
}

// fieldNames returns the names of the fields of s, in order.
func fieldNames(s *arrow.Schema) []string {
	names := make([]string, s.NumFields())
	for i, f := range s.Fields() {
		names[i] = f.Name
	}
	return names
}

// readGenus reads the genus columns of a misère table, cols named names
// (sg_normal, genus_0.., tameness), into t.Genus, as the batches come.
func readGenus(t *sg.Table, names []string, cols []arrow.Array, wide []uint32) error {
	if t.Genus == nil {
		t.Genus = &sg.GenusColumns{Gamma: make([]sg.Values, len(cols)-2)}
	}
	c := t.Genus
	into := append([]*sg.Values{&c.Normal}, make([]*sg.Values, len(c.Gamma))...)
	for k := range c.Gamma {
		into[1+k] = &c.Gamma[k]
	}
	into = append(into, &c.Class)
	for i, a := range cols {
		vs, err := values(names[i], a, wide)
		if err != nil {
			return err
		}
		into[i].Append(vs...)
	}
	return nil
}

// checkGenus checks the genus columns of the table t read from a file
// against its game: a misère table's are its own, as long as G, each class
// a Tameness; a table of normal play has none. A misère table without them
// (written before sgtab stored genera) is read as it is.
func checkGenus(t *sg.Table) error {
	c := t.Genus
	switch {
	case c == nil:
		return nil
	case !t.Game.Misere:
		return fmt.Errorf("the file has genus columns, but its metadata %s is not misere", KeyPlay)
	}
	for n := range c.Len() {
		if c.Class.At(n) >= uint32(len(sg.Tamenesses)) {
			return &rowError{n, fmt.Errorf("column %s holds %d, not a class (%s)", colTameness, c.Class.At(n), "0 to 3")}
		}
	}
	return nil
}
