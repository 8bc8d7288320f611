package export

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// KindCheckpoint is the kind of a checkpoint: the values a long computation
// has made final so far, n, sg (and sg_ring) for n = 0..N, as in a table.
const KindCheckpoint Kind = "checkpoint"

// KeyRuleSHA is the SHA-256 of a checkpoint's game (rules.Game.Key: its
// canonical rule, start and play), in hexadecimal.
const KeyRuleSHA = "sgtab.rule_sha256"

// RuleSHA returns the SHA-256 of key, in hexadecimal.
func RuleSHA(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// WriteCheckpoint writes the values of t as a checkpoint to the Parquet
// file path: a table (see WriteParquet) of sgtab.kind checkpoint, without
// analysis, with sgtab.rule_sha256, written under a temporary name and
// renamed when complete, so that a checkpoint is whole or absent.
func WriteCheckpoint(path string, t *sg.Table, opt Options) error {
	opt.kind = KindCheckpoint
	opt.Extra = map[string]string{KeyRuleSHA: RuleSHA(t.Game.Key())}
	err := fileformat.WriteFile(path, func(w io.Writer) error { return writeTable(fileformat.Parquet, w, t, opt) })
	if err != nil {
		return fmt.Errorf("write checkpoint %s: %w", path, err)
	}
	return nil
}

// ReadCheckpoint reads and verifies a checkpoint (see Read): its checksums,
// its first values against its rule, and its rule's SHA-256 against key
// (rules.Game.Key of the game it is to resume) and its version against
// version. It returns the table of its values, or an error saying why it
// cannot be used.
func ReadCheckpoint(path, key, version string) (*sg.Table, error) {
	f, err := ReadCheckpointFile(context.Background(), path, key, version, ReadOptions{})
	if err != nil {
		return nil, err
	}
	return f.Table, nil
}

// ReadCheckpointFile reads and verifies a checkpoint as ReadCheckpoint
// does, with the context and options of ReadContext, and returns the file
// (its metadata, to tell whether it is Signed).
func ReadCheckpointFile(ctx context.Context, path, key, version string, opt ReadOptions) (*File, error) {
	f, err := ReadContext(ctx, path, opt)
	if err != nil {
		return nil, err
	}
	switch {
	case f.Kind != KindCheckpoint:
		return nil, fmt.Errorf("%s is not a checkpoint (it holds a %s)", path, f.Kind)
	case f.Meta[KeyRuleSHA] != RuleSHA(key) || f.Table.Game.Key() != key:
		return nil, fmt.Errorf("%s is a checkpoint of %s, not of %s", path, f.Table.Game.Key(), key)
	case f.Meta[KeyVersion] != version:
		return nil, fmt.Errorf("%s was written by sgtab %s, not %s", path, f.Meta[KeyVersion], version)
	}
	return f, nil
}
