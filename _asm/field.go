package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// mul generates mulAsm, the twin of mulGeneric (internal/field/mul_generic.go).
// It computes the same column sums, folds them the same way and so returns
// the same limbs; only the order of the additions within a sum differs.
//
// The products are formed with MULX, which leaves the flags alone, and
// summed with ADCX and ADOX, two columns at a time on the two carry chains.
// On the AMD EPYC development machine a MULX with ADCX/ADOX measured about
// 1.1 cycles, with ADD/ADC about 1.6. The result is written only at the end,
// after the last read of a and b, so r may alias either. t3, t4 and r0 wait
// in the stack frame for lack of registers.
func mul() {
	TEXT("mulAsm", NOSPLIT, "func(r, a, b *[5]uint64)")
	Pragma("noescape")
	Doc("mulAsm sets r = a·b exactly as mulGeneric does (same limbs). Inputs: magnitude ≤ 8.",
		"It needs BMI2 and ADX; r may alias a or b.")
	p := newRegs()
	ap, bp := p.get(), p.get()
	Load(Param("a"), ap)
	Load(Param("b"), bp)
	a := func(i int) Mem { return Mem{Base: ap, Disp: 8 * i} }
	b := func(j int) Mem { return Mem{Base: bp, Disp: 8 * j} }
	g := newGen(p)
	frame := AllocLocal(24)
	fT3, fT4, fR0 := frame.Offset(0), frame.Offset(8), frame.Offset(16)

	Comment("Column 8 in e; column 3 in x (CF); column 4 in y (OF).",
		"The low 64 bits of column 8 go to column 3, the high ones to column 4.")
	g.clear()
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
	p.put(e.lo)
	g.addProd(y, of, U64(rr<<12), e.hi)
	p.put(e.hi)
	t3 := g.low52(x)
	d := g.shr52(x)
	MOVQ(t3, fT3)
	p.put(t3)

	Comment("Column 4 gets the carry d (OF); column 5 in x (CF).",
		"t4 = column 4 mod 2^48 and tx its next 4 bits (bits 256…259 of the value).")
	g.clear()
	g.addWord(y, of, d)
	p.put(d)
	x = g.prod(a(1), b(4))
	g.addProd(x, cf, a(2), b(3))
	g.addProd(x, cf, a(3), b(2))
	g.addProd(x, cf, a(4), b(1))
	t4 := g.low52(y)
	d = g.shr52(y)
	tx := g.split4(t4)
	MOVQ(t4, fT4)
	p.put(t4)

	Comment("Column 5 gets d (CF); column 6 in y (OF); column 1 in w (CF).",
		"u0 = (column 5 mod 2^52)·16 + tx: bits 256…311, times 2^256 ≡ rr>>4.")
	g.clear()
	g.addWord(x, cf, d)
	p.put(d)
	y = g.prod(a(2), b(4))
	w := g.prod(a(0), b(1))
	g.addProd(y, of, a(3), b(3))
	g.addProd(w, cf, a(1), b(0))
	g.addProd(y, of, a(4), b(2))
	u0 := g.u0(x, tx)
	d = g.shr52(x)

	Comment("Column 0 in v = u0·(rr>>4) + a0·b0 (CF); column 6 gets d (OF).")
	g.clear()
	v := g.prod(U64(rr>>4), u0)
	p.put(u0)
	g.addProd(v, cf, a(0), b(0))
	g.addWord(y, of, d)
	p.put(d)
	r0 := g.low52(v)
	c := g.shr52(v)
	MOVQ(r0, fR0)
	p.put(r0)
	m6 := g.low52(y)
	d = g.shr52(y)

	Comment("Column 1 gets rr·(column 6 mod 2^52) and the carry c (CF); column 7 in x gets d (OF).")
	g.clear()
	g.addProd(w, cf, U64(rr), m6)
	p.put(m6)
	g.addWord(w, cf, c)
	p.put(c)
	x = g.prod(a(3), b(4))
	g.addProd(x, of, a(4), b(3))
	g.addWord(x, of, d)
	p.put(d)
	r1 := g.low52(w)
	c = g.shr52(w)

	Comment("Column 2 in y gets rr·(low 64 bits of column 7) and c (OF);",
		"column 3 again in v = (rr<<12)·(high 64 bits of column 7) + t3 (CF).")
	g.clear()
	y = g.prod(a(0), b(2))
	g.addProd(y, of, a(1), b(1))
	g.addProd(y, of, a(2), b(0))
	g.addProd(y, of, U64(rr), x.lo)
	p.put(x.lo)
	v = g.prod(U64(rr<<12), x.hi)
	p.put(x.hi)
	g.addWord(v, cf, fT3)
	g.addWord(y, of, c)
	p.put(c)
	r2 := g.low52(y)
	c = g.shr52(y)

	Comment("r3 = v mod 2^52, r4 = v>>52 + t4.")
	g.clear()
	g.addWord(v, cf, c)
	p.put(c)
	r3 := g.low52(v)
	r4 := g.shr52(v)
	ADDQ(fT4, r4)

	p.put(bp)
	r0 = p.get()
	MOVQ(fR0, r0)
	store(ap, r0, r1, r2, r3, r4)
	RET()
}
