package safegcd

// divstepsPacked performs n (≤ 30) branch-free divsteps on the low bits of
// f and g, starting from zeta = -(delta + 1/2), and returns the new zeta, f
// and g together with the unscaled transition matrix in packed form:
// uv = u + v·2^32 and qr = q + r·2^32.
//
// The packing is exact because every update applied to a matrix row is
// linear (adding, negating, masking with 0 or all-ones, doubling), and after
// n ≤ 30 steps |u|+|v| ≤ 2^n and |q|+|r| ≤ 2^n, so each low half fits in a
// signed 32-bit field and the total fits in 64 bits. Processing both entries
// of a row in one register halves the matrix work per divstep.
//
// Constant time: the loop count is fixed by the caller and nothing branches
// on or indexes by the data.
func divstepsPacked(n int, zeta int64, f, g uint64) (int64, uint64, uint64, uint64, uint64) {
	uv, qr := uint64(1), uint64(1)<<32
	for i := 0; i < n; i++ {
		// c1: zeta < 0 (i.e. delta > 0); c2: g is odd.
		c1 := uint64(zeta >> 63)
		c2 := -(g & 1)
		// When both hold (the swapping case) the new f is the old g.
		// Select it from the old values, off the critical path of g.
		cs := c1 & c2
		fNew := f ^ ((f ^ g) & cs)
		// g += ±f when g is odd (−f when delta > 0); rows likewise.
		x := (f ^ c1) - c1
		y := (uv ^ c1) - c1
		g += x & c2
		qr += y & c2
		// In the swapping case the first row becomes the old second row;
		// the updated second row is old q − old u, so add it back.
		uv += qr & cs
		zeta = (zeta ^ int64(cs)) - 1
		f = fNew
		g >>= 1
		uv <<= 1
	}
	return zeta, f, g, uv, qr
}

// unpack splits a packed pair a + b·2^32 (|a| < 2^31) into a and b.
func unpack(p uint64) (a, b int64) {
	a = int64(int32(p))
	b = (int64(p) - a) >> 32
	return a, b
}

// divsteps59 performs 59 branch-free divsteps on the low 64 bits f0, g0 of
// f and g, starting from zeta = -(delta + 1/2), and returns the new zeta and
// the transition matrix scaled by 2^62 (59 steps give 2^59, and the result
// is multiplied by 8). The steps are done as 29 + 30 with packed matrices
// (see divstepsPacked), which are then multiplied together. Constant time.
func divsteps59(zeta int64, f0, g0 uint64) (int64, trans) {
	zeta, f, g, uv1, qr1 := divstepsPacked(29, zeta, f0, g0)
	zeta, _, _, uv2, qr2 := divstepsPacked(30, zeta, f, g)
	u1, v1 := unpack(uv1)
	q1, r1 := unpack(qr1)
	u2, v2 := unpack(uv2)
	q2, r2 := unpack(qr2)
	// T = T2·T1; entries are at most 2^59 in magnitude before the final
	// scaling by 8.
	return zeta, trans{
		u: (u2*u1 + v2*q1) << 3,
		v: (u2*v1 + v2*r1) << 3,
		q: (q2*u1 + r2*q1) << 3,
		r: (q2*v1 + r2*r1) << 3,
	}
}

// Invert replaces x by x^-1 mod m. On input x must be in [0, m) (its limbs
// may be any values in (-2^62, 2^62) representing such a number); on output
// x is in [0, m) with limbs 0..3 in [0, 2^62). Zero maps to zero; if x and m
// are not coprime the result is meaningless.
//
// Constant time with respect to x: it always runs 10 batches of 59 divsteps
// (590 divsteps, the proven bound that suffices for every input below 2^256
// with a modulus below 2^256), and no branch or memory index depends on x.
// It may branch on m (public), which must be odd and below 2^256.
func Invert(x *Signed62, m *Modulus) {
	d := Signed62{}
	e := Signed62{1}
	f := m.M
	g := *x
	normalizeLimbs(&f)
	normalizeLimbs(&g)
	zeta := int64(-1) // zeta = -(delta + 1/2) with delta = 1/2.

	for i := 0; i < 10; i++ {
		var t trans
		zeta, t = divsteps59(zeta, uint64(f[0]), uint64(g[0]))
		updateDE(&d, &e, &t, m)
		updateFG(&f, &g, &t)
	}

	// Now g = 0 and f = ±gcd = ±1 (or ±m when x = 0, in which case d = 0),
	// and d = ±x^-1. Fix the sign using f's sign and reduce into [0, m).
	normalize62(&d, f[4], m)
	*x = d
}
