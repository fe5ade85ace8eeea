package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX2 constant-time table scan: every entry is read and combined
// under a mask that is all ones for the wanted entry and zero for the
// others (a vector of the index compared with a vector counter), so neither
// a branch nor an address depends on the index. The loop count is the
// table's length, which is public.

// storageLookup generates lookupStorageAVX2 for package group: e = row[idx]
// for a row of n AffineStorage entries (64 bytes each).
func storageLookup() {
	scan("lookupStorageAVX2", "e", "row", 64, 64,
		"lookupStorageAVX2 sets e = row[idx], reading all n ≥ 1 entries of row. idx < n. Constant time in idx.")
}

// scan generates name(dst, tab *uint64, n int, idx uint64): the first size
// bytes (a multiple of 32) of entry idx of the n entries of tab, stride
// bytes apart, to dst.
func scan(name, dst, tab string, size, stride int, doc ...string) {
	TEXT(name, NOSPLIT, fmt.Sprintf("func(%s, %s *uint64, n int, idx uint64)", dst, tab))
	Pragma("noescape")
	Doc(doc...)
	d, t, n, i := GP64(), GP64(), GP64(), GP64()
	Load(Param(dst), d)
	Load(Param(tab), t)
	Load(Param("n"), n)
	Load(Param("idx"), i)
	want, ctr, one := YMM(), YMM(), YMM()
	VMOVQ(i, want.AsX())
	VPBROADCASTQ(want.AsX(), want)
	VPXOR(ctr, ctr, ctr)
	// one = 1 in every 64-bit lane: 0 − (−1).
	VPCMPEQQ(one, one, one)
	VPSUBQ(one, ctr, one)
	// One accumulator per 32 bytes.
	var acc []VecVirtual
	for off := 0; off < size; off += 32 {
		a := YMM()
		VPXOR(a, a, a)
		acc = append(acc, a)
	}
	m, tmp := YMM(), YMM()
	loop := name + "_loop"
	Label(loop)
	VPCMPEQQ(want, ctr, m)
	for k, a := range acc {
		VPAND(Mem{Base: t, Disp: 32 * k}, m, tmp)
		VPOR(tmp, a, a)
	}
	VPADDQ(one, ctr, ctr)
	ADDQ(Imm(uint64(stride)), t)
	DECQ(n)
	JNZ(LabelRef(loop))
	for k, a := range acc {
		VMOVDQU(a, Mem{Base: d, Disp: 32 * k})
	}
	VZEROUPPER()
	RET()
}

var _ = RAX
