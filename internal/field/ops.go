package field

// Add sets v = a + b and returns v. The magnitude is m(a) + m(b), which must
// not exceed 32. Constant time.
func (v *Element) Add(a, b *Element) *Element {
	v.n[0] = a.n[0] + b.n[0]
	v.n[1] = a.n[1] + b.n[1]
	v.n[2] = a.n[2] + b.n[2]
	v.n[3] = a.n[3] + b.n[3]
	v.n[4] = a.n[4] + b.n[4]
	return v
}

// Negate sets v = −a and returns v, where a has magnitude at most m ≤ 31. The
// result has magnitude m + 1. Constant time (m is a public bound, not a
// secret).
func (v *Element) Negate(a *Element, m int) *Element {
	k := 2 * uint64(m+1)
	v.n[0] = p0*k - a.n[0]
	v.n[1] = mask52*k - a.n[1]
	v.n[2] = mask52*k - a.n[2]
	v.n[3] = mask52*k - a.n[3]
	v.n[4] = mask48*k - a.n[4]
	return v
}

// Sub sets v = a − b and returns v, where b has magnitude at most mb ≤ 31.
// The result has magnitude m(a) + mb + 1. Constant time.
func (v *Element) Sub(a, b *Element, mb int) *Element {
	k := 2 * uint64(mb+1)
	v.n[0] = a.n[0] + p0*k - b.n[0]
	v.n[1] = a.n[1] + mask52*k - b.n[1]
	v.n[2] = a.n[2] + mask52*k - b.n[2]
	v.n[3] = a.n[3] + mask52*k - b.n[3]
	v.n[4] = a.n[4] + mask48*k - b.n[4]
	return v
}

// MulInt sets v = k·a and returns v. The magnitude is m(a)·k, which must not
// exceed 32. Constant time.
func (v *Element) MulInt(a *Element, k uint32) *Element {
	x := uint64(k)
	v.n[0] = a.n[0] * x
	v.n[1] = a.n[1] * x
	v.n[2] = a.n[2] * x
	v.n[3] = a.n[3] * x
	v.n[4] = a.n[4] * x
	return v
}

// Half sets v = a/2 (mod p) and returns v. a has magnitude m ≤ 31; the
// result has magnitude ⌊m/2⌋ + 1. Constant time.
func (v *Element) Half(a *Element) *Element {
	t0, t1, t2, t3, t4 := a.n[0], a.n[1], a.n[2], a.n[3], a.n[4]
	// If a is odd, add p (odd) first; then shift right by one bit.
	m := -(t0 & 1) >> 12 // 2^52 − 1 or 0
	t0 += p0 & m
	t1 += m
	t2 += m
	t3 += m
	t4 += m >> 4
	v.n[0] = t0>>1 + (t1&1)<<51
	v.n[1] = t1>>1 + (t2&1)<<51
	v.n[2] = t2>>1 + (t3&1)<<51
	v.n[3] = t3>>1 + (t4&1)<<51
	v.n[4] = t4 >> 1
	return v
}

// Mul sets v = a·b and returns v. Inputs have magnitude ≤ 8; the result has
// magnitude 1 (not normalized). Constant time.
func (v *Element) Mul(a, b *Element) *Element {
	mul(v, a, b)
	return v
}

// Square sets v = a² and returns v. a has magnitude ≤ 8; the result has
// magnitude 1 (not normalized). Constant time.
func (v *Element) Square(a *Element) *Element {
	square(v, a)
	return v
}

// IsZero returns 1 if v is zero and 0 otherwise. v must be normalized (use
// NormalizesToZero otherwise). Constant time.
func (v *Element) IsZero() int {
	return int(eq64(v.n[0]|v.n[1]|v.n[2]|v.n[3]|v.n[4], 0))
}

// IsOdd returns the lowest bit of v. v must be normalized. Constant time.
func (v *Element) IsOdd() int {
	return int(v.n[0] & 1)
}

// Equal returns 1 if v ≡ b (mod p) and 0 otherwise. Both may have any
// magnitude ≤ 31; neither is modified. Constant time.
func (v *Element) Equal(b *Element) int {
	var x, y Element
	x.Set(v).NormalizeWeak()
	y.Set(b).NormalizeWeak()
	x.Sub(&x, &y, 1)
	return x.NormalizesToZero()
}

// EqualVar reports whether v ≡ b (mod p), in variable time; for public
// values. Both may have any magnitude ≤ 31.
func (v *Element) EqualVar(b *Element) bool {
	var x, y Element
	x.Set(v).NormalizeWeak()
	y.Set(b).NormalizeWeak()
	x.Sub(&x, &y, 1)
	return x.NormalizesToZeroVar()
}

// CmpVar compares two normalized elements as integers and returns −1, 0 or
// +1. Variable time.
func (v *Element) CmpVar(b *Element) int {
	for i := 4; i >= 0; i-- {
		if v.n[i] > b.n[i] {
			return 1
		}
		if v.n[i] < b.n[i] {
			return -1
		}
	}
	return 0
}

// Select sets v = a if cond == 1 and v = b if cond == 0, and returns v.
// Constant time; cond must be 0 or 1.
func (v *Element) Select(a, b *Element, cond int) *Element {
	m := mask(cond)
	v.n[0] = b.n[0] ^ (m & (a.n[0] ^ b.n[0]))
	v.n[1] = b.n[1] ^ (m & (a.n[1] ^ b.n[1]))
	v.n[2] = b.n[2] ^ (m & (a.n[2] ^ b.n[2]))
	v.n[3] = b.n[3] ^ (m & (a.n[3] ^ b.n[3]))
	v.n[4] = b.n[4] ^ (m & (a.n[4] ^ b.n[4]))
	return v
}

// CMove sets v = a if cond == 1 and leaves v unchanged if cond == 0.
// Constant time; cond must be 0 or 1. The magnitude becomes the larger of the
// two.
func (v *Element) CMove(a *Element, cond int) {
	v.Select(a, v, cond)
}

// Swap exchanges v and u if cond == 1 and does nothing if cond == 0.
// Constant time; cond must be 0 or 1.
func (v *Element) Swap(u *Element, cond int) {
	m := mask(cond)
	for i := range v.n {
		t := m & (v.n[i] ^ u.n[i])
		v.n[i] ^= t
		u.n[i] ^= t
	}
}

// FromElement sets s to the compact form of a, which must be normalized.
// Constant time.
func (s *Storage) FromElement(a *Element) {
	s[0] = a.n[0] | a.n[1]<<52
	s[1] = a.n[1]>>12 | a.n[2]<<40
	s[2] = a.n[2]>>24 | a.n[3]<<28
	s[3] = a.n[3]>>36 | a.n[4]<<16
}

// FromStorage sets v (normalized) from its compact form and returns v.
// Constant time.
func (v *Element) FromStorage(s *Storage) *Element {
	v.n[0] = s[0] & mask52
	v.n[1] = s[0]>>52 | (s[1]<<12)&mask52
	v.n[2] = s[1]>>40 | (s[2]<<24)&mask52
	v.n[3] = s[2]>>28 | (s[3]<<36)&mask52
	v.n[4] = s[3] >> 16
	return v
}

// CMove sets s = a if cond == 1 and leaves s unchanged if cond == 0.
// Constant time; cond must be 0 or 1.
func (s *Storage) CMove(a *Storage, cond int) {
	m := mask(cond)
	s[0] ^= m & (a[0] ^ s[0])
	s[1] ^= m & (a[1] ^ s[1])
	s[2] ^= m & (a[2] ^ s[2])
	s[3] ^= m & (a[3] ^ s[3])
}
