package sweep

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

// CensusFile is the name of a census in its folder.
const CensusFile = "census.parquet"

// Census returns the rows of p's games from the results of their jobs,
// in the plan's order, with their classes (see Classify). Every job must
// have a result.
func Census(p *Plan, results map[string]Result) ([]export.CensusRow, error) {
	rows := make([]export.CensusRow, 0, len(p.Games))
	for _, m := range p.Games {
		r, ok := results[p.Jobs[m.Job].Key]
		if !ok {
			return nil, fmt.Errorf("no result for %s", m.Name)
		}
		rows = append(rows, export.CensusRow{
			Name: m.Name, Rule: m.Rule.String(), Family: m.Family, Start: m.Start.String(), Play: playName(m.Misere),
			Status: sg.Status(r.Status), Period: r.Period, Preperiod: r.Preperiod, Saltus: r.Saltus,
			LastException: r.LastException, Heaps: r.Heaps, MaxSG: r.MaxSG, MaxAt: r.MaxAt,
			RareMask: r.RareMask, RarePos: r.RarePos, RareCount: r.RareCount, LastRare: r.LastRare, Checksum: r.Checksum,
			Seconds: r.Seconds, First: r.First, Shift: m.Shift, ClassKey: r.ClassKey,
			RingStatus: sg.Status(r.RingStatus), RingPeriod: r.RingPeriod, RingPreperiod: r.RingPreperiod, RingSaltus: r.RingSaltus,
		})
	}
	Classify(rows)
	return rows, nil
}

// Classify gives each row its class from its class key: the class's short
// name (its key's first 12 hexadecimal digits), size, representative (the
// game of the least shift, then the least name) and each game's offset
// from it, SG(n + ClassOffset) = SG_representative(n).
func Classify(rows []export.CensusRow) {
	rep := map[string]int{}
	size := map[string]int{}
	for i, r := range rows {
		size[r.ClassKey]++
		j, ok := rep[r.ClassKey]
		if !ok || r.Shift < rows[j].Shift || r.Shift == rows[j].Shift && r.Name < rows[j].Name {
			rep[r.ClassKey] = i
		}
	}
	for i := range rows {
		r := &rows[i]
		j := rep[r.ClassKey]
		r.Class = "c" + r.ClassKey[:12]
		r.ClassSize = size[r.ClassKey]
		r.Representative = rows[j].Name
		r.ClassOffset = r.Shift - rows[j].Shift
	}
}

// Meta returns the census metadata of p.
func Meta(p *Plan) map[string]string {
	return map[string]string{
		export.KeySweep:    p.Sweep.Config,
		export.KeySweepSHA: SHA(p.Sweep.Config),
		export.KeyHeaps:    strconv.Itoa(p.N),
		export.KeyAuto:     strconv.FormatBool(p.Auto),
		export.KeyShard:    p.Shard.String(),
	}
}

// SHA returns the SHA-256 of a sweep config, in hexadecimal.
func SHA(config string) string {
	h := sha256.Sum256([]byte(config))
	return hex.EncodeToString(h[:])
}

// Merge reads the censuses of the shards of one sweep below dir
// (dir/shard=I-of-N/census.parquet, each verified), checks that they are
// every shard of one sweep and that each holds the games its shard of the
// sweep holds (see checkShard), and writes dir/census.parquet: every game,
// in the sweep's order, with classes across the shards, and the metadata
// Meta of the whole sweep's plan. It holds dir's lock meanwhile, as a
// sweep into dir does (see OpenJournal). It returns the rows and the plan.
func Merge(dir string, version string, key []byte) ([]export.CensusRow, *Plan, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "shard=*", CensusFile))
	if err != nil {
		return nil, nil, err
	}
	if len(paths) == 0 {
		return nil, nil, fmt.Errorf("%s: no shard=I-of-N/%s to merge", dir, CensusFile)
	}
	unlock, err := lockFolder(dir)
	if err != nil {
		return nil, nil, err
	}
	defer unlock()
	shards, err := readShards(dir, paths, key)
	if err != nil {
		return nil, nil, err
	}
	p, err := censusPlan(shards[0].meta)
	if err != nil {
		return nil, nil, err
	}
	want := make([][]Member, len(shards))
	for _, m := range p.Games {
		i := shardOf(p.Jobs[m.Job].Key, len(shards))
		want[i] = append(want[i], m)
	}
	var rows []export.CensusRow
	for i, sc := range shards {
		if err := checkShard(sc, want[i], p); err != nil {
			return nil, nil, err
		}
		rows = append(rows, sc.rows...)
	}
	order := make(map[string]int, len(p.Games))
	for i, m := range p.Games {
		order[m.Name] = i
	}
	slices.SortFunc(rows, func(a, b export.CensusRow) int { return cmp.Compare(order[a.Name], order[b.Name]) })
	Classify(rows)
	if err := export.WriteCensus(filepath.Join(dir, CensusFile), rows, Meta(p), export.Options{Version: version, MACKey: key}); err != nil {
		return nil, nil, err
	}
	return rows, p, nil
}

// ErrUnsigned is the error of Merge for a shard's census that is not
// signed with the key given: it was written without it, or edited.
var ErrUnsigned = errors.New("not signed with your key: sgtab merges only the shards computed with it")

// A shardCensus is the census of one shard, as Merge reads it.
type shardCensus struct {
	path  string
	shard Shard
	rows  []export.CensusRow
	meta  map[string]string
}

// readShards reads the censuses at paths, each verified, and checks that
// they are every shard of one sweep, once each: the same sweep config (its
// text matching its SHA-256), N, mode and sgtab version. It returns them
// in the order of their shards.
func readShards(dir string, paths []string, key []byte) ([]shardCensus, error) {
	var shards []shardCensus
	for _, path := range paths {
		rows, meta, err := export.ReadCensus(path)
		if err != nil {
			return nil, err
		}
		if !export.CensusSigned(rows, meta, key) {
			return nil, fmt.Errorf("%s: %w", path, ErrUnsigned)
		}
		sh, err := ParseShard(meta[export.KeyShard])
		if err != nil {
			return nil, fmt.Errorf("%s: metadata %s: %w", path, export.KeyShard, err)
		}
		if SHA(meta[export.KeySweep]) != meta[export.KeySweepSHA] {
			return nil, fmt.Errorf("%s: its sweep config does not match its %s", path, export.KeySweepSHA)
		}
		if len(shards) > 0 {
			first := shards[0]
			for _, k := range []string{export.KeySweepSHA, export.KeyHeaps, export.KeyAuto, export.KeyVersion} {
				if meta[k] != first.meta[k] {
					return nil, fmt.Errorf("%s and %s are not shards of one sweep: their %s differ (%q, %q)", first.path, path, k, first.meta[k], meta[k])
				}
			}
			if sh.N != first.shard.N {
				return nil, fmt.Errorf("%s is shard %s, but %s is one of %d", path, sh, first.path, first.shard.N)
			}
		}
		shards = append(shards, shardCensus{path, sh, rows, meta})
	}
	slices.SortFunc(shards, func(a, b shardCensus) int { return cmp.Compare(a.shard.I, b.shard.I) })
	var missing []string
	for i, next := 0, 0; i < shards[0].shard.N; i++ {
		switch {
		case next < len(shards) && shards[next].shard.I == i:
			if next+1 < len(shards) && shards[next+1].shard.I == i {
				return nil, fmt.Errorf("%s and %s are both shard %s", shards[next].path, shards[next+1].path, shards[next].shard)
			}
			next++
		default:
			missing = append(missing, Shard{i, shards[0].shard.N}.Dir())
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s: shards missing: %s (run them, then merge)", dir, strings.Join(missing, ", "))
	}
	return shards, nil
}

// censusPlan returns the plan of the whole sweep a census's metadata
// names: its config, N and mode. Its memory is not checked: merging
// computes nothing.
func censusPlan(meta map[string]string) (*Plan, error) {
	s, err := rules.ParseSweep(strings.NewReader(meta[export.KeySweep]), export.KeySweep)
	if err != nil {
		return nil, fmt.Errorf("the sweep config the censuses hold: %w", err)
	}
	n, err := strconv.Atoi(meta[export.KeyHeaps])
	if err != nil || n < 1 || n >= rules.MaxHeaps {
		return nil, fmt.Errorf("metadata %s = %q, want a table size", export.KeyHeaps, meta[export.KeyHeaps])
	}
	auto, err := strconv.ParseBool(meta[export.KeyAuto])
	if err != nil {
		return nil, fmt.Errorf("metadata %s = %q, want true or false", export.KeyAuto, meta[export.KeyAuto])
	}
	return newPlan(s, n, auto, All)
}

// checkShard checks that the census sc holds the games want, in order,
// that shard of the plan p: each row's name, rule, family, start, play and
// shift those of its game, and its table's size N (at most N with auto).
// A census of another sweep's shard, or with a row renamed or edited, is
// an error that names the row.
func checkShard(sc shardCensus, want []Member, p *Plan) error {
	if len(sc.rows) != len(want) {
		return fmt.Errorf("%s holds %d games, but shard %s of its sweep holds %d", sc.path, len(sc.rows), sc.shard, len(want))
	}
	for i, r := range sc.rows {
		m := want[i]
		wantRow := []string{m.Name, m.Rule.String(), m.Family, m.Start.String(), playName(m.Misere), strconv.Itoa(m.Shift)}
		gotRow := []string{r.Name, r.Rule, r.Family, r.Start, r.Play, strconv.Itoa(r.Shift)}
		if !slices.Equal(gotRow, wantRow) {
			return fmt.Errorf("%s: row %d is %s, but shard %s of its sweep holds %s there: not this sweep's census, or edited",
				sc.path, i, strings.Join(gotRow, " "), sc.shard, strings.Join(wantRow, " "))
		}
		if r.Heaps > p.N || !p.Auto && r.Heaps != p.N || r.Heaps < 0 {
			return fmt.Errorf("%s: row %d (%s) goes to heap %d, but the sweep's tables go to %d", sc.path, i, r.Name, r.Heaps, p.N)
		}
	}
	return nil
}

// playName names a play as the census does: normal or misere.
func playName(misere bool) string {
	if misere {
		return "misere"
	}
	return "normal"
}
