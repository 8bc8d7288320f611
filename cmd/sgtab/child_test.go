package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sgtab/sgtab/family"
	"github.com/sgtab/sgtab/interrupt"
	"github.com/sgtab/sgtab/rules"
)

// childArgs names, in the environment of a child test process, the command
// line (separated by newlines) it runs as sgtab, exiting with its status;
// with childPeak set too, it then prints its peak memory ("peak BYTES").
const (
	childArgs = "SGTAB_TEST_ARGS"
	childPeak = "SGTAB_TEST_PEAK"
)

// TestMain runs sgtab itself when a test starts this binary as a child
// process (see sgtabProcess).
func TestMain(m *testing.M) {
	if args := os.Getenv(childArgs); args != "" {
		rules.TuneGC()
		code := run(interrupt.Context(), strings.Split(args, "\n"), os.Stdout, os.Stderr)
		if os.Getenv(childPeak) != "" {
			fmt.Printf("peak %d\n", peakMemory())
		}
		os.Exit(code)
	}
	os.Exit(runTests(m))
}

// runTests runs the tests with a key of their own to sign tables with,
// never the user's.
func runTests(m *testing.M) int {
	if os.Getenv(family.KeyEnv) != "" {
		return m.Run()
	}
	dir, err := os.MkdirTemp("", "sgtab-key")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	os.Setenv(family.KeyEnv, filepath.Join(dir, "key"))
	return m.Run()
}

// sgtabProcess returns the command that runs sgtab with args in a process
// of its own, in dir. Under the race detector the child does not wait a
// second before it exits (the detector's default, to let other threads
// finish their reports; a report is printed when the race is found, and
// the child's exit status, 66, says so): the tests start many children.
func sgtabProcess(dir string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childArgs+"="+strings.Join(args, "\n"))
	if _, set := os.LookupEnv("GORACE"); !set {
		cmd.Env = append(cmd.Env, "GORACE=atexit_sleep_ms=0")
	}
	cmd.Dir = dir
	return cmd
}

// peakMemory returns the process's peak resident memory (VmHWM), or 0
// when /proc does not say.
func peakMemory() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}
