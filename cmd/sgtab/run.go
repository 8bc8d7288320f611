package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot/vg"
	"sync"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/plots"
	"github.com/sgtab/sgtab/rules"
)

const runUsage = "sgtab run [-heaps N] [-out DIR] [-workers K] [-json] [-plot png|svg|none] [CONFIG|DIR ...]"

const runExamples = `  sgtab run                                   # every bundled config, into ./sgtab-out
  sgtab run -heaps 100000 configs/grundy.yaml # Grundy's game to 10^5
  sgtab run -json -out /tmp/t my-games/       # every config in a directory
`

// A summary is what run reports of one game.
type summary struct {
	Name     string   `json:"name"`
	Rule     string   `json:"rule"`
	Start    string   `json:"start"`
	Heaps    int      `json:"heaps"`
	MaxSG    uint32   `json:"max_sg"`
	Seconds  float64  `json:"seconds"`
	Files    []string `json:"files"`
	Warnings []string `json:"warnings,omitempty"`
}

func runRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", runUsage, runExamples, stderr)
	heaps := fs.Int64("heaps", 0, "compute SG(0..`N`) for every game, overriding the configs")
	out := fs.String("out", "sgtab-out", "write the tables into `DIR`")
	workers := fs.Int("workers", 0, "compute up to `K` games at once; 0 means one per CPU")
	asJSON := fs.Bool("json", false, "print one JSON object per game per line")
	plotFormat := fs.String("plot", "png", "draw SG(n) against n as `FORMAT`: png, svg or none")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	switch *plotFormat {
	case "png", "svg", "none":
	default:
		return usageError(fs, "-plot must be png, svg or none (got %q)", *plotFormat)
	}
	if *workers < 0 {
		return usageError(fs, "-workers must be >= 0")
	}
	if isSet(fs, "heaps") {
		for _, start := range []rules.Start{rules.StartLine, rules.StartRing} {
			if err := rules.CheckHeaps(*heaps, start); err != nil {
				return usageError(fs, "-heaps %d: %v", *heaps, err)
			}
		}
	}
	games, err := loadGames(fs.Args())
	if err != nil {
		return err
	}
	var total int64
	for i := range games {
		if *heaps > 0 {
			games[i].Heaps = int(*heaps)
		}
		total += int64(games[i].Heaps) + 1
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return fmt.Errorf("create output directory: %w", err)
	}

	bar := newProgress(stderr, total, fmt.Sprintf("%d games", len(games)))
	var (
		mu        sync.Mutex
		summaries = make([]*summary, len(games))
		next      int // first summary not yet printed
		printErr  error
	)
	err = compute.Each(ctx, games, compute.Options{Workers: *workers, Progress: bar.add},
		func(i int, t *compute.Table) error {
			s, err := writeTable(t, *out, *plotFormat)
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			summaries[i] = s
			bar.print(func() {
				for ; next < len(summaries) && summaries[next] != nil; next++ {
					if err := printSummary(stdout, summaries[next], *asJSON); err != nil && printErr == nil {
						printErr = err
					}
				}
			})
			return nil
		})
	bar.finish()
	if err != nil {
		return err
	}
	if printErr != nil {
		return fmt.Errorf("print summary: %w", printErr)
	}
	for _, s := range summaries {
		for _, w := range s.Warnings {
			fmt.Fprintf(stderr, "sgtab: warning: %s: %s\n", s.Name, w)
		}
	}
	return nil
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}

// writeTable writes t's Parquet and Arrow files, and its plot unless
// plotFormat is "none", into dir and summarises it.
func writeTable(t *compute.Table, dir, plotFormat string) (*summary, error) {
	g := t.Game
	s := &summary{
		Name:    g.Name,
		Rule:    g.Rule.String(),
		Start:   g.Start.String(),
		Heaps:   t.N(),
		MaxSG:   t.MaxG(),
		Seconds: t.Elapsed.Seconds(),
	}
	opt := export.Options{Version: version}
	pq := filepath.Join(dir, g.Name+".parquet")
	if err := export.WriteParquet(pq, t, opt); err != nil {
		return nil, err
	}
	ipcPath := filepath.Join(dir, g.Name+".arrow")
	if err := export.WriteIPC(ipcPath, t, opt); err != nil {
		return nil, err
	}
	s.Files = []string{pq, ipcPath}
	if plotFormat != "none" {
		path := filepath.Join(dir, g.Name+"."+plotFormat)
		if err := writePlot(t, false, path, plotFormat); err != nil {
			return nil, err
		}
		s.Files = append(s.Files, path)
		if t.Ring != nil {
			path := filepath.Join(dir, g.Name+"-ring."+plotFormat)
			if err := writePlot(t, true, path, plotFormat); err != nil {
				return nil, err
			}
			s.Files = append(s.Files, path)
		}
	}
	for _, w := range t.Warnings {
		s.Warnings = append(s.Warnings, w.Error())
	}
	return s, nil
}

func printSummary(w io.Writer, s *summary, asJSON bool) error {
	if asJSON {
		b, err := json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	rule := s.Rule
	if s.Start == "ring" {
		rule += " (ring)"
	}
	_, err := fmt.Fprintf(w, "%-20s %-14s heaps 0..%-10d max SG %-7d %7.2fs  %s\n",
		s.Name, rule, s.Heaps, s.MaxSG, s.Seconds, filesPattern(s.Files))
	return err
}

// filesPattern writes dir/name.{a,b,c} for files named dir/name.a, … and
// lists the others after it.
func filesPattern(files []string) string {
	base := strings.TrimSuffix(files[0], filepath.Ext(files[0]))
	var exts, others []string
	for _, f := range files {
		if strings.TrimSuffix(f, filepath.Ext(f)) == base {
			exts = append(exts, strings.TrimPrefix(filepath.Ext(f), "."))
		} else {
			others = append(others, f)
		}
	}
	return strings.Join(append([]string{base + ".{" + strings.Join(exts, ",") + "}"}, others...), " ")
}

// writePlot draws SG(n) against n (or the ring column) and saves it at path
// in format, under a temporary name renamed when complete.
func writePlot(t *compute.Table, ring bool, path, format string) error {
	p, err := plots.Grundy(t, plots.Options{Ring: ring})
	if err != nil {
		return err
	}
	w, err := p.WriterTo(8*vg.Inch, 4*vg.Inch, format)
	if err != nil {
		return fmt.Errorf("draw %s: %w", path, err)
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	_, err = w.WriteTo(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
