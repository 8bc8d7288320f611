package sweep

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/sgtab/sgtab/compute"
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
		play := "normal"
		if m.Misere {
			play = "misere"
		}
		rows = append(rows, export.CensusRow{
			Name: m.Name, Rule: m.Rule.String(), Family: m.Family, Start: m.Start.String(), Play: play,
			Status: compute.Status(r.Status), Period: r.Period, Preperiod: r.Preperiod, Saltus: r.Saltus,
			LastException: r.LastException, Heaps: r.Heaps, MaxSG: r.MaxSG, MaxAt: r.MaxAt,
			RareMask: r.RareMask, RarePos: r.RarePos, RareCount: r.RareCount, LastRare: r.LastRare, Checksum: r.Checksum,
			Seconds: r.Seconds, First: r.First, Shift: m.Shift, ClassKey: r.ClassKey,
		})
	}
	Classify(rows)
	return rows, nil
}

// Classify gives each row its class from its class key: the class's short
// name (its key's first 12 hexadecimal digits), size, representative (the
// game of the least shift, then the least name) and each game's offset
// from it, SG(n + offset) = SG_representative(n).
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
		r.Offset = r.Shift - rows[j].Shift
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
// every shard of one sweep, and writes dir/census.parquet: every game, in
// the sweep's order, with classes across the shards. It holds dir's lock
// meanwhile, as a sweep into dir does (see OpenJournal). It returns the
// rows and the metadata written.
func Merge(dir string, version string) ([]export.CensusRow, map[string]string, error) {
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
	var (
		rows  []export.CensusRow
		first map[string]string
		seen  = map[int]string{}
		count int
	)
	for _, path := range paths {
		rs, meta, err := export.ReadCensus(path)
		if err != nil {
			return nil, nil, err
		}
		sh, err := ParseShard(meta[export.KeyShard])
		if err != nil {
			return nil, nil, fmt.Errorf("%s: metadata %s: %w", path, export.KeyShard, err)
		}
		if first == nil {
			first, count = meta, sh.N
		}
		for _, k := range []string{export.KeySweepSHA, export.KeyHeaps, export.KeyAuto, export.KeyVersion} {
			if meta[k] != first[k] {
				return nil, nil, fmt.Errorf("%s and %s are not shards of one sweep: their %s differ (%q, %q)", paths[0], path, k, first[k], meta[k])
			}
		}
		if sh.N != count {
			return nil, nil, fmt.Errorf("%s is shard %s, but %s is one of %d", path, sh, paths[0], count)
		}
		if other, ok := seen[sh.I]; ok {
			return nil, nil, fmt.Errorf("%s and %s are both shard %s", other, path, sh)
		}
		seen[sh.I] = path
		rows = append(rows, rs...)
	}
	var missing []string
	for i := range count {
		if _, ok := seen[i]; !ok {
			missing = append(missing, Shard{i, count}.Dir())
		}
	}
	if len(missing) > 0 {
		return nil, nil, fmt.Errorf("%s: shards missing: %s (run them, then merge)", dir, strings.Join(missing, ", "))
	}
	// The sweep's order, from its config.
	s, err := rules.ParseSweep(strings.NewReader(first[export.KeySweep]), "sgtab.sweep")
	if err != nil {
		return nil, nil, fmt.Errorf("the sweep config the censuses hold: %w", err)
	}
	games, _, err := s.Games()
	if err != nil {
		return nil, nil, err
	}
	order := make(map[string]int, len(games))
	for i, g := range games {
		order[g.Name] = i
	}
	if len(rows) != len(games) {
		return nil, nil, fmt.Errorf("the shards hold %d games, the sweep %d", len(rows), len(games))
	}
	slices.SortFunc(rows, func(a, b export.CensusRow) int { return cmp.Compare(order[a.Name], order[b.Name]) })
	Classify(rows)
	meta := map[string]string{}
	for _, k := range []string{export.KeySweep, export.KeySweepSHA, export.KeyHeaps, export.KeyAuto} {
		meta[k] = first[k]
	}
	meta[export.KeyShard] = All.String()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	if err := export.WriteCensus(filepath.Join(dir, CensusFile), rows, meta, export.Options{Version: version}); err != nil {
		return nil, nil, err
	}
	return rows, meta, nil
}
