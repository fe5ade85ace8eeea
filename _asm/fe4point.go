package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Layout of fe4.Jacobian {X, Y, Z Element; Infinity uint64} and of
// group.AffineStorage {X, Y [4]uint64}, the form of every table point.
const (
	j4x, j4y, j4z, j4inf = 0, 32, 64, 96
	s4x, s4y             = 0, 32
)

// fe4Unit generates internal/fe4: the 4×64 field multiplication and
// squaring, and the point operations of the 4×64 engines. See fe4.go for
// the representation.
func fe4Unit() {
	TEXT("mulAsm", NOSPLIT, "func(r, a, b *[4]uint64)")
	Pragma("noescape")
	Doc("mulAsm sets r = a·b for values below 2^256 (r too). r may alias a or b.")
	g := newGen()
	g.mul4(argElem("r", 0), argElem("a", 0), argElem("b", 0))
	g.done()
	RET()

	TEXT("squareAsm", NOSPLIT, "func(r, a *[4]uint64)")
	Pragma("noescape")
	Doc("squareAsm sets r = a² for a value below 2^256 (r too). r may alias a.")
	g = newGen()
	g.sqr4(argElem("r", 0), argElem("a", 0))
	g.done()
	RET()

	linear4()
	double4()
	add4Var("addStorageVarAsm", false)
	add4Var("addStorageZInvVarAsm", true)
	addAffine4()
	addIncomplete4()
	sqrN4()
	affineAddInv4()
	prefixStep4()
	sqrN4x()
	sqrN2x()
	affineAddInv2()
	oddStep4()
	oddPut4(false)
	oddPut4(true)
}

// linear4 generates linearAsm, which exists for the tests: the linear steps
// the point operations are made of (addv4, subv4, neg4, half4, each ending
// in its carry or borrow folds), on the edge values that products almost
// never reach. Constant time.
func linear4() {
	TEXT("linearAsm", NOSPLIT, "func(sum, diff, neg, half, a, b *[4]uint64)")
	Pragma("noescape")
	Doc("linearAsm sets sum = a + b, diff = a − b, neg = −a, half = a/2 (mod p, values below 2^256), for the tests.")
	g := newGen()
	a, b := argElem("a", 0), argElem("b", 0)
	v := g.load4(a)
	g.addv4(v, b)
	g.store4(argElem("sum", 0), v)
	g.free4(v)
	v = g.load4(a)
	g.subv4(v, b)
	g.store4(argElem("diff", 0), v)
	g.free4(v)
	v = g.neg4(g.load4(a))
	g.store4(argElem("neg", 0), v)
	g.free4(v)
	v = g.load4(a)
	g.half4(v)
	g.store4(argElem("half", 0), v)
	g.free4(v)
	g.done()
	RET()
}

// double4 generates doubleAsm: r = 2·a, the doubling of
// group.Jacobian.Double (L = (3/2)·X², S = Y², X3 = L² − 2·X·S,
// Y3 = L·(3·X·S − L²) − S², Z3 = Y·Z; 2·a is infinity only when a is: the
// flag is copied), its steps ordered for a short chain of dependent
// operations, which is what bounds the loops that double: S = Y² and
// Z3 = Y·Z come first (a.Y and a.Z are then done with), then the chain
// X² → L → L²; T = X·S is taken positive (no negation before it),
// L = X² + X²/2 (a halving and one addition), 2T and 3T are ready when L²
// is, so that X3 = L² − 2T and W = 3T − L² are each one subtraction after
// L², and Y3 = L·W − S² needs no negation. Products hand their result to
// the next step in registers where the registers allow, rather than
// through memory. Constant time. r may be a.
func double4() {
	TEXT("doubleAsm", 0, "func(r, a *uint64)")
	Pragma("noescape")
	Doc("doubleAsm sets r = 2·a. Constant time. r may be a.")
	g := newGen()
	ax, ay, az := argElem("a", j4x), argElem("a", j4y), argElem("a", j4z)
	rx, ry, rz := argElem("r", j4x), argElem("r", j4y), argElem("r", j4z)
	s, l, t, t2 := local4(), local4(), local4(), local4()

	Comment("r.Infinity = a.Infinity")
	inf, ap, rp := g.p.get(), g.p.get(), g.p.get()
	Load(Param("a"), ap)
	Load(Param("r"), rp)
	MOVQ(Mem{Base: ap, Disp: j4inf}, inf)
	MOVQ(inf, Mem{Base: rp, Disp: j4inf})
	g.p.put(inf, ap, rp)

	Comment("S = Y²; Z3 = Y·Z (a.Y, a.Z are not read again)")
	g.sqr4(s, ay)
	g.mul4(rz, az, ay)
	Comment("L = X² + X²/2 = 3/2·X²")
	v := g.sqr4r(ax)
	w := g.copy4r(v)
	g.half4(w)
	g.addr4(v, w)
	g.free4(w)
	g.store4(l, v)
	g.free4(v)
	Comment("T = X·S; 2T; 3T")
	g.twiceThrice(t2, t, g.mul4r(s, ax))
	Comment("L², then X3 = L² − 2T (a.X is not read again) and W = 3T − L²")
	v = g.sqr4r(l)
	w = g.copy4r(v)
	g.subv4(v, t2)
	g.store4(rx, v)
	g.free4(v)
	v = g.load4(t)
	g.subr4(v, w)
	g.free4(w)
	g.store4(t, v)
	g.free4(v)
	Comment("S²")
	g.sqr4(s, s)
	Comment("Y3 = L·W − S²")
	v = g.mul4r(t, l)
	g.subv4(v, s)
	g.store4(ry, v)
	g.free4(v)
	g.done()
	RET()
}

// add4Var generates addStorageVarAsm (zinv false): r = a + b for a table
// point b (storage form, canonical), negated if neg ≠ 0, the mixed addition
// of group.Jacobian.AddAffineVar; and addStorageZInvVarAsm (zinv true): the
// same for b with the implied Z 1/bzinv (group.Jacobian.AddZInvVar). a must
// be finite; r.Infinity is not written. They return 0, writing nothing,
// when H ≡ 0 (a = ±b), and 1 otherwise. Variable time. r may be a.
func add4Var(name string, zinv bool) { add4(name, zinv, false) }

// addIncomplete4 generates addAffineIncompleteAsm: add4Var's formula for
// r = a + b (b as stored, no negation, no implied Z) with no branch at all:
// constant time, for callers that have proved a finite, b finite and
// a ≠ ±b (H ≢ 0), where the formula is exact (the comb of ecmultgen, for
// all but its last additions). r.Infinity is not written. r may be a.
func addIncomplete4() { add4("addAffineIncompleteAsm", false, true) }

// add4 generates add4Var's functions (ct false) and addIncomplete4's (ct
// true).
func add4(name string, zinv, ct bool) {
	sig := "func(r, a, b *uint64, neg int) (ok int)"
	if zinv {
		sig = "func(r, a, b *uint64, neg int, bzinv *uint64) (ok int)"
	}
	if ct {
		sig = "func(r, a, b *uint64)"
	}
	TEXT(name, 0, sig)
	Pragma("noescape")
	if ct {
		Doc(name + " sets r = a + b for a table point b (storage form), a finite and a ≠ ±b. Constant time. r may be a.")
	} else {
		Doc(name + " sets r = a ± b for a table point b (storage form); 0 if a = ±b. Variable time. r may be a.")
	}
	g := newGen()
	ax, ay, az := argElem("a", j4x), argElem("a", j4y), argElem("a", j4z)
	rx, ry, rz := argElem("r", j4x), argElem("r", j4y), argElem("r", j4z)
	bx := argElem("b", s4x)
	by := argElem("b", s4y)
	if !ct {
		by = local4()
		Comment("b.Y, or p − b.Y for a negative digit")
		f := g.p.get()
		Load(Param("neg"), f)
		TESTQ(f, f)
		g.p.put(f)
		JNZ(LabelRef(name + "_neg"))
		g.copy4(by, argElem("b", s4y))
		JMP(LabelRef(name + "_sign"))
		Label(name + "_neg")
		g.negCanonical(by, argElem("b", s4y))
		Label(name + "_sign")
	}

	zz, s2, h, i, h2, h3, t, t2 := local4(), local4(), local4(), local4(), local4(), local4(), local4(), local4()
	za := az // the Z the table point is scaled by: Z1, or Z1·bzinv
	if zinv {
		za = local4()
		g.mul4(za, az, argElem("bzinv", 0))
	}
	Comment("X3 = I² − H³ − 2·U1·H², Y3 = I·(X3 − U1·H²) − S1·H³ (U1 = X1, S1 = Y1),")
	Comment("as D = I² − H³, X3 = D − 2T, W = D − 3T, Y3 = I·W − S1·H³ with T = U1·H²,")
	Comment("H = U2 − X1, I = Y1 − S2, U2 = X2·Z², S2 = Y2·Z³: the two chains to D")
	Comment("(through H, H², H³ and through S2, I, I²) interleaved")
	v := g.sqr4r(za)
	g.store4(zz, v)
	g.free4(v)
	Comment("H = U2 − X1")
	v = g.mul4r(bx, zz)
	g.subv4(v, ax)
	if ct {
		g.store4(h, v)
		g.free4(v)
	} else {
		w := g.copy4r(v)
		g.store4(h, v)
		g.free4(v)
		g.isZero4(w, name+"_special")
	}
	g.mul4(s2, by, zz)
	g.sqr4(h2, h)
	Comment("I = Y1 − S2")
	v = g.mul4r(s2, za)
	w := g.load4(ay)
	g.subr4(w, v)
	g.free4(v)
	g.store4(i, w)
	g.free4(w)
	g.mul4(h3, h2, h) // H³
	Comment("T = U1·H²; 2T; 3T")
	g.twiceThrice(t2, t, g.mul4r(ax, h2))
	Comment("D = I² − H³, X3 = D − 2T (a.X is not read again), W = D − 3T")
	v = g.sqr4r(i)
	g.subv4(v, h3)
	g.x3W(rx, t, t2, v)
	g.mul4(rz, az, h)  // Z3 = Z1·H; a.Z is not read again
	g.mul4(h3, h3, ay) // S1·H³; a.Y is not read again
	Comment("Y3 = I·W − S1·H³")
	v = g.mul4r(i, t)
	g.subv4(v, h3)
	g.store4(ry, v)
	g.free4(v)
	g.done()
	if ct {
		RET()
		return
	}
	returnInt(1)
	Label(name + "_special")
	returnInt(0)
}

// addAffine4 generates addAffineAsm: the constant-time unified addition
// r = a + b of a Jacobian a (anything, infinity included: its flag) and a
// finite affine b, the formula of group.Jacobian.AddAffine (Brier–Joye,
// libsecp256k1's gej_add_ge), with its special cases taken by masks: R = M
// = 0 (x1³ = x2³, y1 = −y2) selects the alternative λ, a = −b gives Z3 = 0
// and the infinity flag, a infinite gives b. r may be a.
func addAffine4() {
	TEXT("addAffineAsm", 0, "func(r, a, b *uint64)")
	Pragma("noescape")
	Doc("addAffineAsm sets r = a + b (b finite, in storage form). Constant time. r may be a.")
	g := newGen()
	ax, ay, az := argElem("a", j4x), argElem("a", j4y), argElem("a", j4z)
	bx, by := argElem("b", s4x), argElem("b", s4y)
	rx, ry, rz := argElem("r", j4x), argElem("r", j4y), argElem("r", j4z)
	zz, u1, u2, s1, s2, t, m, rr, mAlt, rrAlt := local4(), local4(), local4(), local4(), local4(), local4(), local4(), local4(), local4(), local4()
	fInf, fDeg := AllocLocal(8), AllocLocal(8)

	Comment("Remember a.Infinity; U1 = X1, S1 = Y1.")
	ap, x := g.p.get(), g.p.get()
	Load(Param("a"), ap)
	MOVQ(Mem{Base: ap, Disp: j4inf}, x)
	MOVQ(x, fInf)
	g.p.put(ap, x)
	g.copy4(u1, ax)
	g.copy4(s1, ay)

	g.sqr4(zz, az)     // Z1²
	g.mul4(u2, bx, zz) // U2 = X2·Z1²
	g.mul4(s2, by, zz)
	g.mul4(s2, s2, az) // S2 = Y2·Z1³
	Comment("T = U1 + U2, M = S1 + S2")
	g.addm4(t, u1, u2)
	g.addm4(m, s1, s2)
	g.sqr4(rr, t) // T²
	Comment("mAlt = −U2")
	v := g.neg4(g.load4(u2))
	g.store4(mAlt, v)
	g.free4(v)
	g.mul4(s2, u1, mAlt) // −U1·U2
	Comment("R = T² − U1·U2; degenerate = (M ≡ 0) & (R ≡ 0)")
	v = g.load4(rr)
	g.addv4(v, s2)
	g.store4(rr, v)
	deg := g.zeroMask4(v)
	mz := g.zeroMask4(g.load4(m))
	ANDQ(mz, deg)
	g.p.put(mz)
	MOVQ(deg, fDeg)
	Comment("rrAlt = 2·S1, or R unless degenerate; mAlt = U1 − U2, or M unless degenerate")
	NOTQ(deg)
	v = g.load4(s1)
	w := g.load4(s1)
	g.addr4(v, w)
	g.free4(w)
	g.cmove4(v, rr, deg)
	g.store4(rrAlt, v)
	g.free4(v)
	v = g.load4(mAlt)
	g.addv4(v, u1)
	g.cmove4(v, m, deg)
	g.store4(mAlt, v)
	g.free4(v)
	g.p.put(deg)

	n, q := zz, u2
	g.sqr4(n, mAlt) // Malt²
	Comment("Q = −T·Malt²")
	v = g.neg4(g.load4(t))
	g.store4(q, v)
	g.free4(v)
	g.mul4(q, q, n)
	g.sqr4(n, n) // Malt⁴
	Comment("N = M³·Malt: M if degenerate")
	v = g.load4(n)
	deg = g.p.get()
	MOVQ(fDeg, deg)
	g.cmove4(v, m, deg)
	g.p.put(deg)
	g.store4(n, v)
	g.free4(v)
	g.sqr4(t, rrAlt)     // Ralt²
	g.mul4(rz, az, mAlt) // Z3 = Malt·Z1; a.Z is not read again

	Comment("X3 = Ralt² + Q; t = 2·X3 + Q")
	v = g.load4(t)
	g.addv4(v, q)
	g.store4(rx, v)
	w = g.load4(rx)
	g.addr4(v, w)
	g.free4(w)
	g.addv4(v, q)
	g.store4(t, v)
	g.free4(v)
	g.mul4(t, t, rrAlt) // Ralt·(2·X3 + Q)
	Comment("Y3 = −(Ralt·(2·X3 + Q) + N)/2")
	v = g.load4(t)
	g.addv4(v, n)
	v = g.neg4(v)
	g.half4(v)

	Comment("If a is infinity, r = (b.X, b.Y, 1); r.Infinity = (Z3 ≡ 0) & ¬a.Infinity.")
	ainf := g.p.get()
	MOVQ(fInf, ainf)
	NEGQ(ainf)
	g.cmove4(v, by, ainf)
	g.store4(ry, v)
	g.free4(v)
	v = g.load4(rx)
	g.cmove4(v, bx, ainf)
	g.store4(rx, v)
	g.free4(v)
	inf := g.zeroMask4(g.load4(rz))
	ANDNQ(inf, ainf, inf)
	ANDQ(Imm(1), inf)
	v = g.load4(rz)
	t1 := g.p.get()
	MOVQ(U64(1), t1)
	XORQ(v[0], t1)
	ANDQ(ainf, t1)
	XORQ(t1, v[0])
	for k := 1; k < 4; k++ {
		ANDNQ(v[k], ainf, v[k])
	}
	g.p.put(t1)
	g.store4(rz, v)
	g.free4(v)
	rp := g.p.get()
	Load(Param("r"), rp)
	MOVQ(inf, Mem{Base: rp, Disp: j4inf})
	g.p.put(rp, inf, ainf)
	g.done()
	RET()
}

// zeroMask4 returns all ones if r ≡ 0 (mod p), that is r is 0 or p, and
// zero otherwise, consuming r. Constant time.
func (g *gen) zeroMask4(r reg4) GPPhysical {
	o, a, x := g.p.get(), g.p.get(), g.p.get()
	MOVQ(r[0], o)
	ORQ(r[1], o)
	ORQ(r[2], o)
	ORQ(r[3], o)
	MOVQ(r[1], a)
	ANDQ(r[2], a)
	ANDQ(r[3], a)
	NOTQ(a)
	MOVQ(U64(p4w0), x)
	XORQ(r[0], x)
	ORQ(x, a)
	// o == 0 or a == 0: for u, (u | −u) has its top bit set iff u ≠ 0.
	for _, u := range []GPPhysical{o, a} {
		MOVQ(u, x)
		NEGQ(x)
		ORQ(x, u)
		SARQ(Imm(63), u) // all ones iff u ≠ 0
	}
	ANDQ(a, o) // all ones iff both nonzero
	NOTQ(o)
	g.p.put(a, x)
	g.free4(r)
	return o
}

// cmove4 sets r = e where mask is all ones.
func (g *gen) cmove4(r reg4, e elem, mask GPPhysical) {
	bnd, a := g.bind(e)
	t := g.p.get()
	for i := range r {
		MOVQ(a[0](i), t)
		XORQ(r[i], t)
		ANDQ(mask, t)
		XORQ(t, r[i])
	}
	g.p.put(t)
	bnd.release()
}

// copy4 sets d = e.
func (g *gen) copy4(d, e elem) {
	v := g.load4(e)
	g.store4(d, v)
	g.free4(v)
}

var _ = RAX

// twiceThrice emits the step the doubling and the additions share before
// X3: from T in v (freed here), 2T to t2 and 3T to t.
func (g *gen) twiceThrice(t2, t elem, v reg4) {
	w := g.copy4r(v)
	g.addr4(w, v)
	g.store4(t2, w)
	g.addr4(w, v)
	g.store4(t, w)
	g.free4(v, w)
}

// x3W emits the step the doubling and the additions share after it: from
// Q in v (freed here; L² in the doubling, I² − H³ in the additions),
// X3 = Q − 2T to r and W = Q − 3T to t, with 2T in t2 and 3T in t.
func (g *gen) x3W(r, t, t2 elem, v reg4) {
	w := g.copy4r(v)
	g.subv4(v, t2)
	g.store4(r, v)
	g.free4(v)
	g.subv4(w, t)
	g.store4(t, w)
	g.free4(w)
}
