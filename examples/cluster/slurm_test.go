// Package cluster_test checks the Slurm batch script of a sharded sweep
// without a cluster (examples/cluster/slurm-test.sh runs it on one): the
// memory it gives sgtab from the task's allocation, and its usage.
package cluster_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSlurmMemory runs sweep.slurm as Slurm would start a task, with sgtab
// replaced by a program that prints $SGTAB_MEMORY: the allocation of
// --mem (per node), or of --mem-per-cpu times the task's CPUs, which the
// script used to leave unset, or none.
func TestSlurmMemory(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	bin := t.TempDir()
	fake := "#!/bin/sh\necho \"SGTAB_MEMORY=$SGTAB_MEMORY args=$*\"\n"
	if err := os.WriteFile(filepath.Join(bin, "sgtab"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs("sweep.slurm")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{[]string{"SLURM_MEM_PER_NODE=2048"}, "SGTAB_MEMORY=2048MiB "},
		{[]string{"SLURM_MEM_PER_CPU=500", "SLURM_CPUS_PER_TASK=4"}, "SGTAB_MEMORY=2000MiB "},
		{[]string{"SLURM_MEM_PER_CPU=500"}, "SGTAB_MEMORY=500MiB "},
		{nil, "SGTAB_MEMORY= "},
	} {
		cmd := exec.Command("bash", script, "8", "sweep.yaml", "census")
		cmd.Env = append([]string{"PATH=" + bin + ":/usr/bin:/bin"}, tc.env...)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), tc.want) || !strings.Contains(string(out), "sweep -shards 8 -workers") {
			t.Errorf("%v: %v\n%s\nwant %q", tc.env, err, out, tc.want)
		}
	}
}
