package curve

import (
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// addJacobianRef is the first form of addJacobian (the sum and the doubling
// computed separately, then selected), kept as a test reference.
// addJacobianRef sets r = a + b for Jacobian points whose exact infinity flags
// are aInf and bInf (their Infinity fields are not read). r may alias a or
// b. Constant time.
func addJacobianRef(r, a *group.Jacobian, aInf int, b *group.Jacobian, bInf int) {
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

// TestAddSpecialCases drives the unified addition through each of its
// cases — a + b, a + a, a − a, a + identity, and the degenerate pairs
// b = −λ·a and b = −λ²·a (S1 = −S2 with U1 ≠ U2, where R = M = 0) — in
// random Jacobian representations, against the reference formula and
// internal/reference.
func TestAddSpecialCases(t *testing.T) {
	rng := newRNG(t)
	lambda := func(p reference.Point) reference.Point {
		return reference.ScalarMult(reference.Lambda, p)
	}
	for i := range 200 {
		ra, _ := randomRef(rng)
		var rb reference.Point
		switch i % 7 {
		case 0:
			rb, _ = randomRef(rng)
		case 1:
			rb = ra
		case 2:
			rb = reference.Neg(ra)
		case 3:
			rb = reference.Neg(lambda(ra))
		case 4:
			rb = reference.Neg(lambda(lambda(ra)))
		case 5:
			rb = lambda(ra) // U1³ = U2³ but S1 = S2: the ordinary formula
		case 6:
			rb = reference.Infinity()
		}
		a, b := pointOfRef(t, ra, rng), pointOfRef(t, rb, rng)
		want := reference.Add(ra, rb)
		var r, ref Point
		r.Add(a, b)
		addJacobianRef(&ref.p, &a.p, a.isInf(), &b.p, b.isInf())
		if !samePoint(&r, want) || r.Equal(&ref) != 1 {
			t.Fatalf("case %d: a + b wrong", i%7)
		}
		r.Add(b, a)
		if !samePoint(&r, want) {
			t.Fatalf("case %d: b + a wrong", i%7)
		}
		if i%7 == 3 || i%7 == 4 {
			// The degenerate pair really is one: x³ equal, y opposite.
			x3a := new(big.Int).Exp(ra.X, big.NewInt(3), bigP)
			x3b := new(big.Int).Exp(rb.X, big.NewInt(3), bigP)
			if x3a.Cmp(x3b) != 0 || ra.X.Cmp(rb.X) == 0 || new(big.Int).Add(ra.Y, rb.Y).Cmp(bigP) != 0 {
				t.Fatal("not a degenerate pair")
			}
		}
	}
}
