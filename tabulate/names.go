package tabulate

import (
	"fmt"
	"os"
	"strings"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
)

// outputFiles returns the name of every file run may write for the game
// named name, whatever its kind and the plot format, each with what it
// holds.
func outputFiles(name string) map[string]string {
	files := map[string]string{
		name + ".parquet":      "table",
		name + ".arrow":        "table",
		name + ".csv":          "table",
		name + ".csv.json":     "CSV table's sidecar",
		name + "-rare.parquet": "rare positions",
	}
	for _, ext := range []string{".png", ".svg"} {
		files[name+ext] = "plot"
		for _, kind := range []string{"ring", "folded", "spectrum", "histogram"} {
			files[name+"-"+kind+ext] = kind + " plot"
		}
	}
	return files
}

// A fileOwner is the game (or the run itself) that writes a file.
type fileOwner struct {
	game, what, where string
}

// outputOwners maps each file name that a run writes, folded to lower case
// (some file systems do not tell case apart), to what writes it: the run's
// own summary table to begin with.
type outputOwners map[string]fileOwner

func newOutputOwners() outputOwners {
	return outputOwners{strings.ToLower(family.SummaryFile): {what: "the run's summary table"}}
}

// claim records the files of the game name, defined at where, and returns
// a problem for the first of them that another game (or the run) writes.
func (o outputOwners) claim(name, where string) error {
	files := outputFiles(name)
	for _, f := range sortedKeys(files) {
		key := strings.ToLower(f)
		if prev, ok := o[key]; ok && prev.game != name {
			owner := prev.what
			if prev.game != "" {
				owner = fmt.Sprintf("the %s of the game %q (%s)", prev.what, prev.game, prev.where)
			}
			return fmt.Errorf("%s: name: the game %q would write %s, which is also %s; rename one of them", where, name, f, owner)
		}
	}
	for f, what := range files {
		o[strings.ToLower(f)] = fileOwner{game: name, what: what, where: where}
	}
	return nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// gameWhere is where a game is defined, FILE:LINE:COL.
func gameWhere(g rules.Game) string {
	return fmt.Sprintf("%s:%d:%d", g.File, g.Line, max(g.Col, 1))
}

// checkEarlierGames checks the games of a run against those an earlier run
// wrote into the same folder, as its summary table lists them: a game of
// another name whose files the new games would overwrite is a problem.
func checkEarlierGames(games []rules.Game, summaryPath string) error {
	old, err := family.ReadSummaryIfAny(summaryPath)
	if err != nil {
		return fmt.Errorf("%w; move it away or choose another -out", err)
	}
	owners := newOutputOwners()
	running := map[string]bool{}
	for _, g := range games {
		running[g.Name] = true
	}
	for _, r := range old {
		if !running[r.Name] {
			owners.claim(r.Name, "run earlier into "+summaryPath) // their names never clashed
		}
	}
	var problems Problems
	for _, g := range games {
		if err := owners.claim(g.Name, gameWhere(g)); err != nil {
			problems = append(problems, err)
		}
	}
	if len(problems) > 0 {
		return problems
	}
	return nil
}

// exists reports whether something is at path (a link, even broken).
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
