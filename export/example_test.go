package export_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/sgtab/sgtab/compute"
	"github.com/sgtab/sgtab/export"
	"github.com/sgtab/sgtab/rules"
)

func Example_writeParquet() {
	// Kayles, G(0..11) (Winning Ways, ch. 4; OEIS A002186).
	rule, err := rules.ParseOctal("0.77")
	if err != nil {
		log.Fatal(err)
	}
	t := &compute.Table{
		Game: rules.Game{Name: "kayles", Rule: rule, Heaps: 11},
		G:    compute.ValuesOf([]uint32{0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6}),
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
