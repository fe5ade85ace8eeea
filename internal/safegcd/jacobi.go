package safegcd

import "math/bits"

// jacobiBatches bounds the number of 62-step batches JacobiVar runs before
// giving up (25·62 = 1550 posdivsteps; the median needed for 256-bit inputs
// is about 756, and exceeding 1550 is extremely rare).
const jacobiBatches = 25

// posdivsteps62Var performs 62 "positive divsteps" (divsteps in which the
// swap does not negate, so f and g stay positive) on the low 64 bits f0, g0
// of f and g, starting from eta = -delta. It returns the new eta, the
// transition matrix scaled by 2^62 (determinant ±2^62), and jac with its
// low bit flipped for every sign change of the Jacobi symbol (g | f) that
// the steps cause. f0 and g0 must be f and g mod 2^64 (not just 2^62)
// because the symbol's rules look at f mod 8. Variable time.
func posdivsteps62Var(eta int64, f0, g0 uint64, jac uint64) (int64, trans, uint64) {
	u, v, q, r := uint64(1), uint64(0), uint64(0), uint64(1)
	f, g := f0, g0
	i := 62
	for {
		zeros := bits.TrailingZeros64(g | ^uint64(0)<<uint(i&63))
		g >>= uint(zeros & 63)
		u <<= uint(zeros & 63)
		v <<= uint(zeros & 63)
		eta -= int64(zeros)
		i -= zeros
		// Halving g an odd number of times flips (g | f) when f ≡ 3, 5
		// (mod 8) (second supplement to quadratic reciprocity).
		jac ^= uint64(zeros) & (f>>1 ^ f>>2)
		if i == 0 {
			break
		}
		var w, m uint64
		if eta < 0 {
			// Swap f and g (without negation); by reciprocity the
			// symbol flips when both are 3 mod 4.
			eta = -eta
			f, g = g, f
			u, q = q, u
			v, r = r, v
			jac ^= (f & g) >> 1
			limit := int(eta) + 1
			if limit > i {
				limit = i
			}
			m = (^uint64(0) >> uint((64-limit)&63)) & 63
			w = (f * g * (f*f - 2)) & m
		} else {
			limit := int(eta) + 1
			if limit > i {
				limit = i
			}
			m = (^uint64(0) >> uint((64-limit)&63)) & 15
			w = f + ((f+1)&4)<<1
			w = (-w * g) & m
		}
		// Adding a multiple of f to g leaves (g | f) unchanged.
		g += f * w
		q += u * w
		r += v * w
	}
	return eta, trans{int64(u), int64(v), int64(q), int64(r)}, jac
}

// JacobiVar returns the Jacobi symbol (x | m), 1 or -1, for x in (0, m)
// coprime to m (for a prime m: any nonzero x, and the result is the Legendre
// symbol). It returns 0 if the result could not be determined within the
// iteration budget, which is extremely rare; callers must then fall back to
// another method (for example Euler's criterion). x = 0 or gcd(x, m) ≠ 1 is
// not allowed and gives 0 or a meaningless result.
//
// Variable time: only for public inputs. It runs the safegcd iteration with
// positive divsteps, tracking the symbol through reciprocity and the rule
// for factors of two, and stops when f reaches 1.
func JacobiVar(x *Signed62, m *Modulus) int {
	f := m.M
	g := *x
	normalizeLimbs(&f)
	normalizeLimbs(&g)
	n := 5
	eta := int64(-1)
	var jac uint64

	for count := 0; count < jacobiBatches; count++ {
		var t trans
		eta, t, jac = posdivsteps62Var(eta, uint64(f[0])|uint64(f[1])<<62, uint64(g[0])|uint64(g[1])<<62, jac)
		fs, gs := f[:n], g[:n]
		updateFGVar(fs, gs, &t)
		gs = gs[:len(fs)]
		// f = 1 ends it: (g | 1) = 1, so the accumulated sign is the answer.
		if fs[0] == 1 {
			var c int64
			for _, fj := range fs[1:] {
				c |= fj
			}
			if c == 0 {
				return 1 - 2*int(jac&1)
			}
		}
		// f and g stay positive, so the top limbs can be dropped once both
		// are zero.
		if top := len(fs) - 1; top > 0 && fs[top]|gs[top] == 0 {
			n--
		}
	}
	return 0
}
