package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The 4×64 verification engine (unit strauss4, for internal/ecmult): field
// elements as four 64-bit words holding any value below 2^256 congruent to
// the element modulo p = 2^256 − c, c = 0x1000003D1 (not necessarily below
// p). A multiplication forms the 512-bit product with 16 MULX on two carry
// chains and folds the high half with 2^256 ≡ c: 20 MULX in all, against 31
// for the 5×52 multiplication, whose kernels are bound by MULX. Additions
// need carries and a fold, which the 5×52 form does not, but the point
// formulas are dominated by products. Everything here is variable time in
// the sense that it only ever sees public data (verification), though the
// field code itself has no data-dependent branch.

const c256 = 0x1000003D1 // 2^256 mod p

// p's words, low first.
const (
	p4w0 = 0xFFFFFFFEFFFFFC2F
	p4w1 = 0xFFFFFFFFFFFFFFFF
)

// local4 allocates a 4-word frame element.
func local4() elem { return elem{off: AllocLocal(32).Disp} }

// reg4 is a 4-word value in registers.
type reg4 [4]GPPhysical

// words returns n fresh registers.
func (g *gen) words(n int) []GPPhysical {
	out := make([]GPPhysical, n)
	for i := range out {
		out[i] = g.p.get()
	}
	return out
}

// load4 returns e's words in new registers.
func (g *gen) load4(e elem) reg4 {
	bnd, a := g.bind(e)
	var r reg4
	for i := range r {
		r[i] = g.p.get()
		MOVQ(a[0](i), r[i])
	}
	bnd.release()
	return r
}

// store4 writes r to e.
func (g *gen) store4(e elem, r reg4) {
	bnd, a := g.bind(e)
	for i := range r {
		MOVQ(r[i], a[0](i))
	}
	bnd.release()
}

func (g *gen) free4(rs ...reg4) {
	for _, r := range rs {
		g.p.put(r[:]...)
	}
}

// mul4 emits d = a·b (values below 2^256; d may alias a or b).
func (g *gen) mul4(d, ea, eb elem) {
	r := g.mul4r(ea, eb)
	g.store4(d, r)
	g.free4(r)
}

// mul4r emits a·b and returns it in registers (the caller frees them).
func (g *gen) mul4r(ea, eb elem) reg4 {
	bnd, ab := g.bind(ea, eb)
	a, b := ab[0], ab[1]
	t := g.words(8)
	lo, hi, z := g.p.get(), g.p.get(), g.p.get()
	Comment("d = a·b (4×64), row 0")
	product4(t, a, b, lo, hi, z)
	bnd.release()
	g.reduce8(t, lo, hi, z)
	g.p.put(t[4:]...)
	g.p.put(lo, hi, z)
	return reg4{t[0], t[1], t[2], t[3]}
}

// product4 emits t[0..7] = a·b, the 512-bit product of two 4-word values
// (a and b address their words; they may be the same), 16 MULX on two
// carry chains; lo, hi and z are scratch. It ends with CF and OF clear.
func product4(t []GPPhysical, a, b addr, lo, hi, z GPPhysical) {
	MOVQ(a(0), RDX)
	MULXQ(b(0), t[0], t[1])
	MULXQ(b(1), lo, t[2])
	ADDQ(lo, t[1])
	MULXQ(b(2), lo, t[3])
	ADCQ(lo, t[2])
	MULXQ(b(3), lo, t[4])
	ADCQ(lo, t[3])
	ADCQ(Imm(0), t[4])
	for i := 1; i < 4; i++ {
		Commentf("row %d: low halves on CF, high halves on OF", i)
		MOVQ(a(i), RDX)
		XORL(z.As32(), z.As32())
		for j := 0; j < 3; j++ {
			MULXQ(b(j), lo, hi)
			ADCXQ(lo, t[i+j])
			ADOXQ(hi, t[i+j+1])
		}
		MULXQ(b(3), lo, t[i+4])
		ADCXQ(lo, t[i+3])
		ADOXQ(z, t[i+4])
		ADCXQ(z, t[i+4])
	}
}

// sqr4 emits d = a² (d may alias a).
func (g *gen) sqr4(d, ea elem) {
	r := g.sqr4r(ea)
	g.store4(d, r)
	g.free4(r)
}

// sqr4r emits a² and returns it in registers (the caller frees them): the
// input loaded into registers, then sqrRegs. It needs all 13 registers of
// the pool free.
func (g *gen) sqr4r(ea elem) reg4 {
	bnd, ab := g.bind(ea)
	var a reg4
	for i := range a {
		a[i] = g.p.get()
		MOVQ(ab[0](i), a[i])
	}
	bnd.release()
	t := make([]GPPhysical, 8)
	t[0] = a[0]
	for i := 1; i < 8; i++ {
		t[i] = g.p.get()
	}
	lo, hi := g.p.get(), g.p.get()
	g.sqrRegs(a, t, lo, hi)
	g.p.put(a[1], a[2], a[3])
	g.p.put(t[4:]...)
	g.p.put(lo, hi)
	return reg4{t[0], t[1], t[2], t[3]}
}

// copy4r returns a copy of r in new registers.
func (g *gen) copy4r(r reg4) reg4 {
	var d reg4
	for i := range d {
		d[i] = g.p.get()
		MOVQ(r[i], d[i])
	}
	return d
}

// subr4 sets r −= s (registers), folding the borrows: r < 2^256.
func (g *gen) subr4(r, s reg4) {
	SUBQ(s[0], r[0])
	for i := 1; i < 4; i++ {
		SBBQ(s[i], r[i])
	}
	g.foldBorrow(r)
}

// reduce8 folds the 512-bit t[0..7] to a value below 2^256 congruent mod p
// in t[0..3], with 2^256 ≡ c: t[0..3] += c·t[4..7] leaves a word hi below
// 2^34 on top, folded in the same way; a last carry, if any, is worth c
// again, after which nothing carries.
func (g *gen) reduce8(t []GPPhysical, lo, hi, z GPPhysical) {
	Comment("fold the high half: t[0..3] += c·t[4..7]")
	MOVQ(U64(c256), RDX)
	XORL(z.As32(), z.As32())
	for j := 0; j < 3; j++ {
		MULXQ(t[4+j], lo, hi)
		ADCXQ(lo, t[j])
		ADOXQ(hi, t[j+1])
	}
	MULXQ(t[7], lo, hi)
	ADCXQ(lo, t[3])
	ADOXQ(z, hi)
	ADCXQ(z, hi)
	Comment("hi < 2^34: t[0..3] += c·hi on CF; beside it, on OF, u = t[0..1] + c,")
	Comment("the result if that carries out of 2^256 (t is then below c·hi < 2^67,")
	Comment("so u does not carry past t[1]): chosen by CMOV, shorter than adding")
	Comment("c for the carry after it")
	MULXQ(hi, lo, hi)
	ADCXQ(lo, t[0])
	ADCXQ(hi, t[1])
	u0, u1 := t[4], t[5]
	MOVQ(t[0], u0)
	MOVQ(t[1], u1)
	ADOXQ(RDX, u0)
	ADOXQ(z, u1)
	ADCXQ(z, t[2])
	ADCXQ(z, t[3])
	CMOVQCS(u0, t[0])
	CMOVQCS(u1, t[1])
}

// subm4 emits d = a − b for elements (d may alias a or b), the borrows
// folded: subv4 between a load and a store.
func (g *gen) subm4(d, a, b elem) {
	v := g.load4(a)
	g.subv4(v, b)
	g.store4(d, v)
	g.free4(v)
}

// addm4 emits d = a + b for elements (d may alias a or b), the carries
// folded: addv4 between a load and a store.
func (g *gen) addm4(d, a, b elem) {
	v := g.load4(a)
	g.addv4(v, b)
	g.store4(d, v)
	g.free4(v)
}

// addv4 sets r += b (an element), folding the carries: r < 2^256.
func (g *gen) addv4(r reg4, b elem) {
	bnd, a := g.bind(b)
	ADDQ(a[0](0), r[0])
	for i := 1; i < 4; i++ {
		ADCQ(a[0](i), r[i])
	}
	bnd.release()
	g.foldCarry(r)
}

// addr4 sets r += s (registers).
func (g *gen) addr4(r, s reg4) {
	ADDQ(s[0], r[0])
	for i := 1; i < 4; i++ {
		ADCQ(s[i], r[i])
	}
	g.foldCarry(r)
}

// foldCarry adds c to r for the carry out of 2^256 just made, twice (a
// second carry leaves r tiny, so a third cannot happen).
func (g *gen) foldCarry(r reg4) { g.fold(r, false) }

// foldBorrow subtracts c from r for the borrow just made, twice.
func (g *gen) foldBorrow(r reg4) { g.fold(r, true) }

// fold adds (sub false) or subtracts (sub true) c = 2^256 mod p for the
// carry or borrow the flags hold, then once more for the one that makes.
// That second one touches r[0] alone: after a second carry r < c, so r + c
// < 2^34; after a second borrow r ≥ 2^256 − c, so r[0] ≥ 2^64 − c and
// r[0] − c does not borrow. It is r[0] ± c, formed by LEA beside the carry
// chain and chosen by CMOV on the chain's last carry, which is two steps
// shorter than masking c with that carry and adding it.
func (g *gen) fold(r reg4, sub bool) {
	m, c, t := g.p.get(), g.p.get(), g.p.get()
	// m = c on the carry: MOV leaves the flags alone, CMOV is one step
	// where SBB and AND are two.
	MOVQ(U64(c256), c)
	MOVQ(U64(0), m)
	CMOVQCS(c, m)
	if sub {
		SUBQ(m, r[0])
		// r[0] − c = r[0] + (2^64 − c) mod 2^64; 2^64 − c is p's low word.
		MOVQ(U64(p4w0), c)
		SBBQ(Imm(0), r[1])
		SBBQ(Imm(0), r[2])
		SBBQ(Imm(0), r[3])
	} else {
		ADDQ(m, r[0])
		ADCQ(Imm(0), r[1])
		ADCQ(Imm(0), r[2])
		ADCQ(Imm(0), r[3])
	}
	LEAQ(Mem{Base: r[0], Index: c, Scale: 1}, t)
	CMOVQCS(t, r[0])
	g.p.put(m, c, t)
}

// subv4 sets r −= b (an element): a borrow out of 2^256 is worth −c, twice.
func (g *gen) subv4(r reg4, b elem) {
	bnd, a := g.bind(b)
	SUBQ(a[0](0), r[0])
	for i := 1; i < 4; i++ {
		SBBQ(a[0](i), r[i])
	}
	bnd.release()
	g.foldBorrow(r)
}

// neg4 returns 0 − r (registers, freeing r's).
func (g *gen) neg4(r reg4) reg4 {
	var z reg4
	for i := range z {
		z[i] = g.p.get()
		XORL(z[i].As32(), z[i].As32())
	}
	SUBQ(r[0], z[0])
	for i := 1; i < 4; i++ {
		SBBQ(r[i], z[i])
	}
	g.free4(r)
	g.foldBorrow(z)
	return z
}

// half4 sets r = r/2 mod p: add p if r is odd (257 bits), shift right.
func (g *gen) half4(r reg4) {
	m, t, top := g.p.get(), g.p.get(), g.p.get()
	MOVQ(r[0], m)
	ANDQ(Imm(1), m)
	NEGQ(m)
	MOVQ(U64(p4w0), t)
	ANDQ(m, t)
	XORL(top.As32(), top.As32())
	ADDQ(t, r[0])
	ADCQ(m, r[1])
	ADCQ(m, r[2])
	ADCQ(m, r[3])
	ADCQ(Imm(0), top)
	SHRQ(Imm(1), r[1], r[0])
	SHRQ(Imm(1), r[2], r[1])
	SHRQ(Imm(1), r[3], r[2])
	SHRQ(Imm(1), top, r[3])
	g.p.put(m, t, top)
}

// negTo sets d = p − e for a canonical e (below p, nonzero): the Y of a
// table point, negated for a negative digit.
func (g *gen) negCanonical(d, e elem) {
	bnd, a := g.bind(e)
	var r reg4
	for i := range r {
		r[i] = g.p.get()
	}
	MOVQ(U64(p4w0), r[0])
	for i := 1; i < 4; i++ {
		MOVQ(U64(p4w1), r[i])
	}
	SUBQ(a[0](0), r[0])
	for i := 1; i < 4; i++ {
		SBBQ(a[0](i), r[i])
	}
	bnd.release()
	g.store4(d, r)
	g.free4(r)
}

// isZero4 branches to label when r ≡ 0 (mod p), that is r is 0 or p,
// consuming r. Variable time (public values).
func (g *gen) isZero4(r reg4, label string) {
	o, a := g.p.get(), g.p.get()
	MOVQ(r[0], o)
	ORQ(r[1], o)
	ORQ(r[2], o)
	ORQ(r[3], o)
	JZ(LabelRef(label))
	MOVQ(r[1], a)
	ANDQ(r[2], a)
	ANDQ(r[3], a)
	NOTQ(a)
	MOVQ(U64(p4w0), o)
	XORQ(r[0], o)
	ORQ(a, o)
	JZ(LabelRef(label))
	g.p.put(o, a)
	g.free4(r)
}

var _ = RAX
