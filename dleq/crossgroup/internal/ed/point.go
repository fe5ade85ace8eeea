// Package ed implements the edwards25519 point arithmetic that the
// cross-group DLEQ prover and verifier need and that filippo.io/edwards25519
// does not export in a form they can use: constant-time fixed-base
// multiplication by any base point (not only the generator), a
// variable-time double-scalar multiplication a·A + b·P with a precomputed
// table for the fixed A that allocates nothing, and encoding many points
// with one field inversion. It is built on filippo.io/edwards25519/field.
//
// # Representations
//
// The curve is −x² + y² = 1 + d·x²·y² over GF(2^255 − 19). Points are kept
// in the extended coordinates of Hisil, Wong, Carter and Dawson ("Twisted
// Edwards curves revisited", Asiacrypt 2008): (X:Y:Z:T) with x = X/Z,
// y = Y/Z and x·y = T/Z. Their unified addition is complete on this curve
// (d is not a square), so no input is exceptional: the identity, equal,
// opposite and small-order points all add correctly, with no branch.
// Intermediate forms: projective (X:Y:Z) for chains of doublings,
// "completed" ((X:Z), (Y:T)) as the output of an addition or doubling
// before it is brought back to one Z, "cached" (Y+X, Y−X, Z, 2d·T) for a
// point that is added many times, and "affine cached" (y+x, y−x, 2d·x·y)
// for precomputed tables (Z = 1).
//
// # Constant time
//
// Functions whose names end in Var branch on their inputs and are for
// public data only. Everything else runs the same operations and memory
// accesses whatever the values (table lookups read every entry and keep one
// with masks), provided the field package's operations are constant time
// (they are: it has no data-dependent branches).
package ed

import (
	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
)

// Point is a point of edwards25519 in extended coordinates. The zero value
// is not a valid point; use Identity or Set.
type Point struct {
	X, Y, Z, T field.Element
}

// projective is (X:Y:Z), x = X/Z, y = Y/Z.
type projective struct {
	X, Y, Z field.Element
}

// completed is the output of an addition or doubling: x = X/Z, y = Y/T.
type completed struct {
	X, Y, Z, T field.Element
}

// cached is a point prepared to be added: (Y+X, Y−X, Z, 2d·T).
type cached struct {
	YplusX, YminusX, Z, T2d field.Element
}

// affineCached is a point with Z = 1 prepared to be added:
// (y+x, y−x, 2d·x·y).
type affineCached struct {
	YplusX, YminusX, T2d field.Element
}

// d2 is 2·d, with d = −121665/121666.
var d2 field.Element

func init() {
	var num, den field.Element
	num.Mult32(new(field.Element).One(), 121665)
	num.Negate(&num)
	den.Mult32(new(field.Element).One(), 121666)
	den.Invert(&den)
	d2.Multiply(&num, &den)
	d2.Add(&d2, &d2)
}

// Identity sets v to the identity (0, 1) and returns v.
func (v *Point) Identity() *Point {
	v.X.Zero()
	v.Y.One()
	v.Z.One()
	v.T.Zero()
	return v
}

// Set sets v = p and returns v.
func (v *Point) Set(p *Point) *Point {
	*v = *p
	return v
}

// FromEdwards sets v to the point p of filippo.io/edwards25519 and returns
// v. Constant time.
func (v *Point) FromEdwards(p *edwards25519.Point) *Point {
	X, Y, Z, T := p.ExtendedCoordinates()
	v.X.Set(X)
	v.Y.Set(Y)
	v.Z.Set(Z)
	v.T.Set(T)
	return v
}

// Edwards returns v as a filippo.io/edwards25519 point. Its coordinates are
// checked to lie on the curve (in variable time), so use it for public
// points and in tests.
func (v *Point) Edwards() *edwards25519.Point {
	p, err := new(edwards25519.Point).SetExtendedCoordinates(&v.X, &v.Y, &v.Z, &v.T)
	if err != nil {
		panic("ed: invalid point")
	}
	return p
}

// Negate sets v = −p and returns v.
func (v *Point) Negate(p *Point) *Point {
	v.X.Negate(&p.X)
	v.Y.Set(&p.Y)
	v.Z.Set(&p.Z)
	v.T.Negate(&p.T)
	return v
}

// Select sets v = a if cond is 1 and v = b if cond is 0, and returns v.
// Constant time; cond must be 0 or 1.
func (v *Point) Select(a, b *Point, cond int) *Point {
	v.X.Select(&a.X, &b.X, cond)
	v.Y.Select(&a.Y, &b.Y, cond)
	v.Z.Select(&a.Z, &b.Z, cond)
	v.T.Select(&a.T, &b.T, cond)
	return v
}

// Equal returns 1 if v and u are the same point, else 0. Constant time.
func (v *Point) Equal(u *Point) int {
	var a, b, c, d field.Element
	a.Multiply(&v.X, &u.Z)
	b.Multiply(&u.X, &v.Z)
	c.Multiply(&v.Y, &u.Z)
	d.Multiply(&u.Y, &v.Z)
	return a.Equal(&b) & c.Equal(&d)
}

// Add sets v = p + q and returns v. Complete, constant time.
func (v *Point) Add(p, q *Point) *Point {
	var qc cached
	var r completed
	qc.from(q)
	r.add(p, &qc)
	return v.fromCompleted(&r)
}

// Subtract sets v = p − q and returns v. Complete, constant time.
func (v *Point) Subtract(p, q *Point) *Point {
	var qc cached
	var r completed
	qc.from(q)
	r.sub(p, &qc)
	return v.fromCompleted(&r)
}

// Double sets v = 2·p and returns v. Constant time.
func (v *Point) Double(p *Point) *Point {
	var pp projective
	var r completed
	pp.fromPoint(p)
	r.double(&pp)
	return v.fromCompleted(&r)
}

// fromCompleted sets v to the point of c (4 multiplications).
func (v *Point) fromCompleted(c *completed) *Point {
	v.X.Multiply(&c.X, &c.T)
	v.Y.Multiply(&c.Y, &c.Z)
	v.Z.Multiply(&c.Z, &c.T)
	v.T.Multiply(&c.X, &c.Y)
	return v
}

// fromCompleted sets v to the point of c without T (3 multiplications).
func (v *projective) fromCompleted(c *completed) *projective {
	v.X.Multiply(&c.X, &c.T)
	v.Y.Multiply(&c.Y, &c.Z)
	v.Z.Multiply(&c.Z, &c.T)
	return v
}

func (v *projective) fromPoint(p *Point) *projective {
	v.X.Set(&p.X)
	v.Y.Set(&p.Y)
	v.Z.Set(&p.Z)
	return v
}

func (v *projective) identity() *projective {
	v.X.Zero()
	v.Y.One()
	v.Z.One()
	return v
}

// from sets c to the cached form of p.
func (c *cached) from(p *Point) *cached {
	c.YplusX.Add(&p.Y, &p.X)
	c.YminusX.Subtract(&p.Y, &p.X)
	c.Z.Set(&p.Z)
	c.T2d.Multiply(&p.T, &d2)
	return c
}

// add sets c = p + q: with A = (Y1−X1)(Y2−X2), B = (Y1+X1)(Y2+X2),
// C = 2d·T1·T2 and D = 2·Z1·Z2, the sum is x = (B−A)/(D+C),
// y = (B+A)/(D−C).
func (c *completed) add(p *Point, q *cached) *completed {
	var dd field.Element
	dd.Multiply(&p.Z, &q.Z)
	return c.addWith(p, &q.YplusX, &q.YminusX, &q.T2d, &dd, false)
}

// sub sets c = p − q: the addition of −q, whose cached form has Y+X and
// Y−X exchanged and T2d negated.
func (c *completed) sub(p *Point, q *cached) *completed {
	var dd field.Element
	dd.Multiply(&p.Z, &q.Z)
	return c.addWith(p, &q.YminusX, &q.YplusX, &q.T2d, &dd, true)
}

// addAffine sets c = p + q for an affine q (Z2 = 1, so D = 2·Z1).
func (c *completed) addAffine(p *Point, q *affineCached) *completed {
	return c.addWith(p, &q.YplusX, &q.YminusX, &q.T2d, &p.Z, false)
}

// subAffine sets c = p − q for an affine q.
func (c *completed) subAffine(p *Point, q *affineCached) *completed {
	return c.addWith(p, &q.YminusX, &q.YplusX, &q.T2d, &p.Z, true)
}

// addWith is the addition formula given the second point's Y+X (ypx),
// Y−X (ymx) and 2d·T (t2d), and zz = Z1·Z2; negT negates t2d (for a
// subtraction; the flag is fixed at each call site, never secret).
func (c *completed) addWith(p *Point, ypx, ymx, t2d, zz *field.Element, negT bool) *completed {
	var a, b, cc, dd field.Element
	a.Add(&p.Y, &p.X)
	b.Multiply(&a, ypx)
	a.Subtract(&p.Y, &p.X)
	a.Multiply(&a, ymx)
	cc.Multiply(&p.T, t2d)
	dd.Add(zz, zz)
	c.X.Subtract(&b, &a)
	c.Y.Add(&b, &a)
	if negT {
		c.Z.Subtract(&dd, &cc)
		c.T.Add(&dd, &cc)
	} else {
		c.Z.Add(&dd, &cc)
		c.T.Subtract(&dd, &cc)
	}
	return c
}

// double sets c = 2·p: with A = X², B = Y², C = 2·Z² and E = (X+Y)² − A − B,
// the double is x = E/(B−A), y = (B+A)/(C−(B−A)) (a = −1).
func (c *completed) double(p *projective) *completed {
	var xx, yy, zz2, s field.Element
	xx.Square(&p.X)
	yy.Square(&p.Y)
	zz2.Square(&p.Z)
	zz2.Add(&zz2, &zz2)
	s.Add(&p.X, &p.Y)
	s.Square(&s)
	c.Y.Add(&yy, &xx)
	c.Z.Subtract(&yy, &xx)
	c.X.Subtract(&s, &c.Y)
	c.T.Subtract(&zz2, &c.Z)
	return c
}

// identity sets a to the identity (y+x = y−x = 1, 2d·x·y = 0).
func (a *affineCached) identity() *affineCached {
	a.YplusX.One()
	a.YminusX.One()
	a.T2d.Zero()
	return a
}

// selectFrom sets a = b if cond is 1, leaving a unchanged if cond is 0.
// Constant time.
func (a *affineCached) selectFrom(b *affineCached, cond int) {
	a.YplusX.Select(&b.YplusX, &a.YplusX, cond)
	a.YminusX.Select(&b.YminusX, &a.YminusX, cond)
	a.T2d.Select(&b.T2d, &a.T2d, cond)
}

// condNegate sets a = −a if cond is 1. Constant time.
func (a *affineCached) condNegate(cond int) {
	var n field.Element
	a.YplusX.Swap(&a.YminusX, cond)
	n.Negate(&a.T2d)
	a.T2d.Select(&n, &a.T2d, cond)
}

// fromAffine sets a to the affine cached form of (x, y).
func (a *affineCached) fromAffine(x, y *field.Element) *affineCached {
	a.YplusX.Add(y, x)
	a.YminusX.Subtract(y, x)
	a.T2d.Multiply(x, y)
	a.T2d.Multiply(&a.T2d, &d2)
	return a
}
