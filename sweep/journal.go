package sweep

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export/fileformat"
)

// A Journal records the results of a sweep's jobs as they end, so that a
// sweep run again computes only what is missing. It is a text file of
// lines: a header that says which sweep it belongs to, then one line per
// finished job, each "CRC MAC JSON": MAC the HMAC-SHA256 of the header
// and the JSON under the user's key (export.KeyMAC's key), in hexadecimal
// ("-" without a key), and CRC the CRC-32C of "MAC JSON" in 8 hexadecimal
// digits. Every line is appended whole and synced before the job counts
// as done; a line cut short by a crash fails its CRC, and it and what
// follows are dropped when the journal is opened again. A whole line
// whose MAC is not the key's — edited, planted, or written without the
// key — is not taken: its job runs again (Unsigned counts them).
type Journal struct {
	path     string
	mu       sync.Mutex
	f        *os.File
	done     map[string]Result
	unlock   func()
	key      []byte
	head     []byte // the header's JSON, which each line's MAC covers
	unsigned int
}

// A Header says which sweep a journal (or census) belongs to: a journal is
// resumed only by a run of the same sweep config, table size, mode and
// shard, with the same sgtab version and journal format.
type Header struct {
	Sweep   string `json:"sweep_sha256"`
	N       int    `json:"n"`
	Auto    bool   `json:"auto"`
	Shard   string `json:"shard"`
	Version string `json:"version"`
	// Format is the version of the journal's records (OpenJournal sets
	// it); 0 in journals written before it, whose records lack the
	// rings' analysis.
	Format int `json:"format"`
}

// journalFormat is the version of the records of the journals sgtab
// writes: 2 since they are signed.
const journalFormat = 2

// A Result is what the sweep keeps of one job's table.
type Result struct {
	Key           string    `json:"key"`
	Status        string    `json:"status"`
	Period        int       `json:"period"`
	Preperiod     int       `json:"preperiod"`
	Saltus        uint32    `json:"saltus"`
	LastException int       `json:"last_exception"`
	Heaps         int       `json:"heaps"`
	MaxSG         uint32    `json:"max_sg"`
	MaxAt         int       `json:"max_at"`
	RareMask      uint32    `json:"rare_mask"`
	RarePos       sg.Parity `json:"rare_pos,omitempty"`
	RareCount     int       `json:"rare_count"`
	LastRare      int       `json:"last_rare"`
	Checksum      string    `json:"checksum"`
	Seconds       float64   `json:"seconds"`
	First         []uint32  `json:"first"`
	ClassKey      string    `json:"class_key"`
	// The ring values' analysis, for a game that starts on a ring.
	RingStatus    string `json:"ring_status,omitempty"`
	RingPeriod    int    `json:"ring_period,omitempty"`
	RingPreperiod int    `json:"ring_preperiod,omitempty"`
	RingSaltus    uint32 `json:"ring_saltus,omitempty"`
}

// JournalFile is a journal's name in its folder.
const JournalFile = "journal.jsonl"

// ErrBusy is the error of OpenJournal and Merge when another sweep, or
// merge, runs into the folder.
var ErrBusy = errors.New("another sweep or merge is running into this folder")

// OpenJournal opens the journal in dir for the sweep h, creating it when
// there is none (or when fresh); its lines are signed, and checked, with
// key (none: no line is taken from the file, none is signed). A journal of another sweep is an error
// that says what differs, and leaves it as it is. The journal holds the
// folder's lock (fileformat.TryLockDir) until it is closed, so that a second
// sweep into dir meanwhile, of this sweep or another, is refused (ErrBusy)
// before it reads or changes anything there.
func OpenJournal(dir string, h Header, fresh bool, key []byte) (_ *Journal, err error) {
	unlock, err := lockFolder(dir)
	if err != nil {
		return nil, err
	}
	defer func() {
		if err != nil {
			unlock()
		}
	}()
	j := &Journal{path: dir + string(os.PathSeparator) + JournalFile, done: map[string]Result{}, unlock: unlock, key: key}
	h.Format = journalFormat
	if j.head, err = json.Marshal(h); err != nil {
		return nil, err
	}
	good := int64(0)
	if data, err := readRegular(j.path); err == nil && !fresh {
		if good, err = j.load(data, h); err != nil {
			return nil, err
		}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	if good == 0 {
		if err := fileformat.WriteFile(j.path, func(w io.Writer) error {
			_, err := w.Write(append(slices.Clip(j.head), '\n'))
			return err
		}); err != nil {
			return nil, fmt.Errorf("create journal: %w", err)
		}
		good = int64(len(j.head) + 1)
	}
	f, err := os.OpenFile(j.path, os.O_WRONLY, 0)
	if err != nil {
		return nil, err
	}
	// Drop a last line cut short, then append after the good ones.
	if err := f.Truncate(good); err != nil {
		f.Close() // nothing written
		return nil, err
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close() // nothing written
		return nil, err
	}
	j.f = f
	return j, nil
}

// lockFolder takes the lock of the sweep folder dir (fileformat.TryLockDir),
// or says that another sweep (or merge) holds it.
func lockFolder(dir string) (unlock func(), err error) {
	unlock, err = fileformat.TryLockDir(dir)
	if errors.Is(err, fileformat.ErrLocked) {
		return nil, fmt.Errorf("%s: %w; wait for it to end, or choose another output folder", dir, ErrBusy)
	} else if err != nil {
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return unlock, nil
}

// readRegular reads the regular file path.
func readRegular(path string) ([]byte, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	return os.ReadFile(path)
}

// load reads a journal's text: its header must be h; its good lines go
// into j.done. It returns the length of the good part.
func (j *Journal) load(data []byte, h Header) (int64, error) {
	head, _, ok := bytes.Cut(data, []byte("\n"))
	var got Header
	if !ok || json.Unmarshal(head, &got) != nil {
		return 0, fmt.Errorf("%s is not a sweep journal; remove it or choose another output folder", j.path)
	}
	if got != h {
		return 0, fmt.Errorf("%s belongs to another sweep (%s); sgtab mixes no results: "+
			"choose another output folder, or run with -fresh to start this one over", j.path, headerDiff(got, h))
	}
	return j.loadFrom(data, int64(len(head)+1)), nil
}

// loadFrom reads the record lines of data from offset on into j.done and
// returns the length of the good part: up to the first line that is not
// whole (no newline, a CRC that fails, JSON that does not parse). A whole
// line whose MAC is not the key's is passed over, and counted.
func (j *Journal) loadFrom(data []byte, offset int64) int64 {
	good := offset
	for good < int64(len(data)) {
		rest := data[good:]
		nl := bytes.IndexByte(rest, '\n')
		if nl < 0 {
			break // no newline: not written whole
		}
		line := rest[:nl]
		crc, signed, ok := bytes.Cut(line, []byte(" "))
		if !ok || string(crc) != crcText(signed) {
			break
		}
		mac, body, ok := bytes.Cut(signed, []byte(" "))
		var r Result
		if !ok || json.Unmarshal(body, &r) != nil || r.Key == "" {
			break
		}
		if want := j.mac(body); want == "-" || !hmac.Equal(mac, []byte(want)) {
			j.unsigned++
		} else {
			j.done[r.Key] = r
		}
		good += int64(nl + 1)
	}
	return good
}

// mac returns the MAC of a line whose JSON is body, in hexadecimal: "-"
// without a key.
func (j *Journal) mac(body []byte) string {
	if len(j.key) == 0 {
		return "-"
	}
	h := hmac.New(sha256.New, j.key)
	h.Write([]byte("sgtab journal line 1\n"))
	h.Write(j.head)
	h.Write([]byte{'\n'})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// Unsigned returns the number of whole lines of the journal as opened
// whose MAC was not the key's: their jobs are not taken as done.
func (j *Journal) Unsigned() int { return j.unsigned }

// headerDiff says how two headers differ.
func headerDiff(old, now Header) string {
	var d []string
	if old.Sweep != now.Sweep {
		d = append(d, "its sweep config differs")
	}
	if old.N != now.N || old.Auto != now.Auto {
		d = append(d, fmt.Sprintf("its tables go to %d (auto %v), not %d (auto %v)", old.N, old.Auto, now.N, now.Auto))
	}
	if old.Shard != now.Shard {
		d = append(d, fmt.Sprintf("it is shard %s, not %s", old.Shard, now.Shard))
	}
	if old.Version != now.Version {
		d = append(d, fmt.Sprintf("sgtab %s wrote it, this is %s", old.Version, now.Version))
	}
	if old.Format != now.Format {
		d = append(d, fmt.Sprintf("its records are of format %d, not %d", old.Format, now.Format))
	}
	return strings.Join(d, "; ")
}

// crcText returns the CRC-32C of b in 8 hexadecimal digits.
func crcText(b []byte) string { return fmt.Sprintf("%08X", crc32.Checksum(b, castagnoli)) }

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// Done returns the results the journal holds, by job key.
func (j *Journal) Done() map[string]Result { return j.done }

// Add appends r to the journal and syncs it: once Add returns, the job
// is done for good. It is safe for concurrent use.
func (j *Journal) Add(r Result) error {
	body, err := json.Marshal(r)
	if err != nil {
		return err
	}
	signed := append([]byte(j.mac(body)+" "), body...)
	line := append([]byte(crcText(signed)+" "), signed...)
	line = append(line, '\n')
	j.mu.Lock()
	defer j.mu.Unlock()
	if _, err := j.f.Write(line); err != nil {
		return fmt.Errorf("write journal: %w", err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("sync journal: %w", err)
	}
	j.done[r.Key] = r
	return nil
}

// Close closes the journal file and releases the folder.
func (j *Journal) Close() error {
	defer j.unlock()
	return j.f.Close()
}
