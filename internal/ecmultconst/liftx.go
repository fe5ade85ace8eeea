package ecmultconst

import (
	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// MulLiftX sets rx, ry to the normalized affine coordinates of k·P, where P
// is the point with X coordinate x and a Y coordinate of parity odd (0 or
// 1): the point of a 33-byte compressed key 0x02+odd ‖ x. It returns 1, or
// 0 if x is not the X coordinate of a curve point (rx and ry are then set to
// zero). x must be below p (normalized, as field.Element.SetBytes leaves it
// when it reports no overflow); k must be nonzero and below n.
//
// It computes what decompressing P (a square root), Mul and a conversion to
// affine coordinates (an inversion) compute, with one exponentiation in
// place of the square root and the inversion: on the curve isomorphic by
// the unknown y (MulXOnly's method: A = x³ + 7, P ~ (x·A, A²) with Z = y,
// so that Mul runs without y), Mul gives (X, Y, W) with k·P = (X, Y, W·y).
// Then E = (A·W⁴)^((p−3)/4) = v/(A·W²) for the root v = A^((p+1)/4) of A:
// v = E·A·W² is P's y up to sign (x is on the curve iff v² = A), and E·W =
// 1/(W·v), so k·P = (X·(E·W)², ±Y·(E·W)³), the sign negative when v's parity
// is not odd. libsecp256k1 decompresses, multiplies and inverts; this saves
// the inversion.
//
// Constant time in k and in the result. x and odd are public, and so is the
// answer: it depends on x alone (v = A^((p+1)/4) whatever k), though it is
// computed from values that depend on k, so a constant-time check that
// taints secrets (internal/ctime) must be told it is public before a caller
// branches on it.
func MulLiftX(rx, ry, x *field.Element, odd int, k *scalar.Scalar) int {
	var a, t field.Element
	a.Square(x).Mul(&a, x)
	t.SetInt(7)
	a.Add(&a, &t) // A = x³ + 7 (2)

	// k·(x·A, A²) on the curve y² = x³ + 7·A³ (Mul's formulas do not
	// involve the constant; for a non-square A this is the quadratic twist,
	// computed without a branch and then rejected).
	var p group.Affine
	p.X.Mul(&a, x)
	p.Y.Square(&a)
	var r group.Jacobian
	Mul(&r, &p, k)

	// E = (A·W⁴)^((p−3)/4); when k·P came out as infinity (only on the
	// twist), W = 0 and so E = 0 and v = 0, which fails the check below.
	var w2, e field.Element
	w2.Square(&r.Z)
	t.Square(&w2).Mul(&t, &a)
	invSqrt(&e, &t)

	// v = E·A·W², P's y up to sign; x is on the curve iff v² = A.
	var v field.Element
	v.Mul(&e, &a).Mul(&v, &w2)
	t.Square(&v)
	ok := t.Equal(&a)
	v.Normalize()
	neg := v.IsOdd() ^ odd&1

	// I = E·W = 1/(W·v); x = X·I², y = ±Y·I³.
	var i, i2 field.Element
	i.Mul(&e, &r.Z)
	i2.Square(&i)
	rx.Mul(&r.X, &i2).Normalize()
	i.Mul(&i, &i2)
	ry.Mul(&r.Y, &i).Normalize()
	t.Negate(ry, 1).Normalize()
	ry.CMove(&t, neg)

	// Zero for an x off the curve.
	var zero field.Element
	rx.CMove(&zero, ok^1)
	ry.CMove(&zero, ok^1)

	r.Clear()
	for _, f := range [...]*field.Element{&a, &t, &w2, &e, &v, &i, &i2} {
		f.Zero()
	}
	return ok
}

// invSqrt sets r = a^((p−3)/4), in the 4×64 form where fe4 has its
// kernels. Constant time.
func invSqrt(r, a *field.Element) {
	if !fe4.Enabled {
		r.InvSqrt(a)
		return
	}
	var f fe4.Element
	f.FromField(a)
	fe4.InvSqrt(&f, &f)
	f.ToField(r)
}
