package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Offsets of the coordinates in package group's types: Jacobian is
// {X, Y, Z field.Element; Infinity int}, Affine {X, Y field.Element;
// Infinity int}, field.Element five uint64 limbs.
const (
	offX   = 0
	offY   = 40
	offZ   = 80
	offInf = 120 // Jacobian.Infinity
	offAff = 80  // Affine.Infinity
)

// groupUnit generates the point operations of internal/group. Each is the
// twin of a Go method there (same field operations in the same order, so
// the same limbs) and has the same aliasing rules: r may be a.
func groupUnit() {
	double()
	addAffine()
	addAffineVar()
	addAffineNegVar()
	addZInvVar()
	addStorageZInvVar()
	addVar()
}

// word is an 8-byte frame slot.
func word() Mem { return AllocLocal(8) }

// double generates doubleAsm, the twin of Jacobian.doubleGeneric: with
// L = (3/2)·X², S = Y², T = −X·S:
// X3 = L² + 2·T, Y3 = −(L·(X3 + T) + S²), Z3 = Y·Z. Constant time.
func double() {
	TEXT("doubleAsm", 0, "func(r, a *uint64)")
	Pragma("noescape")
	Doc("doubleAsm sets r = 2·a as doubleGeneric does (same limbs). r may be a.")
	g := newGen()
	ax, ay, az := argElem("a", offX), argElem("a", offY), argElem("a", offZ)
	rx, ry, rz := argElem("r", offX), argElem("r", offY), argElem("r", offZ)
	s, l, t, u := local(), local(), local(), local()

	Comment("r.Infinity = a.Infinity")
	inf := g.p.get()
	ap, rp := g.p.get(), g.p.get()
	Load(Param("a"), ap)
	Load(Param("r"), rp)
	MOVQ(Mem{Base: ap, Disp: offInf}, inf)
	MOVQ(inf, Mem{Base: rp, Disp: offInf})
	g.p.put(inf, ap, rp)

	g.square(l, ax) // X² (1)
	g.square(s, ay) // S = Y² (1)
	Comment("L = 3/2·X² (2); t = −S (2)")
	v := g.load(l)
	mulIntv(v, 3)
	g.halfv(v)
	g.storeRegs(l, v)
	g.free(v)
	v = g.negv(g.load(s), 1)
	g.storeRegs(t, v)
	g.free(v)
	// The products are ordered so that independent ones are next to each
	// other; the results are those of the generic code.
	g.square(u, l)    // L² (1)
	g.mul(t, t, ax)   // T = −X·S (1); a.X is not read again
	g.square(s, s)    // S² (1)
	g.mul(rz, az, ay) // Z3 = Y·Z (1); a.Y, a.Z are not read again
	Comment("X3 = L² + 2·T (3); t = X3 + T (4)")
	g.x3Plus(rx, t, g.load(u))
	g.mul(u, t, l) // L·(X3 + T) (1)
	Comment("Y3 = −(L·(X3 + T) + S²) (3)")
	v = g.load(u)
	g.addv(v, s)
	v = g.negv(v, 2)
	g.storeRegs(ry, v)
	g.free(v)
	g.done()
	RET()
}

// addAffine generates addAffineAsm, the twin of Jacobian.addAffineGeneric:
// the constant-time unified addition r = a + b of a Jacobian a (anything,
// infinity included) and a finite affine b (see there for the formula).
func addAffine() {
	TEXT("addAffineAsm", 0, "func(r, a, b *uint64)")
	Pragma("noescape")
	Doc("addAffineAsm sets r = a + b as addAffineGeneric does (same limbs). r may be a.")
	g := newGen()
	ax, ay, az := argElem("a", offX), argElem("a", offY), argElem("a", offZ)
	bx, by := argElem("b", offX), argElem("b", offY)
	rx, ry, rz := argElem("r", offX), argElem("r", offY), argElem("r", offZ)
	zz, u1, u2, s1, s2, t, m, rr, mAlt, rrAlt := local(), local(), local(), local(), local(), local(), local(), local(), local(), local()
	fInf, fDeg := word(), word() // a's infinity flag and the degenerate-case mask

	Comment("Remember a.Infinity.")
	ap := g.p.get()
	Load(Param("a"), ap)
	x := g.p.get()
	MOVQ(Mem{Base: ap, Disp: offInf}, x)
	MOVQ(x, fInf)
	g.p.put(ap, x)

	g.square(zz, az) // Z1² (1)
	Comment("U1 = X1 (1), S1 = Y1 (1), weakly normalized")
	v := g.load(ax)
	g.normWeakv(v)
	g.storeRegs(u1, v)
	g.free(v)
	v = g.load(ay)
	g.normWeakv(v)
	g.storeRegs(s1, v)
	g.free(v)
	g.mul(u2, bx, zz) // U2 = X2·Z1² (1)
	g.mul(s2, by, zz)
	g.mul(s2, s2, az) // S2 = Y2·Z1³ (1)
	Comment("T = U1 + U2 (2), M = S1 + S2 (2)")
	v = g.load(u1)
	g.addv(v, u2)
	g.storeRegs(t, v)
	g.free(v)
	v = g.load(s1)
	g.addv(v, s2)
	g.storeRegs(m, v)
	g.free(v)
	g.square(rr, t) // T² (1)
	Comment("mAlt = −U2 (2)")
	v = g.negv(g.load(u2), 1)
	g.storeRegs(mAlt, v)
	g.free(v)
	g.mul(s2, u1, mAlt) // −U1·U2 (1)
	Comment("R = T² − U1·U2 (2); degenerate = (M ≡ 0) & (R ≡ 0)")
	v = g.load(rr)
	g.addv(v, s2)
	g.storeRegs(rr, v)
	deg := g.nzMask(v)
	mz := g.nzMask(g.load(m))
	ANDQ(mz, deg)
	g.p.put(mz)
	MOVQ(deg, fDeg)
	Comment("rrAlt = 2·S1, or R unless degenerate (2); mAlt = U1 − U2, or M unless degenerate (3)")
	NOTQ(deg) // all ones unless degenerate
	v = g.load(s1)
	mulIntv(v, 2)
	g.cmove(v, rr, deg)
	g.storeRegs(rrAlt, v)
	g.free(v)
	v = g.load(mAlt)
	g.addv(v, u1)
	g.cmove(v, m, deg)
	g.storeRegs(mAlt, v)
	g.free(v)
	g.p.put(deg)

	n, q := zz, u2
	g.square(n, mAlt) // Malt² (1)
	Comment("Q = −T·Malt² (1)")
	v = g.negv(g.load(t), 2)
	g.storeRegs(q, v)
	g.free(v)
	g.mul(q, q, n)
	g.square(n, n) // Malt⁴ (1)
	Comment("N = M³·Malt: M if degenerate (≤ 2)")
	v = g.load(n)
	deg = g.p.get()
	MOVQ(fDeg, deg)
	g.cmove(v, m, deg)
	g.p.put(deg)
	g.storeRegs(n, v)
	g.free(v)
	g.square(t, rrAlt)  // Ralt² (1)
	g.mul(rz, az, mAlt) // Z3 = Malt·Z1 (1); a.Z is not read again

	Comment("X3 = Ralt² + Q (2); t = 2·X3 + Q (5)")
	v = g.load(t)
	g.addv(v, q)
	g.storeRegs(rx, v)
	mulIntv(v, 2)
	g.addv(v, q)
	g.storeRegs(t, v)
	g.free(v)
	g.mul(t, t, rrAlt) // Ralt·(2·X3 + Q) (1)
	Comment("Y3 = −(Ralt·(2·X3 + Q) + N)/2 (3)")
	v = g.load(t)
	g.addv(v, n)
	v = g.negv(v, 3)
	g.halfv(v)

	Comment("If a is infinity, r = (b.X, b.Y, 1); r.Infinity = (Z3 ≡ 0) & ¬a.Infinity.")
	ainf := g.p.get()
	MOVQ(fInf, ainf)
	NEGQ(ainf) // all ones iff a is infinity
	g.cmove(v, by, ainf)
	g.storeRegs(ry, v)
	g.free(v)
	v = g.load(rx)
	g.cmove(v, bx, ainf)
	g.storeRegs(rx, v)
	g.free(v)
	inf := g.nzMask(g.load(rz))
	ANDNQ(inf, ainf, inf) // inf &^ ainf
	ANDQ(Imm(1), inf)
	v = g.load(rz)
	cmovOne(g, v, ainf)
	g.storeRegs(rz, v)
	g.free(v)
	rp := g.p.get()
	Load(Param("r"), rp)
	MOVQ(inf, Mem{Base: rp, Disp: offInf})
	g.p.put(rp, inf, ainf)
	g.done()
	RET()
}

// addTail emits the end of the variable-time additions (addTail in add.go):
// with U1, S1 (magnitudes ≤ 4), H, I (≤ 8, H nonzero) known and Z3 already
// written,
//
//	X3 = I² − H³ − 2·U1·H²,  Y3 = I·(X3 − U1·H²) − S1·H³.
//
// u1 and s1 may be r's X and Y: each is read for the last time before that
// coordinate of r is written. h2, h3, t, i2, s3 are frame scratch. The
// products are ordered so that independent ones are next to each other (the
// processor overlaps them); the results are those of the generic code.
func (g *gen) addTail(rx, ry, u1, s1, h, i, h2, h3, t, i2, s3 elem) {
	g.square(h2, h) // H² (1)
	g.square(i2, i) // I² (1)
	Comment("h2 = −H² (2)")
	v := g.negv(g.load(h2), 1)
	g.storeRegs(h2, v)
	g.free(v)
	g.mul(h3, h2, h)  // −H³ (1)
	g.mul(t, u1, h2)  // −U1·H² (1); u1 is not read again
	g.mul(s3, h3, s1) // −S1·H³ (1); s1 is not read again
	Comment("X3 = I² − H³ − 2·U1·H² (4); t = X3 − U1·H² (5)")
	v = g.load(i2)
	g.addv(v, h3)
	g.x3Plus(rx, t, v)
	g.mul(h2, t, i) // I·(X3 − U1·H²) (1)
	Comment("Y3 = I·(X3 − U1·H²) − S1·H³ (2)")
	v = g.load(h2)
	g.addv(v, s3)
	g.storeRegs(ry, v)
	g.free(v)
}

// hIsZero branches to label when v ≡ 0 (mod p), consuming v. Variable time:
// for the public values of the variable-time additions.
func (g *gen) hIsZero(v vec, label string) {
	m := g.nzMask(v)
	TESTQ(m, m)
	g.p.put(m)
	JNZ(LabelRef(label))
}

// returnInt stores k as the function's int result and returns.
func returnInt(k int) {
	MOVQ(U64(uint64(k)), RAX)
	Store(RAX, Return("ok"))
	RET()
}

// addAffineVar generates addAffineVarAsm, the common case of
// Jacobian.AddAffineVar (a and b finite): it returns 0, writing nothing,
// when H = U2 − X1 ≡ 0 (a = ±b: the Go caller then doubles or returns
// infinity), and otherwise sets r = a + b, and rzr (if not nil) to H
// weakly normalized, and returns 1. Same limbs as the generic code.
func addAffineVar() {
	TEXT("addAffineVarAsm", 0, "func(r, a, b, rzr *uint64) (ok int)")
	Pragma("noescape")
	Doc("addAffineVarAsm is the finite case of AddAffineVar (same limbs); 0 if a = ±b. r may be a.")
	g := newGen()
	g.addAffineVarBody(argElem("b", offX), argElem("b", offY), true, "aav")
}

// addAffineNegVar generates addAffineNegVarAsm: addAffineVarAsm of a and
// (b.X, −b.Y) if neg is not 0 (the Y negated with bound 1, as the generic
// code does for table entries), without rzr.
func addAffineNegVar() {
	TEXT("addAffineNegVarAsm", 0, "func(r, a, b *uint64, neg int) (ok int)")
	Pragma("noescape")
	Doc("addAffineNegVarAsm is addAffineVarAsm of a and b or −b (neg ≠ 0), without rzr. r may be a.")
	g := newGen()
	by := local()
	g.copyElem(by, argElem("b", offY))
	g.negateIf(by, "neg", "aanv_pos")
	g.addAffineVarBody(argElem("b", offX), by, false, "aanv")
}

// negateIf sets e = −e (bound 1) when the int argument arg is not 0. The
// branch is on a public flag (the sign of a public digit).
func (g *gen) negateIf(e elem, arg, label string) {
	f := g.p.get()
	Load(Param(arg), f)
	TESTQ(f, f)
	g.p.put(f)
	JZ(LabelRef(label))
	v := g.negv(g.load(e), 1)
	g.storeRegs(e, v)
	g.free(v)
	Label(label)
}

// addAffineVarBody is the body of addAffineVarAsm for b = (bx, by),
// writing rzr if withRzr; label prefixes the function's labels.
func (g *gen) addAffineVarBody(bx, by elem, withRzr bool, label string) {
	ax, ay, az := argElem("a", offX), argElem("a", offY), argElem("a", offZ)
	rx, ry, rz := argElem("r", offX), argElem("r", offY), argElem("r", offZ)
	z12, u2, s2, h, i, t := local(), local(), local(), local(), local(), local()

	g.square(z12, az)  // Z1² (1)
	g.mul(u2, bx, z12) // U2 = X2·Z1² (1)
	g.mul(s2, by, z12) //
	g.mul(s2, s2, az)  // S2 = Y2·Z1³ (1)
	Comment("H = U2 − X1 (6), I = Y1 − S2 (6)")
	v := g.load(u2)
	g.subv(v, ax, 4)
	g.storeRegs(h, v)
	w := g.load(ay)
	g.subv(w, s2, 1)
	g.storeRegs(i, w)
	g.free(w)
	g.hIsZero(v, label+"_special")
	if withRzr {
		g.rzrOut(h, true)
	}
	g.mul(rz, az, h) // Z3 = Z1·H (1)
	g.addTail(rx, ry, ax, ay, h, i, z12, u2, t, local(), local())
	g.done()
	returnInt(1)
	Label(label + "_special")
	returnInt(0)
}

// rzrOut writes e (weakly normalized if weak) to *rzr when rzr is not nil.
func (g *gen) rzrOut(e elem, weak bool) {
	p := g.p.get()
	Load(Param("rzr"), p)
	TESTQ(p, p)
	g.p.put(p)
	skip := fmt.Sprintf("rzr_skip_%d", labelN)
	labelN++
	JZ(LabelRef(skip))
	v := g.load(e)
	if weak {
		g.normWeakv(v)
	}
	g.storeRegs(argElem("rzr", 0), v)
	g.free(v)
	Label(skip)
}

var labelN int

// addZInvVar generates addZInvVarAsm, the common case of
// Jacobian.AddZInvVar (a and b finite): b holds the X, Y of a Jacobian point
// whose Z has the inverse bzinv. It returns 0, writing nothing, when H ≡ 0.
func addZInvVar() {
	TEXT("addZInvVarAsm", 0, "func(r, a, b, bzinv *uint64) (ok int)")
	Pragma("noescape")
	Doc("addZInvVarAsm is the finite case of AddZInvVar (same limbs); 0 if a = ±b'. r may be a.")
	g := newGen()
	g.addZInvVarBody(argElem("b", offX), argElem("b", offY), "azv")
}

// addStorageZInvVar generates addStorageZInvVarAsm: addZInvVarAsm of a and
// the point read from the storage form s (its Y negated with bound 1 if neg
// is not 0), as the generic code does with Affine.FromStorage and Negate.
func addStorageZInvVar() {
	TEXT("addStorageZInvVarAsm", 0, "func(r, a, s *uint64, neg int, bzinv *uint64) (ok int)")
	Pragma("noescape")
	Doc("addStorageZInvVarAsm is addZInvVarAsm of a and the point of s, negated if neg ≠ 0. r may be a.")
	g := newGen()
	bx, by := local(), local()
	g.fromStorage(bx, 0)
	g.fromStorage(by, 32)
	g.negateIf(by, "neg", "aszv_pos")
	g.addZInvVarBody(bx, by, "aszv")
}

// fromStorage sets e to the element at byte offset off of the storage-form
// argument s (four 64-bit words; field.Element.FromStorage).
func (g *gen) fromStorage(e elem, off int) {
	bnd, a := g.bind(argElem("s", off))
	w := a[0]
	v := g.newVec()
	m := g.p.get()
	MOVQ(U64(mask52), m)
	// n0 = s0 & m; n1 = s0>>52 | (s1<<12)&m; n2 = s1>>40 | (s2<<24)&m;
	// n3 = s2>>28 | (s3<<36)&m; n4 = s3>>16.
	MOVQ(w(0), v[0])
	MOVQ(v[0], v[1])
	ANDQ(m, v[0])
	SHRQ(Imm(52), v[1])
	for k, sh := range []uint64{12, 24, 36} {
		MOVQ(w(k+1), v[k+2])
		SHLQ(Imm(sh), v[k+2])
		ANDQ(m, v[k+2])
		ORQ(v[k+2], v[k+1])
		MOVQ(w(k+1), v[k+2])
		SHRQ(Imm(64-sh-12), v[k+2])
	}
	// v[4] holds s3>>16.
	g.p.put(m)
	bnd.release()
	g.storeRegs(e, v)
	g.free(v)
}

// addZInvVarBody is the body of addZInvVarAsm for b = (bx, by).
func (g *gen) addZInvVarBody(bx, by elem, label string) {
	ax, ay, az := argElem("a", offX), argElem("a", offY), argElem("a", offZ)
	rx, ry, rz := argElem("r", offX), argElem("r", offY), argElem("r", offZ)
	zi := argElem("bzinv", 0)
	azz, z12, u2, s2, h, i, t := local(), local(), local(), local(), local(), local(), local()

	g.mul(azz, az, zi) // az = Z1·bzinv (1)
	g.square(z12, azz) // (1)
	g.mul(u2, bx, z12) // U2 (1)
	g.mul(s2, by, z12) //
	g.mul(s2, s2, azz) // S2 (1)
	Comment("H = U2 − X1 (6), I = Y1 − S2 (6)")
	v := g.load(u2)
	g.subv(v, ax, 4)
	g.storeRegs(h, v)
	w := g.load(ay)
	g.subv(w, s2, 1)
	g.storeRegs(i, w)
	g.free(w)
	g.hIsZero(v, label+"_special")
	g.mul(rz, az, h) // Z3 = Z1·H (1)
	g.addTail(rx, ry, ax, ay, h, i, z12, u2, t, local(), local())
	g.done()
	returnInt(1)
	Label(label + "_special")
	returnInt(0)
}

// addVar generates addVarAsm, the common case of Jacobian.AddVar (a and b
// finite). It returns 0, writing nothing, when H ≡ 0; otherwise it sets
// r = a + b and rzr (if not nil) to H·Z2. r may be a or b.
func addVar() {
	TEXT("addVarAsm", 0, "func(r, a, b, rzr *uint64) (ok int)")
	Pragma("noescape")
	Doc("addVarAsm is the finite case of AddVar (same limbs); 0 if a = ±b. r may be a or b.")
	g := newGen()
	ax, ay, az := argElem("a", offX), argElem("a", offY), argElem("a", offZ)
	bx, by, bz := argElem("b", offX), argElem("b", offY), argElem("b", offZ)
	rx, ry, rz := argElem("r", offX), argElem("r", offY), argElem("r", offZ)
	z22, z12, u1, u2, s1, s2, h, i := local(), local(), local(), local(), local(), local(), local(), local()

	g.square(z22, bz)
	g.square(z12, az)
	g.mul(u1, ax, z22) // U1 = X1·Z2² (1)
	g.mul(u2, bx, z12) // U2 = X2·Z1² (1)
	g.mul(s1, ay, z22)
	g.mul(s1, s1, bz) // S1 = Y1·Z2³ (1)
	g.mul(s2, by, z12)
	g.mul(s2, s2, az) // S2 = Y2·Z1³ (1)
	Comment("H = U2 − U1 (3), I = S1 − S2 (3)")
	v := g.load(u2)
	g.subv(v, u1, 1)
	g.storeRegs(h, v)
	w := g.load(s1)
	g.subv(w, s2, 1)
	g.storeRegs(i, w)
	g.free(w)
	g.hIsZero(v, "av_special")
	g.mul(z22, h, bz) // H·Z2 (1)
	g.rzrOut(z22, false)
	g.mul(rz, az, z22) // Z3 = Z1·Z2·H (1)
	g.addTail(rx, ry, u1, s1, h, i, z12, u2, s2, local(), local())
	g.done()
	returnInt(1)
	Label("av_special")
	returnInt(0)
}

// cmovOne sets v = 1 where mask is all ones.
func cmovOne(g *gen, v vec, mask GPPhysical) {
	t := g.p.get()
	MOVQ(U64(1), t)
	XORQ(v[0], t)
	ANDQ(mask, t)
	XORQ(t, v[0])
	for i := 1; i < 5; i++ {
		ANDNQ(v[i], mask, v[i]) // v[i] &^ mask
	}
	g.p.put(t)
}

// x3Plus emits the step the doubling and the addition share: from v
// (loaded, and freed here), X3 = v + 2·t to r, then t = X3 + t. (The 4×64
// form regroups it for shorter chains: twiceThrice and x3W, fe4point.go.)
func (g *gen) x3Plus(r, t elem, v vec) {
	g.addv(v, t)
	g.addv(v, t)
	g.storeRegs(r, v)
	g.addv(v, t)
	g.storeRegs(t, v)
	g.free(v)
}

var _ = RAX
