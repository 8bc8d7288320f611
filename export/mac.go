package export

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"maps"
	"slices"
	"strings"

	"github.com/sgtab/sgtab/compute"
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
func macOf(key []byte, meta map[string]string, vs ...compute.Values) string {
	h := hmac.New(sha256.New, key)
	h.Write([]byte("sgtab table MAC 1\n"))
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
		valueBytes([]compute.Values{v}, width, func(b []byte) { h.Write(b) })
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Signed reports whether f, a heap game's table or checkpoint, carries a
// MAC (KeyMAC) and it is the MAC of its metadata and values under key:
// whether the holder of key wrote it as it is. It is false for an empty
// key and for every other kind of file.
func (f *File) Signed(key []byte) bool {
	mac, ok := f.Meta[KeyMAC]
	if len(key) == 0 || !ok || f.Table == nil || f.Foreign {
		return false
	}
	got, err := hex.DecodeString(mac)
	want, _ := hex.DecodeString(macOf(key, f.Meta, signedValues(f.Table)...))
	return err == nil && hmac.Equal(got, want)
}
