package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The kernels of the multi-scalar multiplication's affine buckets and of
// lift_x in the 4×64 form (unit fe4): repeated squaring, for square roots
// and inversions by exponentiation, and one affine addition fused with its
// step of Montgomery's batch inversion. Variable time in use (public data);
// the code itself has no data-dependent branch other than sqrNAsm's count.

// sqrN4 generates sqrNAsm: r = a^(2^n) by n squarings (sqrRegs), the
// value kept in registers from one squaring to the next. Constant time in
// a (n is public).
func sqrN4() {
	TEXT("sqrNAsm", 0, "func(r, a *[4]uint64, n int)")
	Pragma("noescape")
	Doc("sqrNAsm sets r = a^(2^n) for n ≥ 1 (values below 2^256). r may alias a.")
	g := newGen()
	cnt := AllocLocal(8)
	c := g.p.get()
	Load(Param("n"), c)
	MOVQ(c, cnt)
	Load(Param("a"), c)
	var a [4]GPPhysical
	for i := range a {
		a[i] = g.p.get()
		MOVQ(Mem{Base: c, Disp: 8 * i}, a[i])
	}
	g.p.put(c)
	t := make([]GPPhysical, 8)
	t[0] = a[0]
	for i := 1; i < 8; i++ {
		t[i] = g.p.get()
	}
	lo, hi := g.p.get(), g.p.get()

	Label("sqrN_loop")
	g.sqrRegs(a, t, lo, hi)
	Comment("the result is the next input (t0 is a0 already)")
	MOVQ(t[1], a[1])
	MOVQ(t[2], a[2])
	MOVQ(t[3], a[3])
	DECQ(cnt)
	JG(LabelRef("sqrN_loop"))

	g.p.put(t[1:]...)
	g.p.put(lo, hi)
	c = g.p.get()
	Load(Param("r"), c)
	for i := range a {
		MOVQ(a[i], Mem{Base: c, Disp: 8 * i})
	}
	g.p.put(c)
	g.p.put(a[:]...)
	g.done()
	RET()
}

// sqrRegs emits t[0..3] = a² for a in registers (t[0] must be a[0]'s
// register; t[1..7], lo and hi are distinct others), the one squaring of
// the 4×64 unit (sqr4r loads its input and calls it): the six products
// a_i·a_j (i < j) once, doubled, then the four squares, with its registers
// chosen by hand, in the 13 the pool holds. a[1..3] are clobbered (dead
// inputs serve as scratch and as the zero of the reduction); t[4..7], lo
// and hi hold garbage after.
func (g *gen) sqrRegs(a reg4, t []GPPhysical, lo, hi GPPhysical) {
	Comment("a0·(a1, a2, a3)")
	MOVQ(a[0], RDX)
	MULXQ(a[1], t[1], t[2])
	MULXQ(a[2], lo, t[3])
	ADDQ(lo, t[2])
	MULXQ(a[3], lo, t[4])
	ADCQ(lo, t[3])
	ADCQ(Imm(0), t[4])
	Comment("a1·(a2, a3), with t7 as the zero of the two carry chains")
	MOVQ(a[1], RDX)
	XORL(t[7].As32(), t[7].As32())
	MULXQ(a[2], lo, hi)
	ADCXQ(lo, t[3])
	ADOXQ(hi, t[4])
	MULXQ(a[3], lo, t[5])
	ADCXQ(lo, t[4])
	ADOXQ(t[7], t[5])
	ADCXQ(t[7], t[5])
	Comment("a2·a3")
	MOVQ(a[2], RDX)
	MULXQ(a[3], lo, t[6])
	ADDQ(lo, t[5])
	ADCQ(Imm(0), t[6])
	Comment("double the cross products, then add the squares a_i² (MULX leaves the flags alone)")
	XORL(t[7].As32(), t[7].As32())
	ADDQ(t[1], t[1])
	for i := 2; i <= 6; i++ {
		ADCQ(t[i], t[i])
	}
	ADCQ(Imm(0), t[7])
	MOVQ(a[0], RDX)
	MULXQ(RDX, t[0], lo) // t0 is a0's register
	MOVQ(a[1], RDX)
	MULXQ(RDX, a[1], hi) // a1 is dead: its register takes the low word
	ADDQ(lo, t[1])
	ADCQ(a[1], t[2])
	ADCQ(hi, t[3])
	MOVQ(a[2], RDX)
	MULXQ(RDX, lo, hi)
	ADCQ(lo, t[4])
	ADCQ(hi, t[5])
	MOVQ(a[3], RDX)
	MULXQ(RDX, lo, hi)
	ADCQ(lo, t[6])
	ADCQ(hi, t[7])
	g.reduce8(t, lo, hi, a[3]) // a3 is dead: the zero register
}

// affineAddInv4 generates affineAddInvAsm, the backward step of a batch of
// affine additions b += (px, py) sharing one inversion: with acc the
// inverse of the product of the denominators up to this one and pref the
// product of those before it, 1/(px − bx) = acc·pref and acc becomes the
// inverse of the product before this one; then λ = (py − by)/(px − bx),
// x3 = λ² − bx − px, y3 = λ·(bx − x3) − by. For px ≠ bx (mod p); b must
// not alias px, py, acc or pref.
func affineAddInv4() {
	TEXT("affineAddInvAsm", 0, "func(b, px, py, acc, pref *uint64)")
	Pragma("noescape")
	Doc("affineAddInvAsm sets b = b + (px, py) with 1/(px − bx) = acc·pref, and acc = acc·(px − bx). Variable time (public data).")
	g := newGen()
	bx, by := argElem("b", s4x), argElem("b", s4y)
	px, py := argElem("px", 0), argElem("py", 0)
	acc, pref := argElem("acc", 0), argElem("pref", 0)
	t, den, lam, x3 := local4(), local4(), local4(), local4()
	Comment("den = px − bx")
	g.subm4(den, px, bx)
	g.mul4(t, acc, pref)  // 1/den
	g.mul4(acc, acc, den) // the inverse of the earlier denominators' product
	Comment("λ = (py − by)/den")
	g.subm4(lam, py, by)
	g.mul4(lam, lam, t)
	g.sqr4(x3, lam)
	Comment("x3 = λ² − bx − px")
	v := g.load4(x3)
	g.subv4(v, bx)
	g.subv4(v, px)
	g.store4(x3, v)
	g.free4(v)
	Comment("y3 = λ·(bx − x3) − by")
	g.subm4(t, bx, x3)
	g.mul4(t, t, lam)
	g.subm4(by, t, by)
	g.copy4(bx, x3)
	g.done()
	RET()
}

// prefixStep4 generates prefixStepAsm, the forward step of a batch of
// affine additions: den = px − bx, pre = acc, and, unless den ≡ 0 (then it
// returns 1 and leaves acc for the caller's special case), acc = acc·den.
func prefixStep4() {
	TEXT("prefixStepAsm", 0, "func(den, pre, acc, px, bx *uint64) (zero int)")
	Pragma("noescape")
	Doc("prefixStepAsm sets den = px − bx, pre = acc and, unless den ≡ 0 (it then returns 1), acc = acc·den. Variable time (public data).")
	g := newGen()
	g.copy4(argElem("pre", 0), argElem("acc", 0))
	v := g.load4(argElem("px", 0))
	g.subv4(v, argElem("bx", 0))
	g.store4(argElem("den", 0), v)
	g.isZero4(v, "prefixStep_zero")
	g.mul4(argElem("acc", 0), argElem("acc", 0), argElem("den", 0))
	g.done()
	o := g.p.get()
	XORL(o.As32(), o.As32())
	Store(o, Return("zero"))
	g.p.put(o)
	RET()
	Label("prefixStep_zero")
	o = g.p.get()
	MOVQ(U64(1), o)
	Store(o, Return("zero"))
	g.p.put(o)
	RET()
}

// sqrN4x generates sqrN4xAsm: four independent values each squared n
// times, n ≥ 1, the four squarings of a step one after the other so that
// the processor overlaps their latencies (a single chain of squarings is
// bound by the latency of one; four are closer to the multiplier's
// throughput).
func sqrN4x() { sqrNx(4) }

// sqrN2x generates sqrN2xAsm: sqrN4x on two values (two square roots at
// once, as BIP-340 verification's key and R).
func sqrN2x() { sqrNx(2) }

// sqrNx generates sqrN<lanes>xAsm: sqrN4x for any number of lanes.
func sqrNx(lanes int) {
	name := fmt.Sprintf("sqrN%dxAsm", lanes)
	TEXT(name, 0, fmt.Sprintf("func(r *[%d]uint64, n int)", 4*lanes))
	Pragma("noescape")
	Doc(fmt.Sprintf("%s sets each of the %d values r[4l:4l+4] to its 2^n-th power, n ≥ 1.", name, lanes))
	g := newGen()
	cnt := AllocLocal(8)
	c := g.p.get()
	Load(Param("n"), c)
	MOVQ(c, cnt)
	g.p.put(c)
	Label(name + "_loop")
	for l := 0; l < lanes; l++ {
		g.sqr4(argElem("r", 32*l), argElem("r", 32*l))
	}
	c = g.p.get()
	MOVQ(cnt, c)
	DECQ(c)
	MOVQ(c, cnt)
	g.p.put(c)
	JG(LabelRef(name + "_loop"))
	g.done()
	RET()
}

// affineAddInv2 generates affineAddInv2Asm: two consecutive backward steps
// of affineAddInvAsm (entry 1, then entry 2 before it in the batch) with
// their operations interleaved, so that the two additions' chains of
// dependent products (λ, λ², y3) overlap: a single step is bound by the
// latency of its products rather than by the multiplier's throughput.
func affineAddInv2() { affineAddInvN(2) }

// affineAddInvN generates affineAddInv<n>Asm: n steps interleaved.
func affineAddInvN(nl int) {
	name := fmt.Sprintf("affineAddInv%dAsm", nl)
	sig := "func("
	for k := 1; k <= nl; k++ {
		sig += fmt.Sprintf("b%d, px%d, py%d, pre%d, ", k, k, k, k)
	}
	TEXT(name, 0, sig+"acc *uint64)")
	Pragma("noescape")
	if nl == 2 {
		Doc("affineAddInv2Asm is affineAddInvAsm(b1, px1, py1, acc, pre1) then affineAddInvAsm(b2, px2, py2, acc, pre2), interleaved. Variable time (public data).")
	} else {
		Doc(fmt.Sprintf("%s is affineAddInvAsm on entries 1 … %d in turn, interleaved. Variable time (public data).", name, nl))
	}
	g := newGen()
	acc := argElem("acc", 0)
	type lane struct {
		bx, by, px, py, pre  elem
		den, inv, lam, x3, t elem
	}
	ls := make([]lane, nl)
	for k := range ls {
		n := fmt.Sprint(k + 1)
		ls[k] = lane{
			bx: argElem("b"+n, s4x), by: argElem("b"+n, s4y),
			px: argElem("px"+n, 0), py: argElem("py"+n, 0), pre: argElem("pre"+n, 0),
			den: local4(), inv: local4(), lam: local4(), x3: local4(), t: local4(),
		}
	}
	for _, l := range ls {
		Comment("den = px − bx; num = py − by")
		v := g.load4(l.px)
		g.subv4(v, l.bx)
		g.store4(l.den, v)
		g.free4(v)
		v = g.load4(l.py)
		g.subv4(v, l.by)
		g.store4(l.lam, v)
		g.free4(v)
	}
	for _, l := range ls {
		g.mul4(l.inv, acc, l.pre)
		g.mul4(acc, acc, l.den)
	}
	for _, l := range ls {
		g.mul4(l.lam, l.lam, l.inv)
	}
	for _, l := range ls {
		g.sqr4(l.x3, l.lam)
	}
	for _, l := range ls {
		Comment("x3 = λ² − bx − px; t = bx − x3")
		v := g.load4(l.x3)
		g.subv4(v, l.bx)
		g.subv4(v, l.px)
		g.store4(l.x3, v)
		g.free4(v)
		v = g.load4(l.bx)
		g.subv4(v, l.x3)
		g.store4(l.t, v)
		g.free4(v)
	}
	for _, l := range ls {
		g.mul4(l.t, l.t, l.lam)
	}
	for _, l := range ls {
		Comment("y3 = λ·(bx − x3) − by")
		v := g.load4(l.t)
		g.subv4(v, l.by)
		g.store4(l.by, v)
		g.free4(v)
		g.copy4(l.bx, l.x3)
	}
	g.done()
	RET()
}

var _ = Imm
