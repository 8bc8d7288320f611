// Package docs holds sgtab's manual: one Markdown page a subject, built
// into the binary so that `sgtab help TOPIC` prints a page where there is
// no network and no copy of the repository.
//
// The pages are the files of this folder; README.md is their index. The
// tests check that every page has a topic, that every link of the pages
// and of the repository's README resolves (files and headings), and, in
// cmd/sgtab, that every command the pages show runs and prints what they
// say.
package docs

import (
	"embed"
	"strings"
)

//go:embed *.md
var files embed.FS

// A Page is one page of the manual.
type Page struct {
	Topic   string   // the name sgtab help takes
	File    string   // its file in this folder
	Aliases []string // other names sgtab help takes for it
	Summary string   // what it covers, in a line
}

// Pages lists the manual's pages in reading order.
var Pages = []Page{
	{"commands", "commands.md", []string{"command", "flags", "positions", "checkpoints"}, "every command and flag, with examples; positions and their answers"},
	{"configs", "configs.md", []string{"config", "yaml", "codes", "octal", "rings", "lattice"}, "the YAML of a game: subtraction sets, codes, splits, rings, boards, state games"},
	{"graphs", "graphs.md", []string{"graph", "loopy", "geography"}, "games on graphs, graphs with cycles, vertex and edge geography"},
	{"periods", "periods-and-proofs.md", []string{"proofs", "period", "theorems"}, "the periods found and the theorems that prove them; positions at any size"},
	{"misere", "misere.md", []string{"misère", "genus", "quotients", "quotient"}, "outcomes and genus, misère sums, misère quotients"},
	{"scripts", "scripted-games.md", []string{"script", "starlark"}, "games written in Starlark, positions that repeat, a script's bounds"},
	{"solve", "one-position.md", []string{"cram", "chomp", "node-kayles", "search"}, "the nimber of one large Cram, Chomp or node Kayles position, by pruned search"},
	{"sweeps", "sweeps.md", []string{"sweep", "census", "cluster", "slurm", "kubernetes", "container"}, "families of games into a census; Slurm, Kubernetes, the container image"},
	{"files", "output-files.md", []string{"output", "parquet", "arrow", "csv", "trust", "keys", "plots"}, "the tables and their metadata, reading them back, signatures; plots"},
	{"speed", "speed.md", []string{"memory", "kernels", "benchmarks"}, "how values are computed, the memory a table takes, the kernels"},
	{"development", "development.md", []string{"design", "tests", "packages"}, "the tests, the packages, where to add a game, a proof or a format"},
}

// Find returns the page whose topic or alias is name (in any case).
func Find(name string) (Page, bool) {
	name = strings.ToLower(name)
	for _, p := range Pages {
		if p.Topic == name || p.File == name {
			return p, true
		}
		for _, a := range p.Aliases {
			if a == name {
				return p, true
			}
		}
	}
	return Page{}, false
}

// Text returns the page's Markdown.
func (p Page) Text() string {
	b, err := files.ReadFile(p.File)
	if err != nil {
		// Pages names only files embedded above, as TestPages checks.
		panic("docs: " + err.Error())
	}
	return string(b)
}

// Index returns the index of the manual (this folder's README.md).
func Index() string {
	b, err := files.ReadFile("README.md")
	if err != nil {
		panic("docs: " + err.Error())
	}
	return string(b)
}
