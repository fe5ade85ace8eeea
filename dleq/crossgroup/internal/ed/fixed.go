package ed

import (
	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
)

// BaseTable is a precomputed table for constant-time multiplication of a
// fixed point B by a secret scalar: row i holds j·256^i·B for j = 1…8, in
// affine cached form. 32 rows × 8 entries × 120 bytes = 30 KiB.
//
// The scalar s < 2^253 is written in 64 signed radix-16 digits
// e_k ∈ [−8, 8), s = Σ e_k·16^k (the last digit in [−8, 8]), and
// s·B = Σ_{k odd} e_k·16^(k−1)·B·16 + Σ_{k even} e_k·16^k·B: the odd digits
// are summed from the table rows (16^(k−1) = 256^((k−1)/2)), the sum is
// multiplied by 16 with four doublings, and the even digits are added.
// That is 64 additions and 4 doublings, the method of ref10 and of
// edwards25519's ScalarBaseMult, here for any base point.
type BaseTable [32][8]affineCached

// NewBaseTable returns the table of b. Variable time in b (a table is
// built for a public point, once).
func NewBaseTable(b *Point) *BaseTable {
	t := new(BaseTable)
	var pts [8]Point
	var zi [8]field.Element
	var row Point
	row.Set(b)
	for i := range t {
		pts[0].Set(&row)
		for j := 1; j < 8; j++ {
			pts[j].Add(&pts[j-1], &row)
		}
		toAffineCached(t[i][:], pts[:], zi[:])
		// row = 256·row = 32·(8·row) = 32·pts[7].
		row.Double(&pts[7])
		for range 4 {
			row.Double(&row)
		}
	}
	return t
}

// toAffineCached sets out[i] to the affine cached form of pts[i], with one
// inversion (zi is scratch of the same length).
func toAffineCached(out []affineCached, pts []Point, zi []field.Element) {
	BatchInvertZ(zi, pts)
	for i := range pts {
		var x, y field.Element
		x.Multiply(&pts[i].X, &zi[i])
		y.Multiply(&pts[i].Y, &zi[i])
		out[i].fromAffine(&x, &y)
	}
}

// radix16 writes the 64 signed radix-16 digits of s: e[k] ∈ [−8, 8) for
// k < 63 and e[63] ∈ [−8, 8], with s = Σ e[k]·16^k. Constant time.
func radix16(e *[64]int8, s *edwards25519.Scalar) {
	b := s.Bytes() // little endian, s < ℓ < 2^253
	for i := range 32 {
		e[2*i] = int8(b[i] & 15)
		e[2*i+1] = int8(b[i] >> 4)
	}
	clear(b)
	var carry int8
	for k := range 63 {
		e[k] += carry
		carry = (e[k] + 8) >> 4 // arithmetic shift: 1 if e[k] ≥ 8, else 0
		e[k] -= carry << 4
	}
	e[63] += carry
}

// lookup sets a to digit·row[·]: the entry of |digit| (the identity for 0)
// negated when digit < 0. Constant time: every entry is read.
func (a *affineCached) lookup(row *[8]affineCached, digit int8) {
	neg := int(uint8(digit) >> 7)
	abs := uint8(digit^-int8(neg)) + uint8(neg) // |digit| ≤ 8
	a.identity()
	for j := range row {
		// 1 iff abs == j+1 (both below 256).
		eq := int((uint32(abs^uint8(j+1)) - 1) >> 31)
		a.selectFrom(&row[j], eq)
	}
	a.condNegate(neg)
}

// MulBase sets v = s·B for the base point B of t and returns v. Constant
// time in s.
func (v *Point) MulBase(t *BaseTable, s *edwards25519.Scalar) *Point {
	var e [64]int8
	radix16(&e, s)
	v.mulBaseDigits(t, &e, nil, nil)
	clear(e[:])
	return v
}

// MulBase2 sets v = s1·B1 + s2·B2 for the base points of t1 and t2 (the
// two sums share their doublings) and returns v. Constant time in s1 and
// s2.
func (v *Point) MulBase2(t1 *BaseTable, s1 *edwards25519.Scalar, t2 *BaseTable, s2 *edwards25519.Scalar) *Point {
	var e1, e2 [64]int8
	radix16(&e1, s1)
	radix16(&e2, s2)
	v.mulBaseDigits(t1, &e1, t2, &e2)
	clear(e1[:])
	clear(e2[:])
	return v
}

// mulBaseDigits sets v = Σ e1[k]·16^k·B1 (+ the same for t2, e2 when t2 is
// not nil).
func (v *Point) mulBaseDigits(t1 *BaseTable, e1 *[64]int8, t2 *BaseTable, e2 *[64]int8) {
	v.Identity()
	v.addDigits(t1, e1, t2, e2, 1)
	v.MulPow2(v, 4)
	v.addDigits(t1, e1, t2, e2, 0)
}

// addDigits adds Σ e1[k]·16^(k−first)·B1 over k = first, first+2, … (and
// the same for t2, e2 when t2 is not nil) to v. Constant time.
func (v *Point) addDigits(t1 *BaseTable, e1 *[64]int8, t2 *BaseTable, e2 *[64]int8, first int) {
	var a affineCached
	var c completed
	for k := first; k < 64; k += 2 {
		a.lookup(&t1[k/2], e1[k])
		v.fromCompleted(c.addAffine(v, &a))
		if t2 != nil {
			a.lookup(&t2[k/2], e2[k])
			v.fromCompleted(c.addAffine(v, &a))
		}
	}
	a = affineCached{}
	c = completed{}
}
