package main

import (
	"context"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/sgtab/sgtab/configs"
)

const listUsage = "sgtab list"

const listExamples = `  sgtab list                   # every bundled game: name, rule, source
  sgtab show kayles            # its config, to copy and change
`

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
	games, err := configs.Games()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tRULE\tSOURCE")
	for _, b := range games {
		fmt.Fprintf(tw, "%s\t%s\t%s\n", b.Game.Name, b.Game.Key(), b.Source)
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
	for i, name := range args {
		file, data, err := configs.Find(name)
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
