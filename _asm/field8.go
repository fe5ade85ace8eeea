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

// f8consts holds the constants the kernels use: 2^52 − 1 in a register,
// the others as 64-bit words in memory that the instructions broadcast.
type f8consts struct {
	m52             VecVirtual
	m48, c256, r260 Mem
}

func f8bcast(v uint64) VecVirtual {
	g := GP64()
	MOVQ(U64(v), g)
	z := ZMM()
	VPBROADCASTQ(g, z)
	return z
}

// f8globals are the memory constants, defined once per generated file.
var f8globals *f8consts

func f8word(name string, v uint64) Mem {
	m := GLOBL(name, RODATA|NOPTR)
	DATA(0, U64(v))
	return m
}

func newF8consts() *f8consts {
	if f8globals == nil {
		f8globals = &f8consts{m48: f8word("f8m48", f8m48), c256: f8word("f8c256", f8c256), r260: f8word("f8r260", f8r260)}
	}
	k := *f8globals
	k.m52 = f8bcast(f8m52)
	return &k
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
	VPANDQ_BCST(k.m48, a[4], a[4])
	VPMADD52LUQ_BCST(k.c256, t, a[0])
	for i := 0; i < 4; i++ {
		k.carry(a[i], a[i+1])
	}
}

// f8zeroMem is a zero word in memory. A register is zeroed by a broadcast
// load of it rather than by VPXORQ z, z, z, which avo's register allocator
// takes for a read of z: z would be live from the function's entry, and a
// function of several operations runs out of registers.
var f8zeroMem *Mem

// zero returns a zeroed register.
func f8zero() VecVirtual {
	if f8zeroMem == nil {
		m := f8word("f8zero", 0)
		f8zeroMem = &m
	}
	z := ZMM()
	VPBROADCASTQ(*f8zeroMem, z)
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
		VPMADD52LUQ_BCST(k.r260, c[i], c[i-5])
		if i < 9 {
			VPMADD52HUQ_BCST(k.r260, c[i], c[i-4])
		} else {
			VPMADD52HUQ_BCST(k.r260, c[i], e)
		}
	}
	for i := 0; i < 4; i++ {
		k.carry(c[i], c[i+1])
	}
	t := ZMM()
	VPSRLQ(Imm(48), c[4], t)
	VPSLLQ(Imm(4), e, e)
	VPADDQ(e, t, t)
	VPANDQ_BCST(k.m48, c[4], c[4])
	VPMADD52LUQ_BCST(k.c256, t, c[0])
	VPMADD52HUQ_BCST(k.c256, t, c[1])
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

// The point unit (internal/ecmult8): eight-lane point doubling and mixed
// addition in Jacobian coordinates, every field operation inlined and every
// intermediate in a scratch buffer of the caller's. The operations below
// load their operands, compute in registers and store their result: the
// code is the sequence of field8 operations that the Go twin of each
// formula (internal/ecmult8/point.go) calls, so the limbs agree.

// f8m is an eight-lane element in memory: five 64-byte vectors at base+off.
type f8m struct {
	base Register
	off  int
}

func (m f8m) limb(i int) Mem { return Mem{Base: m.base, Disp: m.off + 64*i} }

func (m f8m) load() fe8 { return f8load(m.base, m.off) }

func (m f8m) store(a fe8) { f8store(m.base, m.off, a) }

func (k *f8consts) opMul(d, a, b f8m) {
	x, y := a.load(), b.load()
	k.weak(x)
	k.weak(y)
	d.store(k.mul(x, y))
}

func (k *f8consts) opSqr(d, a f8m) {
	x := a.load()
	k.weak(x)
	d.store(k.square(x))
}

// opWeak is field8's NormalizeWeak (weakLane).
func (k *f8consts) opWeak(d, a f8m) {
	x := a.load()
	k.weak(x)
	d.store(x)
}

func opAdd(d, a, b f8m) {
	for i := 0; i < 5; i++ {
		x := ZMM()
		VMOVDQU64(a.limb(i), x)
		VPADDQ(b.limb(i), x, x)
		VMOVDQU64(x, d.limb(i))
	}
}

// opMulInt is field8's MulInt by a small constant c: shifts and additions
// of the element (the same integers as the multiplication).
func opMulInt(d, a f8m, c int) {
	for i := 0; i < 5; i++ {
		x, s := ZMM(), ZMM()
		VMOVDQU64(a.limb(i), x)
		first := true
		for b := 0; c>>b != 0; b++ {
			if c>>b&1 == 0 {
				continue
			}
			t := x
			if b > 0 {
				t = ZMM()
				VPSLLQ(U8(b), x, t)
			}
			if first {
				VMOVDQA64(t, s)
				first = false
			} else {
				VPADDQ(t, s, s)
			}
		}
		VMOVDQU64(s, d.limb(i))
	}
}

// f8negLimb returns limb i of 2(m+1)·p, the constant of Negate and Sub.
func f8negLimb(i, mb int) uint64 {
	k := uint64(2 * (mb + 1))
	switch i {
	case 0:
		return 0xFFFFEFFFFFC2F * k
	case 4:
		return f8m48 * k
	}
	return f8m52 * k
}

// opSub is field8's Sub: d = a + (2(mb+1)·p − b).
func opSub(d, a, b f8m, mb int) {
	for i := 0; i < 5; i++ {
		c := f8bcast(f8negLimb(i, mb))
		VPSUBQ(b.limb(i), c, c)
		VPADDQ(a.limb(i), c, c)
		VMOVDQU64(c, d.limb(i))
	}
}

// jac8 and aff8 address the coordinates of ecmult8's Jacobian8 and Affine8.
type jac8 struct{ x, y, z f8m }

func jacAt(base Register) jac8 {
	return jac8{f8m{base, 0}, f8m{base, 320}, f8m{base, 640}}
}

// scratchAt returns n elements of the scratch buffer at base.
func scratchAt(base Register, n int) []f8m {
	s := make([]f8m, n)
	for i := range s {
		s[i] = f8m{base, 320 * i}
	}
	return s
}

// pointDouble emits Jacobian8.Double (internal/ecmult8/point.go), the
// doubling dbl-2009-l of the Explicit-Formulas Database for a = 0 with two
// weak normalizations that keep every input of a multiplication at
// magnitude ≤ 8. Input: X ≤ 6, Y ≤ 3, Z ≤ 1; output: magnitude 1.
func (k *f8consts) pointDouble(r, a jac8, s []f8m) {
	k.opSqr(s[0], a.y)         // B = Y²
	k.opSqr(s[1], a.x)         // A = X²
	k.opSqr(s[2], s[0])        // C = B²
	opAdd(s[3], a.x, s[0])     // X + B (≤ 7)
	k.opSqr(s[3], s[3])        // (X + B)²
	opAdd(s[4], s[1], s[2])    // A + C (2)
	opSub(s[3], s[3], s[4], 2) // D/2 = (X + B)² − A − C (4)
	k.opWeak(s[3], s[3])       // (1)
	opMulInt(s[5], s[1], 3)    // E = 3A (3)
	k.opSqr(s[6], s[5])        // F = E²
	opAdd(s[7], a.y, a.y)      // 2Y (≤ 6)
	k.opMul(r.z, s[7], a.z)    // Z3 = 2YZ
	opMulInt(s[4], s[3], 4)    // 2D (4)
	opSub(s[6], s[6], s[4], 4) // F − 2D (6)
	k.opWeak(r.x, s[6])        // X3 (1)
	opAdd(s[4], s[3], s[3])    // D (2)
	opSub(s[4], s[4], r.x, 1)  // D − X3 (4)
	k.opMul(s[4], s[5], s[4])  // E·(D − X3)
	opMulInt(s[2], s[2], 8)    // 8C (8)
	opSub(s[4], s[4], s[2], 8) // (10)
	k.opWeak(r.y, s[4])        // Y3 (1)
}

// pointAddAffine emits Jacobian8.AddAffine: r = a + b for b affine (X
// magnitude 1, Y ≤ 2), the formulas of libsecp256k1's gej_add_ge_var
// without its special cases: where a = ±b (h = 0) Z3 comes out 0 and stays
// 0, which the engine detects at the end. Input: X ≤ 6, Y ≤ 3, Z ≤ 1;
// output: X ≤ 5, Y ≤ 3, Z 1.
func (k *f8consts) pointAddAffine(r, a jac8, bx, by f8m, s []f8m) {
	k.opSqr(s[0], a.z)          // z12
	k.opMul(s[1], bx, s[0])     // u2
	k.opMul(s[2], by, s[0])     //
	k.opMul(s[2], s[2], a.z)    // s2
	opSub(s[3], s[1], a.x, 6)   // h (8)
	opSub(s[4], s[2], a.y, 3)   // i (5)
	k.opMul(s[5], a.z, s[3])    // Z3
	k.opSqr(s[6], s[3])         // h2
	k.opMul(s[7], s[3], s[6])   // h3
	k.opMul(s[8], a.x, s[6])    // t
	k.opSqr(s[9], s[4])         // i²
	opAdd(s[10], s[8], s[8])    // 2t (2)
	opAdd(s[10], s[10], s[7])   // h3 + 2t (3)
	opSub(s[9], s[9], s[10], 3) // X3 (5)
	opSub(s[10], s[8], s[9], 5) // t − X3 (7)
	k.opMul(s[10], s[4], s[10]) // i·(t − X3)
	k.opMul(s[11], a.y, s[7])   // Y1·h3
	opSub(r.y, s[10], s[11], 1) // Y3 (3)
	for i := 0; i < 5; i++ {
		x := ZMM()
		VMOVDQU64(s[9].limb(i), x)
		VMOVDQU64(x, r.x.limb(i))
		VMOVDQU64(s[5].limb(i), x)
		VMOVDQU64(x, r.z.limb(i))
	}
}

func ecmult8Unit() {
	TEXT("doubleAsm", NOSPLIT, "func(r, a *[120]uint64, s *[480]uint64)")
	Pragma("noescape")
	Doc("doubleAsm is Jacobian8.Double in assembly (the same limbs). r may alias a.")
	{
		pr, pa, ps := GP64(), GP64(), GP64()
		Load(Param("r"), pr)
		Load(Param("a"), pa)
		Load(Param("s"), ps)
		k := newF8consts()
		k.pointDouble(jacAt(pr), jacAt(pa), scratchAt(ps, 8))
		VZEROUPPER()
		RET()
	}

	TEXT("doubleNAsm", NOSPLIT, "func(r *[120]uint64, n int, s *[480]uint64)")
	Pragma("noescape")
	Doc("doubleNAsm doubles r n ≥ 1 times in place (n Jacobian8.Double calls).")
	{
		pr, n, ps := GP64(), GP64(), GP64()
		Load(Param("r"), pr)
		Load(Param("n"), n)
		Load(Param("s"), ps)
		k := newF8consts()
		Label("doubleN_loop")
		k.pointDouble(jacAt(pr), jacAt(pr), scratchAt(ps, 8))
		DECQ(n)
		JNZ(LabelRef("doubleN_loop"))
		VZEROUPPER()
		RET()
	}

	TEXT("addAffineAsm", NOSPLIT, "func(r, a *[120]uint64, b *[80]uint64, s *[480]uint64)")
	Pragma("noescape")
	Doc("addAffineAsm is Jacobian8.AddAffine in assembly (the same limbs). r may alias a.")
	{
		pr, pa, pb, ps := GP64(), GP64(), GP64(), GP64()
		Load(Param("r"), pr)
		Load(Param("a"), pa)
		Load(Param("b"), pb)
		Load(Param("s"), ps)
		k := newF8consts()
		k.pointAddAffine(jacAt(pr), jacAt(pa), f8m{pb, 0}, f8m{pb, 320}, scratchAt(ps, 12))
		VZEROUPPER()
		RET()
	}

	gatherUnit()
	genUnit()
	constUnit()
}

// gatherUnit emits gatherAsm for internal/ecmult8: the eight lanes of an
// Affine8 read from eight table entries (one per lane, chosen by byte
// offsets) with VPGATHERQQ, and Y negated (4p − Y, as Negate(y, 1)) in the
// lanes of a mask. Variable time in the offsets: public data only.
func gatherUnit() {
	TEXT("gatherAsm", NOSPLIT, "func(dst *[80]uint64, base *uint64, idx *[8]uint64, limbStride, yOff int, neg uint64)")
	Pragma("noescape")
	Doc("gatherAsm sets limb i of lane j of dst's X to the word at base + idx[j] + i·limbStride, and of",
		"its Y to the word yOff bytes further, then Y to 4p − Y in the lanes whose bit of neg is set.")
	dst, bx, pidx, stride, yoff, negr := GP64(), GP64(), GP64(), GP64(), GP64(), GP64()
	Load(Param("dst"), dst)
	Load(Param("base"), bx)
	Load(Param("idx"), pidx)
	Load(Param("limbStride"), stride)
	Load(Param("yOff"), yoff)
	Load(Param("neg"), negr)
	by := GP64()
	MOVQ(bx, by)
	ADDQ(yoff, by)
	ix := ZMM()
	VMOVDQU64(Mem{Base: pidx}, ix)
	kn := K()
	KMOVB(negr.As32(), kn)
	ones := GP64()
	MOVQ(U64(0xFF), ones)
	for i := 0; i < 5; i++ {
		for c, b := range []Register{bx, by} {
			k := K()
			KMOVB(ones.As32(), k)
			v := f8zero()
			VPGATHERQQ(Mem{Base: b, Index: ix, Scale: 1}, k, v)
			if c == 1 {
				cst := f8bcast(f8negLimb(i, 1))
				VPSUBQ(v, cst, kn, v)
			}
			VMOVDQU64(v, Mem{Base: dst, Disp: 320*c + 64*i})
		}
		if i < 4 {
			ADDQ(stride, bx)
			ADDQ(stride, by)
		}
	}
	VZEROUPPER()
	RET()
}

// projAt addresses the coordinates of ecmult8's Proj8 (as jac8).
func projAt(base Register) jac8 { return jacAt(base) }

// pointAddRCB emits Proj8.AddAffine (internal/ecmult8/gen.go): the
// complete mixed addition of Renes, Costello and Batina (algorithm 8, a =
// 0, b3 = 21). Input: X ≤ 3, Y ≤ 2, Z ≤ 1; b: X 1, Y ≤ 2; output X ≤ 3,
// Y ≤ 2, Z 1. r may alias a: a is last read before r is first written.
func (k *f8consts) pointAddRCB(r, a jac8, bx, by f8m, s []f8m) {
	k.opMul(s[0], a.x, bx)     // t0 = X1·X2
	k.opMul(s[1], a.y, by)     // t1 = Y1·Y2
	opAdd(s[3], bx, by)        // t3 = X2 + Y2 (3)
	opAdd(s[4], a.x, a.y)      // t4 = X1 + Y1 (5)
	k.opMul(s[3], s[3], s[4])  // t3 = t3·t4
	opAdd(s[4], s[0], s[1])    // t4 = t0 + t1 (2)
	opSub(s[3], s[3], s[4], 2) // t3 = t3 − t4 (4)
	k.opMul(s[4], by, a.z)     // t4 = Y2·Z1
	opAdd(s[4], s[4], a.y)     // t4 = t4 + Y1 (3)
	k.opMul(s[5], bx, a.z)     // Y3 = X2·Z1
	opAdd(s[5], s[5], a.x)     // Y3 = Y3 + X1 (4)
	opAdd(s[6], s[0], s[0])    // X3 = t0 + t0 (2)
	opAdd(s[0], s[6], s[0])    // t0 = X3 + t0 (3)
	opMulInt(s[2], a.z, 21)    // t2 = b3·Z1 (21)
	k.opWeak(s[2], s[2])       // (1)
	opAdd(s[7], s[1], s[2])    // Z3 = t1 + t2 (2)
	opSub(s[1], s[1], s[2], 1) // t1 = t1 − t2 (3)
	k.opWeak(s[5], s[5])       // (1)
	opMulInt(s[5], s[5], 21)   // Y3 = b3·Y3 (21)
	k.opWeak(s[5], s[5])       // (1)
	k.opMul(s[6], s[4], s[5])  // X3 = t4·Y3
	k.opMul(s[2], s[3], s[1])  // t2 = t3·t1
	opSub(r.x, s[2], s[6], 1)  // X3 = t2 − X3 (3)
	k.opMul(s[5], s[5], s[0])  // Y3 = Y3·t0
	k.opMul(s[1], s[1], s[7])  // t1 = t1·Z3
	k.opMul(s[0], s[0], s[3])  // t0 = t0·t3
	k.opMul(s[7], s[7], s[4])  // Z3 = Z3·t4
	opAdd(r.y, s[1], s[5])     // Y3 = t1 + Y3 (2)
	opAdd(r.z, s[7], s[0])     // Z3 = Z3 + t0 (2)
	k.opWeak(r.z, r.z)         // (1)
}

// genUnit emits addRCBAsm and genSelectAsm for internal/ecmult8's
// constant-time fixed-base engine.
func genUnit() {
	TEXT("addRCBAsm", NOSPLIT, "func(r, a *[120]uint64, b *[80]uint64, s *[480]uint64)")
	Pragma("noescape")
	Doc("addRCBAsm is Proj8.AddAffine in assembly (the same limbs). r may alias a. Constant time.")
	{
		pr, pa, pb, ps := GP64(), GP64(), GP64(), GP64()
		Load(Param("r"), pr)
		Load(Param("a"), pa)
		Load(Param("b"), pb)
		Load(Param("s"), ps)
		k := newF8consts()
		k.pointAddRCB(projAt(pr), projAt(pa), f8m{pb, 0}, f8m{pb, 320}, scratchAt(ps, 8))
		VZEROUPPER()
		RET()
	}

	TEXT("genSelectAsm", NOSPLIT, "func(a *[80]uint64, tab *[8][10]uint64, d *[8]int32)")
	Pragma("noescape")
	Doc("genSelectAsm is genSelectGeneric with AVX-512: every entry of tab is broadcast and kept in",
		"the lanes whose index it is (a masked register move), Y negated under a mask. Constant time in d.")
	{
		pa, pt, pd := GP64(), GP64(), GP64()
		Load(Param("a"), pa)
		Load(Param("tab"), pt)
		Load(Param("d"), pd)
		d, sg, one, idx := ZMM(), ZMM(), ZMM(), ZMM()
		VPMOVSXDQ(Mem{Base: pd}, d)
		VPSRAQ(U8(63), d, sg)
		VPXORQ(sg, d, idx)
		VPSUBQ(sg, idx, idx) // |d|
		one = f8bcast(1)
		VPSUBQ(one, idx, idx)
		VPSRLQ(U8(1), idx, idx) // (|d| − 1)/2
		kn := K()
		VPTESTMQ(sg, sg, kn)
		acc := f8scan(idx, one, func(e, i int, t VecVirtual) { VPBROADCASTQ(Mem{Base: pt, Disp: 80*e + 8*i}, t) })
		f8storeNegY(pa, &acc, kn)
		VZEROUPPER()
		RET()
	}
}

// pointDoubleRCB emits Proj8.Double (internal/ecmult8/const.go): the
// complete doubling of Renes, Costello and Batina (algorithm 9, a = 0,
// b3 = 21). Input: X ≤ 3, Y ≤ 2, Z ≤ 1; output: X ≤ 2, Y ≤ 2, Z 1. Every
// result stays in the scratch buffer until the end, so r may alias a.
func (k *f8consts) pointDoubleRCB(r, a jac8, s []f8m) {
	k.opSqr(s[0], a.y)         // t0 = Y·Y
	opMulInt(s[1], s[0], 8)    // Z3 = 8·t0 (8)
	k.opMul(s[2], a.y, a.z)    // t1 = Y·Z
	k.opSqr(s[3], a.z)         // t2 = Z·Z
	opMulInt(s[3], s[3], 21)   // t2 = b3·t2 (21)
	k.opWeak(s[3], s[3])       // (1)
	k.opMul(s[4], s[3], s[1])  // X3 = t2·Z3
	opAdd(s[5], s[0], s[3])    // Y3 = t0 + t2 (2)
	k.opMul(s[1], s[2], s[1])  // Z3 = t1·Z3
	opAdd(s[2], s[3], s[3])    // t1 = t2 + t2 (2)
	opAdd(s[3], s[2], s[3])    // t2 = t1 + t2 (3)
	opSub(s[0], s[0], s[3], 3) // t0 = t0 − t2 (5)
	k.opMul(s[5], s[0], s[5])  // Y3 = t0·Y3
	opAdd(s[5], s[4], s[5])    // Y3 = X3 + Y3 (2)
	k.opMul(s[2], a.x, a.y)    // t1 = X·Y
	k.opMul(s[4], s[0], s[2])  // X3 = t0·t1
	opAdd(r.x, s[4], s[4])     // X3 = X3 + X3 (2)
	for i := 0; i < 5; i++ {
		x := ZMM()
		VMOVDQU64(s[5].limb(i), x)
		VMOVDQU64(x, r.y.limb(i))
		VMOVDQU64(s[1].limb(i), x)
		VMOVDQU64(x, r.z.limb(i))
	}
}

// constUnit emits doubleRCBAsm and scanAsm for internal/ecmult8's
// constant-time variable-base engine.
func constUnit() {
	TEXT("doubleRCBAsm", NOSPLIT, "func(r, a *[120]uint64, n int, s *[480]uint64)")
	Pragma("noescape")
	Doc("doubleRCBAsm doubles a n ≥ 1 times into r (n Proj8.Double calls, the same limbs). r may alias a.",
		"Constant time.")
	{
		pr, pa, n, ps := GP64(), GP64(), GP64(), GP64()
		Load(Param("r"), pr)
		Load(Param("a"), pa)
		Load(Param("n"), n)
		Load(Param("s"), ps)
		k := newF8consts()
		k.pointDoubleRCB(projAt(pr), projAt(pa), scratchAt(ps, 6))
		DECQ(n)
		JZ(LabelRef("doubleRCB_done"))
		Label("doubleRCB_loop")
		k.pointDoubleRCB(projAt(pr), projAt(pr), scratchAt(ps, 6))
		DECQ(n)
		JNZ(LabelRef("doubleRCB_loop"))
		Label("doubleRCB_done")
		VZEROUPPER()
		RET()
	}

	TEXT("scanAsm", NOSPLIT, "func(a *[80]uint64, tab *[640]uint64, d *[8]int32, neg uint64)")
	Pragma("noescape")
	Doc("scanAsm is scanGeneric with AVX-512: lane j of a is lane j of entry (|d[j]|−1)/2 of the eight",
		"eight-lane entries of tab, every entry read and kept under a mask, Y negated where d[j] < 0",
		"differs from bit j of neg. Constant time in d and neg.")
	{
		pa, pt, pd, pn := GP64(), GP64(), GP64(), GP64()
		Load(Param("a"), pa)
		Load(Param("tab"), pt)
		Load(Param("d"), pd)
		Load(Param("neg"), pn)
		d, sg, idx := ZMM(), ZMM(), ZMM()
		VPMOVSXDQ(Mem{Base: pd}, d)
		VPSRAQ(U8(63), d, sg)
		VPXORQ(sg, d, idx)
		VPSUBQ(sg, idx, idx)
		one := f8bcast(1)
		VPSUBQ(one, idx, idx)
		VPSRLQ(U8(1), idx, idx)
		ks, kg, kn := K(), K(), K()
		VPTESTMQ(sg, sg, ks)
		KMOVW(pn.As32(), kg)
		KXORW(kg, ks, kn)
		acc := f8scan(idx, one, func(e, i int, t VecVirtual) { VMOVDQU64(Mem{Base: pt, Disp: 640*e + 64*i}, t) })
		f8storeNegY(pa, &acc, kn)
		VZEROUPPER()
		RET()
	}
}

// f8scan emits the constant-time scan of an eight-entry table shared by
// genSelectAsm and scanAsm: for each entry e, its ten limb vectors (load
// puts limb i of entry e in t) are kept in the lanes whose idx is e (a
// masked move), so every entry is read whatever the indexes.
func f8scan(idx, one VecVirtual, load func(e, i int, t VecVirtual)) [10]VecVirtual {
	var acc [10]VecVirtual
	for i := range acc {
		acc[i] = f8zero()
	}
	ctr := f8zero()
	for e := 0; e < 8; e++ {
		ke := K()
		VPCMPEQQ(ctr, idx, ke)
		for i := range acc {
			t := ZMM()
			load(e, i, t)
			VMOVDQA64(t, ke, acc[i])
		}
		if e < 7 {
			VPADDQ(one, ctr, ctr)
		}
	}
	return acc
}

// f8storeNegY stores the point acc (X limbs 0–4, Y limbs 5–9) at pa, its Y
// negated (p − y, magnitude 1) in the lanes of the mask kn.
func f8storeNegY(pa GPVirtual, acc *[10]VecVirtual, kn OpmaskVirtual) {
	for i := 0; i < 5; i++ {
		c := f8bcast(f8negLimb(i, 1))
		VPSUBQ(acc[5+i], c, kn, acc[5+i])
		VMOVDQU64(acc[i], Mem{Base: pa, Disp: 64 * i})
		VMOVDQU64(acc[5+i], Mem{Base: pa, Disp: 320 + 64*i})
	}
}
