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
// equal or opposite. Constant time: one unified formula serves sums and
// doublings, and the special cases are chosen with conditional moves.
// Cost: 12 mul, 6 sqr.
func (p *Point) Add(a, b *Point) *Point {
	addJacobian(&p.p, &a.p, a.isInf(), &b.p, b.isInf())
	return p
}

// addJacobian sets r = a + b for Jacobian points whose exact infinity flags
// are aInf and bInf (their Infinity fields are not read). r may alias a or
// b. Constant time; 12 mul, 6 sqr.
//
// Brought to the common denominator Z1·Z2, a and b are the points
// (U1, S1) and (U2, S2) of the curve y² = x³ + 7·(Z1·Z2)⁶, isomorphic to
// secp256k1, where this is the unified addition of libsecp256k1's
// gej_add_ge (which group.Jacobian.AddAffine follows) with both points
// "affine": λ = (U1² + U1·U2 + U2²)/(S1 + S2) = R/M serves for a + b and
// for a + a alike, so no doubling is computed separately. It fails only if
// S1 = −S2 with U1³ = U2³: when U1 = U2 (a = −b) the answer is the identity,
// which Z3 = 0 reveals; otherwise (b = −λ·a or −λ²·a, x-coordinates that
// differ by a cube root of unity) R = M = 0, and the alternative
// λ = (S1 − S2)/(U1 − U2) is selected by conditional moves. The result's Z
// is Malt·Z1·Z2, which brings it back to secp256k1.
func addJacobian(r, a *group.Jacobian, aInf int, b *group.Jacobian, bInf int) {
	var z1z1, z2z2, z1c, z2c, u1, u2, s1, s2 field.Element
	z1z1.Square(&a.Z)    // (1)
	z2z2.Square(&b.Z)    // (1)
	u1.Mul(&a.X, &z2z2)  // U1 = X1·Z2² (1)
	u2.Mul(&b.X, &z1z1)  // U2 = X2·Z1² (1)
	z2c.Mul(&z2z2, &b.Z) // Z2³ (1)
	z1c.Mul(&z1z1, &a.Z) // Z1³ (1)
	s1.Mul(&a.Y, &z2c)   // S1 = Y1·Z2³ (1)
	s2.Mul(&b.Y, &z1c)   // S2 = Y2·Z1³ (1)

	var t, m, rr, mAlt, rrAlt, n, q field.Element
	t.Add(&u1, &u2)     // T = U1 + U2 (2)
	m.Add(&s1, &s2)     // M = S1 + S2 (2)
	rr.Square(&t)       // T² (1)
	mAlt.Negate(&u2, 1) // −U2 (2)
	n.Mul(&u1, &mAlt)   // −U1·U2 (1)
	rr.Add(&rr, &n)     // R = T² − U1·U2 (2)
	degenerate := m.NormalizesToZero() & rr.NormalizesToZero()
	rrAlt.MulInt(&s1, 2) // Ralt = 2·S1 = S1 − S2 when degenerate (2)
	mAlt.Add(&mAlt, &u1) // Malt = U1 − U2 (3)
	rrAlt.CMove(&rr, degenerate^1)
	mAlt.CMove(&m, degenerate^1)
	// Ralt/Malt is λ now; M is still S1 + S2.
	n.Square(&mAlt)         // Malt² (1)
	q.Negate(&t, 2)         // −T (3)
	q.Mul(&q, &n)           // Q = −T·Malt² (1)
	n.Square(&n)            // Malt⁴ (1)
	n.CMove(&m, degenerate) // M³·Malt: Malt⁴, or 0 when M = 0 (≤ 2)

	var sum group.Jacobian
	sum.Z.Mul(&a.Z, &b.Z)    // (1)
	sum.Z.Mul(&sum.Z, &mAlt) // Z3 = Malt·Z1·Z2 (1)
	sum.X.Square(&rrAlt)     // Ralt² (1)
	sum.X.Add(&sum.X, &q)    // X3 = Ralt² + Q (2)
	t.MulInt(&sum.X, 2)      // 2·X3 (4)
	t.Add(&t, &q)            // 2·X3 + Q (5)
	t.Mul(&t, &rrAlt)        // Ralt·(2·X3 + Q) (1)
	t.Add(&t, &n)            // Ralt·(2·X3 + Q) + M³·Malt (3)
	sum.Y.Negate(&t, 3)      // (4)
	sum.Y.Half(&sum.Y)       // Y3 (3)

	both := (aInf | bInf) ^ 1 // both finite
	sum.Infinity = (aInf & bInf) | (both & sum.Z.NormalizesToZero())
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
