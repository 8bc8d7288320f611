package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"text/tabwriter"

	"github.com/sgtab/sgtab/configs"
	"github.com/sgtab/sgtab/rules"
)

const listUsage = "sgtab list"

const listExamples = `  sgtab list                   # every bundled game: name, rule, source
  sgtab show kayles            # its config, to copy and change
`

// A bundledGame is one game of the bundled configs.
type bundledGame struct {
	file   string // the config's name in configs/
	game   rules.Game
	source string // the literature the config cites, "" if none
}

// bundledGames returns the games of the bundled configs, in file order.
func bundledGames() ([]bundledGame, error) {
	names, err := fs.Glob(configs.FS, "*.yaml")
	if err != nil {
		return nil, err
	}
	var out []bundledGame
	for _, name := range names {
		data, err := configs.FS.ReadFile(name)
		if err != nil {
			return nil, err
		}
		games, err := rules.Parse(bytes.NewReader(data), "configs/"+name)
		if err != nil {
			return nil, err
		}
		for _, g := range games {
			out = append(out, bundledGame{file: name, game: g, source: citation(string(data))})
		}
	}
	return out, nil
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

// runList prints the bundled games: name, canonical rule and source.
func runList(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("list", listUsage, listExamples, stdout, stderr)
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(args) > 0 {
		return fs.usageError("list takes no arguments (sgtab show NAME prints one game's config)")
	}
	games, err := bundledGames()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tRULE\tSOURCE")
	for _, b := range games {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", b.game.Name, b.game.Key(), b.source)
	}
	return tw.Flush()
}

const showUsage = "sgtab show NAME ..."

// runShow prints the config of each bundled game named, by game name or
// by file name.
func runShow(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("show", showUsage, listExamples, stdout, stderr)
	args, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return fs.usageError("no game named (sgtab list lists them)")
	}
	games, err := bundledGames()
	if err != nil {
		return err
	}
	for i, name := range args {
		file := ""
		for _, b := range games {
			if b.game.Name == name || b.file == name || strings.TrimSuffix(b.file, ".yaml") == name {
				file = b.file
			}
		}
		if file == "" {
			return fmt.Errorf("no bundled game %q (sgtab list lists them)", name)
		}
		data, err := configs.FS.ReadFile(file)
		if err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(stdout, "---")
		}
		fmt.Fprintf(stdout, "# configs/%s\n", file)
		if _, err := stdout.Write(data); err != nil {
			return err
		}
	}
	return nil
}
