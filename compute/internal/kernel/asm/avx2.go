package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX2 kernels. AVX2 has no mask registers and no byte permutes across
// its two 128-bit lanes: a block's upper values are reversed in each lane
// (VPSHUFB) and the lanes swapped (VPERMQ), and a bit of the wanted set is
// looked up as a byte of it chosen by VPSHUFB, which indexes 16 bytes, so
// several 16-byte pieces of the set are looked up and the right one chosen
// by VPBLENDVB, which takes the high bit of each byte of its mask: that bit
// of x itself, or of x shifted. A block of 64 bytes is two halves of 32.

// avx2Tables holds the constants of the AVX2 kernels.
type avx2Tables struct {
	revBytes, revWords, revDwords, nibble, bitOfByte Mem
	word0F, word07, word3F, word8000, iota8          Mem
	bytes16                                          [3]Mem // 16, 32 and 48 in every byte
}

// avx2Constants emits the tables of the AVX2 kernels.
func avx2Constants() avx2Tables {
	var rb, rw, rd, nib, bb, w0f, w07, w3f, w80, io [32]byte
	var b16 [3][32]byte
	for i := range 32 {
		rb[i] = byte(15 - i%16)
		for k := range b16 {
			b16[k][i] = byte(16 * (k + 1))
		}
		nib[i] = 0x0f
		bb[i] = 1 << (i & 7)
	}
	for i := range 16 {
		j := 7 - i%8 // the word reversed within the lane
		rw[2*i], rw[2*i+1] = byte(2*j), byte(2*j+1)
		w0f[2*i] = 0x0f
		w07[2*i] = 0x07
		w3f[2*i] = 0x3f
		w80[2*i+1] = 0x80
	}
	for i := range 8 {
		io[4*i] = byte(i)
		rd[4*i] = byte(7 - i) // VPERMD's index of dword i: the dwords reversed
	}
	return avx2Tables{
		revBytes: table32("revBytesLane", rb), revWords: table32("revWordsLane", rw),
		nibble: table32("nibble", nib), bitOfByte: table32("bitOfByteLane", bb),
		word0F: table32("word0F", w0f), word07: table32("word07", w07), word8000: table32("word8000", w80),
		iota8: table32("iota8", io), revDwords: table32("revDwords", rd), word3F: table32("word3F", w3f),
		bytes16: [3]Mem{table32("bytes16", b16[0]), table32("bytes32", b16[1]), table32("bytes48", b16[2])},
	}
}

// table32 emits a 32-byte read-only table.
func table32(name string, b [32]byte) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 32; i += 8 {
		var v uint64
		for k := 7; k >= 0; k-- {
			v = v<<8 | uint64(b[i+k])
		}
		DATA(i, U64(v))
	}
	return m
}

// halfTest emits the test of half a block: lo points at 32 bytes of lower
// values, up at the 32 bytes of upper values that pair with them, in memory
// order (reversed); it returns a vector whose bytes are not zero exactly
// where a pair hits (for two-byte values, the low byte of the pair's word).
type halfTest func(lo, up Mem) VecVirtual

// avx2Hit8 emits hit8AVX2, or with find find8AVX2: Hit8 and Find8 with
// AVX2. The wanted set's 32 bytes are two registers of 16 bytes, each in
// both lanes: byte x>>3 of it is looked up in each by its low four bits
// (bits 3 to 6 of x) and bit 7 of x chooses; the bit 1<<(x&7) comes from a
// table looked up by x's low four bits.
func avx2Hit8(t avx2Tables, find bool) {
	if find {
		TEXT("find8AVX2", NOSPLIT, "func(lo, up []uint8, want *[4]uint64, left int) (int, int)")
		Doc("find8AVX2 is Find8 with AVX2; len(up) ≥ len(lo) ≥ 0, left ≥ 1.")
	} else {
		TEXT("hit8AVX2", NOSPLIT, "func(lo, up []uint8, want *[4]uint64) int")
		Doc("hit8AVX2 is Hit8 with AVX2; len(up) ≥ len(lo) ≥ 0.")
	}
	wantPtr := Load(Param("want"), GP64())
	rev, nibble, bits := YMM(), YMM(), YMM()
	VMOVDQU(t.revBytes, rev)
	VMOVDQU(t.nibble, nibble)
	VMOVDQU(t.bitOfByte, bits)
	pieces := []VecVirtual{YMM(), YMM()}
	load := func() {
		for i, p := range pieces {
			VBROADCASTI128(Mem{Base: wantPtr, Disp: 16 * i}, p)
		}
	}
	load()
	test := func(lo, up Mem) VecVirtual {
		x, idx, a, b := YMM(), YMM(), YMM(), YMM()
		VMOVDQU(up, x)
		VPSHUFB(rev, x, x)
		VPERMQ(U8(0x4e), x, x)
		VPXOR(lo, x, x)
		VPSRLW(U8(3), x, idx)
		VPAND(nibble, idx, idx)
		VPSHUFB(idx, pieces[0], a)
		VPSHUFB(idx, pieces[1], b)
		VPBLENDVB(x, b, a, a)
		VPAND(nibble, x, x)
		VPSHUFB(x, bits, x)
		VPAND(a, x, x)
		return x
	}
	if find {
		avx2FindLoop(0, 4, wantPtr, test, load, nil)
		return
	}
	avx2Loop(0, test)
}

// avx2Hit16 emits hit16x<words>AVX2, or with find find16x<words>AVX2: Hit16
// and Find16 with AVX2, for a wanted set of 8 words (values below 512) or
// 16 (below 1024). Each pair's word x is looked up in its low byte: the
// byte x>>3 of the set, in pieces of 16 bytes, by bits 3 to 6 of x; bit 7
// of x chooses between pieces 2i and 2i+1, bit 8 (x shifted right by one,
// to bit 7 of the low byte) between pairs of those, bit 9 between
// quadruples; the bit 1<<(x&7) comes from a table. The high byte of each
// index is 0x80, which VPSHUFB looks up as 0, so only the low byte of a
// word can hit. The four pieces of 8 words stay in registers; the eight of
// 16 are loaded from the set in memory at each lookup.
func avx2Hit16(t avx2Tables, words int, find bool) {
	hit16Text(words, find)
	wantPtr := Load(Param("want"), GP64())
	if find && words == 8 {
		avx2Find16x8(t, wantPtr)
		return
	}
	var pieces []VecVirtual
	load := func() {}
	if words == 8 {
		pieces = make([]VecVirtual, words/2)
		for i := range pieces {
			pieces[i] = YMM()
		}
		load = func() {
			for i, p := range pieces {
				VBROADCASTI128(Mem{Base: wantPtr, Disp: 16 * i}, p)
			}
		}
		load()
	}
	test := hit16Test(t, words, wantPtr, pieces)
	if find {
		avx2FindLoop(1, words, wantPtr, test, load, nil)
		return
	}
	avx2Loop(1, test)
}

// hit16Test returns the half-block test of avx2Hit16 for a wanted set of
// words words: with pieces, the set's 16-byte pieces held in registers
// (both lanes each); without, loaded from the set at each lookup.
func hit16Test(t avx2Tables, words int, wantPtr Register, pieces []VecVirtual) halfTest {
	rev, bits := YMM(), YMM()
	VMOVDQU(t.revWords, rev)
	VMOVDQU(t.bitOfByte, bits)
	n := words / 2 // pieces of 16 bytes
	lookup := func(i int, idx, dst VecVirtual) {
		if pieces != nil {
			VPSHUFB(idx, pieces[i], dst)
			return
		}
		VBROADCASTI128(Mem{Base: wantPtr, Disp: 16 * i}, dst)
		VPSHUFB(idx, dst, dst)
	}
	return func(lo, up Mem) VecVirtual {
		x, idx := YMM(), YMM()
		VMOVDQU(up, x)
		VPSHUFB(rev, x, x)
		VPERMQ(U8(0x4e), x, x)
		VPXOR(lo, x, x)
		VPSRLW(U8(3), x, idx)
		VPAND(t.word0F, idx, idx)
		VPOR(t.word8000, idx, idx)
		// pick returns the byte of pieces [first, first+count) that x
		// chooses, by its bits 7, 8, …
		var pick func(first, count int) VecVirtual
		pick = func(first, count int) VecVirtual {
			if count == 1 {
				r := YMM()
				lookup(first, idx, r)
				return r
			}
			a := pick(first, count/2)
			b := pick(first+count/2, count/2)
			mask := x
			if count > 2 {
				mask = YMM()
				shift := 0
				for c := count; c > 2; c /= 2 {
					shift++
				}
				VPSRLW(U8(shift), x, mask)
			}
			VPBLENDVB(mask, b, a, a)
			return a
		}
		a := pick(0, n)
		VPAND(t.word07, x, x)
		VPOR(t.word8000, x, x)
		VPSHUFB(x, bits, x)
		VPAND(a, x, x)
		return x
	}
}

// avx2Find16x8 emits the body of find16x8AVX2, the search that runs
// longest (Grundy's game's values stay below 512), with a whole block of
// 32 pairs tested at once as bytes: VPSHUFB is the step the others wait
// for, and a byte holds what a word does here. The upper values are
// reversed by VPERMD (their dwords) and a rotation of each dword (its two
// words); each pair's x = lo ^ up gives two bytes, packed from both
// halves of the block: x>>3 mod 64, the byte of the set, and x&7, its bit.
// The byte is looked up in the four 16-byte pieces P0..P3 of the set at
// once by XOR: registers hold T0 = P0 and Tk = Pk ^ Pk−1, and Tk is looked
// up by the byte minus 16k, which VPSHUFB reads as 0 where it is negative
// (bit 7 set), so the XOR of the lookups telescopes to the piece the byte
// lies in. A block that hits is tested again in halves (hit16Test, the
// pieces loaded from memory) to find its pairs in order.
func avx2Find16x8(t avx2Tables, wantPtr Register) {
	perm, bits, m3f, m07 := YMM(), YMM(), YMM(), YMM()
	VMOVDQU(t.revDwords, perm)
	VMOVDQU(t.bitOfByte, bits)
	VMOVDQU(t.word3F, m3f)
	VMOVDQU(t.word07, m07)
	tk := []VecVirtual{YMM(), YMM(), YMM(), YMM()}
	load := func() {
		VBROADCASTI128(Mem{Base: wantPtr}, tk[0])
		for k := 1; k < 4; k++ {
			prev := YMM()
			VBROADCASTI128(Mem{Base: wantPtr, Disp: 16 * k}, tk[k])
			VBROADCASTI128(Mem{Base: wantPtr, Disp: 16 * (k - 1)}, prev)
			VPXOR(prev, tk[k], tk[k])
		}
	}
	load()
	pair := func(lo, up Mem) VecVirtual {
		x, y := YMM(), YMM()
		VPERMD(up, perm, x)
		VPSLLD(U8(16), x, y)
		VPSRLD(U8(16), x, x)
		VPOR(y, x, x)
		VPXOR(lo, x, x)
		return x
	}
	block := func(p, up Register) VecVirtual {
		x0 := pair(Mem{Base: p}, Mem{Base: up, Disp: 32})
		x1 := pair(Mem{Base: p, Disp: 32}, Mem{Base: up})
		i0, i1, idx := YMM(), YMM(), YMM()
		VPSRLW(U8(3), x0, i0)
		VPSRLW(U8(3), x1, i1)
		VPAND(m3f, i0, i0)
		VPAND(m3f, i1, i1)
		VPACKUSWB(i1, i0, idx)
		VPAND(m07, x0, x0)
		VPAND(m07, x1, x1)
		bit := YMM()
		VPACKUSWB(x1, x0, bit)
		VPSHUFB(bit, bits, bit)
		r := YMM()
		VPSHUFB(idx, tk[0], r)
		for k := 1; k < 4; k++ {
			j := YMM()
			VPSUBB(t.bytes16[k-1], idx, j)
			VPSHUFB(j, tk[k], j)
			VPXOR(j, r, r)
		}
		VPAND(bit, r, r)
		return r
	}
	avx2FindLoop(1, 8, wantPtr, hit16Test(t, 8, wantPtr, nil), load, block)
}

// blockHalves tests the block whose lower values are at p and whose upper
// ones are the 64 bytes at up, and returns its halves' results: the first
// 32 lower bytes pair with the last 32 upper ones.
func blockHalves(p, up Register, test halfTest) (h0, h1 VecVirtual) {
	h0 = test(Mem{Base: p}, Mem{Base: up, Disp: 32})
	h1 = test(Mem{Base: p, Disp: 32}, Mem{Base: up})
	return h0, h1
}

// hitMask emits the mask of the pairs of a block that hit, from its halves'
// results: bit b for byte b of the block's lower values (for two-byte
// values, only a word's low byte can be set).
func hitMask(h0, h1 VecVirtual) GPVirtual {
	zero := YMM()
	VPXOR(zero, zero, zero)
	VPCMPEQB(zero, h0, h0)
	VPCMPEQB(zero, h1, h1)
	lo32, hi32 := GP32(), GP32()
	VPMOVMSKB(h0, lo32)
	VPMOVMSKB(h1, hi32)
	NOTL(lo32)
	NOTL(hi32)
	mask := GP64()
	MOVL(lo32, mask.As32())
	SHLQ(U8(32), hi32.As64())
	ORQ(hi32.As64(), mask)
	return mask
}

// packedHitMask emits the mask of the pairs of a block that hit, as
// hitMask does for two-byte values (bit 2i for pair i), from the result of
// a test of the whole block whose byte i is not zero where pair i hits,
// with its bytes in the order VPACKUSWB leaves them: pairs 0-7, 16-23, 8-15
// and 24-31.
func packedHitMask(r VecVirtual) GPVirtual {
	zero := YMM()
	VPXOR(zero, zero, zero)
	VPCMPEQB(zero, r, r)
	VPERMQ(U8(0xd8), r, r)
	m := GP32()
	VPMOVMSKB(r, m)
	NOTL(m)
	mask, even := GP64(), GP64()
	MOVQ(U64(0x5555555555555555), even)
	PDEPQ(even, m.As64(), mask)
	return mask
}

// avx2Blocks emits the step of the AVX2 loops, at label "block": while a
// whole block remains it tests it, with up at its upper values, and jumps to
// hits when a pair of it hits, with the halves' results (see hitMask); past
// the blocks it goes to "done", where the pairs looked at are counted.
func avx2Blocks(p, end, up Register, test halfTest, hits string) (h0, h1 VecVirtual) {
	Label("block")
	CMPQ(p, end)
	JE(LabelRef("done"))
	SUBQ(U8(64), up)
	h0, h1 = blockHalves(p, up, test)
	any := YMM()
	VPOR(h0, h1, any)
	VPTEST(any, any)
	JNZ(LabelRef(hits))
	ADDQ(U8(64), p)
	JMP(LabelRef("block"))
	return h0, h1
}

// avx2Loop emits the body of the AVX2 hit kernels: a block of 64 bytes a
// step; the result is the index of the first pair that hits, or len(lo)
// rounded down to a block. shift is log2 of the element size.
func avx2Loop(shift int, test halfTest) {
	lo, up, end, p := blockStart(shift)
	h0, h1 := avx2Blocks(p, end, up, test, "hit")

	Label("done")
	Comment("No hit: the pairs looked at.")
	pairsBefore(p, lo, shift)
	Store(p, ReturnIndex(0))
	VZEROUPPER()
	RET()

	Label("hit")
	Comment("The block's first pair plus the index of the mask's lowest bit.")
	mask := hitMask(h0, h1)
	TZCNTQ(mask, mask)
	if shift > 0 {
		SHRQ(U8(shift), mask)
	}
	pairsBefore(p, lo, shift)
	ADDQ(mask, p)
	Store(p, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// avx2FindLoop emits the body of the AVX2 find kernels: the blocks of
// avx2Loop, but a block that hits is looked at pair by pair and the search
// goes on after it, until left reaches 0 or the whole blocks end (see
// findLoop). A value found is cleared from want, of words words, in
// memory, and reload then loads the wanted set's registers again from it.
func avx2FindLoop(shift, words int, wantPtr Register, test halfTest, reload func(), block func(p, up Register) VecVirtual) {
	left := Load(Param("left"), GP64())
	lo, up, end, p := blockStart(shift)
	var h0, h1, r VecVirtual
	if block == nil {
		h0, h1 = avx2Blocks(p, end, up, test, "hits")
	} else {
		Label("block")
		CMPQ(p, end)
		JE(LabelRef("done"))
		SUBQ(U8(64), up)
		r = block(p, up)
		VPTEST(r, r)
		JNZ(LabelRef("hits"))
		ADDQ(U8(64), p)
		JMP(LabelRef("block"))
	}

	Label("done")
	Comment("Every whole block looked at.")
	pairsBefore(p, lo, shift)
	Store(p, ReturnIndex(0))
	Store(left, ReturnIndex(1))
	VZEROUPPER()
	RET()

	Label("hits")
	Comment("The pairs of the block that hit, in order: each value still wanted is cleared.")
	var mask GPVirtual
	if block != nil {
		mask = packedHitMask(r)
	} else {
		mask = hitMask(h0, h1)
	}
	load := MOVBQZX
	if shift > 0 {
		load = MOVWQZX
	}
	last := 64>>shift - 1
	cleared := GP64()
	XORQ(cleared, cleared)
	Label("pair")
	t, v, u, w, q := GP64(), GP64(), GP64(), GP64(), GP64()
	TZCNTQ(mask, t)
	if shift > 0 {
		SHRQ(U8(shift), t)
	}
	load(Mem{Base: p, Index: t, Scale: uint8(1 << shift)}, v)
	MOVQ(U32(last), u)
	SUBQ(t, u)
	load(Mem{Base: up, Index: u, Scale: uint8(1 << shift)}, u)
	XORQ(u, v)
	MOVQ(v, w)
	SHRQ(U8(6), w)
	if shift > 0 {
		ANDQ(U8(words-1), w) // x mod 64·words, as test looks it up
	}
	MOVQ(Mem{Base: wantPtr, Index: w, Scale: 8}, q)
	BTQ(v, q)
	JCC(LabelRef("next"))
	BTRQ(v, q)
	MOVQ(q, Mem{Base: wantPtr, Index: w, Scale: 8})
	MOVQ(U32(1), cleared)
	DECQ(left)
	JNZ(LabelRef("next"))
	Comment("The last value wanted: the pairs looked at, to this one.")
	q = GP64()
	MOVQ(p, q)
	pairsBefore(q, lo, shift)
	LEAQ(Mem{Base: q, Index: t, Scale: 1, Disp: 1}, q)
	Store(q, ReturnIndex(0))
	Store(left, ReturnIndex(1))
	VZEROUPPER()
	RET()
	Label("next")
	BLSRQ(mask, mask)
	JNZ(LabelRef("pair"))
	Comment("The set in the registers, again, when a value was cleared.")
	TESTQ(cleared, cleared)
	JZ(LabelRef("same"))
	reload()
	Label("same")
	ADDQ(U8(64), p)
	JMP(LabelRef("block"))
}

// avx2Mark emits mark8AVX2 (size 1) or mark16AVX2 (size 2), Mark8 or
// Mark16 for 32 lanes with AVX2, as mark does with AVX-512: a part's 32
// row indices in four vectors of 8, moved to general registers two at a
// time, and 32 scalar stores.
func avx2Mark(size int, iota8 Mem) {
	name := map[int]string{1: "mark8AVX2", 2: "mark16AVX2"}[size]
	elem := map[int]string{1: "uint8", 2: "uint16"}[size]
	TEXT(name, NOSPLIT, "func(rows []byte, stride int, gen byte, msk uint32, g []"+elem+", top int, parts *int, n int) int")
	Doc(name+" is Mark"+map[int]string{1: "8", 2: "16"}[size]+" for 32 lanes with AVX2;",
		"parts points at the P of the first of n parts; stride ≤ 1<<27.")
	rows := Load(Param("rows").Base(), GP64())
	gen := Load(Param("gen"), GP8())
	g := Load(Param("g").Base(), GP64())
	limit := Load(Param("g").Len(), GP64())
	top := Load(Param("top"), GP64())
	part := Load(Param("parts"), GP64())
	n := Load(Param("n"), GP64())

	Comment("Row offsets j*stride of lanes 0-7, 8-15, 16-23 and 24-31, and msk, in every lane.")
	off := []VecVirtual{YMM(), YMM(), YMM(), YMM()}
	msk, step := YMM(), YMM()
	stride := GP64()
	Load(Param("stride"), stride)
	VMOVD(stride.As32(), off[0].AsX())
	VPBROADCASTD(off[0].AsX(), off[0])
	VPMULLD(iota8, off[0], off[0])
	SHLQ(U8(3), stride)
	VMOVD(stride.As32(), step.AsX())
	VPBROADCASTD(step.AsX(), step)
	for i := 1; i < 4; i++ {
		VPADDD(off[i-1], step, off[i])
	}
	m := Load(Param("msk"), GP32())
	VMOVD(m, msk.AsX())
	VPBROADCASTD(msk.AsX(), msk)

	Comment("Partner indices i = top - p must lie in [0, len(g) - 32].")
	SUBQ(U8(lanes), limit)
	k := GP64()
	XORQ(k, k)

	Label("part")
	CMPQ(k, n)
	JE(LabelRef("done"))
	i := GP64()
	MOVQ(top, i)
	SUBQ(Mem{Base: part}, i)
	CMPQ(i, limit)
	JA(LabelRef("done"))
	v := YMM()
	VPBROADCASTD(Mem{Base: part, Disp: 8}, v)
	load := map[int]func(...Op){1: VPMOVZXBD, 2: VPMOVZXWD}[size]
	for q := range 4 {
		z := YMM()
		load(Mem{Base: g, Index: i, Scale: uint8(size), Disp: 8 * size * q}, z)
		VPXOR(v, z, z)
		VPAND(msk, z, z)
		VPADDD(off[q], z, z)
		for h := range 2 {
			x := z.AsX()
			if h > 0 {
				x = XMM()
				VEXTRACTI128(U8(1), z, x)
			}
			storeMarks(x, rows, gen)
		}
	}
	ADDQ(U8(16), part)
	INCQ(k)
	JMP(LabelRef("part"))

	Label("done")
	Store(k, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// avx2Gather16 emits hit16x<words>AVX2, or with find find16x<words>AVX2,
// for the wanted sets too large to look up by VPSHUFB: each pair's word x,
// taken modulo 64·words, is widened to 32 bits, and the 32-bit word x>>5
// of the set gathered (VPGATHERDD) and shifted right by x&31; the two
// halves of a vector are packed back to words, whose low bit says whether
// the pair hits.
func avx2Gather16(t avx2Tables, words int, find bool) {
	hit16Text(words, find)
	wantPtr := Load(Param("want"), GP64())
	rev, limit, c31, one := YMM(), YMM(), YMM(), YMM()
	VMOVDQU(t.revWords, rev)
	broadcast := func(v uint32, dst VecVirtual, word bool) {
		r := GP32()
		MOVL(U32(v), r)
		VMOVD(r, dst.AsX())
		if word {
			VPBROADCASTW(dst.AsX(), dst)
		} else {
			VPBROADCASTD(dst.AsX(), dst)
		}
	}
	broadcast(uint32(64*words-1), limit, true)
	broadcast(31, c31, false)
	broadcast(1, one, false)
	test := func(lo, up Mem) VecVirtual {
		x, hi := YMM(), XMM()
		VMOVDQU(up, x)
		VPSHUFB(rev, x, x)
		VPERMQ(U8(0x4e), x, x)
		VPXOR(lo, x, x)
		VPAND(limit, x, x)
		VEXTRACTI128(U8(1), x, hi)
		var got []VecVirtual
		for _, half := range []Register{x.AsX(), hi} {
			d, idx, m, g := YMM(), YMM(), YMM(), YMM()
			VPMOVZXWD(half, d)
			VPSRLD(U8(5), d, idx)
			VPCMPEQD(m, m, m)
			VPGATHERDD(m, Mem{Base: wantPtr, Index: idx, Scale: 4}, g)
			VPAND(c31, d, d)
			VPSRLVD(d, g, g)
			VPAND(one, g, g)
			got = append(got, g)
		}
		r := YMM()
		VPACKUSDW(got[1], got[0], r)
		VPERMQ(U8(0xd8), r, r)
		return r
	}
	if find {
		avx2FindLoop(1, words, wantPtr, test, func() {}, nil)
		return
	}
	avx2Loop(1, test)
}

// hit16Text starts the function hit16x<words>AVX2, or with find
// find16x<words>AVX2.
func hit16Text(words int, find bool) {
	if find {
		name := fmt.Sprintf("find16x%dAVX2", words)
		TEXT(name, NOSPLIT, fmt.Sprintf("func(lo, up []uint16, want *[%d]uint64, left int) (int, int)", words))
		Doc(name + " is Find16 with AVX2 for a wanted set of len(want) words; len(up) ≥ len(lo) ≥ 0, left ≥ 1.")
		return
	}
	name := fmt.Sprintf("hit16x%dAVX2", words)
	TEXT(name, NOSPLIT, fmt.Sprintf("func(lo, up []uint16, want *[%d]uint64) int", words))
	Doc(name + " is Hit16 with AVX2 for a wanted set of len(want) words; len(up) ≥ len(lo) ≥ 0.")
}
