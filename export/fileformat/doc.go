// Package fileformat is the layer of bytes and files below package export's
// kinds of table: it writes and reads Arrow IPC and Parquet files a record
// batch at a time, whatever their columns, guards the readers against
// damaged files, and writes every file whole or not at all. It knows no
// table kind, column or metadata key of sgtab's; export builds the schemas
// and record batches of each kind and hands them on.
//
//   - format.go: Binary, the writer of one format (IPC, Parquet), its
//     Options (Parquet row groups, the Arrow allocator) and Batches, a
//     table's record batches handed on one at a time.
//   - ipc.go: the Arrow IPC file format (Feather v2), uncompressed
//     (https://arrow.apache.org/docs/format/Columnar.html#ipc-file-format).
//   - parquet.go: Parquet files, zstd-compressed, without dictionary
//     encoding, the heap sizes n DELTA_BINARY_PACKED, in row groups of at
//     most Options.RowGroupRows rows, the Arrow schema stored as
//     ARROW:schema (https://parquet.apache.org/docs/file-format/); WriteBatch
//     and WriteRecord for the small tables written in one batch.
//   - records.go: OpenFile (a regular file only: not a FIFO nor a device)
//     and OpenRecords, the schema, metadata and record batches of a
//     Parquet or Arrow IPC file told apart by its magic bytes, columns
//     checked to hold a value in every row (BatchColumns).
//   - footer.go, zstd.go, damaged.go: arrow-go trusts lengths a file holds
//     where a damaged one would have it allocate gigabytes, so an IPC
//     footer's schema is walked before arrow-go reads it (File.fbs,
//     Schema.fbs), a Parquet file's ARROW:schema is left unread, each zstd
//     page is bounded to the size its header gives, and a panic or a Go
//     runtime error inside arrow-go is worded as a damaged file.
//   - file.go, writeout.go: WriteFile writes a file into a temporary one of
//     a unique name, locked while written, synced and renamed into place
//     when complete; RemoveStale removes those that killed writers left;
//     WriteOut writes a path as a shell's > would, never leaving a regular
//     file half-written.
//   - lock.go, lock_unix.go, lock_other.go: flock on folders (LockDir,
//     TryLockDir, ErrLocked) and on WriteFile's temporary files, where the
//     system has it; elsewhere nothing is locked.
package fileformat
