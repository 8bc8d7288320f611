// Package container_test checks the image's build script without Podman
// (examples/container/image-test.sh builds and runs the image with it).
package container_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuildNeedsPodman runs build.sh on a PATH without podman: it stops at
// once, saying so, before it compiles anything (a go on the PATH that
// records being called is never called), where it compiled for minutes
// before podman build failed.
func TestBuildNeedsPodman(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	bin := t.TempDir()
	called := filepath.Join(bin, "go-called")
	if err := os.WriteFile(filepath.Join(bin, "go"), []byte("#!/bin/sh\ntouch "+called+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tool := range []string{"dirname", "mktemp", "rm", "mkdir", "awk", "git", "date"} {
		if p, err := exec.LookPath(tool); err == nil {
			if err := os.Symlink(p, filepath.Join(bin, tool)); err != nil {
				t.Fatal(err)
			}
		}
	}
	cmd := exec.Command(bash, "build.sh")
	cmd.Env = []string{"PATH=" + bin}
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "podman is not installed") {
		t.Errorf("build.sh without podman: %v\n%s", err, out)
	}
	if _, err := os.Stat(called); err == nil {
		t.Error("build.sh compiled before finding podman missing")
	}
}
