// Package safegcd implements modular inversion of 256-bit integers with the
// Bernstein–Yang "safegcd" divstep algorithm, following the structure of
// libsecp256k1's modinv64 (62-bit signed limbs, batched divsteps applied
// through 2×2 transition matrices).
//
// Two entry points are provided: Invert, which runs a fixed number of
// branch-free divsteps and is constant time in its input, and InvertVar,
// which uses a faster variable-time divstep loop and stops as soon as the
// computation is finished. Both work for any odd modulus below 2^256.
//
// Reference: D. J. Bernstein and B.-Y. Yang, "Fast constant-time gcd
// computation and modular inversion" (2019), and libsecp256k1's
// doc/safegcd_implementation.md.
package safegcd

import "math/bits"

// mask62 selects the low 62 bits of a limb.
const mask62 = 1<<62 - 1

// Signed62 is a signed integer held in five 62-bit limbs,
//
//	v = v[0] + v[1]·2^62 + v[2]·2^124 + v[3]·2^186 + v[4]·2^248.
//
// Limbs may be negative in intermediate states. Values passed to and
// returned from Invert and InvertVar are in [0, m); the returned values
// always have limbs 0..3 in [0, 2^62) and a non-negative top limb.
type Signed62 [5]int64

// Modulus describes an odd modulus m < 2^256 for Invert and InvertVar: M is
// m in signed62 form (each limb must lie in (-2^62, 2^62); negative and zero
// limbs are allowed, and zero limbs make the inversion faster), and MInv62 is
// m^-1 mod 2^62. Use NewModulus to build one. A Modulus is public data; its
// limbs may influence timing.
type Modulus struct {
	M      Signed62
	MInv62 uint64
}

// NewModulus returns the Modulus for the odd integer m (four little-endian
// 64-bit limbs). The limbs of M are chosen in [-2^61, 2^61) (the top limb
// excepted) so that moduli close to a power of two get zero limbs. It panics
// if m is even. Not constant time (moduli are public).
func NewModulus(m *[4]uint64) Modulus {
	if m[0]&1 == 0 {
		panic("safegcd: modulus must be odd")
	}
	s := FromLimbs64(m)
	// Re-balance limbs 0..3 into [-2^61, 2^61) by borrowing from the limb
	// above; the represented value does not change.
	for i := 0; i < 4; i++ {
		if s[i] >= 1<<61 {
			s[i] -= 1 << 62
			s[i+1]++
		}
	}
	// Newton iteration for the inverse modulo 2^64: each step doubles the
	// number of correct low bits; x = m is correct to 3 bits for odd m.
	x := m[0]
	for i := 0; i < 5; i++ {
		x *= 2 - m[0]*x
	}
	return Modulus{M: s, MInv62: x & mask62}
}

// FromLimbs64 converts a non-negative integer below 2^256 given as four
// little-endian 64-bit limbs into signed62 form with limbs in [0, 2^62).
// Constant time.
func FromLimbs64(a *[4]uint64) Signed62 {
	a0, a1, a2, a3 := a[0], a[1], a[2], a[3]
	return Signed62{
		int64(a0 & mask62),
		int64((a0>>62 | a1<<2) & mask62),
		int64((a1>>60 | a2<<4) & mask62),
		int64((a2>>58 | a3<<6) & mask62),
		int64(a3 >> 56),
	}
}

// Limbs64 converts s, which must be non-negative and below 2^256 with limbs
// 0..3 in [0, 2^62) (as returned by Invert, InvertVar and FromLimbs64), into
// four little-endian 64-bit limbs. Constant time.
func (s *Signed62) Limbs64() [4]uint64 {
	v0, v1, v2, v3, v4 := uint64(s[0]), uint64(s[1]), uint64(s[2]), uint64(s[3]), uint64(s[4])
	return [4]uint64{
		v0 | v1<<62,
		v1>>2 | v2<<60,
		v2>>4 | v3<<58,
		v3>>6 | v4<<56,
	}
}

// trans is a 2×2 transition matrix [[u, v], [q, r]] produced by a batch of
// divsteps, scaled by 2^62.
type trans struct {
	u, v, q, r int64
}

// ---------------------------------------------------------------------------
// Signed 128-bit accumulator helpers. An accumulator is a (hi, lo) pair of
// uint64 holding a two's complement 128-bit integer. Signed 64×64 products are
// formed from the unsigned product by subtracting the operands that were
// reinterpreted across the sign bit: for a < 0, uint64(a) = a + 2^64, so
// uint64(a)·b = a·b + 2^64·b and the high word must be reduced by b.

// mac1 returns (hi, lo) + a·x for signed a and non-negative x.
func mac1(hi, lo uint64, a, x int64) (uint64, uint64) {
	h, l := bits.Mul64(uint64(a), uint64(x))
	var c uint64
	lo, c = bits.Add64(lo, l, 0)
	hi, _ = bits.Add64(hi, h, c)
	hi -= uint64(a>>63) & uint64(x)
	return hi, lo
}

// mac1s returns (hi, lo) + a·b for signed a and b.
func mac1s(hi, lo uint64, a, b int64) (uint64, uint64) {
	h, l := bits.Mul64(uint64(a), uint64(b))
	var c uint64
	lo, c = bits.Add64(lo, l, 0)
	hi, _ = bits.Add64(hi, h, c)
	hi -= uint64(a>>63)&uint64(b) + uint64(b>>63)&uint64(a)
	return hi, lo
}

// sar62 arithmetically shifts the accumulator right by 62 bits.
func sar62(hi, lo uint64) (uint64, uint64) {
	return uint64(int64(hi) >> 62), lo>>62 | hi<<2
}

// ---------------------------------------------------------------------------

// normalizeLimbs propagates carries so that limbs 0..3 lie in [0, 2^62); the
// value is unchanged and the top limb carries the sign. Constant time.
func normalizeLimbs(s *Signed62) {
	r0, r1, r2, r3, r4 := s[0], s[1], s[2], s[3], s[4]
	r1 += r0 >> 62
	r0 &= mask62
	r2 += r1 >> 62
	r1 &= mask62
	r3 += r2 >> 62
	r2 &= mask62
	r4 += r3 >> 62
	r3 &= mask62
	s[0], s[1], s[2], s[3], s[4] = r0, r1, r2, r3, r4
}

// normalize62 takes r in (-2m, m) with limbs in (-2^62, 2^62), negates it if
// sign < 0, and reduces it into [0, m) with limbs in [0, 2^62). Constant
// time.
func normalize62(r *Signed62, sign int64, m *Modulus) {
	r0, r1, r2, r3, r4 := r[0], r[1], r[2], r[3], r[4]
	m0, m1, m2, m3, m4 := m.M[0], m.M[1], m.M[2], m.M[3], m.M[4]

	// Add m if r < 0, giving (-m, m); then conditionally negate.
	c := r4 >> 63
	r0 += m0 & c
	r1 += m1 & c
	r2 += m2 & c
	r3 += m3 & c
	r4 += m4 & c
	n := sign >> 63
	r0 = (r0 ^ n) - n
	r1 = (r1 ^ n) - n
	r2 = (r2 ^ n) - n
	r3 = (r3 ^ n) - n
	r4 = (r4 ^ n) - n
	r1 += r0 >> 62
	r0 &= mask62
	r2 += r1 >> 62
	r1 &= mask62
	r3 += r2 >> 62
	r2 &= mask62
	r4 += r3 >> 62
	r3 &= mask62

	// Add m once more if still negative, giving [0, m).
	c = r4 >> 63
	r0 += m0 & c
	r1 += m1 & c
	r2 += m2 & c
	r3 += m3 & c
	r4 += m4 & c
	r1 += r0 >> 62
	r0 &= mask62
	r2 += r1 >> 62
	r1 &= mask62
	r3 += r2 >> 62
	r2 &= mask62
	r4 += r3 >> 62
	r3 &= mask62

	r[0], r[1], r[2], r[3], r[4] = r0, r1, r2, r3, r4
}

// updateDEGeneric (updateDE where there is no assembly, and its reference)
// replaces d and e by (t/2^62)·[d, e] mod m, adding multiples of m
// so that the division by 2^62 is exact. On input and output d and e lie in
// (-2m, m); on input limbs 0..3 must be in [0, 2^62); on output they are.
// Branches depend only on m (public). Constant time in d, e and t.
func updateDEGeneric(d, e *Signed62, t *trans, m *Modulus) {
	u, v, q, r := t.u, t.v, t.q, t.r
	d0, e0 := d[0], e[0]

	// Start md, me with the multiples of m that compensate for a negative
	// d or e (keeping the output above -2m).
	sd, se := d[4]>>63, e[4]>>63
	md := (u & sd) + (v & se)
	me := (q & sd) + (r & se)

	cdh, cdl := mac1(0, 0, u, d0)
	cdh, cdl = mac1(cdh, cdl, v, e0)
	ceh, cel := mac1(0, 0, q, d0)
	ceh, cel = mac1(ceh, cel, r, e0)

	// Choose md, me so that the low 62 bits of t·[d,e] + m·[md,me] vanish.
	md -= int64((m.MInv62*cdl + uint64(md)) & mask62)
	me -= int64((m.MInv62*cel + uint64(me)) & mask62)

	m0 := m.M[0]
	cdh, cdl = mac1s(cdh, cdl, m0, md)
	ceh, cel = mac1s(ceh, cel, m0, me)
	cdh, cdl = sar62(cdh, cdl)
	ceh, cel = sar62(ceh, cel)

	// Limb 1.
	d1, e1 := d[1], e[1]
	cdh, cdl = mac1(cdh, cdl, u, d1)
	cdh, cdl = mac1(cdh, cdl, v, e1)
	ceh, cel = mac1(ceh, cel, q, d1)
	ceh, cel = mac1(ceh, cel, r, e1)
	if m1 := m.M[1]; m1 != 0 {
		cdh, cdl = mac1s(cdh, cdl, m1, md)
		ceh, cel = mac1s(ceh, cel, m1, me)
	}
	d[0] = int64(cdl & mask62)
	e[0] = int64(cel & mask62)
	cdh, cdl = sar62(cdh, cdl)
	ceh, cel = sar62(ceh, cel)

	// Limb 2.
	d2, e2 := d[2], e[2]
	cdh, cdl = mac1(cdh, cdl, u, d2)
	cdh, cdl = mac1(cdh, cdl, v, e2)
	ceh, cel = mac1(ceh, cel, q, d2)
	ceh, cel = mac1(ceh, cel, r, e2)
	if m2 := m.M[2]; m2 != 0 {
		cdh, cdl = mac1s(cdh, cdl, m2, md)
		ceh, cel = mac1s(ceh, cel, m2, me)
	}
	d[1] = int64(cdl & mask62)
	e[1] = int64(cel & mask62)
	cdh, cdl = sar62(cdh, cdl)
	ceh, cel = sar62(ceh, cel)

	// Limb 3.
	d3, e3 := d[3], e[3]
	cdh, cdl = mac1(cdh, cdl, u, d3)
	cdh, cdl = mac1(cdh, cdl, v, e3)
	ceh, cel = mac1(ceh, cel, q, d3)
	ceh, cel = mac1(ceh, cel, r, e3)
	if m3 := m.M[3]; m3 != 0 {
		cdh, cdl = mac1s(cdh, cdl, m3, md)
		ceh, cel = mac1s(ceh, cel, m3, me)
	}
	d[2] = int64(cdl & mask62)
	e[2] = int64(cel & mask62)
	cdh, cdl = sar62(cdh, cdl)
	ceh, cel = sar62(ceh, cel)

	// Limb 4 (signed).
	d4, e4 := d[4], e[4]
	cdh, cdl = mac1s(cdh, cdl, u, d4)
	cdh, cdl = mac1s(cdh, cdl, v, e4)
	ceh, cel = mac1s(ceh, cel, q, d4)
	ceh, cel = mac1s(ceh, cel, r, e4)
	m4 := m.M[4]
	cdh, cdl = mac1s(cdh, cdl, m4, md)
	ceh, cel = mac1s(ceh, cel, m4, me)
	d[3] = int64(cdl & mask62)
	e[3] = int64(cel & mask62)
	_, cdl = sar62(cdh, cdl)
	_, cel = sar62(ceh, cel)
	d[4] = int64(cdl)
	e[4] = int64(cel)
}

// updateFGGeneric (updateFG where there is no assembly, and its reference)
// replaces f and g by (t/2^62)·[f, g] (the division is exact).
// Limbs 0..3 must be in [0, 2^62) on input and are on output. Constant time.
func updateFGGeneric(f, g *Signed62, t *trans) {
	u, v, q, r := t.u, t.v, t.q, t.r

	f0, g0 := f[0], g[0]
	cfh, cfl := mac1(0, 0, u, f0)
	cfh, cfl = mac1(cfh, cfl, v, g0)
	cgh, cgl := mac1(0, 0, q, f0)
	cgh, cgl = mac1(cgh, cgl, r, g0)
	cfh, cfl = sar62(cfh, cfl)
	cgh, cgl = sar62(cgh, cgl)

	f1, g1 := f[1], g[1]
	cfh, cfl = mac1(cfh, cfl, u, f1)
	cfh, cfl = mac1(cfh, cfl, v, g1)
	cgh, cgl = mac1(cgh, cgl, q, f1)
	cgh, cgl = mac1(cgh, cgl, r, g1)
	f[0] = int64(cfl & mask62)
	g[0] = int64(cgl & mask62)
	cfh, cfl = sar62(cfh, cfl)
	cgh, cgl = sar62(cgh, cgl)

	f2, g2 := f[2], g[2]
	cfh, cfl = mac1(cfh, cfl, u, f2)
	cfh, cfl = mac1(cfh, cfl, v, g2)
	cgh, cgl = mac1(cgh, cgl, q, f2)
	cgh, cgl = mac1(cgh, cgl, r, g2)
	f[1] = int64(cfl & mask62)
	g[1] = int64(cgl & mask62)
	cfh, cfl = sar62(cfh, cfl)
	cgh, cgl = sar62(cgh, cgl)

	f3, g3 := f[3], g[3]
	cfh, cfl = mac1(cfh, cfl, u, f3)
	cfh, cfl = mac1(cfh, cfl, v, g3)
	cgh, cgl = mac1(cgh, cgl, q, f3)
	cgh, cgl = mac1(cgh, cgl, r, g3)
	f[2] = int64(cfl & mask62)
	g[2] = int64(cgl & mask62)
	cfh, cfl = sar62(cfh, cfl)
	cgh, cgl = sar62(cgh, cgl)

	f4, g4 := f[4], g[4]
	cfh, cfl = mac1s(cfh, cfl, u, f4)
	cfh, cfl = mac1s(cfh, cfl, v, g4)
	cgh, cgl = mac1s(cgh, cgl, q, f4)
	cgh, cgl = mac1s(cgh, cgl, r, g4)
	f[3] = int64(cfl & mask62)
	g[3] = int64(cgl & mask62)
	_, cfl = sar62(cfh, cfl)
	_, cgl = sar62(cgh, cgl)
	f[4] = int64(cfl)
	g[4] = int64(cgl)
}
