// Package export writes Sprague-Grundy tables as Arrow IPC and Parquet files,
// and as CSV tables for readers without Arrow libraries, and reads them
// back, verified. It and export/fileformat, below it, are the only sgtab
// packages that import arrow-go.
//
// Both formats share one schema (see Schema), one row per heap size:
//
//	n        int64   not null   the heap size, 0, 1, …, N in order
//	sg       int32   not null   G(n), the Sprague-Grundy value of a row of n tokens
//	sg_ring  int32   not null   SG of a ring of n tokens; only for games that start on a ring
//
// In a misère table sg holds outcomes (1 when the player to move wins, 0
// when that player loses), and the genus of each heap follows (see
// sg.GenusColumns): sg_normal, the normal-play SG value g; genus_0,
// genus_1, …, γ0, γ1, … of the genus g^{γ0γ1…}, as many as its longest
// genus needs (γk = γ(k−2) past the last); tameness, the heap's class (0
// tame, 1 restive, 2 restless, 3 wild). The keys sgtab.genus, sgtab.tameness
// and sgtab.tame_through say so.
//
// The value columns are int64 instead when a value exceeds 2^31 − 1 (only
// tables of more than 2^31 heap sizes can hold one). The columns are signed
// so that readers may subtract them (sg − n) without wrapping.
//
// Both carry the same key/value metadata, in the Arrow schema and in the
// Parquet footer, keys in sorted order: sgtab.kind ("table"), sgtab.name,
// sgtab.rule (the canonical rule, e.g. "0.77"), sgtab.start, sgtab.config
// (the YAML), sgtab.heaps (N), sgtab.version, sgtab.play, the checksums of
// the values (sgtab.checksum, ogsolve's, and sgtab.crc32c, a CRC-32C of
// every bit), and the analysis (sgtab.status, sgtab.period, …; see the Key
// constants), plus any keys the caller passes in Options.Extra, and with
// Options.MACKey sgtab.mac, the HMAC-SHA256 of the rest and of the values
// under the writer's key (File.Signed checks it). Parquet files
// also hold the key ARROW:schema, the serialized Arrow schema. Lattice tables
// (x, y, sg), the rare positions of a table (n, sg) and a run's summary carry
// sgtab.kind lattice, rare and summary. A misère quotient (WriteQuotient,
// kind quotient: one row per element, its normal form, P mark, heaps and
// row of the multiplication table) is proved against its rule again when
// read; a census of quotients (WriteQuotientCensus) is kind quotient-census.
//
// Parquet files are zstd-compressed, without dictionary encoding, with n
// DELTA_BINARY_PACKED, in row groups of at most Options.RowGroupRows rows.
// IPC files use the Arrow IPC file format (Feather v2), uncompressed. Both
// are written one record batch (Options.BatchRows rows) at a time, so a write
// needs little memory beyond the table itself, into a temporary file of a
// unique name, locked while written and renamed into place when complete
// (fileformat.WriteFile); fileformat.RemoveStale removes those that killed
// writers left. DuckDB, polars and pandas read both formats as they are.
//
// A CSV table (WriteCSV, WriteLatticeCSV, WriteGraphCSV) is two files:
// NAME.csv, a header row and one row a line, plain comma-separated text
// with LF line ends and the same columns, and its sidecar NAME.csv.json
// (SidecarPath), which holds the columns' types, the number of rows, every
// metadata key of the Parquet file (sgtab.mac included), and a CRC-32C of
// each block of rows, which tells a reader where a changed file differs.
// Both are streamed, a line at a time, and written whole or not at all.
//
// Read reads any of these files back and verifies it before its numbers are
// used: the columns and row count, the checksums, the first values against
// the game's rule (so that a file cannot pass for another game), and a
// proved period against the values (so that no proof is claimed that the
// metadata does not carry and the values do not confirm), the check of
// the first values within a budget of work (DefaultBudget, ReadOptions). It
// does not check every value: compute.Verify does, and VerifyLattice for a
// board. A truncated or
// damaged file gives an error saying so, not a panic nor the Go runtime's
// words ("runtime error: slice bounds out of range", which arrow-go
// recovers from). arrow-go trusts lengths a file holds where a damaged one
// would have it allocate gigabytes, so the reader checks them first or
// keeps arrow-go from them: it walks an IPC footer's schema before arrow-go
// reads it, leaves a Parquet file's ARROW:schema unread (the Parquet schema
// gives the columns' types), and bounds each zstd page to the size its
// header gives.
//
// Three packages share the work. Package export/fileformat, below this
// one, writes and reads the bytes of Arrow IPC and Parquet files whatever
// their columns, guards the readers against damaged files (the checks
// above are there), and writes every file whole or not at all, with its
// locks. This package holds the kinds of table: their schemas, metadata,
// checksums and MACs, CSV tables and their sidecars, and the reading and
// verifying of every kind. Package export/codegen, above it, writes code
// that answers a table's queries in C, C++, Go or Python (sgtab export).
package export
