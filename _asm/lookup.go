package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The AVX2 constant-time table scans: every entry is read and combined
// under a mask that is all ones for the wanted entry and zero for the
// others, so neither a branch nor an address depends on the index. The loop
// counts are public (the table sizes).

// storageLookup generates lookupStorageAVX2 for package group: e = row[idx]
// for a row of n AffineStorage entries (64 bytes each).
func storageLookup() {
	TEXT("lookupStorageAVX2", NOSPLIT, "func(e, row *uint64, n int, idx uint32)")
	Pragma("noescape")
	Doc("lookupStorageAVX2 sets e = row[idx], reading all n ≥ 1 entries of row. idx < n. Constant time in idx.")
	e, row, n := GP64(), GP64(), GP64()
	Load(Param("e"), e)
	Load(Param("row"), row)
	idx := XMM()
	want, ctr, one := YMM(), YMM(), YMM()
	Load(Param("idx"), n.As32())
	MOVQ(n, idx)
	VPBROADCASTD(idx, want)
	VPXOR(ctr, ctr, ctr)
	// one = 1 in every 32-bit lane: 0 − (−1).
	VPCMPEQD(one, one, one)
	VPSUBD(one, ctr, one)
	a0, a1 := YMM(), YMM()
	VPXOR(a0, a0, a0)
	VPXOR(a1, a1, a1)
	m, t0, t1 := YMM(), YMM(), YMM()
	Load(Param("n"), n)
	Label("comb_loop")
	VPCMPEQD(want, ctr, m)
	VPAND(Mem{Base: row}, m, t0)
	VPAND(Mem{Base: row, Disp: 32}, m, t1)
	VPOR(t0, a0, a0)
	VPOR(t1, a1, a1)
	VPADDD(one, ctr, ctr)
	ADDQ(Imm(64), row)
	DECQ(n)
	JNZ(LabelRef("comb_loop"))
	VMOVDQU(a0, Mem{Base: e})
	VMOVDQU(a1, Mem{Base: e, Disp: 32})
	VZEROUPPER()
	RET()
}

// affineLookup generates lookupAffineAVX2 for package ecmultconst: the X and
// Y (80 bytes) of table[idx] for a table of n group.Affine entries (88
// bytes apart).
func affineLookup() {
	TEXT("lookupAffineAVX2", NOSPLIT, "func(r, table *uint64, n int, idx uint64)")
	Pragma("noescape")
	Doc("lookupAffineAVX2 sets r.X, r.Y to table[idx].X, .Y, reading the X and Y of all n entries.",
		"idx < n. Constant time in idx.")
	r, tab, n, i := GP64(), GP64(), GP64(), GP64()
	Load(Param("r"), r)
	Load(Param("table"), tab)
	Load(Param("n"), n)
	Load(Param("idx"), i)
	want, ctr, one := YMM(), YMM(), YMM()
	VMOVQ(i, want.AsX())
	VPBROADCASTQ(want.AsX(), want)
	VPXOR(ctr, ctr, ctr)
	VPCMPEQQ(one, one, one)
	VPSUBQ(one, ctr, one)
	a0, a1, a2 := YMM(), YMM(), YMM()
	VPXOR(a0, a0, a0)
	VPXOR(a1, a1, a1)
	VPXOR(a2, a2, a2)
	m, t0, t1, t2 := YMM(), YMM(), YMM(), YMM()
	Label("affine_loop")
	VPCMPEQQ(want, ctr, m)
	VPAND(Mem{Base: tab}, m, t0)
	VPAND(Mem{Base: tab, Disp: 32}, m, t1)
	VPAND(Mem{Base: tab, Disp: 64}, m.AsX(), t2.AsX())
	VPOR(t0, a0, a0)
	VPOR(t1, a1, a1)
	VPOR(t2, a2, a2)
	VPADDQ(one, ctr, ctr)
	ADDQ(Imm(88), tab)
	DECQ(n)
	JNZ(LabelRef("affine_loop"))
	VMOVDQU(a0, Mem{Base: r})
	VMOVDQU(a1, Mem{Base: r, Disp: 32})
	VMOVDQU(a2.AsX(), Mem{Base: r, Disp: 64})
	VZEROUPPER()
	RET()
}

var _ = RAX
