package group

import "github.com/p256k1/p256k1/internal/field"

// OddMultiplesGlobalZ sets pre[j] to (2·j + 1)·a for j < len(pre), all
// relative to one Z: the point (pre[j].X·z², pre[j].Y·z³) with z = 1/globalZ
// is (2·j + 1)·a. a must be finite, on the curve, with magnitudes X, Y ≤ 4;
// len(pre) ≤ 32 (so that no intermediate sum is exceptional). Entries get
// Y magnitude 1 and X magnitude 1 (the last entry's X: 4); globalZ gets
// magnitude 1. Cost: a doubling, 3 mul, 1 sqr, then 5 mul, 2 sqr per entry,
// plus TableSetGlobalZ (against 8 mul, 3 sqr per entry by mixed additions).
// Constant time; the variable-time engine (ecmult) uses it too.
//
// a may also be the (X, Y) of a Jacobian point with Z ≠ 1 taken as an
// affine point of the curve y² = x³ + 7·Z⁶, which is isomorphic to
// secp256k1 by (X, Y, Z') ↦ (X, Y, Z'·Z); the doubling and co-Z formulas
// below do not involve the curve's constant, so the table is then right on
// secp256k1 once the caller multiplies globalZ by Z.
//
// The multiples are computed with co-Z additions (N. Meloni, "New point
// addition formulae for ECC applications", WAIFI 2007): when P1 and P2
// share their Z, P1 + P2 and a new representation of P1 sharing the
// result's Z cost 4 mul and 2 sqr, and the Z ratio between consecutive
// results is X1 − X2. Adding 2·a over and over to a, each sum and the
// updated 2·a share their Z, ready for the next step.
func OddMultiplesGlobalZ(pre []Affine, globalZ *field.Element, a *Affine) {
	var zr [32]field.Element
	// d = 2·a in Jacobian coordinates. On the isomorphic curve where every Z
	// is divided by d.Z, d is (d.X, d.Y, 1) and a is (a.X·d.Z², a.Y·d.Z³, 1):
	// they share Z = 1.
	var d Jacobian
	d.SetAffine(a)
	d.Double(&d)
	var z2, z3, x, y, z field.Element
	z2.Square(&d.Z)
	z3.Mul(&z2, &d.Z)
	x.Mul(&a.X, &z2) // (1)
	y.Mul(&a.Y, &z3) // (1)
	z.Set(&d.Z)      // Z of the current entry on secp256k1
	pre[0].X, pre[0].Y = x, y
	dx, dy := &d.X, &d.Y // (≤ 3)
	mx, my := 1, 1       // magnitude bounds of x and y
	for i := 1; i < len(pre); i++ {
		// (dx, dy) + (x, y), sharing Z.
		var h, c, w1, w2, yd, t field.Element
		h.Sub(dx, &x, mx)  // H = X1 − X2 (≤ 6); the new Z is Z·H
		yd.Sub(dy, &y, my) // Y1 − Y2 (≤ 5)
		c.Square(&h)       // H² (1)
		w1.Mul(dx, &c)     // W1 = X1·H² (1): 2·a's new X
		w2.Mul(&x, &c)     // W2 = X2·H² (1)
		c.Sub(&w1, &w2, 1) // W1 − W2 (3)
		dy.Mul(dy, &c)     // A1 = Y1·(W1 − W2) (1): 2·a's new Y
		dx.Set(&w1)        // (1)
		t.Add(&w1, &w2)    // (2)
		x.Square(&yd)      // (Y1 − Y2)² (1)
		x.Sub(&x, &t, 2)   // X3 = (Y1 − Y2)² − W1 − W2 (4)
		t.Sub(&w1, &x, 4)  // W1 − X3 (6)
		y.Mul(&yd, &t)     // (1)
		y.Sub(&y, dy, 1)   // Y3 = (Y1 − Y2)·(W1 − X3) − A1 (3)
		mx, my = 4, 3
		z.Mul(&z, &h)
		zr[i] = h
		pre[i].X, pre[i].Y = x, y
	}
	globalZ.Set(&z)
	TableSetGlobalZ(pre, zr[:len(pre)])
}
