package export

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBoardsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cram.parquet")
	key := []byte("0123456789abcdef0123456789abcdef")
	rows := []Board{
		{Game: "cram", Rows: 4, Cols: 4, Proof: "both sides even"},
		{Game: "cram", Rows: 5, Cols: 7, Nimber: 1, Positions: 471745, Seconds: 1.2},
	}
	if err := WriteBoards(path, rows, Options{Version: "test", MACKey: key}); err != nil {
		t.Fatal(err)
	}
	got, meta, err := ReadBoards(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[1] != rows[1] || got[0] != rows[0] {
		t.Fatalf("read back %+v", got)
	}
	if !BoardsSigned(got, meta, key) || BoardsSigned(got, meta, []byte("another key of thirty-two bytes!")) {
		t.Fatal("the signature does not say who wrote the table")
	}
	got[1].Nimber = 2
	if BoardsSigned(got, meta, key) {
		t.Fatal("an edited row kept its signature")
	}
	f, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	text := Describe(path, f).Text(f)
	if !strings.Contains(text, "table of 2 boards") || !strings.Contains(text, "cram 5×7  nimber 1  searched 471745 positions") {
		t.Errorf("inspect says:\n%s", text)
	}
	// A row edited under the metadata of the rows written is refused.
	md := map[string]string{KeyKind: string(KindBoards), KeyVersion: "test", keyGames: "2", KeyCensusCRC: rowsCRC(boardColumns, rows)}
	edited := append([]Board(nil), rows...)
	edited[1].Nimber = 3
	if err := writeFile(path, func(f *os.File) error {
		return writeRowTable(f, boardColumns, schemaMetadata(md), edited, Options{})
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadBoards(path); err == nil || !strings.Contains(err.Error(), "crc") && !strings.Contains(err.Error(), "CRC") {
		t.Errorf("an edited table of boards: %v", err)
	}
}
