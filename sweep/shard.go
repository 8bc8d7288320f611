package sweep

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"strconv"
	"strings"
)

// A Shard is part I of N of a sweep, 0 ≤ I < N.
type Shard struct{ I, N int }

// All is the whole sweep, as one shard.
var All = Shard{0, 1}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.I, s.N) }

// Dir is the folder of a shard's census below a sweep's output folder:
// "shard=I-of-N", a Hive-style partition that DuckDB, polars and Spark
// read as a column; "" for the whole sweep.
func (s Shard) Dir() string {
	if s.N == 1 {
		return ""
	}
	return fmt.Sprintf("shard=%d-of-%d", s.I, s.N)
}

// Holds reports whether the game of canonical rule key belongs to the
// shard.
func (s Shard) Holds(key string) bool { return shardOf(key, s.N) == s.I }

// shardOf returns the shard, of n, that holds the game of canonical rule
// key: the FNV-1a hash of key modulo n.
func shardOf(key string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(key))
	return int(h.Sum64() % uint64(n))
}

// ParseShard reads "I/N", 0 ≤ I < N.
func ParseShard(v string) (Shard, error) {
	is, ns, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return Shard{}, errors.New("want I/N, as in 0/4")
	case n < 1 || n > maxShards:
		return Shard{}, fmt.Errorf("N must be from 1 to %d", maxShards)
	case i < 0 || i >= n:
		return Shard{}, fmt.Errorf("I must be from 0 to N−1 = %d", n-1)
	}
	return Shard{i, n}, nil
}

// ChooseShard returns the shard a command's flags choose with the
// environment: shard is -shard I/N ("" when not given), count is -shards N
// and countGiven says whether it was given. The two flags exclude each
// other; without -shard the shard comes from ShardFromEnv, whose second
// result says where it found it. Every error is a mistake in how the
// command was called.
func ChooseShard(shard string, count int, countGiven bool) (Shard, string, error) {
	switch {
	case shard != "" && countGiven:
		return All, "", errors.New("-shard and -shards exclude each other: -shard I/N chooses the shard, -shards N lets JOB_COMPLETION_INDEX choose it")
	case shard != "":
		s, err := ParseShard(shard)
		if err != nil {
			return All, "", fmt.Errorf("-shard %s: %w", shard, err)
		}
		return s, "", nil
	case countGiven && count < 1:
		return All, "", errors.New("-shards must be at least 1")
	}
	return ShardFromEnv(count)
}

// maxShards bounds the number of shards.
const maxShards = 1 << 20

// The environment variables that give a shard's index.
const (
	slurmID  = "SLURM_ARRAY_TASK_ID"
	slurmMax = "SLURM_ARRAY_TASK_MAX"
	jobIndex = "JOB_COMPLETION_INDEX"
)

// ShardFromEnv returns shard I of count that a cluster's scheduler gives
// this process, and where it found I: a Slurm job array task's own id
// (SLURM_ARRAY_TASK_ID, so that the array is --array=0-(count−1), and a
// task rerun alone, sbatch --array=5, is shard 5 still), or a Kubernetes
// Indexed Job's completion index (JOB_COMPLETION_INDEX). The number of
// shards, count, comes from the command (-shards), never from the
// environment: a task rerun alone is an array of one, and a pod does not
// see its Job's completions.
//
// With count 0 (no -shards) it returns All, unless the process is a task
// of a Slurm job array or a pod of an Indexed Job: that is an error that
// says to give -shards, where computing the whole sweep in every task
// would go unnoticed. A count without an index to go with it, an index out
// of range, and a variable that is not a whole number are errors that
// name what to set.
func ShardFromEnv(count int) (Shard, string, error) {
	if a, b := os.Getenv(slurmID), os.Getenv(jobIndex); a != "" && b != "" && a != b {
		return Shard{}, "", fmt.Errorf("%s = %s and %s = %s are both set, and differ: no shard is chosen; unset the one that does not belong to this task", slurmID, a, jobIndex, b)
	}
	name, from := slurmID, "the Slurm job array"
	if os.Getenv(slurmID) == "" {
		name, from = jobIndex, "the Kubernetes Indexed Job"
	}
	if os.Getenv(name) == "" {
		if count > 0 {
			return Shard{}, "", fmt.Errorf("-shards %d: neither %s (a Slurm job array task, sbatch --array=0-%d) nor %s (a Kubernetes Indexed Job) is set; to compute one shard by hand, use -shard I/%d",
				count, slurmID, count-1, jobIndex, count)
		}
		return All, "", nil
	}
	if count < 1 {
		return Shard{}, "", fmt.Errorf("%s is set (%s): give the number of shards with -shards N, the same in every task, or unset it to compute the whole sweep here", name, from)
	}
	i, err := envInt(name, 0, math.MaxInt32)
	if err != nil {
		return Shard{}, "", err
	}
	if i >= count {
		return Shard{}, "", fmt.Errorf("%s = %d is not a shard of -shards %d: the indices run from 0 to %d%s", name, i, count, count-1, slurmHint(name, count))
	}
	if name == slurmID && os.Getenv(slurmMax) != "" {
		// A whole array submitted: its last task must be a shard too,
		// or the shards past it would go uncomputed.
		if most, err := envInt(slurmMax, 0, math.MaxInt32); err == nil && most >= count {
			return Shard{}, "", fmt.Errorf("the Slurm job array goes to task %d, past -shards %d%s", most, count, slurmHint(name, count))
		}
	}
	return Shard{i, count}, from, nil
}

// slurmHint says how to submit a Slurm job array of count shards, when
// name is Slurm's variable.
func slurmHint(name string, count int) string {
	if name != slurmID {
		return ""
	}
	return fmt.Sprintf(" (submit the array as --array=0-%d)", count-1)
}

// envInt reads the environment variable name, a whole number from least
// to most.
func envInt(name string, least, most int) (int, error) {
	v := os.Getenv(name)
	i, err := strconv.Atoi(v)
	switch {
	case v == "":
		return 0, fmt.Errorf("%s is not set", name)
	case err != nil:
		return 0, fmt.Errorf("%s = %q is not a whole number", name, v)
	case i < least || i > most:
		return 0, fmt.Errorf("%s = %d: want a whole number from %d to %d", name, i, least, most)
	}
	return i, nil
}

// CheckFolder checks that shard s of a sweep may be computed into the
// sweep's output folder out: that the shards already there, if any, are
// shards of as many (a task given another -shards would compute games
// that other shards hold, and merge would refuse the mixture), and that a
// sharded run does not go where a whole sweep was run, nor a whole sweep
// where shards were. An out that does not exist yet is fine.
func CheckFolder(out string, s Shard) error {
	entries, err := os.ReadDir(out)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	whole := false
	for _, e := range entries {
		if e.Name() == JournalFile {
			whole = true
		}
		var i, n int
		if _, err := fmt.Sscanf(e.Name(), "shard=%d-of-%d", &i, &n); err != nil || !e.IsDir() || (Shard{i, n}).Dir() != e.Name() {
			continue
		}
		switch {
		case s.N == 1:
			return fmt.Errorf("%s holds shards of a sweep of %d (%s, …): join them with sgtab merge %s, or write the whole sweep into another folder", out, n, e.Name(), out)
		case n != s.N:
			return fmt.Errorf("%s holds shards of a sweep of %d (%s), and this is shard %s: give every task the same -shards (%d here), or write into another folder", out, n, e.Name(), s, n)
		}
	}
	if whole && s.N > 1 {
		return fmt.Errorf("%s holds the journal of a whole sweep (%s): write the shards into another folder", out, JournalFile)
	}
	return nil
}
