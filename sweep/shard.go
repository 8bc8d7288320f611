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

// maxShards bounds the number of shards.
const maxShards = 1 << 20

// The environment variables that choose a shard.
const (
	slurmID    = "SLURM_ARRAY_TASK_ID"
	slurmMin   = "SLURM_ARRAY_TASK_MIN"
	slurmCount = "SLURM_ARRAY_TASK_COUNT"
	jobIndex   = "JOB_COMPLETION_INDEX"
)

// ShardFromEnv returns the shard a cluster's scheduler gives this process,
// and where it found it: a Slurm job array (SLURM_ARRAY_TASK_ID, counted
// from SLURM_ARRAY_TASK_MIN, of SLURM_ARRAY_TASK_COUNT tasks), or a
// Kubernetes Indexed Job (JOB_COMPLETION_INDEX, of count shards: the job's
// completions, which the pod does not see). It returns All and "" when
// neither is set and count is 0. A variable that is not a whole number in
// range is an error that names it, and so is a count (-shards) without
// JOB_COMPLETION_INDEX: each would otherwise compute the whole sweep, or
// the wrong shard, in every task.
func ShardFromEnv(count int) (Shard, string, error) {
	if count > 0 && os.Getenv(jobIndex) == "" {
		return Shard{}, "", fmt.Errorf("-shards %d: %s is not set, as a Kubernetes Indexed Job sets it; to compute one shard by hand, use -shard I/%d", count, jobIndex, count)
	}
	if os.Getenv(slurmID) != "" {
		s, err := slurmShard()
		if err != nil {
			return Shard{}, "", err
		}
		return s, "the Slurm job array", nil
	}
	if os.Getenv(jobIndex) != "" {
		if count < 1 {
			return Shard{}, "", fmt.Errorf("%s is set: give the number of shards (the Job's completions) with -shards N", jobIndex)
		}
		i, err := envInt(jobIndex, 0, math.MaxInt32)
		if err != nil {
			return Shard{}, "", err
		}
		s, err := ParseShard(fmt.Sprintf("%d/%d", i, count))
		if err != nil {
			return Shard{}, "", fmt.Errorf("Kubernetes completion index %d of %d: %w", i, count, err)
		}
		return s, "the Kubernetes Indexed Job", nil
	}
	return All, "", nil
}

// slurmShard returns the shard of a Slurm job array task.
func slurmShard() (Shard, error) {
	i, err := envInt(slurmID, 0, math.MaxInt32)
	if err != nil {
		return Shard{}, err
	}
	first, err := envInt(slurmMin, 0, math.MaxInt32)
	if err != nil {
		return Shard{}, err
	}
	n, err := envInt(slurmCount, 1, maxShards)
	if err != nil {
		return Shard{}, err
	}
	s, err := ParseShard(fmt.Sprintf("%d/%d", i-first, n))
	if err != nil {
		return Shard{}, fmt.Errorf("Slurm array task %d of %d (from %d): %w; use --array=0-%d", i, n, first, err, n-1)
	}
	return s, nil
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
