package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The field8 unit: field arithmetic modulo p = 2^256 − 0x1000003D1 in eight
// lanes with AVX-512 IFMA (internal/field8). An element of eight lanes is
// five vectors of eight 64-bit words, limb-major in memory (limb i of lane j
// at word 8·i + j), each lane in package field's 5×52 form with its
// magnitude contract. VPMADD52LUQ and VPMADD52HUQ add the low and the high
// 52 bits of the 104-bit product of the low 52 bits of two words to a third,
// in eight lanes at once; a 5×52 product is 25 of each. Because they read
// only 52 bits of each operand, the inputs are first carried so that every
// limb is below 2^52 (a weak normalization, in registers); the output has
// package field's magnitude 1. Every step is documented, with its bounds, at
// mulLane in internal/field8/generic.go, the generic twin whose limbs this
// code reproduces exactly.

const (
	f8c256 = 0x1000003D1  // 2^256 mod p
	f8r260 = 0x1000003D10 // 2^260 mod p
	f8m52  = 1<<52 - 1
	f8m48  = 1<<48 - 1
)

// fe8 is an eight-lane element in five vector registers.
type fe8 [5]VecVirtual

// f8consts holds the broadcast constants the kernels use.
type f8consts struct {
	m52, m48, c256, r260 VecVirtual
}

func f8bcast(v uint64) VecVirtual {
	g := GP64()
	MOVQ(U64(v), g)
	z := ZMM()
	VPBROADCASTQ(g, z)
	return z
}

func newF8consts() *f8consts {
	return &f8consts{m52: f8bcast(f8m52), m48: f8bcast(f8m48), c256: f8bcast(f8c256), r260: f8bcast(f8r260)}
}

// f8load loads the element at base+off.
func f8load(base Register, off int) fe8 {
	var a fe8
	for i := range a {
		a[i] = ZMM()
		VMOVDQU64(Mem{Base: base, Disp: off + 64*i}, a[i])
	}
	return a
}

// f8store stores a at base+off.
func f8store(base Register, off int, a fe8) {
	for i := range a {
		VMOVDQU64(a[i], Mem{Base: base, Disp: off + 64*i})
	}
}

// carry emits hi += lo>>52; lo &= 2^52−1.
func (k *f8consts) carry(lo, hi VecVirtual) {
	t := ZMM()
	VPSRLQ(Imm(52), lo, t)
	VPADDQ(t, hi, hi)
	VPANDQ(k.m52, lo, lo)
}

// weak emits the weak normalization of a in place (weakLane): the bits of
// limb 4 above 48 folded into limb 0 with 2^256 ≡ 0x1000003D1, then one
// carry pass; limbs 0…3 end below 2^52, limb 4 below 2^49.
func (k *f8consts) weak(a fe8) {
	t := ZMM()
	VPSRLQ(Imm(48), a[4], t)
	VPANDQ(k.m48, a[4], a[4])
	VPMADD52LUQ(k.c256, t, a[0])
	for i := 0; i < 4; i++ {
		k.carry(a[i], a[i+1])
	}
}

// zero returns a zeroed register.
func f8zero() VecVirtual {
	z := ZMM()
	VPXORQ(z, z, z)
	return z
}

// reduce emits the reduction of the ten columns c (each below 2^57, c[9]
// below 2^47 after the carries) to five limbs of magnitude 1 (reduceLane).
func (k *f8consts) reduce(c [10]VecVirtual) fe8 {
	for i := 5; i < 9; i++ {
		k.carry(c[i], c[i+1])
	}
	e := f8zero()
	for i := 5; i < 10; i++ {
		VPMADD52LUQ(k.r260, c[i], c[i-5])
		if i < 9 {
			VPMADD52HUQ(k.r260, c[i], c[i-4])
		} else {
			VPMADD52HUQ(k.r260, c[i], e)
		}
	}
	for i := 0; i < 4; i++ {
		k.carry(c[i], c[i+1])
	}
	t := ZMM()
	VPSRLQ(Imm(48), c[4], t)
	VPSLLQ(Imm(4), e, e)
	VPADDQ(e, t, t)
	VPANDQ(k.m48, c[4], c[4])
	VPMADD52LUQ(k.c256, t, c[0])
	VPMADD52HUQ(k.c256, t, c[1])
	return fe8{c[0], c[1], c[2], c[3], c[4]}
}

// mul emits a·b for weakly normalized a and b (mulLane after its weak steps).
// The high halves of columns 2…7 (the longest chains of dependent
// VPMADD52s) go to second accumulators, added in before the reduction: the
// columns are the same integers, in half the latency.
func (k *f8consts) mul(a, b fe8) fe8 {
	var c, h [10]VecVirtual
	for i := range c {
		c[i] = f8zero()
		h[i] = c[i]
		if i >= 2 && i <= 7 {
			h[i] = f8zero()
		}
	}
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			VPMADD52LUQ(b[j], a[i], c[i+j])
			VPMADD52HUQ(b[j], a[i], h[i+j+1])
		}
	}
	for i := 2; i <= 7; i++ {
		VPADDQ(h[i], c[i], c[i])
	}
	return k.reduce(c)
}

// square emits a² for a weakly normalized a (squareLane): the products
// a_i·a_j with i < j once, the columns doubled, then the squares a_i².
func (k *f8consts) square(a fe8) fe8 {
	var c [10]VecVirtual
	for i := range c {
		c[i] = f8zero()
	}
	for i := 0; i < 5; i++ {
		for j := i + 1; j < 5; j++ {
			VPMADD52LUQ(a[j], a[i], c[i+j])
			VPMADD52HUQ(a[j], a[i], c[i+j+1])
		}
	}
	for i := 1; i < 9; i++ {
		VPADDQ(c[i], c[i], c[i])
	}
	for i := 0; i < 5; i++ {
		VPMADD52LUQ(a[i], a[i], c[2*i])
		VPMADD52HUQ(a[i], a[i], c[2*i+1])
	}
	return k.reduce(c)
}

func field8Unit() {
	TEXT("mulAsm", NOSPLIT, "func(r, a, b *[40]uint64)")
	Pragma("noescape")
	Doc("mulAsm sets r = a·b in each of the eight lanes, with the limbs of mulLane.",
		"Inputs: magnitude ≤ 8; output: magnitude 1. Needs AVX512F and AVX512IFMA. r may alias a or b.")
	{
		r, pa, pb := GP64(), GP64(), GP64()
		Load(Param("r"), r)
		Load(Param("a"), pa)
		Load(Param("b"), pb)
		k := newF8consts()
		a := f8load(pa, 0)
		b := f8load(pb, 0)
		k.weak(a)
		k.weak(b)
		f8store(r, 0, k.mul(a, b))
		VZEROUPPER()
		RET()
	}

	TEXT("squareAsm", NOSPLIT, "func(r, a *[40]uint64)")
	Pragma("noescape")
	Doc("squareAsm sets r = a² in each of the eight lanes, with the limbs of squareLane (those of",
		"mulLane(a, a)). Input: magnitude ≤ 8; output: magnitude 1. Needs AVX512F and AVX512IFMA. r may alias a.")
	{
		r, pa := GP64(), GP64()
		Load(Param("r"), r)
		Load(Param("a"), pa)
		k := newF8consts()
		a := f8load(pa, 0)
		k.weak(a)
		f8store(r, 0, k.square(a))
		VZEROUPPER()
		RET()
	}

	TEXT("squareNAsm", NOSPLIT, "func(r, a *[40]uint64, n int)")
	Pragma("noescape")
	Doc("squareNAsm sets r = a^(2^n) in each lane (n ≥ 1 squarings, the limbs of n squareLane calls),",
		"in registers between squarings. Input: magnitude ≤ 8; output: magnitude 1. r may alias a.")
	{
		r, pa, n := GP64(), GP64(), GP64()
		Load(Param("r"), r)
		Load(Param("a"), pa)
		Load(Param("n"), n)
		k := newF8consts()
		a := f8load(pa, 0)
		Label("squareN_loop")
		k.weak(a)
		s := k.square(a)
		for i := range a {
			VMOVDQA64(s[i], a[i])
		}
		DECQ(n)
		JNZ(LabelRef("squareN_loop"))
		f8store(r, 0, a)
		VZEROUPPER()
		RET()
	}
}
