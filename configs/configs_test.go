package configs_test

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/configs"
	"github.com/sgtab/sgtab/rules"
)

// TestConfigs parses every bundled config and computes it at a small size,
// so that the examples never go stale. Each config must state its rule, a
// source and a known result in its comment.
func TestConfigs(t *testing.T) {
	names, err := fs.Glob(configs.FS, "*.yaml")
	if err != nil || len(names) < 15 {
		t.Fatalf("found %d bundled configs (%v), want at least 15", len(names), err)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			data, err := configs.FS.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			games, err := rules.Parse(bytes.NewReader(data), name)
			if err != nil {
				t.Fatal(err)
			}
			for _, word := range []string{"Source:", "Known result:"} {
				if !strings.Contains(string(data), word) {
					t.Errorf("%s: the comment lacks %q", name, word)
				}
			}
			for _, g := range games {
				if _, err := compute.Sequence(t.Context(), g, 200, compute.Options{}); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
