package group

import (
	"encoding/hex"

	"github.com/p256k1/p256k1/internal/field"
)

// Affine is a curve point in affine coordinates (X, Y), or the point at
// infinity when Infinity is 1. See the package documentation for the
// infinity convention and the magnitude bounds (X, Y ≤ 4).
type Affine struct {
	X, Y     field.Element
	Infinity int // 0: finite point; 1: point at infinity
}

// Jacobian is a curve point in Jacobian coordinates, representing the affine
// point (X/Z², Y/Z³), or the point at infinity when Infinity is 1. See the
// package documentation for the infinity convention and the magnitude bounds
// (X, Y ≤ 4, Z ≤ 1).
type Jacobian struct {
	X, Y, Z  field.Element
	Infinity int // 0: finite point; 1: point at infinity
}

// AffineStorage is the compact form of a finite affine point, both
// coordinates normalized. It cannot represent the point at infinity.
type AffineStorage struct {
	X, Y field.Storage
}

// The generator G of secp256k1, value "G" (uncompressed form) of SEC 2
// ("Recommended Elliptic Curve Domain Parameters", v2.0, section 2.4.1), and
// the same constant as libsecp256k1's secp256k1_ge_const_g.
const (
	generatorXHex = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"
	generatorYHex = "483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"
	// betaHex is β, a primitive cube root of unity modulo p, such that
	// (x, y) ↦ (β·x, y) is the endomorphism P ↦ λ·P with
	// λ = 0x5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72.
	// Same value as libsecp256k1's secp256k1_const_beta (src/field.h).
	betaHex = "7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee"
)

var (
	generator Affine        // G, coordinates normalized
	beta      field.Element // β, normalized
	feOne     field.Element // 1, normalized; read-only
)

func init() {
	mustElement(&generator.X, generatorXHex)
	mustElement(&generator.Y, generatorYHex)
	mustElement(&beta, betaHex)
	feOne.One()
}

// mustElement parses a 64-digit big-endian hex constant below p into v.
func mustElement(v *field.Element, s string) {
	var b [32]byte
	if n, err := hex.Decode(b[:], []byte(s)); err != nil || n != 32 {
		panic("group: bad constant " + s)
	}
	if v.SetBytes(&b) != 0 {
		panic("group: constant not below p: " + s)
	}
}

// SetGenerator sets r to the generator G (coordinates normalized) and
// returns r. Constant time.
func (r *Affine) SetGenerator() *Affine {
	*r = generator
	return r
}

// SetInfinity sets r to the point at infinity with zero coordinates and
// returns r. Constant time.
func (r *Affine) SetInfinity() *Affine {
	r.X.Zero()
	r.Y.Zero()
	r.Infinity = 1
	return r
}

// SetInfinity sets r to the point at infinity with zero coordinates and
// returns r. Constant time.
func (r *Jacobian) SetInfinity() *Jacobian {
	r.X.Zero()
	r.Y.Zero()
	r.Z.Zero()
	r.Infinity = 1
	return r
}

// Clear overwrites r with zeros (Infinity 0: not a valid point), for wiping
// secrets. Constant time.
func (r *Affine) Clear() {
	*r = Affine{}
}

// Clear overwrites r with zeros (Infinity 0: not a valid point), for wiping
// secrets. Constant time.
func (r *Jacobian) Clear() {
	*r = Jacobian{}
}

// Set sets r = a and returns r. Constant time.
func (r *Affine) Set(a *Affine) *Affine {
	*r = *a
	return r
}

// Set sets r = a and returns r. Constant time.
func (r *Jacobian) Set(a *Jacobian) *Jacobian {
	*r = *a
	return r
}

// SetXY sets r to the finite point (x, y) and returns r. It does not check
// that the point is on the curve (see IsValidVar). x and y must have
// magnitude ≤ 4. Constant time.
func (r *Affine) SetXY(x, y *field.Element) *Affine {
	r.X = *x
	r.Y = *y
	r.Infinity = 0
	return r
}

// SetXOVar sets r to the point with X coordinate x whose Y coordinate has
// parity odd, and reports whether such a point exists. x is taken as the
// field element it holds (magnitude ≤ 8); a caller decoding 32 bytes must
// reject values ≥ p itself (field.Element.SetBytes reports them). On success
// r.X has magnitude 1 and r.Y is normalized (if its parity already matched)
// or has magnitude 2; on failure r holds no valid point. Variable time: for
// public x and parity only.
func (r *Affine) SetXOVar(x *field.Element, odd bool) bool {
	var c, seven field.Element
	r.X.Set(x).NormalizeWeak()
	c.Square(&r.X)
	c.Mul(&c, &r.X)
	c.Add(&c, seven.SetInt(7)) // x³ + 7 (2)
	r.Infinity = 0
	if _, ok := r.Y.Sqrt(&c); ok == 0 {
		return false
	}
	r.Y.NormalizeVar()
	if (r.Y.IsOdd() == 1) != odd {
		r.Y.Negate(&r.Y, 1)
	}
	return true
}

// SetXO is the constant-time form of SetXOVar: it sets r to the point with X
// coordinate x (magnitude ≤ 8) and Y parity odd (0 or 1), and returns 1 if
// such a point exists and 0 otherwise, without branching on x or odd. On
// success r.X has magnitude 1 and r.Y magnitude ≤ 2; on failure r holds no
// valid point (Infinity is 0 either way).
func (r *Affine) SetXO(x *field.Element, odd int) int {
	var c, seven, neg field.Element
	r.X.Set(x).NormalizeWeak()
	c.Square(&r.X)
	c.Mul(&c, &r.X)
	c.Add(&c, seven.SetInt(7)) // x³ + 7 (2)
	r.Infinity = 0
	_, ok := r.Y.Sqrt(&c)
	r.Y.Normalize()
	neg.Negate(&r.Y, 1)
	r.Y.CMove(&neg, r.Y.IsOdd()^(odd&1))
	return ok
}

// IsValidVar reports whether a is a finite point on the curve. Variable
// time.
func (a *Affine) IsValidVar() bool {
	if a.Infinity != 0 {
		return false
	}
	var y2, x3, seven field.Element
	y2.Square(&a.Y)
	x3.Square(&a.X)
	x3.Mul(&x3, &a.X)
	x3.Add(&x3, seven.SetInt(7))
	return y2.EqualVar(&x3)
}

// IsValidVar reports whether a is a finite point on the curve, that is
// whether Y² = X³ + 7·Z⁶ with Z ≠ 0. Variable time.
func (a *Jacobian) IsValidVar() bool {
	if a.Infinity != 0 || a.Z.NormalizesToZeroVar() {
		return false
	}
	var y2, x3, z2, z6 field.Element
	y2.Square(&a.Y)
	x3.Square(&a.X)
	x3.Mul(&x3, &a.X) // X³ (1)
	z2.Square(&a.Z)
	z6.Square(&z2)
	z6.Mul(&z6, &z2)  // Z⁶ (1)
	z6.MulInt(&z6, 7) // 7·Z⁶ (7)
	x3.Add(&x3, &z6)  // X³ + 7·Z⁶ (8)
	return y2.EqualVar(&x3)
}

// EqualVar reports whether a and b are the same point (both infinity, or
// equal affine coordinates). Variable time.
func (a *Affine) EqualVar(b *Affine) bool {
	if a.Infinity != 0 || b.Infinity != 0 {
		return a.Infinity != 0 && b.Infinity != 0
	}
	return a.X.EqualVar(&b.X) && a.Y.EqualVar(&b.Y)
}

// EqualVar reports whether a and b represent the same point, whatever their
// Z coordinates. Variable time.
func (a *Jacobian) EqualVar(b *Jacobian) bool {
	if a.Infinity != 0 || b.Infinity != 0 {
		return a.Infinity != 0 && b.Infinity != 0
	}
	var z1s, z2s, u1, u2 field.Element
	z1s.Square(&a.Z)
	z2s.Square(&b.Z)
	u1.Mul(&a.X, &z2s)
	u2.Mul(&b.X, &z1s)
	if !u1.EqualVar(&u2) {
		return false
	}
	z2s.Mul(&z2s, &b.Z)
	z1s.Mul(&z1s, &a.Z)
	u1.Mul(&a.Y, &z2s)
	u2.Mul(&b.Y, &z1s)
	return u1.EqualVar(&u2)
}

// EqualAffineVar reports whether a and b represent the same point.
// Variable time.
func (a *Jacobian) EqualAffineVar(b *Affine) bool {
	if a.Infinity != 0 || b.Infinity != 0 {
		return a.Infinity != 0 && b.Infinity != 0
	}
	var zz, t field.Element
	zz.Square(&a.Z)
	t.Mul(&b.X, &zz)
	if !t.EqualVar(&a.X) {
		return false
	}
	zz.Mul(&zz, &a.Z)
	t.Mul(&b.Y, &zz)
	return t.EqualVar(&a.Y)
}

// Negate sets r = −a and returns r. r.Y has magnitude 2. Constant time.
func (r *Affine) Negate(a *Affine) *Affine {
	r.X = a.X
	r.Y.Set(&a.Y).NormalizeWeak()
	r.Y.Negate(&r.Y, 1)
	r.Infinity = a.Infinity
	return r
}

// Negate sets r = −a and returns r. r.Y has magnitude 2. Constant time.
func (r *Jacobian) Negate(a *Jacobian) *Jacobian {
	r.X = a.X
	r.Z = a.Z
	r.Y.Set(&a.Y).NormalizeWeak()
	r.Y.Negate(&r.Y, 1)
	r.Infinity = a.Infinity
	return r
}

// SetAffine sets r to the Jacobian form (X, Y, 1) of a and returns r.
// Constant time.
func (r *Jacobian) SetAffine(a *Affine) *Jacobian {
	r.X = a.X
	r.Y = a.Y
	r.Z.One()
	r.Infinity = a.Infinity
	return r
}

// SetJacobian sets r to the affine form of a, using one constant-time field
// inversion, and returns r. a is not modified. The coordinates of r have
// magnitude 1; if a is infinity they are zero. Constant time.
func (r *Affine) SetJacobian(a *Jacobian) *Affine {
	var zi, z2, z3, zero field.Element
	inf := a.Infinity
	zi.Invert(&a.Z)
	z2.Square(&zi)
	z3.Mul(&z2, &zi)
	r.X.Mul(&a.X, &z2)
	r.Y.Mul(&a.Y, &z3)
	r.X.CMove(&zero, inf)
	r.Y.CMove(&zero, inf)
	r.Infinity = inf
	return r
}

// SetJacobianVar sets r to the affine form of a, using a variable-time
// inversion, and returns r. a is not modified. The coordinates of r have
// magnitude 1 (zero if a is infinity). Variable time.
func (r *Affine) SetJacobianVar(a *Jacobian) *Affine {
	if a.Infinity != 0 {
		return r.SetInfinity()
	}
	var zi field.Element
	zi.InvertVar(&a.Z)
	return r.SetJacobianZInv(a, &zi)
}

// SetJacobianZInv sets r to the affine form of a given zi = 1/a.Z (magnitude
// ≤ 8; it may alias r.X or r.Y) and returns r. The coordinates of r have
// magnitude 1; r.Infinity is copied from a, but a should be finite: for
// infinity the coordinates are meaningless. Constant time.
func (r *Affine) SetJacobianZInv(a *Jacobian, zi *field.Element) *Affine {
	var zi2, zi3 field.Element
	zi2.Square(zi)
	zi3.Mul(&zi2, zi)
	r.X.Mul(&a.X, &zi2)
	r.Y.Mul(&a.Y, &zi3)
	r.Infinity = a.Infinity
	return r
}

// Rescale multiplies the coordinates of r by (s², s³, s), which changes the
// representation but not the point (projective blinding), and returns r.
// s must be nonzero and of magnitude ≤ 8. The coordinates of r get magnitude
// 1. Constant time.
func (r *Jacobian) Rescale(s *field.Element) *Jacobian {
	var zz field.Element
	zz.Square(s)
	r.X.Mul(&r.X, &zz)
	r.Y.Mul(&r.Y, &zz)
	r.Y.Mul(&r.Y, s)
	r.Z.Mul(&r.Z, s)
	return r
}

// MulLambda sets r = λ·a using the endomorphism (x, y) ↦ (β·x, y) and
// returns r. r.X has magnitude 1. Constant time.
func (r *Affine) MulLambda(a *Affine) *Affine {
	r.X.Mul(&a.X, &beta)
	r.Y = a.Y
	r.Infinity = a.Infinity
	return r
}

// CMove sets r = a if cond is 1 and leaves r unchanged if cond is 0.
// Constant time; cond must be 0 or 1.
func (r *Affine) CMove(a *Affine, cond int) {
	r.X.CMove(&a.X, cond)
	r.Y.CMove(&a.Y, cond)
	r.Infinity ^= (r.Infinity ^ a.Infinity) & cond
}

// CMove sets r = a if cond is 1 and leaves r unchanged if cond is 0.
// Constant time; cond must be 0 or 1.
func (r *Jacobian) CMove(a *Jacobian, cond int) {
	r.X.CMove(&a.X, cond)
	r.Y.CMove(&a.Y, cond)
	r.Z.CMove(&a.Z, cond)
	r.Infinity ^= (r.Infinity ^ a.Infinity) & cond
}

// CMove sets s = a if cond is 1 and leaves s unchanged if cond is 0.
// Constant time; cond must be 0 or 1.
func (s *AffineStorage) CMove(a *AffineStorage, cond int) {
	s.X.CMove(&a.X, cond)
	s.Y.CMove(&a.Y, cond)
}

// FromAffine sets s to the compact form of a, which must be finite (the
// flag is not stored). a is not modified. Constant time.
func (s *AffineStorage) FromAffine(a *Affine) {
	var t field.Element
	t.Set(&a.X).Normalize()
	s.X.FromElement(&t)
	t.Set(&a.Y).Normalize()
	s.Y.FromElement(&t)
}

// FromStorage sets r to the finite point stored in s (coordinates
// normalized) and returns r. Constant time.
func (r *Affine) FromStorage(s *AffineStorage) *Affine {
	r.X.FromStorage(&s.X)
	r.Y.FromStorage(&s.Y)
	r.Infinity = 0
	return r
}
