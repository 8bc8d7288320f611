package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestExportWritesThrough checks that export -o writes through what is not
// a regular file — a named pipe, a link to one, a link to /dev/null, and
// /dev/null itself — leaving it in place, and replaces a regular file (the
// file a link points to, keeping the link).
func TestExportWritesThrough(t *testing.T) {
	chdir(t)
	if code := run(t.Context(), []string{"run", "-out", "out", "-heaps", "100", "-plot", "none", "kayles.yaml"}, io.Discard, io.Discard); code != 0 {
		t.Fatalf("sgtab run: status %d", code)
	}
	code, want, stderr := sgtab(t, "export", "-lang", "c", "out/kayles.parquet")
	if code != 0 {
		t.Fatalf("export: status %d: %s", code, stderr)
	}
	export := func(t *testing.T, path string) {
		t.Helper()
		if code, _, stderr := sgtab(t, "export", "-lang", "c", "-o", path, "out/kayles.parquet"); code != 0 {
			t.Fatalf("export -o %s: status %d: %s", path, code, stderr)
		}
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(fifo, link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, link} {
		t.Run(filepath.Base(path), func(t *testing.T) {
			// Opened for reading and writing, the pipe has a reader
			// and a writer at once: neither open waits.
			r, err := os.OpenFile(fifo, os.O_RDWR, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			export(t, path)
			if info, err := os.Lstat(fifo); err != nil || info.Mode().Type() != fs.ModeNamedPipe {
				t.Fatalf("%s is no longer a named pipe: %v, %v", fifo, info.Mode(), err)
			}
			if info, err := os.Lstat(link); err != nil || info.Mode().Type() != fs.ModeSymlink {
				t.Fatalf("%s is no longer a link: %v, %v", link, info.Mode(), err)
			}
			got := make([]byte, len(want))
			if _, err := io.ReadFull(r, got); err != nil || string(got) != want {
				t.Errorf("read %q (%v) from the pipe, want the code", got, err)
			}
		})
	}
	devnull := []string{filepath.Join(dir, "null")}
	if err := os.Symlink(os.DevNull, devnull[0]); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 {
		// Only as another user than root: a version that replaced it
		// would take this machine's /dev/null away.
		devnull = append(devnull, os.DevNull)
	}
	for _, path := range devnull {
		export(t, path)
		if info, err := os.Stat(os.DevNull); err != nil || info.Mode().Type() != fs.ModeDevice|fs.ModeCharDevice {
			t.Fatalf("%s is no longer a device: %v, %v", os.DevNull, info.Mode(), err)
		}
		if info, err := os.Lstat(path); err != nil || info.Mode().IsRegular() {
			t.Errorf("%s was replaced by a regular file", path)
		}
	}
	// A regular file is replaced, through a link to it too.
	file, fileLink := filepath.Join(dir, "kayles.h"), filepath.Join(dir, "kayles-link.h")
	if err := os.WriteFile(file, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, fileLink); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{file, fileLink} {
		os.WriteFile(file, []byte("old"), 0o644)
		export(t, path)
		if got, err := os.ReadFile(file); err != nil || string(got) != want {
			t.Errorf("export -o %s: %s holds %q, %v", path, file, got, err)
		}
	}
	if info, err := os.Lstat(fileLink); err != nil || info.Mode().Type() != fs.ModeSymlink {
		t.Errorf("%s is no longer a link", fileLink)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 5 {
		t.Errorf("%s holds %d files, want 5 (no temporary file left)", dir, len(entries))
	}
}
