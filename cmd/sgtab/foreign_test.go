package main

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
	parquetgo "github.com/parquet-go/parquet-go"
)

// dropMetadata returns a copy of the Parquet file b (of rows rows) with one
// byte of its footer changed so that the file still reads, every row of
// it, but without any key/value metadata, as a flip of byte 512 of a
// Kayles table did; and the byte's offset.
func dropMetadata(t *testing.T, b []byte, rows int64) ([]byte, int) {
	t.Helper()
	footer := len(b) - 8 - int(binary.LittleEndian.Uint32(b[len(b)-8:]))
	for i := footer; i < len(b)-8; i++ {
		for _, mask := range []byte{1, 2, 4, 8, 16, 32, 64, 128, 255} {
			c := bytes.Clone(b)
			c[i] ^= mask
			if readsWithoutMetadata(c, rows) {
				return c, i
			}
		}
	}
	t.Fatal("no one-byte change of the footer drops the metadata and keeps the rows")
	return nil, 0
}

// readsWithoutMetadata reports whether the Parquet file b reads with rows
// rows, the columns n and sg, and no key/value metadata.
func readsWithoutMetadata(b []byte, rows int64) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	pf, err := file.NewParquetReader(bytes.NewReader(b))
	if err != nil {
		return false
	}
	defer pf.Close()
	md := pf.MetaData()
	return md.KeyValueMetadata().Len() == 0 && pf.NumRows() == rows && md.Schema.NumColumns() == 2 &&
		md.Schema.Column(0).Name() == "n" && md.Schema.Column(1).Name() == "sg"
}

// TestMetadataLost reads a Kayles table sgtab wrote with one byte of its
// footer changed so that all its metadata is gone: its columns are
// sgtab's, so every command refuses it, saying why, rather than read it as
// another tool's table.
func TestMetadataLost(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	runOK(t, "run", "-plot", "none", "-formats", "parquet", "-out", out, writeGame(t, dir, "kayles", "code: \"0.77\"\nheaps: 10000"))
	good, err := os.ReadFile(filepath.Join(out, "kayles.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	damaged, at := dropMetadata(t, good, 10001)
	t.Logf("a change of byte %d of %d drops the metadata", at, len(good))
	path := filepath.Join(dir, "kayles.parquet")
	if err := os.WriteFile(path, damaged, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"inspect", path},
		{"plot", "-out", dir, path},
		{"query", "-table", path, "5"},
		{"export", "-lang", "go", path},
	} {
		code, stderr := runErr(t, args...)
		if code != 1 || !strings.Contains(stderr, "it has the columns of a table sgtab writes (n, sg, none of them nullable) but none of its metadata") {
			t.Errorf("sgtab %s: status %d\n%s", args[0], code, stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "kayles.png")); err == nil {
		t.Error("plot drew the damaged table")
	}
}

// TestForeignTable reads a table another tool wrote (nullable columns, no
// metadata): inspect marks it unverified, plot and query say so on
// standard error, and export, which would name a game, refuses it.
func TestForeignTable(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "other.parquet")
	writeForeign(t, path, 40)
	var stdout bytes.Buffer
	if code := run(t.Context(), []string{"inspect", path}, &stdout, io.Discard); code != 0 || !strings.Contains(stdout.String(), "unverified") {
		t.Errorf("inspect: status %d\n%s", code, stdout.String())
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"plot", "-out", dir, path}, 0, "unverified: it has no sgtab metadata, so its values are drawn as they are"},
		{[]string{"query", "-table", path, "5"}, 0, "warning: " + path + " has no sgtab metadata: its values are taken as they are, unverified"},
		{[]string{"export", "-lang", "go", path}, 1, path + " has no sgtab metadata: no game to write code of"},
	} {
		code, stderr := runErr(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("sgtab %s: status %d, want %d\n%s", tc.args[0], code, tc.code, stderr)
		}
	}
}

// writeForeign writes a table of n and sg (n mod 4) for n = 0..rows−1 as
// other tools do, here parquet-go: columns that may hold nulls, and no
// sgtab metadata.
func writeForeign(t *testing.T, path string, rows int) {
	t.Helper()
	type row struct {
		N  *int64 `parquet:"n,optional"`
		SG *int64 `parquet:"sg,optional"`
	}
	rs := make([]row, rows)
	for n := range rs {
		rs[n] = row{new(int64(n)), new(int64(n % 4))}
	}
	if err := parquetgo.WriteFile(path, rs); err != nil {
		t.Fatal(err)
	}
}
