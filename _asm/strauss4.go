package main

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// Layout of ecmult's jac4 {x, y, z fe4} and of group.AffineStorage
// {X, Y [4]uint64}, which the engine uses for every table point.
const (
	j4x, j4y, j4z = 0, 32, 64
	s4x, s4y      = 0, 32
)

// strauss4Unit generates the point operations of the 4×64 engine and its
// field multiplication and squaring on their own (for tests and for the Go
// side's few products).
func strauss4Unit() {
	TEXT("mul4Asm", NOSPLIT, "func(r, a, b *[4]uint64)")
	Pragma("noescape")
	Doc("mul4Asm sets r = a·b mod p for values below 2^256 (r too). r may alias a or b.")
	g := newGen()
	g.mul4(argElem("r", 0), argElem("a", 0), argElem("b", 0))
	g.done()
	RET()

	TEXT("sqr4Asm", NOSPLIT, "func(r, a *[4]uint64)")
	Pragma("noescape")
	Doc("sqr4Asm sets r = a² mod p for a value below 2^256 (r too). r may alias a.")
	g = newGen()
	g.sqr4(argElem("r", 0), argElem("a", 0))
	g.done()
	RET()

	double4()
	add4("add4Asm", false)
	add4("addZInv4Asm", true)
}

// double4 generates double4Asm: r = 2·a with L = (3/2)·X², S = Y²,
// T = −X·S: X3 = L² + 2·T, Y3 = −(L·(X3 + T) + S²), Z3 = Y·Z (the formula
// of group.Jacobian.Double). r may be a.
func double4() {
	TEXT("double4Asm", 0, "func(r, a *uint64)")
	Pragma("noescape")
	Doc("double4Asm sets r = 2·a (4×64). r may be a; a must be finite.")
	g := newGen()
	ax, ay, az := argElem("a", j4x), argElem("a", j4y), argElem("a", j4z)
	rx, ry, rz := argElem("r", j4x), argElem("r", j4y), argElem("r", j4z)
	s, l, t, u := local4(), local4(), local4(), local4()
	g.sqr4(l, ax) // X²
	g.sqr4(s, ay) // S = Y²
	Comment("L = 3/2·X²; t = −S")
	v := g.load4(l)
	w := g.load4(l)
	g.addr4(v, w)
	g.addr4(v, w)
	g.free4(w)
	g.half4(v)
	g.store4(l, v)
	g.free4(v)
	v = g.neg4(g.load4(s))
	g.store4(t, v)
	g.free4(v)
	g.sqr4(u, l)      // L²
	g.mul4(t, t, ax)  // T = −X·S; a.X is not read again
	g.sqr4(s, s)      // S²
	g.mul4(rz, az, ay) // Z3 = Y·Z; a.Y, a.Z are not read again
	Comment("X3 = L² + 2·T; t = X3 + T")
	v = g.load4(u)
	g.addv4(v, t)
	g.addv4(v, t)
	g.store4(rx, v)
	g.addv4(v, t)
	g.store4(t, v)
	g.free4(v)
	g.mul4(u, t, l) // L·(X3 + T)
	Comment("Y3 = −(L·(X3 + T) + S²)")
	v = g.load4(u)
	g.addv4(v, s)
	v = g.neg4(v)
	g.store4(ry, v)
	g.free4(v)
	g.done()
	RET()
}

// add4 generates add4Asm (zinv false): r = a + b for a table point b
// (storage form, canonical), negated if neg ≠ 0; and addZInv4Asm (zinv
// true): the same for b with the implied Z 1/bzinv of the effective-affine
// curve (group.Jacobian.AddZInvVar). a must be finite. They return 0,
// writing nothing, when H ≡ 0 (a = ±b), and 1 otherwise. r may be a.
func add4(name string, zinv bool) {
	sig := "func(r, a, b *uint64, neg int) (ok int)"
	if zinv {
		sig = "func(r, a, b *uint64, neg int, bzinv *uint64) (ok int)"
	}
	TEXT(name, 0, sig)
	Pragma("noescape")
	Doc(name + " sets r = a ± b (4×64, b a table point in storage form); 0 if a = ±b. r may be a.")
	g := newGen()
	ax, ay, az := argElem("a", j4x), argElem("a", j4y), argElem("a", j4z)
	rx, ry, rz := argElem("r", j4x), argElem("r", j4y), argElem("r", j4z)
	bx := argElem("b", s4x)
	by := local4()
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

	zz, u2, s2, h, i := local4(), local4(), local4(), local4(), local4()
	za := az // the Z the table point is scaled by: Z1, or Z1·bzinv
	if zinv {
		za = local4()
		g.mul4(za, az, argElem("bzinv", 0))
	}
	g.sqr4(zz, za)
	g.mul4(u2, bx, zz) // U2 = X2·Z²
	g.mul4(s2, by, zz)
	g.mul4(s2, s2, za) // S2 = Y2·Z³
	Comment("H = U2 − X1, I = Y1 − S2")
	v := g.load4(u2)
	g.subv4(v, ax)
	g.store4(h, v)
	w := g.load4(ay)
	g.subv4(w, s2)
	g.store4(i, w)
	g.free4(w)
	g.isZero4(v, name+"_special")
	g.mul4(rz, az, h) // Z3 = Z1·H; a.Z is not read again

	Comment("X3 = I² − H³ − 2·U1·H², Y3 = I·(X3 − U1·H²) − S1·H³ (U1 = X1, S1 = Y1)")
	h2, h3, t, i2, s3 := zz, u2, s2, local4(), local4()
	g.sqr4(h2, h)
	g.sqr4(i2, i)
	v = g.neg4(g.load4(h2))
	g.store4(h2, v)
	g.free4(v)
	g.mul4(h3, h2, h)  // −H³
	g.mul4(t, ax, h2)  // −U1·H²; a.X is not read again
	g.mul4(s3, h3, ay) // −S1·H³; a.Y is not read again
	v = g.load4(i2)
	g.addv4(v, h3)
	g.addv4(v, t)
	g.addv4(v, t)
	g.store4(rx, v)
	g.addv4(v, t)
	g.store4(t, v)
	g.free4(v)
	g.mul4(h2, t, i)
	v = g.load4(h2)
	g.addv4(v, s3)
	g.store4(ry, v)
	g.free4(v)
	g.done()
	returnInt(1)
	Label(name + "_special")
	returnInt(0)
}

// copy4 sets d = e.
func (g *gen) copy4(d, e elem) {
	v := g.load4(e)
	g.store4(d, v)
	g.free4(v)
}

var _ = RAX
