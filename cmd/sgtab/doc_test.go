package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocExamples runs every "$ sgtab …" example of the manual (the package
// comment in main.go) from a directory where configs/ is the bundled
// configs, and checks that each succeeds.
func TestDocExamples(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	configs, err := filepath.Abs("../../configs")
	if err != nil {
		t.Fatal(err)
	}
	examples := regexp.MustCompile(`(?m)^//\s+\$ sgtab (.*)$`).FindAllSubmatch(src, -1)
	if len(examples) < 3 {
		t.Fatalf("found %d examples in the manual, want at least 3", len(examples))
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
