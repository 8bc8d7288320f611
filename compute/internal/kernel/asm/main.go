// Command asm generates the AVX-512 and AVX2 kernels of package kernel
// with avo.
// Run it through go generate in the package's folder.
package main

import (
	"encoding/binary"
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

func main() {
	ConstraintExpr("amd64")

	var rb, bb, rw, bw [64]byte
	for i := range 64 {
		rb[i] = byte(63 - i)
		bb[i] = 1 << (i & 7)
	}
	for i := range 32 {
		binary.LittleEndian.PutUint16(rw[2*i:], uint16(31-i))
		binary.LittleEndian.PutUint16(bw[2*i:], 1<<(i&15))
	}
	revBytes := table("revBytes", rb)
	bitOfByte := table("bitOfByte", bb)
	revWords := table("revWords", rw)
	bitOfWord := table("bitOfWord", bw)

	hit8(revBytes, bitOfByte, false)
	for _, words := range []int{8, 16, 32, 64} {
		hit16(words, revWords, bitOfWord, false)
	}
	hit8(revBytes, bitOfByte, true)
	hit16(8, revWords, bitOfWord, true)

	var id [64]byte
	for i := range 16 {
		binary.LittleEndian.PutUint32(id[4*i:], uint32(i))
	}
	iota32 := table("iota32", id)
	mark(1, iota32)
	mark(2, iota32)

	t := avx2Constants()
	avx2Hit8(t, false)
	avx2Hit8(t, true)
	for _, words := range []int{8, 16} {
		avx2Hit16(t, words, false)
		avx2Hit16(t, words, true)
	}
	for _, words := range []int{32, 64} {
		avx2Gather16(t, words, false)
		avx2Gather16(t, words, true)
	}
	avx2Mark(1, t.iota8)
	avx2Mark(2, t.iota8)
	Generate()
}

// table emits a 64-byte read-only table.
func table(name string, b [64]byte) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	for i := 0; i < 64; i += 8 {
		DATA(i, U64(binary.LittleEndian.Uint64(b[i:])))
	}
	return m
}

// blockTest emits the test of one block of pairs: up points at the
// block's upper values in memory order (so they are reversed), lo at its
// lower values; it returns a mask of the pairs that hit.
type blockTest func(lo, up Mem) Op

// hit8 emits hit8AVX512, or with find find8AVX512, 64 byte pairs a block.
// The wanted set, 32 bytes, sits twice in one register, so that a byte
// index x>>3 taken from a shifted word (whose bit 5 comes from the next
// byte) finds the same byte; the bit within it comes from a table of
// 1<<(x&7). find8AVX512 goes on past the pairs that hit (findLoop).
func hit8(revBytes, bitOfByte Mem, find bool) {
	if find {
		TEXT("find8AVX512", NOSPLIT, "func(lo, up []uint8, want *[4]uint64, left int) (int, int)")
		Doc("find8AVX512 is Find8 with AVX-512 VBMI; len(up) ≥ len(lo) ≥ 0, left ≥ 1.")
	} else {
		TEXT("hit8AVX512", NOSPLIT, "func(lo, up []uint8, want *[4]uint64) int")
		Doc("hit8AVX512 is Hit8 with AVX-512 VBMI; len(up) ≥ len(lo) ≥ 0.")
	}
	wantPtr := Load(Param("want"), GP64())
	rev, table, bits := ZMM(), ZMM(), ZMM()
	VMOVDQU64(revBytes, rev)
	VMOVDQU64(bitOfByte, bits)
	VBROADCASTI64X4(Mem{Base: wantPtr}, table)
	if find {
		findLoop(0, wantPtr, test8(rev, table, bits), clearBit(table, 0x11))
		return
	}
	loop(0, test8(rev, table, bits))
}

// test8 returns the block test of hit8 and find8 (see hit8).
func test8(rev, table, bits VecVirtual) blockTest {
	return func(lo, up Mem) Op {
		x, idx := ZMM(), ZMM()
		VPERMB(up, rev, x)
		VPXORQ(lo, x, x)
		VPSRLW(U8(3), x, idx)
		VPERMB(table, idx, idx)
		VPERMB(bits, x, x)
		k := K()
		VPTESTMB(idx, x, k)
		return k
	}
}

// hit16 emits hit16x<words>AVX512, or with find find16x8AVX512 (for 8
// words only), 32 word pairs a block. The word x>>4 of
// the wanted set comes from one, two, four or eight registers, the bit
// within it from a table of 1<<(x&15). Past two registers, VPERMI2W looks
// the word up in each pair of registers and bits 10 and 11 of x choose
// among the results. find16x8AVX512 goes on past the pairs that hit
// (findLoop).
func hit16(words int, revWords, bitOfWord Mem, find bool) {
	if find {
		TEXT("find16x8AVX512", NOSPLIT, "func(lo, up []uint16, want *[8]uint64, left int) (int, int)")
		Doc("find16x8AVX512 is Find16 with AVX-512 BW for a wanted set of 8 words; len(up) ≥ len(lo) ≥ 0, left ≥ 1.")
	} else {
		name := fmt.Sprintf("hit16x%dAVX512", words)
		TEXT(name, NOSPLIT, fmt.Sprintf("func(lo, up []uint16, want *[%d]uint64) int", words))
		Doc(name + " is Hit16 with AVX-512 BW for a wanted set of len(want) words; len(up) ≥ len(lo) ≥ 0.")
	}
	wantPtr := Load(Param("want"), GP64())
	rev, bits := ZMM(), ZMM()
	VMOVDQU64(revWords, rev)
	VMOVDQU64(bitOfWord, bits)
	table := make([]VecVirtual, words/8)
	for i := range table {
		table[i] = ZMM()
		VMOVDQU64(Mem{Base: wantPtr, Disp: 64 * i}, table[i])
	}
	// high[j] holds bit 10+j of a value in every word.
	var high []VecVirtual
	for j := 0; 16<<j < words; j++ {
		h, tmp := ZMM(), GP32()
		MOVL(U32(0x0400<<j), tmp)
		VPBROADCASTW(tmp, h)
		high = append(high, h)
	}
	test := func(lo, up Mem) Op {
		x, idx := ZMM(), ZMM()
		VPERMW(up, rev, x)
		VPXORQ(lo, x, x)
		VPSRLW(U8(4), x, idx)
		if words == 8 {
			VPERMW(table[0], idx, idx)
		} else {
			// One lookup for each pair of registers, then halve the
			// results by bit 10 of x, then by bit 11.
			found := []VecVirtual{idx}
			for i := 2; i < len(table); i += 2 {
				c := ZMM()
				VMOVDQA64(idx, c)
				found = append(found, c)
			}
			for i, f := range found {
				VPERMI2W(table[2*i+1], table[2*i], f)
			}
			for _, h := range high {
				sel := K()
				VPTESTMW(h, x, sel)
				var half []VecVirtual
				for i := 0; i < len(found); i += 2 {
					VPBLENDMW(found[i+1], found[i], sel, found[i])
					half = append(half, found[i])
				}
				found = half
			}
		}
		VPERMW(bits, x, x)
		k := K()
		VPTESTMW(idx, x, k)
		return k
	}
	if find {
		findLoop(1, wantPtr, test, clearBit(table[0], 1))
		return
	}
	loop(1, test)
}

// loop emits the body shared by the kernels: blocks of 64 bytes, two a step
// while two remain, then one; the result is the index of the first pair
// that hits, or len(lo) rounded down to a block. shift is log2 of the
// element size.
func loop(shift int, test blockTest) {
	lo, up, end, p := blockStart(shift)
	k0, k1 := twoBlocks(p, end, up, test, "which")

	Label("which")
	Comment("The first pair that hits: in the first block, or in the second.")
	mask := GP64()
	KORTESTQ(k0, k0)
	JNZ(LabelRef("first"))
	ADDQ(U8(64), p)
	KMOVQ(k1, mask)
	JMP(LabelRef("hit"))
	Label("first")
	KMOVQ(k0, mask)
	JMP(LabelRef("hit"))

	k := oneBlock(p, end, up, test)
	KORTESTQ(k, k)
	JNZ(LabelRef("last"))
	ADDQ(U8(64), p)

	Label("done")
	Comment("No hit: the pairs looked at.")
	pairsBefore(p, lo, shift)
	Store(p, ReturnIndex(0))
	VZEROUPPER()
	RET()

	Label("last")
	KMOVQ(k, mask)

	Label("hit")
	Comment("The block's first pair plus the index of the mask's lowest bit.")
	TZCNTQ(mask, mask)
	pairsBefore(p, lo, shift)
	ADDQ(mask, p)
	Store(p, ReturnIndex(0))
	VZEROUPPER()
	RET()
}

// pairsBefore emits r = (r − lo) >> shift: the number of pairs before the
// lower value at r.
func pairsBefore(r, lo Register, shift int) {
	SUBQ(lo, r)
	if shift > 0 {
		SHRQ(U8(shift), r)
	}
}

// blockStart emits the start of loop and findLoop: it returns lo, up
// pointing past its end, the end of lo's whole blocks of 64 bytes, and p,
// the block to look at next, at lo. shift is log2 of the element size.
func blockStart(shift int) (lo, up, end, p Register) {
	lo = Load(Param("lo").Base(), GP64())
	n := Load(Param("lo").Len(), GP64())
	up = Load(Param("up").Base(), GP64())
	m := Load(Param("up").Len(), GP64())
	Comment("end = lo + len(lo) rounded down to a block; up points past its end.")
	end = GP64()
	if shift > 0 {
		SHLQ(U8(shift), n)
		SHLQ(U8(shift), m)
	}
	ANDQ(I32(-64), n)
	LEAQ(Mem{Base: lo, Index: n, Scale: 1}, end)
	ADDQ(m, up)
	p = GP64()
	MOVQ(lo, p)
	return lo, up, end, p
}

// twoBlocks emits the step of loop and findLoop over two blocks, at label
// "two": while two blocks remain it tests them, and jumps to hits, with p
// at the first and up at the second's upper values, when either holds a
// pair that hits; it returns their masks. Past them it goes to "one".
func twoBlocks(p, end, up Register, test blockTest, hits string) (k0, k1 Op) {
	Label("two")
	Comment("Two blocks while two remain.")
	next := GP64()
	LEAQ(Mem{Base: p, Disp: 128}, next)
	CMPQ(next, end)
	JA(LabelRef("one"))
	SUBQ(U8(128), up)
	k0 = test(Mem{Base: p}, Mem{Base: up, Disp: 64})
	k1 = test(Mem{Base: p, Disp: 64}, Mem{Base: up})
	KORTESTQ(k0, k1)
	JNZ(LabelRef(hits))
	MOVQ(next, p)
	JMP(LabelRef("two"))
	return k0, k1
}

// oneBlock emits the last block of loop and findLoop, at label "one": it
// goes to "done" when none is left, else tests it, with up at its upper
// values, and returns its mask.
func oneBlock(p, end, up Register, test blockTest) Op {
	Label("one")
	Comment("The last block, if any.")
	CMPQ(p, end)
	JE(LabelRef("done"))
	SUBQ(U8(64), up)
	return test(Mem{Base: p}, Mem{Base: up})
}

// findLoop emits the body of the find kernels: the blocks of loop, but a
// block whose test hits is looked at pair by pair (found) and the search
// goes on after it, until left reaches 0 or the whole blocks end. The
// results are the pairs looked at — up to and including the pair that
// found the last value wanted, or every pair of the whole blocks — and
// left. A value found is cleared from want in memory, where found looks
// values up, and by clear from the register test reads: reloading the
// register would wait for the scalar stores to reach the cache.
func findLoop(shift int, wantPtr Register, test blockTest, clear func(word, bit GPVirtual)) {
	left := Load(Param("left"), GP64())
	lo, up, end, p := blockStart(shift)

	// found looks at the pairs whose bits the mask k holds, of the block
	// whose lower values are at p+off and upper ones at up+upOff, in order,
	// and then goes on at the label past; each
	// value still wanted is cleared, and at the last one the kernel
	// returns. The values are read again from memory: a store of the
	// block's XORs and loads from it would wait on each other.
	mask := GP64()
	found := func(name string, k Op, off, upOff int, past string) {
		KMOVQ(k, mask)
		TESTQ(mask, mask)
		JZ(LabelRef(past))
		load := MOVBQZX
		if shift > 0 {
			load = MOVWQZX
		}
		last := 64>>shift - 1
		Label(name)
		t, v, u, w, q := GP64(), GP64(), GP64(), GP64(), GP64()
		TZCNTQ(mask, t)
		load(Mem{Base: p, Index: t, Scale: uint8(1 << shift), Disp: off}, v)
		MOVQ(U32(last), u)
		SUBQ(t, u)
		load(Mem{Base: up, Index: u, Scale: uint8(1 << shift), Disp: upOff}, u)
		XORQ(u, v)
		MOVQ(v, w)
		SHRQ(U8(6), w)
		if shift > 0 {
			ANDQ(U8(7), w) // x mod 512, as test looks it up
		}
		MOVQ(Mem{Base: wantPtr, Index: w, Scale: 8}, q)
		BTQ(v, q)
		JCC(LabelRef(name + "_next"))
		BTRQ(v, q)
		MOVQ(q, Mem{Base: wantPtr, Index: w, Scale: 8})
		clear(w, v)
		DECQ(left)
		JNZ(LabelRef(name + "_next"))
		Comment("The last value wanted: the pairs looked at, to this one.")
		r := GP64()
		LEAQ(Mem{Base: p, Disp: off}, r)
		pairsBefore(r, lo, shift)
		LEAQ(Mem{Base: r, Index: t, Scale: 1, Disp: 1}, r)
		Store(r, ReturnIndex(0))
		Store(left, ReturnIndex(1))
		VZEROUPPER()
		RET()
		Label(name + "_next")
		BLSRQ(mask, mask)
		JNZ(LabelRef(name))
		Label(past)
	}

	k0, k1 := twoBlocks(p, end, up, test, "hits")

	Label("hits")
	Comment("Look at the pairs that hit, in the first block, then in the second.")
	found("first", k0, 0, 64, "second")
	found("second_pair", k1, 64, 0, "again")
	ADDQ(U8(128), p)
	JMP(LabelRef("two"))

	found("last", oneBlock(p, end, up, test), 0, 0, "past")
	ADDQ(U8(64), p)

	Label("done")
	Comment("Every whole block looked at.")
	pairsBefore(p, lo, shift)
	Store(p, ReturnIndex(0))
	Store(left, ReturnIndex(1))
	VZEROUPPER()
	RET()
}

// clearBit returns the clear of findLoop for a wanted set held in the
// 64-bit lanes of table: bit x of word w is cleared in the lanes of lanes
// << w (lanes is 1, or 0x11 for a set held twice).
func clearBit(table VecVirtual, lanes int) func(w, x GPVirtual) {
	return func(w, x GPVirtual) {
		one, sel := GP64(), GP32()
		MOVQ(U32(1), one)
		SHLXQ(x, one, one) // x mod 64
		b := ZMM()
		VPBROADCASTQ(one, b)
		MOVL(U32(lanes), sel)
		SHLXL(w.As32(), sel, sel)
		k := K()
		KMOVW(sel, k)
		VPANDNQ(table, b, k, table)
	}
}

// storeMarks emits the marks of the four row indices, 32-bit, of x: gen
// stored at rows+index, the indices moved to general registers two at a
// time.
func storeMarks(x, rows, gen Register) {
	for e := range 2 {
		a, b := GP64(), GP32()
		if e == 0 {
			VMOVQ(x, a)
		} else {
			VPEXTRQ(U8(1), x, a)
		}
		MOVL(a.As32(), b)
		SHRQ(U8(32), a)
		MOVB(gen, Mem{Base: rows, Index: b.As64(), Scale: 1})
		MOVB(gen, Mem{Base: rows, Index: a, Scale: 1})
	}
}

// lanes is the number of lanes of the marking kernels.
const lanes = 32

// mark emits mark8AVX512 (size 1) or mark16AVX512 (size 2), Mark8 or Mark16
// for 32 lanes. A part's 32 row indices, (v ^ G[i+j]) & msk + j*stride with
// i = top − p, are computed in two vectors of 16 and moved to general
// registers two at a time (VMOVQ, VPEXTRQ: faster than a store to the stack
// and 32 loads, which wait on the store); the marks are then 32 scalar
// stores. A part whose i is out of [0, len(G) − 32]
// stops the loop: the result is the number of parts marked.
func mark(size int, iota32 Mem) {
	name := map[int]string{1: "mark8AVX512", 2: "mark16AVX512"}[size]
	elem := map[int]string{1: "uint8", 2: "uint16"}[size]
	TEXT(name, NOSPLIT, "func(rows []byte, stride int, gen byte, msk uint32, g []"+elem+", top int, parts *int, n int) int")
	Doc(name+" is Mark"+map[int]string{1: "8", 2: "16"}[size]+" for 32 lanes with AVX-512;",
		"parts points at the P of the first of n parts; stride ≤ 1<<27.")
	rows := Load(Param("rows").Base(), GP64())
	gen := Load(Param("gen"), GP8())
	g := Load(Param("g").Base(), GP64())
	limit := Load(Param("g").Len(), GP64())
	top := Load(Param("top"), GP64())
	part := Load(Param("parts"), GP64())
	n := Load(Param("n"), GP64())

	Comment("Row offsets j*stride of lanes 0-15 and 16-31, and msk, in every lane.")
	offLo, offHi, msk := ZMM(), ZMM(), ZMM()
	stride := GP64()
	Load(Param("stride"), stride)
	VPBROADCASTD(stride.As32(), offLo)
	VPMULLD(iota32, offLo, offLo)
	SHLQ(U8(4), stride)
	VPBROADCASTD(stride.As32(), offHi)
	VPADDD(offLo, offHi, offHi)
	m := Load(Param("msk"), GP32())
	VPBROADCASTD(m, msk)

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
	lo, hi := ZMM(), ZMM()
	load := map[int]func(...Op){1: VPMOVZXBD, 2: VPMOVZXWD}[size]
	load(Mem{Base: g, Index: i, Scale: uint8(size)}, lo)
	load(Mem{Base: g, Index: i, Scale: uint8(size), Disp: 16 * size}, hi)
	Comment("(g ^ v) & msk: 0x48 is (A ^ C) & B.")
	VPTERNLOGD_BCST(U8(0x48), Mem{Base: part, Disp: 8}, msk, lo)
	VPTERNLOGD_BCST(U8(0x48), Mem{Base: part, Disp: 8}, msk, hi)
	VPADDD(offLo, lo, lo)
	VPADDD(offHi, hi, hi)
	for _, z := range []VecVirtual{lo, hi} {
		for q := range 4 {
			x := z.AsX()
			if q > 0 {
				x = XMM()
				VEXTRACTI32X4(U8(q), z, x)
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
