package group

import "github.com/p256k1/p256k1/internal/field"

// Numbers in parentheses in the comments below are the magnitudes of the
// values just computed, given the input bounds of the package documentation.

// Double sets r = 2·a and returns r. Constant time; infinity is handled by
// carrying the flag (on secp256k1 2·a is infinity only if a is), so a's
// flag is copied and its coordinates are processed like any others.
// Output magnitudes: X ≤ 3, Y ≤ 3, Z 1. Cost: 3 mul, 4 sqr.
func (r *Jacobian) Double(a *Jacobian) *Jacobian {
	if useAsm {
		doubleAsm(r, a)
		return r
	}
	return r.doubleGeneric(a)
}

// doubleGeneric is Double in Go: the reference for doubleAsm.
func (r *Jacobian) doubleGeneric(a *Jacobian) *Jacobian {
	// With L = (3/2)·X², S = Y², T = −X·S:
	//   X3 = L² + 2·T,  Y3 = −(L·(X3 + T) + S²),  Z3 = Y·Z.
	// This is the usual tangent-line doubling (λ = 3x²/2y) with the factor
	// 2 moved out of Z3 by the isomorphism (X, Y, Z) ~ (4X, 8Y, 2Z).
	var l, s, t field.Element
	r.Infinity = a.Infinity
	s.Square(&a.Y)      // S = Y² (1)
	l.Square(&a.X)      // X² (1)
	l.MulInt(&l, 3)     // 3·X² (3)
	l.Half(&l)          // L = 3/2·X² (2)
	t.Negate(&s, 1)     // −S (2)
	t.Mul(&t, &a.X)     // T = −X·S (1)
	r.Z.Mul(&a.Z, &a.Y) // Z3 = Y·Z (1); a.Y, a.Z are not read again
	r.X.Square(&l)      // L² (1)
	r.X.Add(&r.X, &t)   // L² + T (2)
	r.X.Add(&r.X, &t)   // X3 = L² + 2·T (3)
	s.Square(&s)        // S² (1)
	t.Add(&t, &r.X)     // X3 + T (4)
	r.Y.Mul(&t, &l)     // L·(X3 + T) (1)
	r.Y.Add(&r.Y, &s)   // L·(X3 + T) + S² (2)
	r.Y.Negate(&r.Y, 2) // Y3 (3)
	return r
}

// DoubleVar sets r = 2·a and returns r, branching on whether a is infinity.
// If rzr is not nil it receives the ratio r.Z / a.Z (which is a.Y,
// magnitude 1), or 1 if a is infinity. Output magnitudes as Double.
// Variable time.
//
// On secp256k1 2·a is infinity only when a is (no point has y = 0, since
// −7 is not a cube modulo p), so no other case needs handling.
func (r *Jacobian) DoubleVar(a *Jacobian, rzr *field.Element) *Jacobian {
	if a.Infinity != 0 {
		if rzr != nil {
			rzr.One()
		}
		return r.SetInfinity()
	}
	if rzr != nil {
		rzr.Set(&a.Y).NormalizeWeak()
	}
	return r.Double(a)
}

// addTail finishes a Jacobian addition whose U1, S1 (the first point's
// coordinates scaled to the common denominator; magnitudes ≤ 4), H = U2 − U1
// and I = S1 − S2 (magnitudes ≤ 8, H nonzero) are known, and whose Z3 has
// been set already: it sets r.X and r.Y. u1 may alias r.X and s1 may alias
// r.Y. Output magnitudes: X 4, Y 2.
//
//	X3 = I² − H³ − 2·U1·H²,  Y3 = I·(X3 − U1·H²) − S1·H³.
//
// (Usually written with R = S2 − S1 = −I: Y3 = R·(U1·H² − X3) − S1·H³.)
func addTail(r *Jacobian, u1, s1, h, i *field.Element) {
	var h2, h3, t field.Element
	h2.Square(h)
	h2.Negate(&h2, 1) // −H² (2)
	h3.Mul(&h2, h)    // −H³ (1)
	t.Mul(u1, &h2)    // −U1·H² (1); u1 is not read again
	r.X.Square(i)     // I² (1)
	r.X.Add(&r.X, &h3)
	r.X.Add(&r.X, &t)
	r.X.Add(&r.X, &t)  // X3 = I² − H³ − 2·U1·H² (4)
	h3.Mul(&h3, s1)    // −S1·H³ (1); s1 is not read again
	t.Add(&t, &r.X)    // X3 − U1·H² (5)
	r.Y.Mul(&t, i)     // (1)
	r.Y.Add(&r.Y, &h3) // Y3 (2)
}

// AddVar sets r = a + b and returns r, for any a and b (infinity, equal or
// opposite points are handled by branching). If rzr is not nil it receives
// the ratio r.Z / a.Z: 1 if b is infinity, 0 if the result is infinity
// while a is not; a must not be infinity when rzr is used (rzr is then left
// unchanged); rzr gets magnitude 1. Output magnitudes: X ≤ 4, Y ≤ 4, Z 1
// (or copies of an input). Cost: 12 mul, 4 sqr. Variable time.
func (r *Jacobian) AddVar(a, b *Jacobian, rzr *field.Element) *Jacobian {
	if a.Infinity != 0 {
		return r.Set(b)
	}
	if b.Infinity != 0 {
		if rzr != nil {
			rzr.One()
		}
		return r.Set(a)
	}
	if useAsm && addVarAsm(r, a, b, rzr) != 0 {
		r.Infinity = 0
		return r
	}
	var z22, z12, u1, u2, s1, s2, h, i field.Element
	z22.Square(&b.Z)
	z12.Square(&a.Z)
	u1.Mul(&a.X, &z22) // U1 = X1·Z2² (1)
	u2.Mul(&b.X, &z12) // U2 = X2·Z1² (1)
	s1.Mul(&a.Y, &z22)
	s1.Mul(&s1, &b.Z) // S1 = Y1·Z2³ (1)
	s2.Mul(&b.Y, &z12)
	s2.Mul(&s2, &a.Z)  // S2 = Y2·Z1³ (1)
	h.Sub(&u2, &u1, 1) // H = U2 − U1 (3)
	i.Sub(&s1, &s2, 1) // I = S1 − S2 (3)
	if h.NormalizesToZeroVar() {
		if i.NormalizesToZeroVar() {
			return r.DoubleVar(a, rzr)
		}
		if rzr != nil {
			rzr.Zero()
		}
		return r.SetInfinity()
	}
	var t field.Element
	t.Mul(&h, &b.Z) // H·Z2 (1)
	if rzr != nil {
		rzr.Set(&t)
	}
	r.Z.Mul(&a.Z, &t) // Z3 = Z1·Z2·H (1)
	r.Infinity = 0
	addTail(r, &u1, &s1, &h, &i)
	return r
}

// AddAffineVar sets r = a + b and returns r, for any a and b (infinity, equal
// or opposite points are handled by branching). If rzr is not nil it
// receives the ratio r.Z / a.Z: 1 if b is infinity, 0 if the result is
// infinity while a is not; a must not be infinity when rzr is used (rzr is
// then left unchanged); rzr gets magnitude 1. Output magnitudes: X ≤ 4,
// Y ≤ 4, Z 1 (or copies of an input). Cost: 8 mul, 3 sqr. Variable time.
func (r *Jacobian) AddAffineVar(a *Jacobian, b *Affine, rzr *field.Element) *Jacobian {
	if a.Infinity != 0 {
		return r.SetAffine(b)
	}
	if b.Infinity != 0 {
		if rzr != nil {
			rzr.One()
		}
		return r.Set(a)
	}
	if useAsm && addAffineVarAsm(r, a, b, rzr) != 0 {
		r.Infinity = 0
		return r
	}
	var z12, u2, s2, h, i field.Element
	z12.Square(&a.Z)
	u2.Mul(&b.X, &z12) // U2 = X2·Z1² (1)
	s2.Mul(&b.Y, &z12)
	s2.Mul(&s2, &a.Z)   // S2 = Y2·Z1³ (1)
	h.Sub(&u2, &a.X, 4) // H = U2 − X1 (6)
	i.Sub(&a.Y, &s2, 1) // I = Y1 − S2 (6)
	if h.NormalizesToZeroVar() {
		if i.NormalizesToZeroVar() {
			return r.DoubleVar(a, rzr)
		}
		if rzr != nil {
			rzr.Zero()
		}
		return r.SetInfinity()
	}
	if rzr != nil {
		rzr.Set(&h).NormalizeWeak()
	}
	r.Z.Mul(&a.Z, &h) // Z3 = Z1·H (1)
	r.Infinity = 0
	addTail(r, &a.X, &a.Y, &h, &i)
	return r
}

// AddZInvVar sets r = a + b' and returns r, where b' is the point whose
// Jacobian coordinates are (b.X, b.Y, 1/bzinv): b holds the X and Y of a
// Jacobian point and bzinv the inverse of its Z (magnitude ≤ 8). This is how "effective affine" tables, whose entries share one
// implied Z, are added without converting them. If a is infinity the result
// is b' in affine form (b.X·bzinv², b.Y·bzinv³, 1). Output magnitudes as
// AddAffineVar. Cost: 9 mul, 3 sqr. Variable time.
func (r *Jacobian) AddZInvVar(a *Jacobian, b *Affine, bzinv *field.Element) *Jacobian {
	if a.Infinity != 0 {
		var bz2, bz3 field.Element
		bz2.Square(bzinv)
		bz3.Mul(&bz2, bzinv)
		r.Infinity = b.Infinity
		r.X.Mul(&b.X, &bz2)
		r.Y.Mul(&b.Y, &bz3)
		r.Z.One()
		return r
	}
	if b.Infinity != 0 {
		return r.Set(a)
	}
	if useAsm && addZInvVarAsm(r, a, b, bzinv) != 0 {
		r.Infinity = 0
		return r
	}
	// Scaling all Z coordinates by the same factor is an isomorphism of the
	// curve equation y² = x³ + 7 (it has no x term), so
	//   (X3, Y3, Z3·bzinv) = (X1, Y1, Z1·bzinv) + (X2, Y2, 1):
	// compute with az = Z1·bzinv in place of Z1, and leave the bzinv factor
	// out of Z3.
	var az, z12, u2, s2, h, i field.Element
	az.Mul(&a.Z, bzinv)
	z12.Square(&az)
	u2.Mul(&b.X, &z12) // U2 (1)
	s2.Mul(&b.Y, &z12)
	s2.Mul(&s2, &az)    // S2 (1)
	h.Sub(&u2, &a.X, 4) // H = U2 − X1 (6)
	i.Sub(&a.Y, &s2, 1) // I = Y1 − S2 (6)
	if h.NormalizesToZeroVar() {
		if i.NormalizesToZeroVar() {
			return r.DoubleVar(a, nil)
		}
		return r.SetInfinity()
	}
	r.Z.Mul(&a.Z, &h) // Z3 = Z1·H (1)
	r.Infinity = 0
	addTail(r, &a.X, &a.Y, &h, &i)
	return r
}

// AddAffine sets r = a + b in constant time and returns r. b must be a
// finite point (b.Infinity == 0; an infinite b gives a wrong result). a may
// be anything: infinity (the result is then b), equal to b (the result is
// 2·b), −b (the result is infinity), or any other point. Output magnitudes:
// X ≤ 4, Y ≤ 4, Z 1. Cost: 7 mul, 5 sqr.
//
// The formula is the unified addition/doubling of Brier and Joye
// ("Weierstrass Elliptic Curves and Side-Channel Attacks", PKC 2002), as in
// libsecp256k1's secp256k1_gej_add_ge: with x1, x2 the X coordinates and
// y1, y2 the Y coordinates,
//
//	λ = ((x1 + x2)² − x1·x2) / (y1 + y2),
//	x3 = λ² − (x1 + x2),  2·y3 = λ·(x1 + x2 − 2·x3) − (y1 + y2).
//
// In Jacobian terms, with U1 = X1·Z2², U2 = X2·Z1², S1 = Y1·Z2³,
// S2 = Y2·Z1³ (here Z2 = 1), T = U1 + U2, M = S1 + S2, R = T² − U1·U2,
// Q = −T·M²:
//
//	X3 = R² + Q,  Y3 = −(R·(2·X3 + Q) + M⁴)/2,  Z3 = M·Z1.
//
// It fails only when y1 = −y2. If also x1 = x2 (a = −b) the answer is
// infinity, which Z3 = M·Z1 = 0 reveals. Otherwise x1 ≠ x2 with x1³ = x2³
// (x2 = β·x1 or β²·x1, which happens since 1 has nontrivial cube roots and
// the curve has no x term); then R = M = 0 and the alternative
// λ = (y1 − y2)/(x1 − x2), equal wherever both are defined, is selected by
// conditional moves (R ← 2·S1, M ← U1 − U2). When M = 0, M⁴ is replaced by
// M³·Malt = 0, again by a conditional move. Finally, if a is infinity the
// computed values are replaced by (b.X, b.Y, 1).
func (r *Jacobian) AddAffine(a *Jacobian, b *Affine) *Jacobian {
	if useAsm {
		addAffineAsm(r, a, b)
		return r
	}
	return r.addAffineGeneric(a, b)
}

// addAffineGeneric is AddAffine in Go: the reference for addAffineAsm.
func (r *Jacobian) addAffineGeneric(a *Jacobian, b *Affine) *Jacobian {
	// Ten temporaries, reused under the names of the quantities they hold:
	// zz later holds N, s2 holds −U1·U2, u2 holds Q.
	var zz, u1, u2, s1, s2, t, m, rr, mAlt, rrAlt field.Element
	aInf := a.Infinity
	zz.Square(&a.Z)              // Z1² (1)
	u1.Set(&a.X).NormalizeWeak() // U1 = X1 (1)
	u2.Mul(&b.X, &zz)            // U2 = X2·Z1² (1)
	s1.Set(&a.Y).NormalizeWeak() // S1 = Y1 (1)
	s2.Mul(&b.Y, &zz)
	s2.Mul(&s2, &a.Z)   // S2 = Y2·Z1³ (1)
	t.Add(&u1, &u2)     // T = U1 + U2 (2)
	m.Add(&s1, &s2)     // M = S1 + S2 (2)
	rr.Square(&t)       // T² (1)
	mAlt.Negate(&u2, 1) // −U2 (2)
	s2.Mul(&u1, &mAlt)  // −U1·U2 (1)
	rr.Add(&rr, &s2)    // R = T² − U1·U2 (2)
	// R = M = 0 (λ = 0/0) only when y1 = −y2 and x1³ = x2³ with x1 ≠ x2
	// (a finite); when a = −b, R ≠ 0 or Z3 = 0 catches it below.
	degenerate := m.NormalizesToZero() & rr.NormalizesToZero()
	rrAlt.MulInt(&s1, 2) // Ralt = 2·S1 = S1 − S2 when degenerate (2)
	mAlt.Add(&mAlt, &u1) // Malt = U1 − U2 (3)
	rrAlt.CMove(&rr, degenerate^1)
	mAlt.CMove(&m, degenerate^1)
	// Ralt/Malt is now λ, never 0/0 for finite inputs; M is still S1 + S2.
	n, q := &zz, &u2
	n.Square(&mAlt) // Malt² (1)
	q.Negate(&t, 2) // −T (3)
	q.Mul(q, n)     // Q = −T·Malt² (1)
	// Either M = Malt or M = 0, so M³·Malt is Malt⁴ or 0.
	n.Square(n)             // Malt⁴ (1)
	n.CMove(&m, degenerate) // M³·Malt (≤ 2)
	t.Square(&rrAlt)        // Ralt² (1)
	r.Z.Mul(&a.Z, &mAlt)    // Z3 = Malt·Z1 (1); a.Z is not read again
	inf := r.Z.NormalizesToZero() & (aInf ^ 1)
	t.Add(&t, q)      // X3 = Ralt² + Q (2)
	r.X.Set(&t)       // a.X is not read again
	t.MulInt(&t, 2)   // 2·X3 (4)
	t.Add(&t, q)      // 2·X3 + Q (5)
	t.Mul(&t, &rrAlt) // Ralt·(2·X3 + Q) (1)
	t.Add(&t, n)      // Ralt·(2·X3 + Q) + M³·Malt (3)
	r.Y.Negate(&t, 3) // (4)
	r.Y.Half(&r.Y)    // Y3 (3)
	r.X.CMove(&b.X, aInf)
	r.Y.CMove(&b.Y, aInf)
	r.Z.CMove(&feOne, aInf)
	r.Infinity = inf
	return r
}

// AddAffineNegVar sets r = a + b, or r = a − b if neg, and returns r: the
// table additions of a variable-time multiplication, which keep only the
// positive multiples. b.Y must have magnitude ≤ 1 (it is negated with that
// bound). Otherwise as AddAffineVar without rzr. Variable time.
func (r *Jacobian) AddAffineNegVar(a *Jacobian, b *Affine, neg bool) *Jacobian {
	if useAsm && a.Infinity == 0 && b.Infinity == 0 && addAffineNegVarAsm(r, a, b, bool2int(neg)) != 0 {
		r.Infinity = 0
		return r
	}
	t := *b
	if neg {
		t.Y.Negate(&b.Y, 1)
	}
	return r.AddAffineVar(a, &t, nil)
}

// AddStorageZInvVar sets r = a + b' and returns r, where b' is the point s
// (storage form), or its negation if neg, with the implied Z 1/bzinv of
// AddZInvVar: the additions of fixed-table points in a variable-time
// multiplication on the "effective affine" curve. Otherwise as AddZInvVar.
// Variable time.
func (r *Jacobian) AddStorageZInvVar(a *Jacobian, s *AffineStorage, neg bool, bzinv *field.Element) *Jacobian {
	if useAsm && a.Infinity == 0 && addStorageZInvVarAsm(r, a, s, bool2int(neg), bzinv) != 0 {
		r.Infinity = 0
		return r
	}
	var t Affine
	t.FromStorage(s)
	if neg {
		t.Y.Negate(&t.Y, 1)
	}
	return r.AddZInvVar(a, &t, bzinv)
}

// bool2int is 1 for true and 0 for false (public flags only).
func bool2int(b bool) int {
	if b {
		return 1
	}
	return 0
}
