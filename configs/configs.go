// Package configs holds sgtab's bundled example configs, one per game of
// note, embedded so that `sgtab run` without arguments computes them all.
package configs

import (
	"bytes"
	"embed"
	"fmt"
	"io/fs"
	"strings"

	"github.com/sgtab/sgtab/rules"
)

// FS holds the bundled *.yaml configs at its root.
//
//go:embed *.yaml
var FS embed.FS

// A Game is one game of the bundled configs.
type Game struct {
	File   string // the config's name in FS
	Game   rules.Game
	Source string // the literature the config cites, "" if none
}

// Games returns the games of the bundled configs, in file order.
func Games() ([]Game, error) {
	names, err := fs.Glob(FS, "*.yaml")
	if err != nil {
		return nil, err
	}
	var out []Game
	for _, name := range names {
		data, err := FS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		games, err := rules.Parse(bytes.NewReader(data), "configs/"+name)
		if err != nil {
			return nil, err
		}
		for _, g := range games {
			out = append(out, Game{File: name, Game: g, Source: citation(string(data))})
		}
	}
	return out, nil
}

// Find returns the name in FS of the config of the bundled game name,
// named by its game's name or by its file's name (with or without .yaml),
// and the config; the last config that matches, when several do.
func Find(name string) (file string, config []byte, err error) {
	games, err := Games()
	if err != nil {
		return "", nil, err
	}
	for _, b := range games {
		if b.Game.Name == name || b.File == name || strings.TrimSuffix(b.File, ".yaml") == name {
			file = b.File
		}
	}
	if file == "" {
		return "", nil, fmt.Errorf("no bundled game %q (sgtab list lists them)", name)
	}
	config, err = FS.ReadFile(file)
	return file, config, err
}

// citation returns the "# Source: …" comment of a config, joined onto one
// line: it runs on over the comment lines that follow, up to the next
// labelled one ("# Known result: …") or the first line that is not a comment.
func citation(config string) string {
	var parts []string
	in := false
	for _, line := range strings.Split(config, "\n") {
		text, ok := strings.CutPrefix(line, "#")
		if !ok {
			if in {
				break
			}
			continue
		}
		text = strings.TrimSpace(text)
		if s, ok := strings.CutPrefix(text, "Source:"); ok {
			in = true
			parts = append(parts, strings.TrimSpace(s))
			continue
		}
		if in {
			if label, _, ok := strings.Cut(text, ":"); ok && !strings.Contains(label, " ") || strings.HasPrefix(text, "Known result") {
				break
			}
			parts = append(parts, text)
		}
	}
	return strings.Join(parts, " ")
}
