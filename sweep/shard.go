package sweep

import (
	"errors"
	"fmt"
	"hash/fnv"
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

// ShardFromEnv returns the shard a cluster's scheduler gives this process,
// and where it found it: a Slurm job array (SLURM_ARRAY_TASK_ID, counted
// from SLURM_ARRAY_TASK_MIN, of SLURM_ARRAY_TASK_COUNT tasks), or a
// Kubernetes Indexed Job (JOB_COMPLETION_INDEX, of count shards: the job's
// completions, which the pod does not see). It returns All and "" when
// neither is set.
func ShardFromEnv(count int) (Shard, string, error) {
	if id := os.Getenv("SLURM_ARRAY_TASK_ID"); id != "" {
		n, err := strconv.Atoi(os.Getenv("SLURM_ARRAY_TASK_COUNT"))
		if err != nil {
			return Shard{}, "", errors.New("SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not a number")
		}
		first, _ := strconv.Atoi(os.Getenv("SLURM_ARRAY_TASK_MIN"))
		i, err := strconv.Atoi(id)
		if err != nil {
			return Shard{}, "", fmt.Errorf("SLURM_ARRAY_TASK_ID = %q is not a number", id)
		}
		s, err := ParseShard(fmt.Sprintf("%d/%d", i-first, n))
		if err != nil {
			return Shard{}, "", fmt.Errorf("Slurm array task %d of %d (from %d): %w; use --array=0-%d", i, n, first, err, n-1)
		}
		return s, "the Slurm job array", nil
	}
	if id := os.Getenv("JOB_COMPLETION_INDEX"); id != "" {
		if count < 1 {
			return Shard{}, "", errors.New("JOB_COMPLETION_INDEX is set: give the number of shards (the Job's completions) with -shards N")
		}
		i, err := strconv.Atoi(id)
		if err != nil {
			return Shard{}, "", fmt.Errorf("JOB_COMPLETION_INDEX = %q is not a number", id)
		}
		s, err := ParseShard(fmt.Sprintf("%d/%d", i, count))
		if err != nil {
			return Shard{}, "", fmt.Errorf("Kubernetes completion index %d of %d: %w", i, count, err)
		}
		return s, "the Kubernetes Indexed Job", nil
	}
	return All, "", nil
}
