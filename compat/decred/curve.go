package secp256k1

import "github.com/p256k1/p256k1/curve"

// JacobianPoint is a point in Jacobian coordinates, (X/Z², Y/Z³), with Z = 0
// (or X = Y = 0) for the point at infinity, as in decred's package.
type JacobianPoint struct {
	// X, Y and Z are the point's Jacobian coordinates.
	X, Y, Z FieldVal
}

// MakeJacobianPoint returns a point with the given coordinates.
func MakeJacobianPoint(x, y, z *FieldVal) JacobianPoint {
	var p JacobianPoint
	p.X.Set(x)
	p.Y.Set(y)
	p.Z.Set(z)
	return p
}

// Set sets p to other.
func (p *JacobianPoint) Set(other *JacobianPoint) {
	*p = *other
}

// toCurve sets q to p (the point at infinity when Z = 0 or X = Y = 0).
// Coordinates are not checked to be on the curve, as in decred's package:
// callers build points from parsed keys or results.
func (p *JacobianPoint) toCurve(q *curve.Point) *curve.Point {
	var x, y, z curve.FieldElement
	p.X.toCurve(&x)
	p.Y.toCurve(&y)
	p.Z.toCurve(&z)
	var zero curve.FieldElement
	z.Select(&zero, &z, x.IsZero()&y.IsZero())
	return q.SetJacobianCoordinatesUnchecked(&x, &y, &z)
}

// ToAffine rescales p to Z = 1 (normalized coordinates); the point at
// infinity becomes (0, 0, 1) as in decred's package. Constant time.
func (p *JacobianPoint) ToAffine() {
	var x, y, z, zi, zi2 curve.FieldElement
	p.X.toCurve(&x)
	p.Y.toCurve(&y)
	p.Z.toCurve(&z)
	zi.Invert(&z)
	zi2.Square(&zi)
	x.Multiply(&x, &zi2)
	y.Multiply(&y, zi2.Multiply(&zi2, &zi))
	p.X.setCurve(&x)
	p.Y.setCurve(&y)
	p.Z.SetInt(1)
}

// EquivalentNonConst reports whether p and other are the same point,
// whatever their Z. Variable time.
func (p *JacobianPoint) EquivalentNonConst(other *JacobianPoint) bool {
	var a, b curve.Point
	return p.toCurve(&a).Equal(other.toCurve(&b)) == 1
}

// jacobianFE holds a point's Jacobian coordinates as reduced field
// elements, for the formulas below.
type jacobianFE struct{ x, y, z curve.FieldElement }

func (p *JacobianPoint) load(j *jacobianFE) *jacobianFE {
	p.X.toCurve(&j.x)
	p.Y.toCurve(&j.y)
	p.Z.toCurve(&j.z)
	return j
}

func (p *JacobianPoint) store(j *jacobianFE) {
	p.X.setCurve(&j.x)
	p.Y.setCurve(&j.y)
	p.Z.setCurve(&j.z)
}

// isInfinity reports decred's test for the point at infinity: Z = 0, or
// X = Y = 0.
func (j *jacobianFE) isInfinity() bool {
	return j.z.IsZero() == 1 || j.x.IsZero()&j.y.IsZero() == 1
}

// AddNonConst sets result to p1 + p2 (any of them may alias), with decred's
// choice of formula and so decred's Jacobian representative of the sum,
// coordinate for coordinate (normalized): the point at infinity on either
// side returns the other point as it is; both Z = 1 uses the affine
// formula (Z3 = 2H), equal Z the co-Z formula (Z3 = Z·(X2 − X1)), Z2 = 1
// the mixed formula and otherwise the general one (the formulas
// "mmadd-2007-bl", "zadd-2007-m", "madd-2007-bl" and "add-2007-bl" of the
// Explicit-Formulas Database); P + P doubles (DoubleNonConst) and P + (−P)
// is (0, 0, 0). Variable time, as the name says: for public points, as
// decred's is.
func AddNonConst(p1, p2, result *JacobianPoint) {
	var a, b jacobianFE
	p1.load(&a)
	p2.load(&b)
	switch {
	case a.isInfinity():
		*result = *p2
		return
	case b.isInfinity():
		*result = *p1
		return
	}
	var one curve.FieldElement
	one.One()
	z1One, z2One := a.z.Equal(&one) == 1, b.z.Equal(&one) == 1
	var r jacobianFE
	var ok bool
	switch {
	case z1One && z2One:
		// decred's affine formula: the mixed one with Z1 = 1 gives the
		// same values (Z3 = (1 + H)² − 1 − H² = 2H).
		ok = r.addGeneral(&a, &b, true)
	case a.z.Equal(&b.z) == 1:
		ok = r.addSameZ(&a, &b)
	case z2One:
		ok = r.addGeneral(&a, &b, true)
	default:
		ok = r.addGeneral(&a, &b, false)
	}
	if !ok {
		DoubleNonConst(p1, result)
		return
	}
	result.store(&r)
}

// sameXY handles X1 = X2 in the addition formulas (X and Y already brought
// to the same Z): it sets r to (0, 0, 0) and returns true when the points
// are opposite, and returns false (double instead) when they are equal.
func (r *jacobianFE) sameXY(y1, y2 *curve.FieldElement) bool {
	if y1.Equal(y2) == 1 {
		return false
	}
	*r = jacobianFE{}
	return true
}

// finish sets r's X and Y from the shared tail of the mixed and general
// formulas: X3 = R² − J − 2V, Y3 = R(V − X3) − 2·S1·J.
func (r *jacobianFE) finish(rr, j, v, s1 *curve.FieldElement) {
	var x3, y3, t curve.FieldElement
	x3.Square(rr)
	x3.Subtract(&x3, j)
	x3.Subtract(&x3, v)
	x3.Subtract(&x3, v)
	y3.Subtract(v, &x3)
	y3.Multiply(&y3, rr)
	t.Multiply(s1, j)
	t.Add(&t, &t)
	y3.Subtract(&y3, &t)
	r.x, r.y = x3, y3
}

// addSameZ sets r to a + b for Z1 = Z2 (co-Z): A = X2 − X1, B = A²,
// C = Y2 − Y1, E = X1·B, F = X2·B, X3 = C² − E − F,
// Y3 = C(E − X3) − Y1(F − E), Z3 = Z1·A. False if a = b.
func (r *jacobianFE) addSameZ(a, b *jacobianFE) bool {
	if a.x.Equal(&b.x) == 1 {
		return r.sameXY(&a.y, &b.y)
	}
	var aa, bb, c, e, f, x3, y3, t curve.FieldElement
	aa.Subtract(&b.x, &a.x)
	bb.Square(&aa)
	c.Subtract(&b.y, &a.y)
	e.Multiply(&a.x, &bb)
	f.Multiply(&b.x, &bb)
	x3.Square(&c)
	x3.Subtract(&x3, &e)
	x3.Subtract(&x3, &f)
	y3.Subtract(&e, &x3)
	y3.Multiply(&y3, &c)
	t.Subtract(&f, &e)
	t.Multiply(&t, &a.y)
	y3.Subtract(&y3, &t)
	r.z.Multiply(&a.z, &aa)
	r.x, r.y = x3, y3
	return true
}

// addGeneral sets r to a + b in general position (mixed: Z2 = 1):
// U1 = X1·Z2², U2 = X2·Z1², S1 = Y1·Z2³, S2 = Y2·Z1³, H = U2 − U1,
// I = (2H)² (mixed: 4H²), J = H·I, R = 2(S2 − S1), V = U1·I, the shared
// tail, and Z3 = ((Z1 + Z2)² − Z1² − Z2²)·H (mixed: (Z1 + H)² − Z1² − H²).
// False if a = b.
func (r *jacobianFE) addGeneral(a, b *jacobianFE, mixed bool) bool {
	var z1z1, z2z2, u1, u2, s1, s2 curve.FieldElement
	z1z1.Square(&a.z)
	u2.Multiply(&b.x, &z1z1)
	s2.Multiply(&b.y, &z1z1)
	s2.Multiply(&s2, &a.z)
	if mixed {
		u1, s1 = a.x, a.y
	} else {
		z2z2.Square(&b.z)
		u1.Multiply(&a.x, &z2z2)
		s1.Multiply(&a.y, &z2z2)
		s1.Multiply(&s1, &b.z)
	}
	if u1.Equal(&u2) == 1 {
		return r.sameXY(&s1, &s2)
	}
	var h, hh, i, j, rr, v, z3 curve.FieldElement
	h.Subtract(&u2, &u1)
	hh.Square(&h)
	i.Add(&hh, &hh)
	i.Add(&i, &i)
	j.Multiply(&h, &i)
	rr.Subtract(&s2, &s1)
	rr.Add(&rr, &rr)
	v.Multiply(&u1, &i)
	r.finish(&rr, &j, &v, &s1)
	if mixed {
		z3.Add(&a.z, &h)
		z3.Square(&z3)
		z3.Subtract(&z3, &z1z1)
		z3.Subtract(&z3, &hh)
	} else {
		z3.Add(&a.z, &b.z)
		z3.Square(&z3)
		z3.Subtract(&z3, &z1z1)
		z3.Subtract(&z3, &z2z2)
		z3.Multiply(&z3, &h)
	}
	r.z = z3
	return true
}

// DoubleNonConst sets result to 2·p (they may alias) with decred's formula
// and so decred's Jacobian representative ("dbl-2009-l"): A = X1²,
// B = Y1², C = B², D = 2((X1 + B)² − A − C), E = 3A, X3 = E² − 2D,
// Y3 = E(D − X3) − 8C, Z3 = 2·Y1·Z1; (0, 0, 0) when Y = 0 or Z = 0.
// Variable time, as the name says.
func DoubleNonConst(p, result *JacobianPoint) {
	var a jacobianFE
	p.load(&a)
	if a.y.IsZero() == 1 || a.z.IsZero() == 1 {
		*result = JacobianPoint{}
		return
	}
	var aa, b, c, d, e, x3, y3, z3, t curve.FieldElement
	z3.Multiply(&a.y, &a.z)
	z3.Add(&z3, &z3)
	aa.Square(&a.x)
	b.Square(&a.y)
	c.Square(&b)
	d.Add(&a.x, &b)
	d.Square(&d)
	d.Subtract(&d, &aa)
	d.Subtract(&d, &c)
	d.Add(&d, &d)
	e.Add(&aa, &aa)
	e.Add(&e, &aa)
	x3.Square(&e)
	x3.Subtract(&x3, &d)
	x3.Subtract(&x3, &d)
	y3.Subtract(&d, &x3)
	y3.Multiply(&y3, &e)
	t.Add(&c, &c)
	t.Add(&t, &t)
	t.Add(&t, &t)
	y3.Subtract(&y3, &t)
	result.store(&jacobianFE{x3, y3, z3})
}

// setAffine sets p to q in affine form (Z = 1), or to the identity with the
// given Z word (0 or 1: decred's two forms of it). One constant-time
// inversion.
func (p *JacobianPoint) setAffine(q *curve.Point, identityZ uint16) {
	var x, y curve.FieldElement
	if q.AffineCoordinates(&x, &y) != nil {
		p.X.Zero()
		p.Y.Zero()
		p.Z.SetInt(identityZ)
		return
	}
	p.X.setCurve(&x)
	p.Y.setCurve(&y)
	p.Z.SetInt(1)
}

// ScalarBaseMultNonConst sets result to k·G with p256k1's blinded
// constant-time comb (key generation's engine), whatever the name says. The
// result is affine (Z = 1; (0, 0, 1) for k = 0): decred's is for small k,
// and callers (btcec's MuSig2) rely on it.
func ScalarBaseMultNonConst(k *ModNScalar, result *JacobianPoint) {
	var s curve.Scalar
	var r curve.Point
	k.toCurve(&s)
	r.ScalarBaseMult(&s)
	s = curve.Scalar{}
	result.setAffine(&r, 1)
}

// ScalarMultNonConst sets result to k·point with p256k1's constant-time
// engine (ECDH's), whatever the name says: btcec's and lnd's ECDH pass
// secret keys here. The result is affine (Z = 1; (0, 0, 0) for the point at
// infinity), as decred's is for small k.
func ScalarMultNonConst(k *ModNScalar, point, result *JacobianPoint) {
	var s curve.Scalar
	var p curve.Point
	k.toCurve(&s)
	point.toCurve(&p)
	p.ScalarMult(&s, &p)
	s = curve.Scalar{}
	result.setAffine(&p, 0)
}

// isOnCurve reports whether (fx, fy) is on the curve.
func isOnCurve(fx, fy *FieldVal) bool {
	var x, y, l, r curve.FieldElement
	fx.toCurve(&x)
	fy.toCurve(&y)
	l.Square(&y)
	r.Square(&x)
	r.Multiply(&r, &x)
	r.Add(&r, new(curve.FieldElement).SetUint64(7))
	return l.Equal(&r) == 1
}

// DecompressY sets resultY to the y with the given parity for which (x, y)
// is on the curve and returns true, or returns false if x is not the x
// coordinate of a point; resultY then holds what decred's leaves there, the
// square root attempt of x³ + 7 (SquareRootVal's result), with no parity
// chosen. On success resultY is normalized.
func DecompressY(x *FieldVal, odd bool, resultY *FieldVal) bool {
	var rhs FieldVal
	rhs.SquareVal(x).Mul(x).AddInt(7)
	if !resultY.SquareRootVal(&rhs) {
		return false
	}
	if resultY.Normalize().IsOdd() != odd {
		resultY.Negate(1).Normalize()
	}
	return true
}
