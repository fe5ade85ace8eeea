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

// setCurve sets p to q (X = Y = Z = 0 for the identity).
func (p *JacobianPoint) setCurve(q *curve.Point) {
	var x, y, z curve.FieldElement
	q.JacobianCoordinates(&x, &y, &z)
	p.X.setCurve(&x)
	p.Y.setCurve(&y)
	p.Z.setCurve(&z)
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

// AddNonConst sets result to p1 + p2 (any of them may alias). Variable
// time, as the name says (p256k1's variable-time addition): for points that
// are public, as decred's is.
func AddNonConst(p1, p2, result *JacobianPoint) {
	var a, b curve.Point
	p1.toCurve(&a)
	p2.toCurve(&b)
	result.setCurve(a.VarTimeAdd(&a, &b))
}

// DoubleNonConst sets result to 2·p (they may alias). Constant time here.
func DoubleNonConst(p, result *JacobianPoint) {
	var a curve.Point
	p.toCurve(&a)
	result.setCurve(a.Double(&a))
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
// is on the curve and returns true, or returns false (resultY then holds an
// unspecified value) if x is not the x coordinate of a point.
func DecompressY(x *FieldVal, odd bool, resultY *FieldVal) bool {
	var fx, y, t curve.FieldElement
	x.toCurve(&fx)
	t.Square(&fx)
	t.Multiply(&t, &fx)
	t.Add(&t, new(curve.FieldElement).SetUint64(7))
	_, ok := y.SquareRoot(&t)
	want := 0
	if odd {
		want = 1
	}
	y.CondNegate(&y, y.IsOdd()^want)
	resultY.setCurve(&y)
	return ok == 1
}
