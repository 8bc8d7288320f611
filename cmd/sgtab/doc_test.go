package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/tabulate"
)

// TestDocExamples runs every "$ sgtab …" example of the manual (the package
// comment in main.go) from a directory where configs/ is the bundled
// configs, and checks that each succeeds.
//
// It computes every bundled game at its full size, and times the engines:
// a long check, run when SGTAB_LONG is set (as CI does).
func TestDocExamples(t *testing.T) {
	if os.Getenv("SGTAB_LONG") == "" {
		t.Skip("long: set SGTAB_LONG=1 to run the manual's examples")
	}
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	configs, err := filepath.Abs("../../configs")
	if err != nil {
		t.Fatal(err)
	}
	examples := regexp.MustCompile(`(?m)^//\s+\$ sgtab (.*)$`).FindAllSubmatch(src, -1)
	// The command's doc keeps two examples (run and solve); each command's
	// usage has its own, and docs/ the rest (TestManual).
	if len(examples) < 2 {
		t.Fatalf("found %d examples in the command's doc, want at least 2", len(examples))
	}
	for _, ex := range examples {
		args := strings.Fields(string(ex[1]))
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Chdir(t.TempDir())
			if err := os.Symlink(configs, "configs"); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			if code := run(t.Context(), args, &stdout, &stderr); code != 0 {
				t.Errorf("sgtab %s: exit status %d\n%s", ex[1], code, stderr.String())
			}
			if stdout.Len() == 0 {
				t.Errorf("sgtab %s printed nothing", ex[1])
			}
		})
	}
}

// TestInstallAsREADMESays checks that the README says how to put sgtab on
// the PATH, and where it lands; with SGTAB_LONG (it builds sgtab), that
// its install command, run as written from the repository's root, gives
// an sgtab that runs.
func TestInstallAsREADMESays(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	const install = "\n    go install ./cmd/sgtab\n"
	for _, want := range []string{"## Install", install, "$(go env GOPATH)/bin", "$(go env GOBIN)", "go build -o"} {
		if !bytes.Contains(readme, []byte(want)) {
			t.Errorf("README.md does not say %q", want)
		}
	}
	if os.Getenv("SGTAB_LONG") == "" {
		t.Skip("long: set SGTAB_LONG=1 to install sgtab as the README says")
	}
	bin := t.TempDir()
	cmd := exec.Command("go", strings.Fields(install)[1:]...)
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), "GOBIN="+bin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", install, err, out)
	}
	out, err := exec.Command(filepath.Join(bin, "sgtab"), "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "sgtab "+version+" ") {
		t.Errorf("the installed sgtab version: %q, %v", out, err)
	}
}

// TestReadmeCountsBundledGames checks the number of bundled games the
// README gives against the bundled configs (it said 21 where there were
// 30).
func TestReadmeCountsBundledGames(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	games, err := tabulate.LoadGames(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("computes the %d\nbundled games", len(games))
	if !strings.Contains(string(readme), want) {
		t.Errorf("README.md does not say %q", want)
	}
}
