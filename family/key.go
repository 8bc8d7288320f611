package family

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/sgtab/sgtab/export"
)

// KeyEnv names the file of the key that sgtab signs its tables and
// checkpoints with (export.KeyMAC), and checks them with before it goes on
// from them; by default it is sgtab/key in the user's configuration folder
// ($XDG_CONFIG_HOME, ~/.config: os.UserConfigDir), outside every output
// folder. The key is 32 random bytes, in hexadecimal, readable by its owner
// alone; run creates it when there is none.
const KeyEnv = "SGTAB_KEY"

// KeyPath returns the path of the key file.
func KeyPath() (string, error) {
	if p := os.Getenv(KeyEnv); p != "" {
		return p, nil
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no folder for sgtab's key (set %s): %w", KeyEnv, err)
	}
	return filepath.Join(dir, "sgtab", "key"), nil
}

// LoadKey returns the user's key, creating it first when create is set and
// there is none.
func LoadKey(create bool) ([]byte, error) {
	path, err := KeyPath()
	if err != nil {
		return nil, err
	}
	key, err := readKey(path)
	if errors.Is(err, fs.ErrNotExist) && create {
		if err := createKey(path); err != nil {
			return nil, fmt.Errorf("create the key %s: %w", path, err)
		}
		key, err = readKey(path)
	}
	return key, err
}

// keyBytes is the length of a key; maxKeyFile bounds the key file read.
const (
	keyBytes   = 32
	maxKeyFile = 1 << 10
)

// readKey reads the key file path: a regular file that no one but its
// owner may read or write (or a Secret's, see secretMount), holding a key
// in hexadecimal.
func readKey(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	switch {
	case !st.Mode().IsRegular():
		return nil, fmt.Errorf("the key %s is not a regular file", path)
	case st.Mode().Perm()&0o077 != 0 && !secretMount(st):
		return nil, fmt.Errorf("the key %s may be read or written by others than its owner (mode %v): not used (chmod 600 it)", path, st.Mode().Perm())
	}
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close() // read-only: Close has nothing to report
	data, err := io.ReadAll(io.LimitReader(fh, maxKeyFile))
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(strings.TrimSpace(string(data)))
	if err != nil || len(key) < keyBytes/2 {
		return nil, fmt.Errorf("the key %s does not hold a key of at least %d hexadecimal digits", path, keyBytes)
	}
	return key, nil
}

// createKey writes a new random key to path, readable by its owner alone,
// unless another process creates one there first: the key is written to a
// temporary file and linked into place, which never replaces a key.
func createKey(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	key := make([]byte, keyBytes)
	rand.Read(key)                               // never fails (crypto/rand)
	tmp, err := os.CreateTemp(dir, ".key-*.tmp") // mode 0600
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // linked or not, the temporary name goes
	_, err = tmp.WriteString(hex.EncodeToString(key) + "\n")
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return nil
}

// ReadOptions returns the options to read a table with: the user's key,
// so that a table signed with it is taken as the user's own computation
// (export.ReadOptions.Key); none when there is no key.
func ReadOptions() export.ReadOptions {
	key, _ := LoadKey(false) // none: no table is signed with it
	return export.ReadOptions{Key: key}
}
