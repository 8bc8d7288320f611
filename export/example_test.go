package export_test

import (
	"bytes"
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/compute/sg"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

func Example_writeParquet() {
	// Kayles, G(0..11) (Winning Ways, ch. 4; OEIS A002186).
	rule, err := rules.ParseOctal("0.77")
	if err != nil {
		log.Fatal(err)
	}
	t := &sg.Table{
		Game: rules.Game{Name: "kayles", Rule: rule, Heaps: 11},
		G:    sg.ValuesOf([]uint32{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6}),
	}

	// Write the table as Parquet, in batches of 5 rows.
	var buf bytes.Buffer
	if err := export.WriteParquetTo(&buf, t, export.Options{Version: "v0.1.0", BatchRows: 5}); err != nil {
		log.Fatal(err)
	}

	// Read it back.
	got, meta, err := export.ReadParquetFrom(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		log.Fatal(err)
	}
	for _, k := range []string{export.KeyName, export.KeyRule, export.KeyStart, export.KeyHeaps, export.KeyVersion} {
		fmt.Printf("%s: %s\n", k, meta[k])
	}
	fmt.Println("n  sg")
	for n, g := range got.G.Uint32s()[:6] {
		fmt.Printf("%d  %d\n", n, g)
	}

	// Output:
	// sgtab.name: kayles
	// sgtab.rule: 0.77
	// sgtab.start: line
	// sgtab.heaps: 11
	// sgtab.version: v0.1.0
	// n  sg
	// 0  0
	// 1  1
	// 2  2
	// 3  3
	// 4  1
	// 5  4
}

// ExampleRead writes Dawson's Kayles (octal 0.07), computed to its proof, as a
// Parquet file and reads it back: Read verifies the file (its checksums,
// its metadata and its first values against the game's rule) before any
// number is used. A table whose values were changed is refused.
func ExampleRead() {
	rule, err := rules.ParseCode("0.07", 0)
	if err != nil {
		log.Fatal(err)
	}
	g := rules.Game{Name: "dawsons-kayles", Rule: rule, Heaps: 1000}
	t, err := compute.Sequence(context.Background(), g, g.Heaps, sg.Options{StopWhenProved: true})
	if err != nil {
		log.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "sgtab-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "dawsons-kayles.parquet")
	if err := export.WriteParquet(path, t, export.Options{Version: "v0.2.0"}); err != nil {
		log.Fatal(err)
	}

	f, err := export.Read(path)
	if err != nil {
		log.Fatal(err)
	}
	a := f.Table.Analysis
	fmt.Printf("%s, %s: SG(0..%d), %s period %d from n = %d\n", f.Format, f.Meta[export.KeyName], f.Table.N(), a.Status, a.Period.Length, a.Period.Start)
	fmt.Println("SG(0..9):", f.Table.G.Uint32s()[:10])

	// The same table with one value changed is refused.
	damaged := *t
	vals := t.G.Uint32s()
	vals[5] = 7
	damaged.G = sg.ValuesOf(vals)
	if err := export.WriteParquet(path, &damaged, export.Options{Version: "v0.2.0"}); err != nil {
		log.Fatal(err)
	}
	_, err = export.Read(path)
	fmt.Println("changed table refused:", err != nil)
	// Output:
	// parquet, dawsons-kayles: SG(0..174), proved period 34 from n = 53
	// SG(0..9): [0 0 1 1 2 0 3 1 1 0]
	// changed table refused: true
}
