// Package export writes Sprague-Grundy tables as Arrow IPC and Parquet files,
// and reads them back. It is the only sgtab package that imports arrow-go.
//
// Both formats share one schema (see Schema), one row per heap size:
//
//	n        uint64  not null   the heap size, 0, 1, …, N in order
//	sg       uint32  not null   G(n), the Sprague-Grundy value of a row of n tokens
//	sg_ring  uint32  not null   SG of a ring of n tokens; only for games that start on a ring
//
// and the same key/value metadata, in the Arrow schema and in the Parquet
// footer, keys in sorted order:
//
//	sgtab.name     the game's name in its config
//	sgtab.rule     the canonical rule in code notation, e.g. "0.77" (rules.Rule.String)
//	sgtab.start    "line" or "ring"
//	sgtab.config   the YAML text of the config file
//	sgtab.heaps    N in decimal: the table holds n = 0..N
//	sgtab.version  the sgtab version that wrote the file
//
// plus any keys the caller passes in Options.Extra. Parquet files also hold
// the key ARROW:schema, the serialized Arrow schema, so that readers see sg as
// UINT32 and n as UINT64 (Parquet stores them as INT32 and INT64 with an
// unsigned logical type).
//
// Parquet files are zstd-compressed, without dictionary encoding, with n
// DELTA_BINARY_PACKED, in row groups of at most Options.RowGroupRows rows.
// IPC files use the Arrow IPC file format (Feather v2), uncompressed. Both
// are written one record batch (Options.BatchRows rows) at a time, so a write
// needs little memory beyond the table itself, and go to path+".tmp" first,
// renamed to path only when complete. DuckDB, polars and pandas read both
// formats as they are.
//
// ReadParquet and ReadIPC read such a file back into a compute.Table and its
// metadata, checking the column types and that n runs 0..N. A truncated or
// damaged file gives an error, not a panic; but arrow-go trusts the lengths
// in a file's schema flatbuffer (in the IPC footer, and in Parquet's
// ARROW:schema key), so a file damaged exactly there can exhaust memory.
package export
