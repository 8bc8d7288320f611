package tabulate_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/rules"
	"github.com/sgtab/sgtab/sweep"
	"github.com/sgtab/sgtab/tabulate"
)

// ExampleRun tabulates two games end to end, as sgtab run does: each
// computed until its period is proved, verified, written as Parquet, and
// summarised in the output folder's summary table.
func ExampleRun() {
	dir, err := os.MkdirTemp("", "sgtab-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	games, err := rules.Parse(strings.NewReader(`games:
  - {name: kayles, code: "0.77"}
  - {name: subtract-1-3-4, moves: [{take: [1, 3, 4]}]}
`), "games.yaml")
	if err != nil {
		log.Fatal(err)
	}
	opt := tabulate.Options{
		Output: family.Output{Dir: dir, Formats: []string{"parquet"}, Plot: "none", Version: "v0.2.0"},
		Heaps:  10000, Auto: true, CapSet: true,
	}
	summary, err := tabulate.Run(context.Background(), games, opt, func(i int, r *family.Report) error {
		s := r.Summary
		var files []string
		for _, f := range s.Files {
			files = append(files, filepath.Base(f))
		}
		fmt.Printf("%s: %s period %d from n = %d (%s), files %v\n", s.Name, s.Status, *s.Period, *s.Preperiod, s.Theorem, files)
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(filepath.Base(summary))
	// Unordered output:
	// kayles: proved period 12 from n = 71 (Guy–Smith octal periodicity theorem), files [kayles.parquet kayles-rare.parquet]
	// subtract-1-3-4: proved period 7 from n = 0 (subtraction-game periodicity (no splits)), files [subtract-1-3-4.parquet]
	// summary.parquet
}

// ExampleSweep runs a sweep of every one-digit octal code 0.d, each until
// its period is proved, and reads the census: one row per game, with the
// class of games whose values are equal.
func ExampleSweep() {
	dir, err := os.MkdirTemp("", "sgtab-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	s, err := rules.ParseSweep(strings.NewReader("sweep:\n  codes: [\"0.*\"]\n  cap: 4096\n"), "octal-1.yaml")
	if err != nil {
		log.Fatal(err)
	}
	plan, err := sweep.NewPlan(s, -1, -1, sweep.All)
	if err != nil {
		log.Fatal(err)
	}
	rows, _, err := tabulate.Sweep(context.Background(), plan, tabulate.SweepOptions{Out: dir, Version: "v0.2.0"})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rows {
		fmt.Printf("%s: %s", r.Name, r.Status)
		if r.Status == sg.Proved {
			fmt.Printf(", period %d from n = %d", r.Period, r.Preperiod)
		}
		fmt.Printf("; the values of %s shifted by %d\n", r.Representative, r.ClassOffset)
	}
	// Output:
	// 0.0: proved, period 1 from n = 0; the values of 0.0 shifted by 0
	// 0.1: proved, period 1 from n = 2; the values of 0.1 shifted by 0
	// 0.2: proved, period 2 from n = 1; the values of 0.3 shifted by 1
	// 0.3: proved, period 2 from n = 0; the values of 0.3 shifted by 0
	// 0.4: proved, period 34 from n = 54; the values of 0.4 shifted by 0
	// 0.5: proved, period 2 from n = 0; the values of 0.3 shifted by 0
	// 0.6: none; the values of 0.6 shifted by 0
	// 0.7: proved, period 2 from n = 0; the values of 0.3 shifted by 0
}
