package main

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
	"github.com/sgtab/sgtab/rules"
)

// configProblems is every problem found in a set of config files; run prints
// one per line, as FILE:LINE:COL: KEY: message.
type configProblems []error

func (p configProblems) Error() string {
	lines := make([]string, len(p))
	for i, e := range p {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// loadGames reads the games of every config named in args (files, or
// directories whose *.yaml and *.yml files are read in name order), or of the
// bundled configs when args is empty. Game names must be unique across all
// files, since they name the output files.
func loadGames(args []string) ([]rules.Game, error) {
	games, _, err := loadConfigs(args, false)
	return games, err
}

// loadConfigs reads the games of the configs named in args, as loadGames
// does, and with sweeps set, the sweeps of the named configs too (for
// validate); without it, a sweep is a problem (compute it with sweep).
func loadConfigs(args []string, sweeps bool) ([]rules.Game, []*rules.Sweep, error) {
	var (
		games    []rules.Game
		found    []*rules.Sweep
		problems configProblems
	)
	add := func(gs []rules.Game, err error) {
		games = append(games, gs...)
		if err == nil {
			return
		}
		if j, ok := err.(interface{ Unwrap() []error }); ok {
			problems = append(problems, j.Unwrap()...) // FILE:LINE:COL: KEY: …
		} else {
			problems = append(problems, fileProblem{err})
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
			problems = append(problems, fileProblem{err})
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
		problems = append(problems, graphFileProblems(g)...)
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

// graphFileProblems returns a problem, at its key, for each file named by
// the game on a graph g (graph.edges, graph.nodes) that cannot be found,
// naming the path it resolves to (from the config's folder).
func graphFileProblems(g rules.Game) []error {
	if g.Graph == nil {
		return nil
	}
	var problems []error
	for _, f := range []struct {
		path string
		at   rules.Place
	}{{g.Graph.Edges, g.Graph.EdgesAt}, {g.Graph.Nodes, g.Graph.NodesAt}} {
		if f.path == "" {
			continue
		}
		if _, err := os.Stat(f.path); err != nil {
			problems = append(problems, f.at.Problem(rules.ErrNotFile, "%v", fileProblem{err}))
		}
	}
	return problems
}

// A fileProblem is a config file or folder that cannot be read: run prints
// it as "sgtab: PATH: why", where a problem inside a file is printed as
// FILE:LINE:COL: KEY: what.
type fileProblem struct{ err error }

func (e fileProblem) Error() string {
	if pe, ok := e.err.(*fs.PathError); ok {
		return pe.Path + ": " + pe.Err.Error() // not the system call's "stat PATH: why"
	}
	return e.err.Error()
}

func (e fileProblem) Unwrap() error { return e.err }

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
