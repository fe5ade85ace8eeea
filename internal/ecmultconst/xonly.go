package ecmultconst

import (
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// MulXOnly sets r to the X coordinate of k·P, where P is a point whose X
// coordinate is the fraction num/den (den == nil stands for 1), without
// computing P's Y coordinate (no square root), and returns true. It is the
// analogue of libsecp256k1's secp256k1_ecmult_const_xonly, for x-only ECDH.
//
// If knownOnCurve is false, MulXOnly first checks that num/den is the X
// coordinate of a curve point and returns false, leaving r unchanged, if it
// is not; with knownOnCurve true the caller vouches for it. den must be
// nonzero. num and den may have magnitude ≤ 8 and are not modified; r gets
// magnitude 1 and may alias num or den. k must be nonzero: for k = 0, where
// k·P is infinity and has no X coordinate, r is set to 0.
//
// Constant time in k, the secret. num, den and knownOnCurve are treated as
// public: the curve check (a Legendre symbol) is variable time and its
// outcome, like den == nil, is branched on.
//
// Method (Peter Dettman's trick, as in libsecp256k1): with x = num/den,
// g = num³ + 7·den³ = y²·den³ and v² = den·g, the Jacobian point
// (num·g, g², v) has affine X coordinate x and is on the curve. On the
// curve isomorphic by dividing every Z by v it is the affine point
// (num·g, g²); Mul computes (X, Y, Z) = k·(num·g, g²) there (its formulas do
// not involve the curve constant), which is (X, Y, Z·v) on secp256k1, whose
// X coordinate is X/(Z²·v²) = X/(Z²·den·g). v itself is never needed.
func MulXOnly(r, num, den *field.Element, k *scalar.Scalar, knownOnCurve bool) bool {
	var g, t field.Element
	g.Square(num)
	g.Mul(&g, num) // num³ (1)
	if den != nil {
		t.Square(den)
		t.MulInt(&t, 7)
		t.Mul(&t, den) // 7·den³ (1)
		g.Add(&g, &t)  // g (2)
		if !knownOnCurve {
			// x³ + 7 is a square iff (x³ + 7)·den⁴ = g·den is.
			t.Mul(&g, den)
			if t.IsSquareVar() == 0 {
				return false
			}
		}
	} else {
		t.SetInt(7)
		g.Add(&g, &t) // g = x³ + 7 (2)
		if !knownOnCurve && g.IsSquareVar() == 0 {
			return false
		}
	}
	var p group.Affine
	p.X.Mul(&g, num)
	p.Y.Square(&g)
	var rj group.Jacobian
	Mul(&rj, &p, k)
	// X/(Z²·g·den). When k·P is infinity the denominator is replaced by 0
	// (conditional move), and Invert(0) = 0 gives r = 0.
	var zero field.Element
	t.Square(&rj.Z)
	t.Mul(&t, &g)
	if den != nil {
		t.Mul(&t, den)
	}
	t.CMove(&zero, rj.Infinity)
	t.Invert(&t)
	r.Mul(&rj.X, &t)
	return true
}
