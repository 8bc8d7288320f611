package main

import (
	"fmt"
	"io"

	"github.com/sgtab/sgtab/docs"
)

// usage prints the commands, and how to ask for a command's flags or a
// page of the manual.
func usage(w io.Writer) {
	fmt.Fprintf(w, "Usage: sgtab <command> [flags] [arguments]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.short)
	}
	fmt.Fprintf(w, "\nRun \"sgtab help <command>\" (or \"sgtab <command> -h\") for a command's flags,\n")
	fmt.Fprintf(w, "\"sgtab help <topic>\" for a page of the manual, \"sgtab help topics\" for the topics.\n")
}

// help prints the page of the manual args[0] names, or the list of
// topics for "topics"; args[0] names no command (those print their
// flags). It returns the exit status.
func help(args []string, stdout, stderr io.Writer) int {
	if len(args) > 1 {
		fmt.Fprintf(stderr, "sgtab help: one command or topic, not %d\n", len(args))
		return 2
	}
	if args[0] == "topics" || args[0] == "manual" {
		fmt.Fprintf(stdout, "The manual's pages (sgtab help TOPIC prints one; they are docs/*.md in the repository):\n\n")
		for _, p := range docs.Pages {
			fmt.Fprintf(stdout, "  %-12s %s\n", p.Topic, p.Summary)
		}
		return 0
	}
	if p, ok := docs.Find(args[0]); ok {
		fmt.Fprint(stdout, p.Text())
		return 0
	}
	names := make([]string, 0, len(commands)+len(docs.Pages))
	for _, c := range commands {
		names = append(names, c.name)
	}
	for _, p := range docs.Pages {
		names = append(names, p.Topic)
		names = append(names, p.Aliases...)
	}
	fmt.Fprintf(stderr, "sgtab help: no command or topic %q%s\n", args[0], didYouMean(args[0], names))
	usage(stderr)
	return 2
}
