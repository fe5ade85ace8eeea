package fe4

import (
	"math/bits"

	"github.com/p256k1/p256k1/internal/field"
)

// The linear operations and the exponentiations of the 4×64 form, for the
// multi-scalar multiplication's affine buckets and for lift_x (packages
// ecmult and batch). The linear ones are plain Go; SqrtVar and InvertVar
// need Enabled.

// c is 2^256 mod p.
const c = 0x1000003D1

// Add sets r = a + b (mod p), a value below 2^256. Constant time. r may
// alias a or b.
func Add(r, a, b *Element) {
	d0, k := bits.Add64(a[0], b[0], 0)
	d1, k := bits.Add64(a[1], b[1], k)
	d2, k := bits.Add64(a[2], b[2], k)
	d3, k := bits.Add64(a[3], b[3], k)
	// A carry out of 2^256 is worth c, twice at most.
	m := -k & c
	d0, k = bits.Add64(d0, m, 0)
	d1, k = bits.Add64(d1, 0, k)
	d2, k = bits.Add64(d2, 0, k)
	d3, k = bits.Add64(d3, 0, k)
	d0 += -k & c
	*r = Element{d0, d1, d2, d3}
}

// Sub sets r = a − b (mod p), a value below 2^256. Constant time. r may
// alias a or b.
func Sub(r, a, b *Element) {
	d0, k := bits.Sub64(a[0], b[0], 0)
	d1, k := bits.Sub64(a[1], b[1], k)
	d2, k := bits.Sub64(a[2], b[2], k)
	d3, k := bits.Sub64(a[3], b[3], k)
	// A borrow out of 2^256 is worth −c, twice at most.
	m := -k & c
	d0, k = bits.Sub64(d0, m, 0)
	d1, k = bits.Sub64(d1, 0, k)
	d2, k = bits.Sub64(d2, 0, k)
	d3, k = bits.Sub64(d3, 0, k)
	d0 -= -k & c
	*r = Element{d0, d1, d2, d3}
}

// IsZeroVar reports whether a ≡ 0 (mod p), that is a is 0 or p.
// Variable time.
func (a *Element) IsZeroVar() bool {
	if a[0]|a[1]|a[2]|a[3] == 0 {
		return true
	}
	return a[0] == p0 && a[1]&a[2]&a[3] == pw
}

// EqualVar reports whether a ≡ b (mod p). Variable time.
func (a *Element) EqualVar(b *Element) bool {
	var d Element
	Sub(&d, a, b)
	return d.IsZeroVar()
}

// IsOdd reports whether a's value reduced below p is odd. Constant time.
func (a *Element) IsOdd() bool {
	var f field.Element
	a.ToField(&f)
	return f.IsOdd() == 1
}

// InvertVar sets r = 1/a (0 for a ≡ 0) through package field's safegcd
// inversion. Variable time. r may alias a.
func InvertVar(r, a *Element) {
	var f field.Element
	a.ToField(&f)
	f.InvertVar(&f)
	r.FromField(&f)
}

// SqrtVar sets r to a square root of a and reports true if a is a square
// modulo p; otherwise it reports false (r then holds a square root of −a).
// The exponentiation a^((p+1)/4) follows field.Sqrt's addition chain with
// SqrN (253 squarings, 13 multiplications). Needs Enabled. Constant time but
// for the answer, which is returned by a branch (hence Var). r may alias a.
func SqrtVar(r, a *Element) bool {
	var t, x2, in, in2 Element
	in = *a
	sqrtChain(&t, &x2, &in2, &in)
	SqrN(&t, &t, 6)
	Mul(&t, &t, &x2)
	SqrN(&t, &t, 2)
	Square(&x2, &t)
	*r = t
	return x2.EqualVar(&in)
}

// sqrtChain sets t = a^M, x2 = a³ and in2 = a², field.Element.Sqrt's
// common start of the exponents (p+1)/4 and (p−3)/4, with SqrN. Needs
// Enabled. Constant time.
func sqrtChain(t, x2, in2, in *Element) {
	var x3, x6, x9, x11, x22, x44, x88, x176, x220, x223 Element
	Square(in2, in)
	Mul(x2, in2, in)
	Square(&x3, x2)
	Mul(&x3, &x3, in)
	SqrN(&x6, &x3, 3)
	Mul(&x6, &x6, &x3)
	SqrN(&x9, &x6, 3)
	Mul(&x9, &x9, &x3)
	SqrN(&x11, &x9, 2)
	Mul(&x11, &x11, x2)
	SqrN(&x22, &x11, 11)
	Mul(&x22, &x22, &x11)
	SqrN(&x44, &x22, 22)
	Mul(&x44, &x44, &x22)
	SqrN(&x88, &x44, 44)
	Mul(&x88, &x88, &x44)
	SqrN(&x176, &x88, 88)
	Mul(&x176, &x176, &x88)
	SqrN(&x220, &x176, 44)
	Mul(&x220, &x220, &x44)
	SqrN(&x223, &x220, 3)
	Mul(&x223, &x223, &x3)
	SqrN(t, &x223, 23)
	Mul(t, t, &x22)
}

// InvSqrt sets r = a^((p−3)/4), field.Element.InvSqrt's exponentiation
// (1/√a up to sign when a is a nonzero square) with SqrN: 253 squarings and
// 14 multiplications. Needs Enabled. Constant time. r may alias a.
func InvSqrt(r, a *Element) {
	var t, x2, in, in2 Element
	in = *a
	sqrtChain(&t, &x2, &in2, &in)
	SqrN(&t, &t, 6)
	Mul(&t, &t, &in2)
	SqrN(&t, &t, 2)
	Mul(r, &t, &x2)
}

// sqn sets d[l] = s[l]^(2^n) for the two or four lanes, with SqrN2 or
// SqrN4.
func sqn(d, s []Element, n int) {
	copy(d, s)
	if len(d) == 4 {
		SqrN4((*[4]Element)(d), n)
	} else {
		SqrN2((*[2]Element)(d), n)
	}
}

// muln sets d[l] = x[l]·y[l] for every lane.
func muln(d, x, y []Element) {
	for l := range d {
		Mul(&d[l], &x[l], &y[l])
	}
}

// SqrtVar4 is SqrtVar on four values at once, ok[l] reporting whether
// a[l] is a square (r[l] then a root): the same addition chain, with the
// squarings of the four lanes interleaved (SqrN4), which takes about as
// long as two single square roots. Needs Enabled. r may alias a.
func SqrtVar4(r, a *[4]Element) (ok [4]bool) {
	sqrtLanes(r[:], a[:], ok[:])
	return ok
}

// SqrtVar2 is SqrtVar4 on two values (SqrN2): BIP-340 verification's
// key and R. Needs Enabled. r may alias a.
func SqrtVar2(r, a *[2]Element) (ok [2]bool) {
	sqrtLanes(r[:], a[:], ok[:])
	return ok
}

// sqrtLanes is SqrtVar's addition chain on two or four lanes at once.
func sqrtLanes(r, a []Element, ok []bool) {
	var v [13][4]Element
	k := len(a)
	x2, x3, x6, x9, x11, x22, x44 := v[0][:k], v[1][:k], v[2][:k], v[3][:k], v[4][:k], v[5][:k], v[6][:k]
	x88, x176, x220, x223, t, in := v[7][:k], v[8][:k], v[9][:k], v[10][:k], v[11][:k], v[12][:k]
	copy(in, a)
	sqn(x2, in, 1)
	muln(x2, x2, in)
	sqn(x3, x2, 1)
	muln(x3, x3, in)
	sqn(x6, x3, 3)
	muln(x6, x6, x3)
	sqn(x9, x6, 3)
	muln(x9, x9, x3)
	sqn(x11, x9, 2)
	muln(x11, x11, x2)
	sqn(x22, x11, 11)
	muln(x22, x22, x11)
	sqn(x44, x22, 22)
	muln(x44, x44, x22)
	sqn(x88, x44, 44)
	muln(x88, x88, x44)
	sqn(x176, x88, 88)
	muln(x176, x176, x88)
	sqn(x220, x176, 44)
	muln(x220, x220, x44)
	sqn(x223, x220, 3)
	muln(x223, x223, x3)
	sqn(t, x223, 23)
	muln(t, t, x22)
	sqn(t, t, 6)
	muln(t, t, x2)
	sqn(t, t, 2)
	sqn(x2, t, 1)
	copy(r, t)
	for l := range ok {
		ok[l] = x2[l].EqualVar(&in[l])
	}
}
