package scalar

import "math/bits"

// GLV decomposition.
//
// secp256k1 has an efficiently computable endomorphism φ(x, y) = (β·x, y)
// that acts on the group as multiplication by λ, a cube root of unity mod n.
// Writing k = k1 + k2·λ (mod n) with |k1|, |k2| < 2^128 turns one 256-bit
// scalar multiplication into two 128-bit ones that share their doublings.
//
// The short vectors come from the lattice L = {(x, y) : x + y·λ ≡ 0 (mod n)},
// for which the extended Euclidean algorithm on (n, λ) yields the reduced
// basis v1 = (a1, b1), v2 = (a2, b2) with determinant a1·b2 − a2·b1 = n
// (Hankerson, Menezes, Vanstone, "Guide to Elliptic Curve Cryptography",
// algorithm 3.74; the values are the ones documented in libsecp256k1's
// src/scalar_impl.h):
//
//	a1 =  0x3086d221a7d46bcde86c90e49284eb15    (= b2)
//	b1 = −0xe4437ed6010e88286f547fa90abfe4c3
//	a2 =  0x114ca50f7a8e2f3f657c1108d9d44cfd8
//	b2 =  0x3086d221a7d46bcde86c90e49284eb15
//
// Solving (k, 0) = β1·v1 + β2·v2 over the rationals gives β1 = k·b2/n and
// β2 = −k·b1/n. With c1, c2 the nearest integers,
//
//	(k1, k2) = (k, 0) − c1·v1 − c2·v2 = (β1 − c1)·v1 + (β2 − c2)·v2,
//
// so k1 = k − c1·a1 − c2·a2 and k2 = −c1·b1 − c2·b2, and k1 + k2·λ ≡ k
// because every lattice vector satisfies x + y·λ ≡ 0.
//
// Division by n is replaced by multiplication with g1 = round(2^384·b2/n)
// and g2 = round(2^384·(−b1)/n) followed by a rounded shift by 384
// (Gouvêa, Oliveira, López, "Efficient Software Implementation of
// Public-Key Cryptography on Sensor Networks Using the MSP430X
// Microcontroller", section 4.3; libsecp256k1 uses the same 384-bit
// precision).
//
// Bound. g_i is within 1/2 of its exact value, so for k < 2^256 the
// estimate k·g_i/2^384 is within 2^-129 of β_i, and |β_i − c_i| < 1/2 + 2^-129.
// Hence, with a1 + a2 < 2^129 and |b1| + b2 < 2^129,
//
//	|k1| ≤ |β1 − c1|·a1 + |β2 − c2|·a2 < (a1 + a2)/2 + 1 ≈ 0.64·2^128
//	|k2| ≤ |β1 − c1|·|b1| + |β2 − c2|·b2 < (|b1| + b2)/2 + 1 ≈ 0.54·2^128
//
// Using the actual rounding errors of g1 and g2 (about 0.084 and 0.275)
// and the parity of a1 + a2 and |b1| + b2 tightens this to
// |k1| < 0xa2a8918ca85bafe22016d0b917e4dd77 = (a1 + a2 + 1)/2 and
// |k2| < 0x8a65287bd47179fb2be08846cea267ed = (|b1| + b2)/2 + 1, the bounds
// libsecp256k1 asserts in split_lambda_verify; the tests check these sharper
// bounds with math/big.
//
// Cost. For k < n the estimates satisfy c1 ≤ a1 < 2^126 and c2 ≤ −b1 < 2^128
// (checked at the extremes), so c1·(−b1), c2·b2, c1·a1 and c2·a2 are all
// below n and are formed with 2×2-limb multiplications instead of full
// scalar multiplications. libsecp256k1 computes the same r2 and obtains
// r1 = k − λ·r2 with a full multiplication; the results are identical.

// Lambda is λ, the non-trivial cube root of unity modulo n for which the
// endomorphism (x, y) ↦ (β·x, y) equals multiplication by λ:
// 0x5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72
// (libsecp256k1, src/scalar_impl.h, secp256k1_const_lambda).
// Treat it as read-only.
var Lambda = Scalar{d: [4]uint64{
	0xDF02967C1B23BD72, 0x122E22EA20816678,
	0xA5261C028812645A, 0x5363AD4CC05C30E0,
}}

// GLV lattice constants (see above), as 64-bit limbs, little-endian.
const (
	glvA1Lo = 0xE86C90E49284EB15 // a1 = b2
	glvA1Hi = 0x3086D221A7D46BCD

	glvMinusB1Lo = 0x6F547FA90ABFE4C3 // −b1
	glvMinusB1Hi = 0xE4437ED6010E8828

	glvA2Lo = 0x57C1108D9D44CFD8 // a2 = 2^128 + glvA2Hi·2^64 + glvA2Lo
	glvA2Hi = 0x14CA50F7A8E2F3F6
)

// g1 = round(2^384·b2/n) and g2 = round(2^384·(−b1)/n); libsecp256k1,
// src/scalar_impl.h, secp256k1_scalar_split_lambda.
var (
	glvG1 = Scalar{d: [4]uint64{
		0xE893209A45DBB031, 0x3DAA8A1471E8CA7F,
		0xE86C90E49284EB15, 0x3086D221A7D46BCD,
	}}
	glvG2 = Scalar{d: [4]uint64{
		0x1571B4AE8AC47F71, 0x221208AC9DF506C6,
		0x6F547FA90ABFE4C4, 0xE4437ED6010E8828,
	}}
)

// mulShift384 returns round(k·g / 2^384) as two limbs (lo, hi). The result
// is below 2^128 for k, g < 2^256. Constant time.
func mulShift384(k, g *Scalar) (lo, hi uint64) {
	_, _, _, _, _, l5, l6, l7 := mul512(k, g)
	var c uint64
	lo, c = bits.Add64(l6, l5>>63, 0)
	hi = l7 + c
	return
}

// mul128 sets r = (x0 + x1·2^64)·(y0 + y1·2^64). The caller guarantees the
// product is below n, so r is a valid scalar. Constant time.
func mul128(r *Scalar, x0, x1, y0, y1 uint64) {
	h00, q00 := bits.Mul64(x0, y0)
	h10, q10 := bits.Mul64(x1, y0)
	h01, q01 := bits.Mul64(x0, y1)
	h11, q11 := bits.Mul64(x1, y1)
	t1, c := bits.Add64(q10, h00, 0) // row x·y0
	t2 := h10 + c
	u2, c := bits.Add64(q11, h01, 0) // row x·y1, at limb 1
	u3 := h11 + c
	r1, c := bits.Add64(t1, q01, 0)
	r2, c := bits.Add64(t2, u2, c)
	r.d[0], r.d[1], r.d[2], r.d[3] = q00, r1, r2, u3+c
}

// SplitLambda sets r1, r2 such that r1 + r2·λ ≡ k (mod n), where each of
// r1, r2 is either below 2^128 or its negation mod n is (|k1| < 2^128 and
// |k2| < 2^128 as signed integers). The outputs are exactly those of
// libsecp256k1's secp256k1_scalar_split_lambda. r1 and r2 may alias k but
// not each other. Constant time.
func SplitLambda(r1, r2, k *Scalar) {
	kk := *k
	c1lo, c1hi := mulShift384(&kk, &glvG1)
	c2lo, c2hi := mulShift384(&kk, &glvG2)

	// k2 = c1·(−b1) − c2·b2, with b2 = a1.
	var t, u Scalar
	mul128(&t, c1lo, c1hi, glvMinusB1Lo, glvMinusB1Hi)
	mul128(&u, c2lo, c2hi, glvA1Lo, glvA1Hi)
	r2.Sub(&t, &u)

	// k1 = k − c1·a1 − c2·a2, with a2 = 2^128 + (glvA2Hi, glvA2Lo).
	mul128(&t, c1lo, c1hi, glvA1Lo, glvA1Hi)
	mul128(&u, c2lo, c2hi, glvA2Lo, glvA2Hi)
	var c uint64
	u.d[2], c = bits.Add64(u.d[2], c2lo, 0)
	u.d[3], _ = bits.Add64(u.d[3], c2hi, c) // c2·a2 < n: no carry out
	kk.Sub(&kk, &t)
	r1.Sub(&kk, &u)
}

// Split128 sets r1 to the low 128 bits of k and r2 to the high 128 bits, so
// that k = r1 + r2·2^128 exactly. r1 and r2 may alias k but not each other.
// Constant time.
func Split128(r1, r2, k *Scalar) {
	k0, k1, k2, k3 := k.d[0], k.d[1], k.d[2], k.d[3]
	*r1 = Scalar{d: [4]uint64{k0, k1}}
	*r2 = Scalar{d: [4]uint64{k2, k3}}
}
