package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Constants of internal/field (see mul_generic.go and element.go there).
const (
	rr     = 0x1000003D10    // 2^260 mod p = 0x1000003D1 << 4
	r256   = 0x1000003D1     // 2^256 mod p
	mask52 = 0xFFFFFFFFFFFFF // 2^52 − 1
	mask48 = 0x0FFFFFFFFFFFF // 2^48 − 1
	p0     = 0xFFFFEFFFFFC2F // p's low limb
)

// fieldUnit generates internal/field's mulAsm and squareAsm.
func fieldUnit() {
	TEXT("mulAsm", NOSPLIT, "func(r, a, b *[5]uint64)")
	Pragma("noescape")
	Doc("mulAsm sets r = a·b exactly as mulGeneric does (same limbs). Inputs: magnitude ≤ 8.",
		"It needs BMI2 and ADX; r may alias a or b.")
	g := newGen()
	g.mul(argElem("r", 0), argElem("a", 0), argElem("b", 0))
	g.done()
	RET()

	TEXT("squareAsm", NOSPLIT, "func(r, a *[5]uint64)")
	Pragma("noescape")
	Doc("squareAsm sets r = a² exactly as squareGeneric does (same limbs). Input: magnitude ≤ 8.",
		"It needs BMI2 and ADX; r may alias a. It is the squaring the point operations inline, on its own",
		"for its tests: Square calls squareGeneric, which is as fast.")
	g = newGen()
	g.square(argElem("r", 0), argElem("a", 0))
	g.done()
	RET()
}

// mul emits d = a·b, the twin of mulGeneric (internal/field/mul_generic.go):
// it computes the same column sums, folds them the same way and so gives
// the same limbs; only the order of the additions within a sum differs.
// Inputs: magnitude ≤ 8; output: magnitude 1. d may alias a or b: it is
// written after the last read of both.
//
// The products are formed with MULX, which leaves the flags alone, and
// summed with ADCX and ADOX, two columns at a time on the two carry chains.
// On the AMD EPYC development machine a MULX with ADCX/ADOX measured about
// 1.1 cycles, with ADD/ADC about 1.6. t3, t4 and r0 wait in the spill words
// for lack of registers.
func (g *gen) mul(d, ea, eb elem) {
	bnd, ab := g.bind(ea, eb)
	a, b := ab[0], ab[1]
	g.dx = ""
	z, n52 := g.p.get(), g.p.get()
	MOVL(U32(52), n52.As32())
	clear := func() { XORL(z.As32(), z.As32()) }
	fT3, fT4, fR0 := g.spill.Offset(0), g.spill.Offset(8), g.spill.Offset(16)

	Comment("d = a·b: column 8 in e; column 3 in x (CF); column 4 in y (OF).",
		"The low 64 bits of column 8 go to column 3, the high ones to column 4.")
	clear()
	e := g.prod(a(4), b(4))
	y := g.prod(a(4), b(0))
	x := g.prod(a(0), b(3))
	g.addProd(y, of, a(0), b(4))
	g.addProd(x, cf, a(1), b(2))
	g.addProd(y, of, a(1), b(3))
	g.addProd(x, cf, a(2), b(1))
	g.addProd(y, of, a(2), b(2))
	g.addProd(x, cf, a(3), b(0))
	g.addProd(y, of, a(3), b(1))
	g.addProd(x, cf, U64(rr), e.lo)
	g.p.put(e.lo)
	g.addProd(y, of, U64(rr<<12), e.hi)
	g.p.put(e.hi)
	t3 := g.low52(x, n52)
	dc := g.shr52(x)
	MOVQ(t3, fT3)
	g.p.put(t3)

	Comment("Column 4 gets the carry d (OF); column 5 in x (CF).",
		"t4 = column 4 mod 2^48 and tx its next 4 bits (bits 256…259 of the value).")
	clear()
	g.addWord(y, of, dc, z)
	g.p.put(dc)
	x = g.prod(a(1), b(4))
	g.addProd(x, cf, a(2), b(3))
	g.addProd(x, cf, a(3), b(2))
	g.addProd(x, cf, a(4), b(1))
	t4 := g.low52(y, n52)
	dc = g.shr52(y)
	tx := g.split4(t4)
	MOVQ(t4, fT4)
	g.p.put(t4)

	Comment("Column 5 gets d (CF); column 6 in y (OF); column 1 in w (CF).",
		"u0 = (column 5 mod 2^52)·16 + tx: bits 256…311, times 2^256 ≡ rr>>4.")
	clear()
	g.addWord(x, cf, dc, z)
	g.p.put(dc)
	y = g.prod(a(2), b(4))
	w := g.prod(a(0), b(1))
	g.addProd(y, of, a(3), b(3))
	g.addProd(w, cf, a(1), b(0))
	g.addProd(y, of, a(4), b(2))
	u0 := g.u0(x, tx)
	dc = g.shr52(x)

	Comment("Column 0 in v = u0·(rr>>4) + a0·b0 (CF); column 6 gets d (OF).")
	clear()
	v := g.prod(U64(rr>>4), u0)
	g.p.put(u0)
	g.addProd(v, cf, a(0), b(0))
	g.addWord(y, of, dc, z)
	g.p.put(dc)
	r0 := g.low52(v, n52)
	c := g.shr52(v)
	MOVQ(r0, fR0)
	g.p.put(r0)
	m6 := g.low52(y, n52)
	dc = g.shr52(y)

	Comment("Column 1 gets rr·(column 6 mod 2^52) and the carry c (CF); column 7 in x gets d (OF).")
	clear()
	g.addProd(w, cf, U64(rr), m6)
	g.p.put(m6)
	g.addWord(w, cf, c, z)
	g.p.put(c)
	x = g.prod(a(3), b(4))
	g.addProd(x, of, a(4), b(3))
	g.addWord(x, of, dc, z)
	g.p.put(dc)
	r1 := g.low52(w, n52)
	c = g.shr52(w)

	Comment("Column 2 in y gets rr·(low 64 bits of column 7) and c (OF);",
		"column 3 again in v = (rr<<12)·(high 64 bits of column 7) + t3 (CF).")
	clear()
	y = g.prod(a(0), b(2))
	g.addProd(y, of, a(1), b(1))
	g.addProd(y, of, a(2), b(0))
	g.addProd(y, of, U64(rr), x.lo)
	g.p.put(x.lo)
	v = g.prod(U64(rr<<12), x.hi)
	g.p.put(x.hi)
	g.addWord(v, cf, fT3, z)
	g.addWord(y, of, c, z)
	g.p.put(c)
	r2 := g.low52(y, n52)
	c = g.shr52(y)

	g.finish(bnd, d, v, c, z, n52, r1, r2)
}

// finish ends the multiplication and the squaring: with v = column 3 and c
// the carry into it, r3 = v mod 2^52, r4 = v>>52 + t4; then it writes
// r0 … r4 to d, after releasing the inputs' pointers.
func (g *gen) finish(bnd *binding, d elem, v acc, c, z, n52, r1, r2 GPPhysical) {
	Comment("r3 = v mod 2^52, r4 = v>>52 + t4.")
	XORL(z.As32(), z.As32())
	g.addWord(v, cf, c, z)
	g.p.put(c)
	r3 := g.low52(v, n52)
	r4 := g.shr52(v)
	ADDQ(g.spill.Offset(8), r4)
	g.p.put(z, n52)
	bnd.release()
	r0 := g.p.get()
	MOVQ(g.spill.Offset(16), r0)
	g.storeRegs(d, vec{r0, r1, r2, r3, r4})
	g.free(vec{r0, r1, r2, r3, r4})
}

// square emits d = a², the twin of squareGeneric: mul with b = a and the
// products a_i·a_j and a_j·a_i of a column merged into (2·a_i)·a_j, formed
// with the doubled limb in DX. Input: magnitude ≤ 8; output: magnitude 1;
// d may alias a.
func (g *gen) square(d, ea elem) {
	bnd, ab := g.bind(ea)
	a := ab[0]
	a2 := func(i int) twice { return twice{a(i)} }
	g.dx = ""
	z, n52 := g.p.get(), g.p.get()
	MOVL(U32(52), n52.As32())
	clear := func() { XORL(z.As32(), z.As32()) }
	fT3, fT4, fR0 := g.spill.Offset(0), g.spill.Offset(8), g.spill.Offset(16)

	Comment("d = a²: column 8 in e; column 3 in x (CF); column 4 in y (OF).")
	clear()
	e := g.prod(a(4), a(4))
	y := g.prod(a2(4), a(0))
	x := g.prod(a2(0), a(3))
	g.addProd(y, of, a2(1), a(3))
	g.addProd(x, cf, a2(1), a(2))
	g.addProd(y, of, a(2), a(2))
	g.addProd(x, cf, U64(rr), e.lo)
	g.p.put(e.lo)
	g.addProd(y, of, U64(rr<<12), e.hi)
	g.p.put(e.hi)
	t3 := g.low52(x, n52)
	dc := g.shr52(x)
	MOVQ(t3, fT3)
	g.p.put(t3)

	Comment("Column 4 gets the carry d (OF); column 5 in x (CF).")
	clear()
	g.addWord(y, of, dc, z)
	g.p.put(dc)
	x = g.prod(a2(4), a(1))
	g.addProd(x, cf, a2(2), a(3))
	t4 := g.low52(y, n52)
	dc = g.shr52(y)
	tx := g.split4(t4)
	MOVQ(t4, fT4)
	g.p.put(t4)

	Comment("Column 5 gets d (CF); column 6 in y (OF); column 1 in w (CF).")
	clear()
	g.addWord(x, cf, dc, z)
	g.p.put(dc)
	y = g.prod(a2(4), a(2))
	w := g.prod(a2(0), a(1))
	g.addProd(y, of, a(3), a(3))
	u0 := g.u0(x, tx)
	dc = g.shr52(x)

	Comment("Column 0 in v = u0·(rr>>4) + a0·a0 (CF); column 6 gets d (OF).")
	clear()
	v := g.prod(U64(rr>>4), u0)
	g.p.put(u0)
	g.addProd(v, cf, a(0), a(0))
	g.addWord(y, of, dc, z)
	g.p.put(dc)
	r0 := g.low52(v, n52)
	c := g.shr52(v)
	MOVQ(r0, fR0)
	g.p.put(r0)
	m6 := g.low52(y, n52)
	dc = g.shr52(y)

	Comment("Column 1 gets rr·(column 6 mod 2^52) and c (CF); column 7 in x gets d (OF).")
	clear()
	g.addProd(w, cf, U64(rr), m6)
	g.p.put(m6)
	g.addWord(w, cf, c, z)
	g.p.put(c)
	x = g.prod(a2(4), a(3))
	g.addWord(x, of, dc, z)
	g.p.put(dc)
	r1 := g.low52(w, n52)
	c = g.shr52(w)

	Comment("Column 2 in y gets rr·(low 64 bits of column 7) and c (OF);",
		"column 3 again in v = (rr<<12)·(high 64 bits of column 7) + t3 (CF).")
	clear()
	y = g.prod(a2(0), a(2))
	g.addProd(y, of, a(1), a(1))
	g.addProd(y, of, U64(rr), x.lo)
	g.p.put(x.lo)
	v = g.prod(U64(rr<<12), x.hi)
	g.p.put(x.hi)
	g.addWord(v, cf, fT3, z)
	g.addWord(y, of, c, z)
	g.p.put(c)
	r2 := g.low52(y, n52)
	c = g.shr52(y)

	g.finish(bnd, d, v, c, z, n52, r1, r2)
}

// vec is a field element held in five registers.
type vec [5]GPPhysical

func (g *gen) newVec() vec {
	return vec{g.p.get(), g.p.get(), g.p.get(), g.p.get(), g.p.get()}
}

func (g *gen) free(v vec) { g.p.put(v[:]...) }

// load returns the limbs of e in new registers.
func (g *gen) load(e elem) vec {
	bnd, a := g.bind(e)
	v := g.newVec()
	for i := range v {
		MOVQ(a[0](i), v[i])
	}
	bnd.release()
	return v
}

// storeRegs writes v to e.
func (g *gen) storeRegs(e elem, v vec) {
	bnd, a := g.bind(e)
	for i := range v {
		MOVQ(v[i], a[0](i))
	}
	bnd.release()
}

// The linear operations below work on registers and are the twins of the
// methods of field.Element with the same names: they compute the same limbs.

// addv sets v += b (Element.Add).
func (g *gen) addv(v vec, b elem) {
	bnd, a := g.bind(b)
	for i := range v {
		ADDQ(a[0](i), v[i])
	}
	bnd.release()
}

// addvv sets v += w.
func addvv(v, w vec) {
	for i := range v {
		ADDQ(w[i], v[i])
	}
}

// limbConst returns the constant limb i of k·p (k·p0, k·mask52 or k·mask48).
func limbConst(i int, k uint64) uint64 {
	switch i {
	case 0:
		return p0 * k
	case 4:
		return mask48 * k
	}
	return mask52 * k
}

// negv returns −v for v of magnitude ≤ m (Element.Negate(v, m); magnitude
// m+1) in new registers, and frees v's.
func (g *gen) negv(v vec, m int) vec {
	k := 2 * uint64(m+1)
	w := g.newVec()
	for i := range v {
		MOVQ(U64(limbConst(i, k)), w[i])
		SUBQ(v[i], w[i])
	}
	g.free(v)
	return w
}

// subv sets v −= b for b of magnitude ≤ mb (Element.Sub(v, b, mb)).
func (g *gen) subv(v vec, b elem, mb int) {
	k := 2 * uint64(mb+1)
	bnd, a := g.bind(b)
	t := g.p.get()
	for i := range v {
		MOVQ(U64(limbConst(i, k)), t)
		SUBQ(a[0](i), t)
		ADDQ(t, v[i])
	}
	g.p.put(t)
	bnd.release()
}

// subvv sets v −= w for w of magnitude ≤ mw; w is left alone.
func (g *gen) subvv(v, w vec, mw int) {
	k := 2 * uint64(mw+1)
	t := g.p.get()
	for i := range v {
		MOVQ(U64(limbConst(i, k)), t)
		SUBQ(w[i], t)
		ADDQ(t, v[i])
	}
	g.p.put(t)
}

// mulIntv sets v *= k (Element.MulInt).
func mulIntv(v vec, k int) {
	for i := range v {
		switch k {
		case 2:
			ADDQ(v[i], v[i])
		default:
			IMUL3Q(Imm(uint64(k)), v[i], v[i])
		}
	}
}

// halfv sets v = v/2 mod p (Element.Half): add p if v is odd, then shift
// right by one bit. Constant time.
func (g *gen) halfv(v vec) {
	m := g.p.get()
	t := g.p.get()
	// m = 2^52 − 1 if v is odd, else 0.
	MOVQ(v[0], m)
	ANDQ(Imm(1), m)
	NEGQ(m)
	SHRQ(Imm(12), m)
	MOVQ(U64(p0), t)
	ANDQ(m, t)
	ADDQ(t, v[0])
	ADDQ(m, v[1])
	ADDQ(m, v[2])
	ADDQ(m, v[3])
	SHRQ(Imm(4), m)
	ADDQ(m, v[4])
	// v[i] = v[i]>>1 + (v[i+1]&1)<<51.
	for i := 0; i < 4; i++ {
		MOVQ(v[i+1], t)
		ANDQ(Imm(1), t)
		SHLQ(Imm(51), t)
		SHRQ(Imm(1), v[i])
		ADDQ(t, v[i])
	}
	SHRQ(Imm(1), v[4])
	g.p.put(m, t)
}

// normWeakv reduces v to magnitude 1 (Element.NormalizeWeak).
func (g *gen) normWeakv(v vec) {
	x := g.p.get()
	t := g.p.get()
	MOVQ(v[4], x)
	SHRQ(Imm(48), x)
	MOVQ(U64(mask48), t)
	ANDQ(t, v[4])
	MOVQ(U64(r256), t)
	IMULQ(t, x)
	ADDQ(x, v[0])
	MOVQ(U64(mask52), t)
	for i := 0; i < 4; i++ {
		MOVQ(v[i], x)
		SHRQ(Imm(52), x)
		ANDQ(t, v[i])
		ADDQ(x, v[i+1])
	}
	g.p.put(x, t)
}

// nzMask returns a register holding all ones if v ≡ 0 (mod p) and zero
// otherwise (Element.NormalizesToZero, as a mask). It consumes v (its
// registers are reused and freed). Constant time.
func (g *gen) nzMask(v vec) GPPhysical {
	t0, t1, t2, t3, t4 := v[0], v[1], v[2], v[3], v[4]
	x, m, z0, z1 := g.p.get(), g.p.get(), g.p.get(), g.p.get()
	MOVQ(t4, x)
	SHRQ(Imm(48), x)
	MOVQ(U64(mask48), m)
	ANDQ(m, t4)
	MOVQ(U64(r256), m)
	IMULQ(m, x)
	ADDQ(x, t0)
	// One carry pass: the value is then below 2p, so it is 0 mod p iff it is
	// 0 (z0 collects an OR) or p (z1 an AND of the limbs XORed so that p's
	// become all ones).
	MOVQ(U64(mask52), m)
	MOVQ(t0, x)
	SHRQ(Imm(52), x)
	ADDQ(x, t1)
	ANDQ(m, t0)
	MOVQ(t0, z0)
	MOVQ(U64(0x1000003D0), z1)
	XORQ(t0, z1)
	MOVQ(t1, x)
	SHRQ(Imm(52), x)
	ADDQ(x, t2)
	ANDQ(m, t1)
	ORQ(t1, z0)
	ANDQ(t1, z1)
	MOVQ(t2, x)
	SHRQ(Imm(52), x)
	ADDQ(x, t3)
	ANDQ(m, t2)
	ORQ(t2, z0)
	ANDQ(t2, z1)
	MOVQ(t3, x)
	SHRQ(Imm(52), x)
	ADDQ(x, t4)
	ANDQ(m, t3)
	ORQ(t3, z0)
	ORQ(t4, z0)
	ANDQ(t3, z1)
	MOVQ(U64(0xF000000000000), x)
	XORQ(t4, x)
	ANDQ(x, z1)
	// mask = −(z0 == 0 | z1 == mask52), without branches: for a word u,
	// (u | −u) has its top bit set iff u ≠ 0.
	XORQ(m, z1) // z1 == mask52 iff z1 ^ mask52 == 0
	for _, u := range []GPPhysical{z0, z1} {
		MOVQ(u, x)
		NEGQ(x)
		ORQ(x, u)
		SARQ(Imm(63), u) // all ones iff u ≠ 0
		NOTQ(u)          // all ones iff u == 0
	}
	ORQ(z1, z0)
	g.p.put(x, m, z1)
	g.free(v)
	return z0
}

// cmovv sets v = w where mask is all ones and leaves v where it is zero.
func (g *gen) cmovv(v, w vec, mask GPPhysical) {
	t := g.p.get()
	for i := range v {
		MOVQ(w[i], t)
		XORQ(v[i], t)
		ANDQ(mask, t)
		XORQ(t, v[i])
	}
	g.p.put(t)
}

// cmove sets v = e (an element in memory) where mask is all ones.
func (g *gen) cmove(v vec, e elem, mask GPPhysical) {
	bnd, a := g.bind(e)
	t := g.p.get()
	for i := range v {
		MOVQ(a[0](i), t)
		XORQ(v[i], t)
		ANDQ(mask, t)
		XORQ(t, v[i])
	}
	g.p.put(t)
	bnd.release()
}

// copyElem sets d = a.
func (g *gen) copyElem(d, a elem) {
	v := g.load(a)
	g.storeRegs(d, v)
	g.free(v)
}

var _ = RSP
