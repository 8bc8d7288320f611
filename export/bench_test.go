package export_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/export/internal/testtable"
)

func BenchmarkWriteParquet1e7(b *testing.B) { benchWrite(b, export.WriteParquet, periodic, 1e7) }
func BenchmarkWriteIPC1e7(b *testing.B)     { benchWrite(b, export.WriteIPC, periodic, 1e7) }

// 10^8 rows: the size at which the write rate and file sizes are reported.
func BenchmarkWriteParquet1e8(b *testing.B) { benchWrite(b, export.WriteParquet, periodic, 1e8) }
func BenchmarkWriteIPC1e8(b *testing.B)     { benchWrite(b, export.WriteIPC, periodic, 1e8) }

// The Random benchmarks write values that zstd cannot squeeze much, the
// worst case for Parquet (but still below 64, as SG values mostly are).
func BenchmarkWriteParquet1e7Random(b *testing.B) { benchWrite(b, export.WriteParquet, random, 1e7) }
func BenchmarkWriteIPC1e7Random(b *testing.B)     { benchWrite(b, export.WriteIPC, random, 1e7) }

// periodic repeats the period of Kayles' Grundy values (Winning Ways,
// ch. 4), as most octal games end up doing: the best case for zstd.
func periodic(rows int) []uint32 {
	kayles := [12]uint32{4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7}
	g := make([]uint32, rows)
	for n := range g {
		g[n] = kayles[n%12]
	}
	return g
}

// random returns values below 64 from a fixed seed.
func random(rows int) []uint32 {
	rnd := rand.New(rand.NewPCG(3, 3))
	g := make([]uint32, rows)
	for n := range g {
		g[n] = rnd.Uint32N(64)
	}
	return g
}

func benchWrite(b *testing.B, write func(string, *sg.Table, export.Options) error, values func(int) []uint32, rows int) {
	tab := newTable(b, 1, false)
	tab.G = sg.ValuesOf(values(rows))
	path := filepath.Join(b.TempDir(), "bench")
	for b.Loop() {
		if err := write(path, tab, export.Options{Version: "bench"}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
	if st, err := os.Stat(path); err == nil {
		b.ReportMetric(float64(st.Size()), "file-bytes")
	}
}

func BenchmarkWriteCSV1e7(b *testing.B) { benchWrite(b, export.WriteCSV, periodic, 1e7) }

// BenchmarkReadCSV1e7 reads a CSV table of 10^7 rows (Kayles, which its
// rule gives for the first values checked); BenchmarkReadParquet1e7 reads
// the same table as Parquet.
func BenchmarkReadCSV1e7(b *testing.B)     { benchRead(b, "kayles.csv", export.WriteCSV, 1e7) }
func BenchmarkReadParquet1e7(b *testing.B) { benchRead(b, "kayles.parquet", export.WriteParquet, 1e7) }

func benchRead(b *testing.B, name string, write func(string, *sg.Table, export.Options) error, rows int) {
	tab := testtable.Computed(b, "name: kayles\ncode: \"0.77\"\n", rows-1)
	path := filepath.Join(b.TempDir(), name)
	if err := write(path, tab, export.Options{}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := export.Read(path); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
}
