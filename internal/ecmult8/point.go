package ecmult8

import "github.com/p256k1/p256k1/internal/field8"

// Jacobian8 is eight points in Jacobian coordinates (X/Z², Y/Z³), one per
// lane. It has no infinity flag: the engine never forms the point at
// infinity on purpose, and a lane whose Z becomes 0 (an addition of a point
// to itself or to its negation) is detected at the end and recomputed by
// the one-at-a-time code.
type Jacobian8 struct {
	X, Y, Z field8.Element
}

// Affine8 is eight affine points, one per lane.
type Affine8 struct {
	X, Y field8.Element
}

// scratch is the intermediates of the assembly point operations.
type scratch [12]field8.Element

// Double sets r = 2·a in every lane and returns r: dbl-2009-l of the
// Explicit-Formulas Database (a = 0), with two weak normalizations that keep
// every input of a multiplication at magnitude ≤ 8. Input magnitudes: X ≤ 6,
// Y ≤ 3, Z ≤ 1; output: 1, 1, 1. A lane with Z = 0 keeps Z = 0. r may alias
// a. Constant time.
func (r *Jacobian8) Double(a *Jacobian8) *Jacobian8 {
	var s scratch
	return r.double(a, &s)
}

// double is Double with the caller's scratch memory (a local scratch is
// 3.8 KiB to clear on every call).
func (r *Jacobian8) double(a *Jacobian8, s *scratch) *Jacobian8 {
	if useAsm {
		doubleAsm(r, a, s)
		return r
	}
	doubleGeneric(r, a, s)
	return r
}

// DoubleN doubles r n ≥ 1 times in place and returns r.
func (r *Jacobian8) DoubleN(n int) *Jacobian8 {
	var s scratch
	return r.doubleN(n, &s)
}

func (r *Jacobian8) doubleN(n int, s *scratch) *Jacobian8 {
	if useAsm {
		doubleNAsm(r, n, s)
		return r
	}
	for i := 0; i < n; i++ {
		doubleGeneric(r, r, s)
	}
	return r
}

// AddAffine sets r = a + b in every lane and returns r, for b with X of
// magnitude 1 and Y ≤ 2: libsecp256k1's gej_add_ge_var formulas without the
// special cases. Where a lane has a = ±b, or Z = 0 already, its Z comes out
// 0 (Z3 = Z1·h). Input magnitudes: X ≤ 6, Y ≤ 3, Z ≤ 1; output: X ≤ 5,
// Y ≤ 3, Z 1. r may alias a. Constant time.
func (r *Jacobian8) AddAffine(a *Jacobian8, b *Affine8) *Jacobian8 {
	var s scratch
	return r.addAffine(a, b, &s)
}

func (r *Jacobian8) addAffine(a *Jacobian8, b *Affine8, s *scratch) *Jacobian8 {
	if useAsm {
		addAffineAsm(r, a, b, s)
		return r
	}
	addAffineGeneric(r, a, b, s)
	return r
}

// doubleGeneric is pointDouble of ../../_asm/field8.go, operation for
// operation.
func doubleGeneric(r, a *Jacobian8, s *scratch) {
	s[0].Square(&a.Y)              // B = Y²
	s[1].Square(&a.X)              // A = X²
	s[2].Square(&s[0])             // C = B²
	s[3].Add(&a.X, &s[0])          // X + B (≤ 7)
	s[3].Square(&s[3])             // (X + B)²
	s[4].Add(&s[1], &s[2])         // A + C (2)
	s[3].Sub(&s[3], &s[4], 2)      // D/2 (4)
	s[3].NormalizeWeak()           // (1)
	s[5].MulInt(&s[1], 3)          // E = 3A (3)
	s[6].Square(&s[5])             // F = E²
	s[7].Add(&a.Y, &a.Y)           // 2Y (≤ 6)
	r.Z.Mul(&s[7], &a.Z)           // Z3 = 2YZ
	s[4].MulInt(&s[3], 4)          // 2D (4)
	s[6].Sub(&s[6], &s[4], 4)      // F − 2D (6)
	r.X.Set(&s[6]).NormalizeWeak() // X3 (1)
	s[4].Add(&s[3], &s[3])         // D (2)
	s[4].Sub(&s[4], &r.X, 1)       // D − X3 (4)
	s[4].Mul(&s[5], &s[4])         // E·(D − X3)
	s[2].MulInt(&s[2], 8)          // 8C (8)
	s[4].Sub(&s[4], &s[2], 8)      // (10)
	r.Y.Set(&s[4]).NormalizeWeak() // Y3 (1)
}

// addAffineGeneric is pointAddAffine of ../../_asm/field8.go, operation for
// operation.
func addAffineGeneric(r, a *Jacobian8, b *Affine8, s *scratch) {
	s[0].Square(&a.Z)          // z12
	s[1].Mul(&b.X, &s[0])      // u2
	s[2].Mul(&b.Y, &s[0])      //
	s[2].Mul(&s[2], &a.Z)      // s2
	s[3].Sub(&s[1], &a.X, 6)   // h (8)
	s[4].Sub(&s[2], &a.Y, 3)   // i (5)
	s[5].Mul(&a.Z, &s[3])      // Z3
	s[6].Square(&s[3])         // h2
	s[7].Mul(&s[3], &s[6])     // h3
	s[8].Mul(&a.X, &s[6])      // t
	s[9].Square(&s[4])         // i²
	s[10].Add(&s[8], &s[8])    // 2t (2)
	s[10].Add(&s[10], &s[7])   // h3 + 2t (3)
	s[9].Sub(&s[9], &s[10], 3) // X3 (5)
	s[10].Sub(&s[8], &s[9], 5) // t − X3 (7)
	s[10].Mul(&s[4], &s[10])   // i·(t − X3)
	s[11].Mul(&a.Y, &s[7])     // Y1·h3
	r.Y.Sub(&s[10], &s[11], 1) // Y3 (3)
	r.X.Set(&s[9])
	r.Z.Set(&s[5])
}

// Add sets r = a + b in every lane for two Jacobian inputs (X ≤ 6, Y ≤ 3,
// Z ≤ 1), libsecp256k1's gej_add_var formulas without the special cases
// (Z3 = 0 where a = ±b). Output: X ≤ 5, Y ≤ 3, Z 1. Used to build the
// tables of odd multiples; r may alias a or b. Constant time.
func (r *Jacobian8) Add(a, b *Jacobian8) *Jacobian8 {
	var z22, z12, u1, u2, s1, s2, h, i, h2, h3, t, x3, y3, z3 field8.Element
	z22.Square(&b.Z)
	z12.Square(&a.Z)
	u1.Mul(&a.X, &z22)
	u2.Mul(&b.X, &z12)
	s1.Mul(&a.Y, &z22).Mul(&s1, &b.Z)
	s2.Mul(&b.Y, &z12).Mul(&s2, &a.Z)
	h.Sub(&u2, &u1, 1) // (3)
	i.Sub(&s2, &s1, 1) // (3)
	z3.Mul(&a.Z, &b.Z).Mul(&z3, &h)
	h2.Square(&h)
	h3.Mul(&h, &h2)
	t.Mul(&u1, &h2)
	x3.Square(&i)
	u1.Add(&t, &t).Add(&u1, &h3) // (3)
	x3.Sub(&x3, &u1, 3)          // (5)
	y3.Sub(&t, &x3, 5)           // (7)
	y3.Mul(&y3, &i)
	s1.Mul(&s1, &h3)
	y3.Sub(&y3, &s1, 1) // (3)
	r.X, r.Y, r.Z = x3, y3, z3
	return r
}
