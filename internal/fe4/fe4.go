// Package fe4 holds the 4×64 form of field elements and the point
// operations that the amd64 and arm64 engines run on it: field elements as four
// 64-bit words holding any value below 2^256 congruent to the element
// modulo p = 2^256 − 2^32 − 977 (not necessarily below p).
//
// # Why a second representation
//
// The library's field arithmetic (package field) uses five 52-bit limbs,
// as libsecp256k1 does: additions need no carries, and a product is 25 limb
// products plus 6 for the reduction. On amd64 with MULX, ADCX and ADOX the
// 4×64 form multiplies in 16 products plus 4 (plus one for the last fold),
// and the kernels are bound by MULX: a multiplication takes about 40 cycles
// when independent of the previous one, against about 60 (AMD EPYC, Zen 3).
// Additions here need carries and a fold of the carry with 2^256 ≡
// 2^32 + 977, but the point formulas are dominated by products. So the
// variable-time multiplication of signature verification (package ecmult)
// and the constant-time multiplications of ECDH and k·G (ecmultconst,
// ecmultgen) run their main loops in this form where the processor allows
// (Enabled), converting their inputs once and their result once; the 5×52
// code stays the reference, the generic path and the twin the engines are
// tested against. On arm64 (MUL and UMULH, 42 multiplier instructions a
// product against the 5×52 form's 62) the same holds by model
// (bench/arm64model.sh): fe4_arm64.s has the kernels, the doubling and the
// mixed additions, and generic.go the rest, around those kernels.
//
// # The operations
//
// Mul, Square, Double and AddAffine are constant time (no branch or
// address depends on the data); AddStorageVar and AddStorageZInvVar branch
// on their public inputs. Table points are group.AffineStorage values (the
// same layout: X and Y as four words, below p), as the precomputed tables
// of G already are. The point formulas are those of package group: Double
// is Jacobian.Double, AddAffine the complete mixed addition of
// Jacobian.AddAffine, AddStorageVar the mixed addition of
// Jacobian.AddAffineVar, AddStorageZInvVar the effective-affine addition
// of Jacobian.AddZInvVar.
package fe4

import (
	"math/bits"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

// Element is a field element as four little-endian 64-bit words: any value
// below 2^256 congruent to it modulo p.
type Element [4]uint64

// Jacobian is a point in Jacobian coordinates of Elements, the point at
// infinity when Infinity is 1 (as group.Jacobian).
type Jacobian struct {
	X, Y, Z  Element
	Infinity uint64
}

// The words of p.
const (
	p0 = 0xFFFFFFFEFFFFFC2F
	pw = 0xFFFFFFFFFFFFFFFF
)

// FromField sets r to the value of e (any magnitude), reduced below p.
// Constant time.
func (r *Element) FromField(e *field.Element) {
	var t field.Element
	t.Set(e).Normalize()
	var s field.Storage
	s.FromElement(&t)
	*r = Element(s)
}

// ToField sets e to the value of r (e normalized). Constant time: r is
// reduced below p by a masked subtraction.
func (r *Element) ToField(e *field.Element) {
	s := field.Storage(r.Reduced())
	e.FromStorage(&s)
}

// Reduced returns the representative of r below p (a value below 2^256 is
// below 2p, so one masked subtraction of p does it). Constant time.
func (r *Element) Reduced() Element {
	// d = r − p; r ≥ p exactly when there is no borrow.
	d0, b := sub64(r[0], p0, 0)
	d1, b := sub64(r[1], pw, b)
	d2, b := sub64(r[2], pw, b)
	d3, b := sub64(r[3], pw, b)
	m := b - 1 // all ones if r ≥ p
	return Element{
		r[0] ^ (m & (r[0] ^ d0)),
		r[1] ^ (m & (r[1] ^ d1)),
		r[2] ^ (m & (r[2] ^ d2)),
		r[3] ^ (m & (r[3] ^ d3)),
	}
}

// NegateIf sets s.Y = p − s.Y when cond is 1 and leaves it when cond is 0,
// for a table point s (Y below p and nonzero). Constant time.
func NegateIf(s *group.AffineStorage, cond int) {
	n0, b := sub64(p0, s.Y[0], 0)
	n1, b := sub64(pw, s.Y[1], b)
	n2, b := sub64(pw, s.Y[2], b)
	n3, _ := sub64(pw, s.Y[3], b)
	m := -uint64(cond)
	s.Y[0] ^= m & (s.Y[0] ^ n0)
	s.Y[1] ^= m & (s.Y[1] ^ n1)
	s.Y[2] ^= m & (s.Y[2] ^ n2)
	s.Y[3] ^= m & (s.Y[3] ^ n3)
}

// FromAffine sets s to the table form of the affine point a (finite; any
// magnitudes): its coordinates reduced below p. Constant time.
func FromAffine(s *group.AffineStorage, a *group.Affine) {
	var x, y Element
	x.FromField(&a.X)
	y.FromField(&a.Y)
	s.X, s.Y = field.Storage(x), field.Storage(y)
}

// ToJacobian sets r to the point of a (its infinity flag included).
// Constant time.
func (a *Jacobian) ToJacobian(r *group.Jacobian) {
	a.X.ToField(&r.X)
	a.Y.ToField(&r.Y)
	a.Z.ToField(&r.Z)
	r.Infinity = int(a.Infinity)
}

func sub64(x, y, b uint64) (uint64, uint64) { return bits.Sub64(x, y, b) }
