package scalar

import "math/bits"

// Multiplication: a 4×4-limb schoolbook product into eight limbs, followed by
// a reduction that folds the upper half back with
// 2^256 ≡ 2^256 − n = nc0 + nc1·2^64 + 2^128 (mod n), in the rounds of
// libsecp256k1's scalar_4x64 reduce_512:
//
//	512 bits → m = L + H·(2^256 − n)              < 2^385  (m6 ≤ 1)
//	         → p = m_lo + m_hi·(2^256 − n)         < 2^256 + 2^258  (p4 ≤ 4)
//	         → r = p_lo + p4·(2^256 − n)           < 2^256 + 2^132 < 2n
//	         → one conditional subtraction of n.
//
// The code is written in "operand scanning" form: each row (a multi-limb
// number times one limb) is formed with bits.Mul64, and rows are summed with
// unbroken bits.Add64 carry chains, which the Go compiler turns into ADD/ADC
// sequences that keep the carry in the flags. (Product scanning, as in
// libsecp256k1's portable C, forces Go to materialise every carry in a
// register and measured about 40% slower here.) Helpers are expanded by hand
// because the inliner rejects them. mulGeneric and sqrGeneric have the shape
// an assembly replacement would take: func(r, a[, b] *Scalar).

// Mul sets s = a·b mod n and returns s. Constant time.
func (s *Scalar) Mul(a, b *Scalar) *Scalar {
	mulGeneric(s, a, b)
	return s
}

// Square sets s = a² mod n and returns s. Constant time.
func (s *Scalar) Square(a *Scalar) *Scalar {
	sqrGeneric(s, a)
	return s
}

// mulGeneric sets r = a·b mod n. r may alias a or b. Constant time.
func mulGeneric(r, a, b *Scalar) {
	l0, l1, l2, l3, l4, l5, l6, l7 := mul512(a, b)
	reduce512(r, l0, l1, l2, l3, l4, l5, l6, l7)
}

// sqrGeneric sets r = a² mod n. r may alias a. Constant time.
func sqrGeneric(r, a *Scalar) {
	l0, l1, l2, l3, l4, l5, l6, l7 := sqr512(a)
	reduce512(r, l0, l1, l2, l3, l4, l5, l6, l7)
}

// mul512 returns the 512-bit product a·b as eight little-endian limbs.
// Constant time.
func mul512(a, b *Scalar) (l0, l1, l2, l3, l4, l5, l6, l7 uint64) {
	a0, a1, a2, a3 := a.d[0], a.d[1], a.d[2], a.d[3]
	b0, b1, b2, b3 := b.d[0], b.d[1], b.d[2], b.d[3]
	var c uint64

	// Row 0: l0..l4 = a·b0. A row's top limb cannot wrap: the high half of
	// a 64×64 product is at most 2^64 − 2.
	h0, q0 := bits.Mul64(a0, b0)
	h1, q1 := bits.Mul64(a1, b0)
	h2, q2 := bits.Mul64(a2, b0)
	h3, q3 := bits.Mul64(a3, b0)
	l0 = q0
	l1, c = bits.Add64(q1, h0, 0)
	l2, c = bits.Add64(q2, h1, c)
	l3, c = bits.Add64(q3, h2, c)
	l4 = h3 + c

	// Row 1: l1..l5 += a·b1.
	h0, q0 = bits.Mul64(a0, b1)
	h1, q1 = bits.Mul64(a1, b1)
	h2, q2 = bits.Mul64(a2, b1)
	h3, q3 = bits.Mul64(a3, b1)
	t1, c := bits.Add64(q1, h0, 0)
	t2, c := bits.Add64(q2, h1, c)
	t3, c := bits.Add64(q3, h2, c)
	t4 := h3 + c
	l1, c = bits.Add64(l1, q0, 0)
	l2, c = bits.Add64(l2, t1, c)
	l3, c = bits.Add64(l3, t2, c)
	l4, c = bits.Add64(l4, t3, c)
	l5 = t4 + c // the partial product a·(b0 + b1·2^64) < 2^384

	// Row 2: l2..l6 += a·b2.
	h0, q0 = bits.Mul64(a0, b2)
	h1, q1 = bits.Mul64(a1, b2)
	h2, q2 = bits.Mul64(a2, b2)
	h3, q3 = bits.Mul64(a3, b2)
	t1, c = bits.Add64(q1, h0, 0)
	t2, c = bits.Add64(q2, h1, c)
	t3, c = bits.Add64(q3, h2, c)
	t4 = h3 + c
	l2, c = bits.Add64(l2, q0, 0)
	l3, c = bits.Add64(l3, t1, c)
	l4, c = bits.Add64(l4, t2, c)
	l5, c = bits.Add64(l5, t3, c)
	l6 = t4 + c

	// Row 3: l3..l7 += a·b3.
	h0, q0 = bits.Mul64(a0, b3)
	h1, q1 = bits.Mul64(a1, b3)
	h2, q2 = bits.Mul64(a2, b3)
	h3, q3 = bits.Mul64(a3, b3)
	t1, c = bits.Add64(q1, h0, 0)
	t2, c = bits.Add64(q2, h1, c)
	t3, c = bits.Add64(q3, h2, c)
	t4 = h3 + c
	l3, c = bits.Add64(l3, q0, 0)
	l4, c = bits.Add64(l4, t1, c)
	l5, c = bits.Add64(l5, t2, c)
	l6, c = bits.Add64(l6, t3, c)
	l7 = t4 + c
	return
}

// sqr512 returns the 512-bit square a² as eight little-endian limbs: the six
// off-diagonal products are summed once, doubled by a one-bit shift, and the
// four diagonal squares added. Constant time.
func sqr512(a *Scalar) (l0, l1, l2, l3, l4, l5, l6, l7 uint64) {
	a0, a1, a2, a3 := a.d[0], a.d[1], a.d[2], a.d[3]
	var c uint64

	// t1..t6 = Σ_{i<j} a_i·a_j·2^(64(i+j)).
	h01, q01 := bits.Mul64(a0, a1)
	h02, q02 := bits.Mul64(a0, a2)
	h03, q03 := bits.Mul64(a0, a3)
	h12, q12 := bits.Mul64(a1, a2)
	h13, q13 := bits.Mul64(a1, a3)
	h23, q23 := bits.Mul64(a2, a3)
	t1 := q01
	t2, c := bits.Add64(q02, h01, 0)
	t3, c := bits.Add64(q03, h02, c)
	t4 := h03 + c
	u4, c := bits.Add64(q13, h12, 0)
	u5 := h13 + c
	t3, c = bits.Add64(t3, q12, 0)
	t4, c = bits.Add64(t4, u4, c)
	t5, c := bits.Add64(u5, q23, c)
	t6 := h23 + c // the off-diagonal sum is < 2^447, so no carry is lost

	// Double: t1..t7 = 2·t.
	t7 := t6 >> 63
	t6 = t6<<1 | t5>>63
	t5 = t5<<1 | t4>>63
	t4 = t4<<1 | t3>>63
	t3 = t3<<1 | t2>>63
	t2 = t2<<1 | t1>>63
	t1 <<= 1

	// Add the squares a_i²·2^(128i).
	d1, d0 := bits.Mul64(a0, a0)
	d3, d2 := bits.Mul64(a1, a1)
	d5, d4 := bits.Mul64(a2, a2)
	d7, d6 := bits.Mul64(a3, a3)
	l0 = d0
	l1, c = bits.Add64(t1, d1, 0)
	l2, c = bits.Add64(t2, d2, c)
	l3, c = bits.Add64(t3, d3, c)
	l4, c = bits.Add64(t4, d4, c)
	l5, c = bits.Add64(t5, d5, c)
	l6, c = bits.Add64(t6, d6, c)
	l7 = t7 + d7 + c
	return
}

// reduce512 sets r to the 512-bit value (l0..l7) mod n. Any 512-bit input is
// accepted. Constant time.
func reduce512(r *Scalar, l0, l1, l2, l3, l4, l5, l6, l7 uint64) {
	var c uint64

	// Round 1: m = L + H·nc0 + H·nc1·2^64 + H·2^128 with L = (l0..l3),
	// H = (l4..l7). H·(2^256 − n) < 2^256·1.28·2^128, so m < 2^385 and the
	// carry m6 out of limb 5 is 0 or 1.
	h0, q0 := bits.Mul64(l4, nc0) // row H·nc0
	h1, q1 := bits.Mul64(l5, nc0)
	h2, q2 := bits.Mul64(l6, nc0)
	h3, q3 := bits.Mul64(l7, nc0)
	a1, c := bits.Add64(q1, h0, 0)
	a2, c := bits.Add64(q2, h1, c)
	a3, c := bits.Add64(q3, h2, c)
	a4 := h3 + c
	h0, q0b := bits.Mul64(l4, nc1) // row H·nc1
	h1, q1 = bits.Mul64(l5, nc1)
	h2, q2 = bits.Mul64(l6, nc1)
	h3, q3 = bits.Mul64(l7, nc1)
	b1, c := bits.Add64(q1, h0, 0)
	b2, c := bits.Add64(q2, h1, c)
	b3, c := bits.Add64(q3, h2, c)
	b4 := h3 + c

	m0, c := bits.Add64(l0, q0, 0) // L + H·nc0
	m1, c := bits.Add64(l1, a1, c)
	m2, c := bits.Add64(l2, a2, c)
	m3, c := bits.Add64(l3, a3, c)
	m4 := a4 + c
	m1, c = bits.Add64(m1, q0b, 0) // + H·nc1·2^64
	m2, c = bits.Add64(m2, b1, c)
	m3, c = bits.Add64(m3, b2, c)
	m4, c = bits.Add64(m4, b3, c)
	m5 := b4 + c
	m2, c = bits.Add64(m2, l4, 0) // + H·2^128
	m3, c = bits.Add64(m3, l5, c)
	m4, c = bits.Add64(m4, l6, c)
	m5, c = bits.Add64(m5, l7, c)
	m6 := c

	// Round 2: p = (m0..m3) + (m4 + m5·2^64 + m6·2^128)·(2^256 − n)
	// < 2^256 + 2^129·2^129, so p4 ≤ 4. m6 is a single bit: its terms are
	// masked constants rather than products.
	x1, x0 := bits.Mul64(m4, nc0)
	x2, y1 := bits.Mul64(m5, nc0)
	z2, z1 := bits.Mul64(m4, nc1)
	y3, y2 := bits.Mul64(m5, nc1)
	mm6 := -m6
	p0, c := bits.Add64(m0, x0, 0) // + m4·nc0 + m5·nc0·2^64
	p1, c := bits.Add64(m1, x1, c)
	p2, c := bits.Add64(m2, x2, c)
	p3, c := bits.Add64(m3, 0, c)
	p4 := c
	p1, c = bits.Add64(p1, y1, 0)
	p2, c = bits.Add64(p2, y2, c) // + m5·nc1·2^128
	p3, c = bits.Add64(p3, y3, c)
	p4 += c
	p1, c = bits.Add64(p1, z1, 0) // + m4·nc1·2^64
	p2, c = bits.Add64(p2, z2, c)
	p3, c = bits.Add64(p3, 0, c)
	p4 += c
	p2, c = bits.Add64(p2, m4, 0) // + (m4 + m5·2^64)·2^128
	p3, c = bits.Add64(p3, m5, c)
	p4 += c + m6                       // + m6·2^256
	p2, c = bits.Add64(p2, nc0&mm6, 0) // + m6·(nc0 + nc1·2^64)·2^128
	p3, c = bits.Add64(p3, nc1&mm6, c)
	p4 += c

	// Round 3: r = (p0..p3) + p4·(2^256 − n) < 2^256 + 2^132 < 2n. The
	// addend (< 2^132) is formed first so the sum is one carry chain.
	h0, q0 = bits.Mul64(p4, nc0)
	h1, q1 = bits.Mul64(p4, nc1)
	s1, c := bits.Add64(h0, q1, 0)
	s2 := h1 + p4 + c
	r0, c := bits.Add64(p0, q0, 0)
	r1, c := bits.Add64(p1, s1, c)
	r2, c := bits.Add64(p2, s2, c)
	r3, hi := bits.Add64(p3, 0, c)

	// Final: subtract n once if the 257-bit value hi·2^256 + r is ≥ n
	// (reduceOnce, expanded).
	t0, c := bits.Add64(r0, nc0, 0)
	t1, c := bits.Add64(r1, nc1, c)
	t2, c := bits.Add64(r2, nc2, c)
	t3, c := bits.Add64(r3, 0, c)
	m := -(hi | c)
	r.d[0] = r0 ^ ((r0 ^ t0) & m)
	r.d[1] = r1 ^ ((r1 ^ t1) & m)
	r.d[2] = r2 ^ ((r2 ^ t2) & m)
	r.d[3] = r3 ^ ((r3 ^ t3) & m)
}

// MulShiftVar returns round(a·b / 2^shift) for 256 ≤ shift < 512, rounding
// halves up. The result is below 2^(512−shift) and, since a, b < n, always a
// reduced scalar.
//
// Constant time in a and b; shift is public (it selects limbs and branches
// on its value), hence the Var suffix. It panics if shift is out of range.
// SplitLambda uses a fixed-shift constant-time twin.
func MulShiftVar(a, b *Scalar, shift uint) Scalar {
	if shift < 256 || shift >= 512 {
		panic("scalar: MulShiftVar shift out of range")
	}
	var l [8]uint64
	l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7] = mul512(a, b)
	limbs, low := shift>>6, shift&63
	var r Scalar
	for i := uint(0); i < 4 && i+limbs < 8; i++ {
		v := l[i+limbs] >> low
		if low != 0 && i+limbs+1 < 8 {
			v |= l[i+limbs+1] << (64 - low)
		}
		r.d[i] = v
	}
	// Round: add the highest bit shifted out. No carry leaves limb 3 since
	// the rounded result is below 2^256.
	rb := (l[(shift-1)>>6] >> ((shift - 1) & 63)) & 1
	var c uint64
	r.d[0], c = bits.Add64(r.d[0], rb, 0)
	r.d[1], c = bits.Add64(r.d[1], 0, c)
	r.d[2], c = bits.Add64(r.d[2], 0, c)
	r.d[3] += c
	return r
}
