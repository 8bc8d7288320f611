package export

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash"
	"maps"
	"slices"
	"strings"

	"github.com/sgtab/sgtab/compute/sg"
)

// KeyMAC is a table's or checkpoint's message authentication code: the
// HMAC-SHA256, under a key of its writer's (Options.MACKey), of every other
// sgtab. metadata key and value and of the values, in hexadecimal. The
// checksums show that a file is as some writer wrote it; the MAC that it is
// as the holder of the key wrote it: a file planted or edited by anyone
// else, or written by another program, fails it (File.Signed).
const KeyMAC = "sgtab.mac"

// macOf returns the MAC (KeyMAC) of the metadata meta and the values vs
// under key.
func macOf(key []byte, meta map[string]string, vs ...sg.Values) string {
	h := macMeta(key, "sgtab table MAC 1\n", meta)
	for _, v := range vs {
		// Each value in the fewest bytes that hold every one: as the
		// values are, whatever the width they are kept in.
		width := 1
		switch m := v.Max(); {
		case m > 0xffff:
			width = 4
		case m > 0xff:
			width = 2
		}
		h.Write(binary.AppendUvarint(nil, uint64(v.Len())))
		h.Write([]byte{byte(width)})
		valueBytes([]sg.Values{v}, width, func(b []byte) { h.Write(b) })
	}
	return hex.EncodeToString(h.Sum(nil))
}

// macMeta returns an HMAC-SHA256 under key that has taken in the domain
// string and every sgtab. key and value of meta but the MAC's own, in
// order, each with its length.
func macMeta(key []byte, domain string, meta map[string]string) hash.Hash {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(domain))
	field := func(b []byte) {
		h.Write(binary.AppendUvarint(nil, uint64(len(b))))
		h.Write(b)
	}
	for _, k := range slices.Sorted(maps.Keys(meta)) {
		if strings.HasPrefix(k, "sgtab.") && k != KeyMAC {
			field([]byte(k))
			field([]byte(meta[k]))
		}
	}
	return h
}

// rowsMAC returns the MAC (KeyMAC) of a table of rows of the columns
// cols with the metadata meta, under key: of its metadata and of every
// column of every row, as the table holds them (rowColumn.appendBytes).
func rowsMAC[R any](key []byte, meta map[string]string, cols []rowColumn[R], rows []R) string {
	h := macMeta(key, "sgtab rows MAC 1\n", meta)
	var buf []byte
	for i := range rows {
		buf = buf[:0]
		for c := range cols {
			buf = cols[c].appendBytes(buf, &rows[i])
		}
		h.Write(binary.AppendUvarint(nil, uint64(len(buf))))
		h.Write(buf)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// macEqual reports whether the MAC in hexadecimal mac is want's.
func macEqual(mac, want string) bool {
	got, err := hex.DecodeString(mac)
	w, _ := hex.DecodeString(want)
	return err == nil && hmac.Equal(got, w)
}

// CensusSigned reports whether a census's rows and metadata, as
// ReadCensus returns them, carry a MAC (KeyMAC) under key and it is
// theirs: whether the holder of key wrote the census as it is. It is
// false for an empty key.
func CensusSigned(rows []CensusRow, meta map[string]string, key []byte) bool {
	mac, ok := meta[KeyMAC]
	return len(key) > 0 && ok && macEqual(mac, rowsMAC(key, meta, censusColumns, rows))
}

// Signed reports whether f, a heap game's table or checkpoint, carries a
// MAC (KeyMAC) and it is the MAC of its metadata and values under key:
// whether the holder of key wrote it as it is. It is false for an empty
// key and for every other kind of file.
func (f *File) Signed(key []byte) bool {
	if f.Kind == KindCensus {
		return CensusSigned(f.Census, f.Meta, key)
	}
	if f.Kind == KindBoards {
		return BoardsSigned(f.Boards, f.Meta, key)
	}
	if f.Kind == KindSearchCheckpoint {
		mac, ok := f.Meta[KeyMAC]
		return len(key) > 0 && ok && macEqual(mac, rowsMAC(key, f.Meta, searchColumns, f.Search))
	}
	mac, ok := f.Meta[KeyMAC]
	if len(key) == 0 || !ok || f.Table == nil || f.Foreign {
		return false
	}
	return macEqual(mac, macOf(key, f.Meta, signedValues(f.Table)...))
}
