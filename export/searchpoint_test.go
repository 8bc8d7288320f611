package export

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSearchCheckpointRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "cram-6x7.parquet")
	key := []byte("0123456789abcdef0123456789abcdef")
	rows := []SearchEntry{{Key: 1<<63 | 5, Word: 0x8000 | 40<<8 | 3}, {Key: 77, Word: 12<<8 | 0b101}}
	if err := WriteSearchCheckpoint(path, "cram", "6x7", rows, Options{Version: "test", MACKey: key}); err != nil {
		t.Fatal(err)
	}
	got, err := ReadSearchCheckpoint(path, "cram", "6x7", "test", key)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] != rows[0] || got[1] != rows[1] {
		t.Fatalf("read back %+v, wrote %+v", got, rows)
	}
	for _, tc := range []struct {
		game, pos, version string
		key                []byte
		want               string
	}{
		{"cram", "6x8", "test", key, "is a checkpoint of cram 6x7, not of cram 6x8"},
		{"chomp", "6x7", "test", key, "not of chomp 6x7"},
		{"cram", "6x7", "0.3", key, "written by sgtab test, not 0.3"},
		{"cram", "6x7", "test", []byte("another key of thirty-two bytes!"), "not signed with your key"},
	} {
		if _, err := ReadSearchCheckpoint(path, tc.game, tc.pos, tc.version, tc.key); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s %s: %v, want %q", tc.game, tc.pos, tc.version, err, tc.want)
		}
	}
	f, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if text := Describe(path, f).Text(f); !strings.Contains(text, "search checkpoint of cram 6x7: 2 facts") {
		t.Errorf("inspect says:\n%s", text)
	}
	// An entry edited, its CRC made again and the MAC kept, is refused by
	// the signature; one edited under the old CRC, by the CRC.
	md := maps.Clone(f.Meta)
	edited := []SearchEntry{rows[0], {Key: 77, Word: 12<<8 | 0b111}}
	md[KeyCensusCRC] = rowsCRC(searchColumns, edited)
	if err := writeFile(path, func(f *os.File) error {
		return writeRowTable(f, searchColumns, schemaMetadata(md), edited, Options{})
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSearchCheckpoint(path, "cram", "6x7", "test", key); err == nil || !strings.Contains(err.Error(), "not signed") {
		t.Errorf("an edited checkpoint with its CRC made again: %v", err)
	}
	md = maps.Clone(f.Meta)
	if err := writeFile(path, func(f *os.File) error {
		return writeRowTable(f, searchColumns, schemaMetadata(md), edited, Options{})
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadSearchCheckpoint(path, "cram", "6x7", "test", key); err == nil || !strings.Contains(strings.ToLower(err.Error()), "crc") {
		t.Errorf("an edited checkpoint under the old CRC: %v", err)
	}
}
