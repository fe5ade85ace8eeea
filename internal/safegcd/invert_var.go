package safegcd

import "math/bits"

// divsteps62VarGeneric performs 62 divsteps on the low 64 bits f0, g0 of f and g,
// starting from eta = -delta, and returns the new eta and the transition
// matrix scaled by 2^62. Variable time: runs of zero bits of g are skipped
// with a trailing-zero count, and several bits of g are cancelled at once
// with a small multiple of f.
//
// It is divsteps62Var where the processor lacks the assembly's BMI1 and
// BMI2, and the reference the assembly is tested against.
func divsteps62VarGeneric(eta int64, f0, g0 uint64) (int64, trans) {
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	f, g := f0, g0
	i := 62
	for {
		// Skip the zero bits of g (each is a divstep that only halves g);
		// the sentinel bit at position i stops the count at the number of
		// divsteps left.
		zeros := bits.TrailingZeros64(g | ^uint64(0)<<uint(i&63))
		g >>= uint(zeros & 63)
		u <<= uint(zeros & 63)
		v <<= uint(zeros & 63)
		eta -= int64(zeros)
		i -= zeros
		if i == 0 {
			break
		}
		// Now f and g are both odd.
		var w, m uint64
		if eta < 0 {
			// delta > 0: swap (f, g) = (g, -f) and the matrix rows with it.
			eta = -eta
			f, g = g, -f
			u, q = q, -u
			v, r = r, -v
			// Cancel up to min(eta+1, i, 6) low bits of g in one go: no
			// more than i divsteps remain, and eta+1 bits is where delta
			// would change sign again.
			limit := int(eta) + 1
			if limit > i {
				limit = i
			}
			m = (^uint64(0) >> uint((64-limit)&63)) & 63
			// f·(f²−2) ≡ −f^-1 (mod 64) for odd f.
			w = (f * g * (f*f - 2)) & m
		} else {
			// delta ≤ 0: no swap; cancel up to min(eta+1, i, 4) bits.
			limit := int(eta) + 1
			if limit > i {
				limit = i
			}
			m = (^uint64(0) >> uint((64-limit)&63)) & 15
			// f + (((f+1)&4)<<1) ≡ f^-1 (mod 16) for odd f.
			w = f + ((f+1)&4)<<1
			w = (-w * g) & m
		}
		g += f * w
		q += u * w
		r += v * w
	}
	return eta, trans{int64(u), int64(v), int64(q), int64(r)}
}

// updateFGVarGeneric is updateFG for f and g of len(f) = len(g) limbs (1
// to 5): limbs 0..len-2 are in [0, 2^62), the last is the signed top limb.
// Variable time in the length. It is updateFGVar where there is no
// assembly, and the reference updateFGVarAsm is tested against.
func updateFGVarGeneric(f, g []int64, t *trans) {
	u, v, q, r := t.u, t.v, t.q, t.r
	g = g[:len(f)]
	top := len(f) - 1
	if top <= 0 {
		if top < 0 {
			return
		}
		f0, g0 := f[0], g[0]
		cfh, cfl := mac1s(0, 0, u, f0)
		cfh, cfl = mac1s(cfh, cfl, v, g0)
		cgh, cgl := mac1s(0, 0, q, f0)
		cgh, cgl = mac1s(cgh, cgl, r, g0)
		_, cfl = sar62(cfh, cfl)
		_, cgl = sar62(cgh, cgl)
		f[0] = int64(cfl)
		g[0] = int64(cgl)
		return
	}
	f0, g0 := f[0], g[0]
	cfh, cfl := mac1(0, 0, u, f0)
	cfh, cfl = mac1(cfh, cfl, v, g0)
	cgh, cgl := mac1(0, 0, q, f0)
	cgh, cgl = mac1(cgh, cgl, r, g0)
	cfh, cfl = sar62(cfh, cfl)
	cgh, cgl = sar62(cgh, cgl)
	for i := 1; i < top; i++ {
		fi, gi := f[i], g[i]
		cfh, cfl = mac1(cfh, cfl, u, fi)
		cfh, cfl = mac1(cfh, cfl, v, gi)
		cgh, cgl = mac1(cgh, cgl, q, fi)
		cgh, cgl = mac1(cgh, cgl, r, gi)
		f[i-1] = int64(cfl & mask62)
		g[i-1] = int64(cgl & mask62)
		cfh, cfl = sar62(cfh, cfl)
		cgh, cgl = sar62(cgh, cgl)
	}
	ft, gt := f[top], g[top]
	cfh, cfl = mac1s(cfh, cfl, u, ft)
	cfh, cfl = mac1s(cfh, cfl, v, gt)
	cgh, cgl = mac1s(cgh, cgl, q, ft)
	cgh, cgl = mac1s(cgh, cgl, r, gt)
	f[top-1] = int64(cfl & mask62)
	g[top-1] = int64(cgl & mask62)
	_, cfl = sar62(cfh, cfl)
	_, cgl = sar62(cgh, cgl)
	f[top] = int64(cfl)
	g[top] = int64(cgl)
}

// InvertVar replaces x by x^-1 mod m, with the same input and output
// contract as Invert (x in [0, m), zero maps to zero), but in variable time:
// it uses the faster variable-time divstep batches of 62, stops as soon as g
// reaches zero, and shortens f and g as their magnitudes shrink. Use it only
// when x is public.
func InvertVar(x *Signed62, m *Modulus) {
	d := Signed62{}
	e := Signed62{1}
	f := m.M
	g := *x
	normalizeLimbs(&f)
	normalizeLimbs(&g)
	n := 5
	eta := int64(-1) // eta = -delta with delta = 1.

	for {
		var t trans
		eta, t = divsteps62Var(eta, uint64(f[0]), uint64(g[0]))
		updateDE(&d, &e, &t, m)
		fs, gs := f[:n], g[:n]
		updateFGVar(fs, gs, &t)
		gs = gs[:len(fs)]

		// g = 0 ends the computation; a zero bottom limb is the hint.
		if gs[0] == 0 {
			var c int64
			for _, gj := range gs[1:] {
				c |= gj
			}
			if c == 0 {
				break
			}
		}

		// If n > 1 and the top limbs of f and g are both 0 or -1, fold the
		// top limb's sign into the limb below and drop it.
		if top := len(fs) - 1; top > 0 {
			fn, gn := fs[top], gs[top]
			if (fn^(fn>>63))|(gn^(gn>>63)) == 0 {
				fs[top-1] |= int64(uint64(fn) << 62)
				gs[top-1] |= int64(uint64(gn) << 62)
				n--
			}
		}
	}

	normalize62(&d, f[n-1], m)
	*x = d
}
