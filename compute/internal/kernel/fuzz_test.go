package kernel

import (
	"encoding/binary"
	"testing"
)

// fitUp swaps lo and up if up is the shorter.
func fitUp[T any](lo, up []T) ([]T, []T) {
	if len(up) < len(lo) {
		lo, up = up, lo
	}
	return lo, up
}

// every returns f's result on each level of kernels the CPU runs, by
// level.
func every(f func() int) map[Level]int {
	was := Current()
	defer Use(was)
	got := map[Level]int{}
	for _, l := range supported() {
		Use(l)
		got[l] = f()
	}
	return got
}

// checkEvery fails t unless every level's result is want.
func checkEvery(t *testing.T, got map[Level]int, want int) {
	t.Helper()
	for l, g := range got {
		if g != want {
			t.Fatalf("%s: %d, reference %d", l, g, want)
		}
	}
}

func FuzzHit8(f *testing.F) {
	f.Add([]byte{}, []byte{}, uint64(0), uint64(0), uint64(0), uint64(0))
	seq := make([]byte, 300)
	for i := range seq {
		seq[i] = byte(i * 7)
	}
	f.Add(seq[:64], seq[100:164], uint64(1), uint64(0), uint64(0), uint64(1)<<63)
	f.Add(seq[:200], seq[50:], uint64(0), uint64(1<<5), uint64(0), uint64(0))
	f.Add(seq[3:131], seq[:255], ^uint64(0), uint64(0), uint64(0), uint64(0))
	f.Fuzz(func(t *testing.T, lo, up []byte, w0, w1, w2, w3 uint64) {
		lo, up = fitUp(lo, up)
		want := [4]uint64{w0, w1, w2, w3}
		checkEvery(t, every(func() int { return Hit8(lo, up, &want) }), ref8(lo, up, &want))
	})
}

func FuzzHit16(f *testing.F) {
	f.Add([]byte{}, []byte{}, uint8(0), []byte{})
	seq := make([]byte, 1500)
	for i := range seq {
		seq[i] = byte(i*13 + i>>8)
	}
	f.Add(seq[:64], seq[100:164], uint8(0), []byte{1, 0, 0, 0})
	f.Add(seq[:400], seq[500:1300], uint8(1), seq[:64])
	f.Add(seq[:700], seq[700:1500], uint8(2), []byte{0, 0, 0, 0x80})
	f.Add(seq[5:133], seq[:800], uint8(2), seq[1000:1256])
	f.Add(seq[3:700], seq[:900], uint8(3), seq[988:1500])
	f.Fuzz(func(t *testing.T, loB, upB []byte, size uint8, wantB []byte) {
		words := 8 << (size % 4)
		limit := uint16(64*words - 1)
		words16 := func(b []byte) []uint16 {
			s := make([]uint16, len(b)/2)
			for i := range s {
				s[i] = binary.LittleEndian.Uint16(b[2*i:]) & limit
			}
			return s
		}
		lo, up := fitUp(words16(loB), words16(upB))
		want := make([]uint64, words)
		for i := range want {
			if 8*i+8 <= len(wantB) {
				want[i] = binary.LittleEndian.Uint64(wantB[8*i:])
			}
		}
		checkEvery(t, every(func() int { return Hit16(lo, up, want) }), ref16(lo, up, want))
	})
}
