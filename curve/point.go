package curve

import (
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

// Point is a point of the secp256k1 group (y² = x³ + 7 over the field of
// FieldElement, the point at infinity as identity), in Jacobian
// coordinates (X/Z², Y/Z³) inside. The zero value is the identity, ready to
// use.
//
// Every method is constant time in the points and scalars unless its name
// says VarTime; the encodings are also constant time apart from whether the
// point is the identity (whose encoding has another length) and the
// decoders run in variable time on their public input. Methods set the
// receiver to the result and return it; arguments may alias the receiver and
// each other. Nothing allocates, except VarTimeMultiScalarMult while its
// pooled scratch memory grows.
type Point struct {
	// p is the point; it is the identity when p.Infinity is 1 or p.Z ≡ 0
	// (so that the zero value is the identity). Magnitudes: X, Y ≤ 4,
	// Z ≤ 1, as in package group.
	p group.Jacobian
}

// isInf returns 1 if p is the identity, else 0. Constant time.
func (p *Point) isInf() int {
	return p.p.Infinity | p.p.Z.NormalizesToZero()
}

// jacobian sets j to p with its infinity flag made exact (for the
// engines, which read only the flag), and returns j. Constant time.
func (p *Point) jacobian(j *group.Jacobian) *group.Jacobian {
	*j = p.p
	j.Infinity = p.isInf()
	return j
}

// NewIdentityPoint returns a new Point set to the identity (the point at
// infinity).
func NewIdentityPoint() *Point { return new(Point).SetIdentity() }

// NewGeneratorPoint returns a new Point set to the generator G.
func NewGeneratorPoint() *Point { return new(Point).SetGenerator() }

// Set sets p = q and returns p. Constant time.
func (p *Point) Set(q *Point) *Point {
	*p = *q
	return p
}

// SetIdentity sets p to the identity (the point at infinity) and returns p.
// Constant time.
func (p *Point) SetIdentity() *Point {
	p.p.SetInfinity()
	return p
}

// SetGenerator sets p to the generator G and returns p. Constant time.
func (p *Point) SetGenerator() *Point {
	var g group.Affine
	g.SetGenerator()
	p.p.SetAffine(&g)
	return p
}

// Add sets p = a + b and returns p. Complete: a or b may be the identity,
// equal or opposite. Constant time (the sum, the doubling and the special
// cases are all computed and chosen with conditional moves).
// Cost: 11 mul, 5 sqr for the sum, 3 mul, 4 sqr for the doubling.
func (p *Point) Add(a, b *Point) *Point {
	addJacobian(&p.p, &a.p, a.isInf(), &b.p, b.isInf())
	return p
}

// addJacobian sets r = a + b for Jacobian points whose exact infinity flags
// are aInf and bInf (their Infinity fields are not read). r may alias a or
// b. Constant time.
func addJacobian(r, a *group.Jacobian, aInf int, b *group.Jacobian, bInf int) {
	var z1z1, z2z2, u1, u2, s1, s2, h, rr, t field.Element
	z1z1.Square(&a.Z)   // (1)
	z2z2.Square(&b.Z)   // (1)
	u1.Mul(&a.X, &z2z2) // U1 = X1·Z2² (1)
	u2.Mul(&b.X, &z1z1) // U2 = X2·Z1² (1)
	s1.Mul(&a.Y, &b.Z)  // (1)
	s1.Mul(&s1, &z2z2)  // S1 = Y1·Z2³ (1)
	s2.Mul(&b.Y, &a.Z)  // (1)
	s2.Mul(&s2, &z1z1)  // S2 = Y2·Z1³ (1)
	h.Sub(&u2, &u1, 1)  // H = U2 − U1 (3)
	rr.Sub(&s2, &s1, 1) // R = S2 − S1 (3)
	hz := h.NormalizesToZero()
	rz := rr.NormalizesToZero()

	var sum group.Jacobian
	var h2, h3, v field.Element
	sum.Z.Mul(&a.Z, &b.Z)    // (1)
	sum.Z.Mul(&sum.Z, &h)    // Z3 = Z1·Z2·H (1)
	h2.Square(&h)            // H² (1)
	h3.Mul(&h2, &h)          // H³ (1)
	v.Mul(&u1, &h2)          // V = U1·H² (1)
	sum.X.Square(&rr)        // R² (1)
	t.Add(&h3, &v)           // (2)
	t.Add(&t, &v)            // H³ + 2V (3)
	sum.X.Sub(&sum.X, &t, 3) // X3 = R² − H³ − 2V (5)
	sum.X.NormalizeWeak()    // (1)
	t.Sub(&v, &sum.X, 1)     // V − X3 (3)
	sum.Y.Mul(&rr, &t)       // R·(V − X3) (1)
	t.Mul(&s1, &h3)          // S1·H³ (1)
	sum.Y.Sub(&sum.Y, &t, 1) // Y3 (3)
	sum.Y.NormalizeWeak()    // (1)

	var dbl group.Jacobian
	dbl.Double(a) // reads a.Infinity, copied and then overwritten below

	both := (aInf | bInf) ^ 1 // both finite
	useDbl := both & hz & rz
	sum.CMove(&dbl, useDbl)
	sum.Infinity = (aInf & bInf) | (both & hz & (rz ^ 1))
	// One of them the identity: the other one (with its own flag).
	var other group.Jacobian
	other = *b
	other.Infinity = bInf
	sum.CMove(&other, aInf)
	other = *a
	other.Infinity = aInf
	sum.CMove(&other, bInf&(aInf^1))
	*r = sum
}

// VarTimeAdd sets p = a + b and returns p, with internal/group's
// variable-time Jacobian addition (the one verification uses), which
// branches on the special cases and costs 12 mul, 4 sqr. Variable time:
// for public points only.
func (p *Point) VarTimeAdd(a, b *Point) *Point {
	var ja, jb group.Jacobian
	p.p.AddVar(a.jacobian(&ja), b.jacobian(&jb), nil)
	return p
}

// Double sets p = 2·a and returns p. Constant time.
func (p *Point) Double(a *Point) *Point {
	// group.Jacobian.Double copies the flag; a zero Z (the zero value)
	// stays zero, so the identity is kept either way.
	p.p.Double(&a.p)
	return p
}

// Negate sets p = −a and returns p. Constant time.
func (p *Point) Negate(a *Point) *Point {
	p.p.Negate(&a.p)
	return p
}

// Subtract sets p = a − b and returns p. Constant time.
func (p *Point) Subtract(a, b *Point) *Point {
	var nb group.Jacobian
	nb.Negate(&b.p)
	addJacobian(&p.p, &a.p, a.isInf(), &nb, b.isInf())
	return p
}

// Equal returns 1 if p and q are the same point, else 0. Constant time.
func (p *Point) Equal(q *Point) int {
	pInf, qInf := p.isInf(), q.isInf()
	var z1z1, z2z2, u1, u2, s1, s2 field.Element
	z1z1.Square(&p.p.Z)
	z2z2.Square(&q.p.Z)
	u1.Mul(&p.p.X, &z2z2)
	u2.Mul(&q.p.X, &z1z1)
	s1.Mul(&p.p.Y, &q.p.Z)
	s1.Mul(&s1, &z2z2)
	s2.Mul(&q.p.Y, &p.p.Z)
	s2.Mul(&s2, &z1z1)
	same := u1.Equal(&u2) & s1.Equal(&s2)
	return (pInf & qInf) | ((pInf|qInf)^1)&same
}

// IsIdentity returns 1 if p is the identity (the point at infinity), else
// 0. Constant time.
func (p *Point) IsIdentity() int {
	return p.isInf()
}

// Select sets p to a if cond is 1 and to b if cond is 0, and returns p.
// cond must be 0 or 1. Constant time.
func (p *Point) Select(a, b *Point, cond int) *Point {
	t := b.p
	t.CMove(&a.p, cond)
	p.p = t
	return p
}

// CondNegate sets p to −a if cond is 1 and to a if cond is 0, and returns
// p. cond must be 0 or 1. Constant time.
func (p *Point) CondNegate(a *Point, cond int) *Point {
	var n group.Jacobian
	n.Negate(&a.p)
	t := a.p
	t.CMove(&n, cond)
	p.p = t
	return p
}

// ScalarBaseMult sets p = k·G and returns p, with the blinded signed-digit
// comb that key generation and signing use (internal/ecmultgen; its
// blinding is p256k1.Randomize's). Constant time.
func (p *Point) ScalarBaseMult(k *Scalar) *Point {
	ecmultgen.Shared().Mul(&p.p, &k.s)
	return p
}

// ScalarMult sets p = k·q and returns p, with the constant-time
// variable-base engine of ECDH (internal/ecmultconst: GLV, signed odd-digit
// windows, full-table scans). q may be the identity. Constant time in k and
// q.
func (p *Point) ScalarMult(k *Scalar, q *Point) *Point {
	// The engine takes an affine point. (X, Y) of a Jacobian point is an
	// affine point of y² = x³ + 7·Z⁶, isomorphic to secp256k1 by
	// (x, y, z) ↦ (x, y, z·Z); the engine's formulas do not involve the
	// curve's constant (see group.OddMultiplesGlobalZ), so its result with
	// Z multiplied by q's Z is k·q, with no inversion.
	var a group.Affine
	a.X, a.Y = q.p.X, q.p.Y
	a.Infinity = q.isInf()
	z := q.p.Z
	ecmultconst.Mul(&p.p, &a, &k.s)
	p.p.Z.Mul(&p.p.Z, &z)
	return p
}

// VarTimeScalarMult sets p = k·q and returns p, with the Strauss-wNAF
// engine of verification (internal/ecmult), faster than ScalarMult.
// Variable time: for public k and q only.
func (p *Point) VarTimeScalarMult(k *Scalar, q *Point) *Point {
	var j group.Jacobian
	ecmult.MulVar(&p.p, &k.s, q.jacobian(&j))
	return p
}

// VarTimeDoubleScalarBaseMult sets p = a·A + b·G and returns p, with the
// verification engine (internal/ecmult: Strauss-wNAF, GLV, static tables of
// G), as edwards25519's method of this name. Variable time: for public
// inputs only (signature verification).
func (p *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	var j group.Jacobian
	ecmult.DoubleBaseVar(&p.p, &a.s, A.jacobian(&j), &b.s)
	return p
}
