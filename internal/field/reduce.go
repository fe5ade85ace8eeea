package field

// Normalize fully reduces v (any magnitude ≤ 32) to its canonical
// representative in [0, p) and returns v. Constant time.
func (v *Element) Normalize() *Element {
	t0, t1, t2, t3, t4 := v.n[0], v.n[1], v.n[2], v.n[3], v.n[4]

	// Fold everything above 2^256 back in: 2^256 ≡ r256.
	x := t4 >> 48
	t4 &= mask48
	t0 += x * r256
	t1 += t0 >> 52
	t0 &= mask52
	t2 += t1 >> 52
	t1 &= mask52
	m := t1
	t3 += t2 >> 52
	t2 &= mask52
	m &= t2
	t4 += t3 >> 52
	t3 &= mask52
	m &= t3

	// Now v < 2^256 + small, so at most one more subtraction of p is needed:
	// when bit 256 is set, or when the value is in [p, 2^256).
	x = (t4 >> 48) | (eq64(t4, mask48) & eq64(m, mask52) & ge52(t0, p0))
	t0 += x * r256
	t1 += t0 >> 52
	t0 &= mask52
	t2 += t1 >> 52
	t1 &= mask52
	t3 += t2 >> 52
	t2 &= mask52
	t4 += t3 >> 52
	t3 &= mask52
	t4 &= mask48 // drops the 2^256 that x·r256 stood in for

	v.n = [5]uint64{t0, t1, t2, t3, t4}
	return v
}

// NormalizeWeak reduces v (any magnitude ≤ 32) to magnitude 1 without making
// it canonical, and returns v. Constant time.
func (v *Element) NormalizeWeak() *Element {
	t0, t1, t2, t3, t4 := v.n[0], v.n[1], v.n[2], v.n[3], v.n[4]
	x := t4 >> 48
	t4 &= mask48
	t0 += x * r256
	t1 += t0 >> 52
	t0 &= mask52
	t2 += t1 >> 52
	t1 &= mask52
	t3 += t2 >> 52
	t2 &= mask52
	t4 += t3 >> 52
	t3 &= mask52
	v.n = [5]uint64{t0, t1, t2, t3, t4}
	return v
}

// NormalizeVar is Normalize in variable time: it skips the second pass when
// no reduction is needed. Only for public values.
func (v *Element) NormalizeVar() *Element {
	t0, t1, t2, t3, t4 := v.n[0], v.n[1], v.n[2], v.n[3], v.n[4]
	x := t4 >> 48
	t4 &= mask48
	t0 += x * r256
	t1 += t0 >> 52
	t0 &= mask52
	t2 += t1 >> 52
	t1 &= mask52
	m := t1
	t3 += t2 >> 52
	t2 &= mask52
	m &= t2
	t4 += t3 >> 52
	t3 &= mask52
	m &= t3

	if t4>>48 != 0 || (t4 == mask48 && m == mask52 && t0 >= p0) {
		t0 += r256
		t1 += t0 >> 52
		t0 &= mask52
		t2 += t1 >> 52
		t1 &= mask52
		t3 += t2 >> 52
		t2 &= mask52
		t4 += t3 >> 52
		t3 &= mask52
		t4 &= mask48
	}
	v.n = [5]uint64{t0, t1, t2, t3, t4}
	return v
}

// NormalizesToZero reports (1 or 0) whether v ≡ 0 (mod p), for v of any
// magnitude ≤ 32. v is not modified. Constant time.
func (v *Element) NormalizesToZero() int {
	t0, t1, t2, t3, t4 := v.n[0], v.n[1], v.n[2], v.n[3], v.n[4]
	x := t4 >> 48
	t4 &= mask48
	t0 += x * r256

	// After one carry pass the value is below 2p, so it is zero mod p iff it
	// is exactly 0 (z0 collects an OR) or exactly p (z1 collects an AND of the
	// limbs XORed so that p's limbs become all ones).
	t1 += t0 >> 52
	t0 &= mask52
	z0 := t0
	z1 := t0 ^ 0x1000003D0
	t2 += t1 >> 52
	t1 &= mask52
	z0 |= t1
	z1 &= t1
	t3 += t2 >> 52
	t2 &= mask52
	z0 |= t2
	z1 &= t2
	t4 += t3 >> 52
	t3 &= mask52
	z0 |= t3 | t4
	z1 &= t3 & (t4 ^ 0xF000000000000)
	return int(eq64(z0, 0) | eq64(z1, mask52))
}

// NormalizesToZeroVar is NormalizesToZero in variable time, for public values.
func (v *Element) NormalizesToZeroVar() bool {
	t0, t4 := v.n[0], v.n[4]
	x := t4 >> 48
	t0 += x * r256
	// Quick exit: the low limb after the first fold is neither 0 nor p's low
	// limb (up to carries into it, which are absent in limb 0).
	z0 := t0 & mask52
	z1 := z0 ^ 0x1000003D0
	if z0 != 0 && z1 != mask52 {
		return false
	}
	return v.NormalizesToZero() == 1
}
