package field

// sqr2k sets v = a^(2^k).
func (v *Element) sqr2k(a *Element, k int) *Element {
	v.Square(a)
	for i := 1; i < k; i++ {
		v.Square(v)
	}
	return v
}

// Sqrt sets v to a square root of a and returns (v, 1) if a is a square
// modulo p; otherwise it returns (v, 0) with v set to a square root of −a.
// a has magnitude ≤ 8; v has magnitude 1. Which of the two roots is returned
// is unspecified (callers pick a parity with IsOdd and Negate). v and a may
// alias. Constant time.
//
// Because p ≡ 3 (mod 4), a^((p+1)/4) is a square root of a whenever one
// exists. The exponent (p+1)/4 has the binary form
// 1{223} 0 1{22} 0000 11 00, which the addition chain below follows through
// powers a^(2^k − 1) of runs of ones ("xk").
func (v *Element) Sqrt(a *Element) (*Element, int) {
	var t, x2, in, in2 Element
	in.Set(a)
	sqrtChain(&t, &x2, &in2, &in)
	t.sqr2k(&t, 6).Mul(&t, &x2)
	t.sqr2k(&t, 2)

	// Check the candidate: it is a root iff its square equals the input.
	x2.Square(&t)
	ok := x2.Equal(&in)
	v.Set(&t)
	return v, ok
}

// sqrtChain sets t = a^M for M = (2^223 − 1)·2^23 + 2^22 − 1, the common
// start of Sqrt's and InvSqrt's exponents ((p+1)/4 = (M·2^6 + 3)·4 and
// (p−3)/4 = (M·2^6 + 2)·4 + 3), through the powers a^(2^k − 1) ("xk"), and
// x2 = a³ and in2 = a², which both finish with. Constant time.
func sqrtChain(t, x2, in2, in *Element) {
	var x3, x6, x9, x11, x22, x44, x88, x176, x220, x223 Element
	in2.Square(in)
	x2.Mul(in2, in)
	x3.Square(x2).Mul(&x3, in)
	x6.sqr2k(&x3, 3).Mul(&x6, &x3)
	x9.sqr2k(&x6, 3).Mul(&x9, &x3)
	x11.sqr2k(&x9, 2).Mul(&x11, x2)
	x22.sqr2k(&x11, 11).Mul(&x22, &x11)
	x44.sqr2k(&x22, 22).Mul(&x44, &x22)
	x88.sqr2k(&x44, 44).Mul(&x88, &x44)
	x176.sqr2k(&x88, 88).Mul(&x176, &x88)
	x220.sqr2k(&x176, 44).Mul(&x220, &x44)
	x223.sqr2k(&x220, 3).Mul(&x223, &x3)
	t.sqr2k(&x223, 23).Mul(t, &x22)
}

// InvSqrt sets v = a^((p−3)/4) and returns v: 1/√a up to sign when a is a
// nonzero square (v·a is then Sqrt's root, and (v·a)² = a); for a non-square
// (v·a)² = −a, and 0 maps to 0. a has magnitude ≤ 8; v has magnitude 1. v
// and a may alias. Constant time.
//
// (p−3)/4 = (p+1)/4 − 1 ends in the bits 1011 where (p+1)/4 ends in 1100, so
// the chain is Sqrt's up to its last two steps, which multiply by a² and a³
// instead of a³ and nothing. ECDH from a compressed key (package
// ecmultconst, MulLiftX) takes the peer's y and the result's inverse Z from
// this one exponentiation.
func (v *Element) InvSqrt(a *Element) *Element {
	var t, x2, in, in2 Element
	in.Set(a)
	sqrtChain(&t, &x2, &in2, &in)
	t.sqr2k(&t, 6).Mul(&t, &in2)
	t.sqr2k(&t, 2).Mul(&t, &x2)
	return v.Set(&t)
}
