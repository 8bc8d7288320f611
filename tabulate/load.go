package tabulate

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sgtab/sgtab/configs"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
)

// Problems is every problem found in a set of config files, one per line
// when printed, as FILE:LINE:COL: KEY: message.
type Problems []error

func (p Problems) Error() string {
	lines := make([]string, len(p))
	for i, e := range p {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Count returns how many problems p holds, counting as many as it stands
// for the last problem of a config with too many ("… and N more
// problems": rules.ConfigError's Dropped).
func (p Problems) Count() int {
	n := 0
	for _, e := range p {
		n++
		if ce, ok := errors.AsType[*rules.ConfigError](e); ok && ce.Dropped > 0 {
			n += ce.Dropped - 1 // that line stands for them
		}
	}
	return n
}

// LoadGames reads the games of every config named in args (files, or
// directories whose *.yaml and *.yml files are read in name order), or of the
// bundled configs when args is empty. Game names must be unique across all
// files, since they name the output files.
func LoadGames(args []string) ([]rules.Game, error) {
	games, _, err := LoadConfigs(args, false)
	return games, err
}

// LoadConfigs reads the games of the configs named in args, as LoadGames
// does, and with sweeps set, the sweeps of the named configs too (for
// validate); without it, a sweep is a problem (compute it with sweep).
func LoadConfigs(args []string, sweeps bool) ([]rules.Game, []*rules.Sweep, error) {
	var (
		games    []rules.Game
		found    []*rules.Sweep
		problems Problems
	)
	add := func(gs []rules.Game, err error) {
		games = append(games, gs...)
		if err == nil {
			return
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			problems = append(problems, j.Unwrap()...) // FILE:LINE:COL: KEY: …
		} else {
			problems = append(problems, family.FileProblem{Err: err})
		}
	}
	if len(args) == 0 {
		names, err := fs.Glob(configs.FS, "*.yaml")
		if err != nil {
			return nil, nil, err
		}
		for _, name := range names {
			data, err := configs.FS.ReadFile(name)
			if err != nil {
				return nil, nil, err
			}
			add(rules.Parse(bytes.NewReader(data), "configs/"+name))
		}
	}
	for _, arg := range args {
		paths, err := configPaths(arg)
		if err != nil {
			problems = append(problems, family.FileProblem{Err: err})
			continue
		}
		for _, p := range paths {
			if !sweeps {
				add(rules.Load(p))
				continue
			}
			gs, ss, err := rules.LoadAny(p)
			found = append(found, ss...)
			add(gs, err)
		}
	}
	seen := map[string]rules.Game{}
	owners := newOutputOwners()
	for _, g := range games {
		if c, ok := family.MustFor(g).(family.Checker); ok {
			problems = append(problems, c.Check(g)...)
		}
		if first, ok := seen[g.Name]; ok {
			problems = append(problems, fmt.Errorf("%s: name: game name %q already used at %s (names must be unique: they name the output files)",
				gameWhere(g), g.Name, gameWhere(first)))
			continue
		}
		seen[g.Name] = g
		if err := owners.claim(g.Name, gameWhere(g)); err != nil {
			problems = append(problems, err)
		}
	}
	if len(problems) > 0 {
		return nil, nil, problems
	}
	if len(games) == 0 && len(found) == 0 {
		return nil, nil, errors.New("no config files found")
	}
	return games, found, nil
}

// configPaths returns arg itself, or the config files in directory arg.
func configPaths(arg string) ([]string, error) {
	info, err := os.Stat(arg)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []string{arg}, nil
	}
	entries, err := os.ReadDir(arg)
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if !e.IsDir() && (ext == ".yaml" || ext == ".yml") {
			paths = append(paths, filepath.Join(arg, e.Name()))
		}
	}
	slices.Sort(paths)
	if len(paths) == 0 {
		return nil, fmt.Errorf("%s: no .yaml or .yml files", arg)
	}
	return paths, nil
}

// LoadChosen reads the config at path as LoadGames does, keeping only its
// game named game when that is not "", with the overrides sets applied to
// it (rules.ParseWith): what sgtab query's -game and -set ask of the
// config a query names.
func LoadChosen(path, game string, sets []rules.Override) ([]rules.Game, error) {
	if game == "" && len(sets) == 0 {
		return LoadGames([]string{path})
	}
	games, err := rules.LoadWith(path, game, sets)
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return nil, Problems(j.Unwrap())
	} else if err != nil {
		return nil, Problems{family.FileProblem{Err: err}}
	}
	var problems Problems
	for _, g := range games {
		if c, ok := family.MustFor(g).(family.Checker); ok {
			problems = append(problems, c.Check(g)...)
		}
	}
	if len(problems) > 0 {
		return nil, problems
	}
	return games, nil
}
