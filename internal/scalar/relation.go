package scalar

import (
	"math"
	"math/bits"
)

// Short relations: the four-dimensional decomposition behind
// ecmult.EqualDoubleBaseVar.
//
// A check of the form a·P + b·G = Q (BIP-340 verification: s·G − e·P = R)
// may be multiplied through by any nonzero v: v·a·P + v·b·G − v·Q = O.
// Choosing v so that both v and v·a (mod n) are short turns the two
// variable-base products into products by short scalars, whose doublings
// are the loop's main cost (Antipa, Brown, Gallant, Lambert, Struik,
// Vanstone, "Accelerated verification of ECDSA signatures", SAC 2005).
// With the endomorphism, "short" can mean four quarter-size integers:
// A = a0 + a1·λ and B = b0 + b1·λ with A ≡ a·B (mod n) and every |ai|,
// |bi| near 2^64, so that the loop needs about 65 doublings instead of
// 129.
//
// λ is a root of x² + x + 1 mod n, so the ring Z[ω] of Eisenstein integers
// (ω² + ω + 1 = 0) maps onto Z/n by ω ↦ λ; its kernel is the ideal of
// π = a1 + b1·ω, the first GLV basis vector (see glv.go), whose norm
// a1² − a1·b1 + b1² is n. The pairs (A, B) ∈ Z[ω]² with A ≡ e·B (mod π)
// form a Z[ω]-lattice with basis (π, 0), (ε, 1), where ε is the GLV split
// of e; the extended Euclidean algorithm in Z[ω] (a Euclidean domain for
// the norm N(x + yω) = x² − xy + y²) on π and ε runs through remainders
// r_k ≡ ε·B_k with N(r_k) falling and N(B_k) growing, N(r_{k−1})·N(B_k)
// ≤ n. It stops at the first remainder of norm below 2^128: then both
// norms are about 2^128 and the four coordinates about 2^64 (58 to 65 bits
// over ten million random e: 65 bits for 11 %).
//
// The quotients are chosen in floating point, Lehmer's way: the leading
// bits decide them. The ratio z = r_{k−1}/r_k is a complex number; the
// quotient is its nearest Eisenstein integer q, and the next ratio is
// 1/(z − q), so a step is a rounding and a complex reciprocal. The steps
// are collected in a 2×2 matrix of small Eisenstein integers, which is
// applied to the exact remainders and multipliers B (128-bit coordinates)
// once the ratio's error could have grown past about 2^−9 (the
// matrix's norm past 2^44); the ratio is then taken afresh from the exact
// values. Whatever the quotients, every step keeps r_k ≡ ε·B_k, and the
// result is checked (A ≡ e·B mod n) before it is returned: a poor quotient
// only makes the output longer, never wrong.

// Short is a signed integer of absolute value Lo + Hi·2^64 < 2^128.
type Short struct {
	Lo, Hi uint64
	Neg    bool
}

// i128 is a two's complement 128-bit integer. The remainders and
// multipliers are computed modulo 2^128: their intermediate products may
// wrap, but every value the search reads (after each batch of steps) is
// below 2^127 in absolute value, so the modular result is the true one.
// A struct rather than an array, so that the compiler keeps it in
// registers.
type i128 struct{ lo, hi uint64 }

func (x i128) add(y i128) i128 {
	lo, c := bits.Add64(x.lo, y.lo, 0)
	return i128{lo, x.hi + y.hi + c}
}

func (x i128) sub(y i128) i128 {
	lo, b := bits.Sub64(x.lo, y.lo, 0)
	return i128{lo, x.hi - y.hi - b}
}

// mulSmall returns q·x modulo 2^128, for a signed q. Branch-free (the
// quotients' signs would defeat a branch predictor).
func (x i128) mulSmall(q int64) i128 {
	uq := uint64(q)
	hi, lo := bits.Mul64(x.lo, uq)
	// For q < 0, uq = q + 2^64: take x·2^64 back out.
	return i128{lo, hi + x.hi*uq - x.lo&uint64(q>>63)}
}

func (x i128) neg() bool { return int64(x.hi) < 0 }

// float returns x as a float64 (to about 2^−52 relative): from its
// absolute value, as summing a negative value's two's complement words
// would cancel away its low bits.
func (x i128) float() float64 {
	s := Short{Lo: x.lo, Hi: x.hi}
	if x.neg() {
		s.Neg = true
		x = i128{}.sub(x)
		s.Lo, s.Hi = x.lo, x.hi
	}
	return s.float()
}

func (x Short) float() float64 {
	f := float64(x.Hi)*0x1p64 + float64(x.Lo)
	if x.Neg {
		return -f
	}
	return f
}

// short returns x as a Short if |x| < 2^127 (always, as the search reads
// it: see i128).
func (x i128) short() Short {
	neg := x.neg()
	if neg {
		x = i128{}.sub(x)
	}
	return Short{Lo: x.lo, Hi: x.hi, Neg: neg}
}

// i128From returns x modulo 2^128.
func i128From(x Short) i128 {
	v := i128{x.Lo, x.Hi}
	if x.Neg {
		v = i128{}.sub(v)
	}
	return v
}

// e64 is an Eisenstein integer a + b·ω with small coordinates: a step
// matrix's entries, below 2^43 in absolute value (the steps stop once the
// matrix's norm passes 2^44, and every quotient in it is below 2^20).
type e64 struct{ a, b int64 }

// mul returns x·y: (xa + xb·ω)(ya + yb·ω) = (xa·ya − xb·yb) +
// (xa·yb + xb·ya − xb·yb)·ω, as ω² = −1 − ω.
func (x e64) mul(y e64) e64 {
	t := x.b * y.b
	return e64{x.a*y.a - t, x.a*y.b + x.b*y.a - t}
}

func (x e64) sub(y e64) e64 { return e64{x.a - y.a, x.b - y.b} }

// mulEis returns m·y for y = ya + yb·ω: (ma·ya − mb·yb) + (ma·yb +
// mb·(ya − yb))·ω.
func mulEis(m e64, ya, yb i128) (i128, i128) {
	return ya.mulSmall(m.a).sub(yb.mulSmall(m.b)), yb.mulSmall(m.a).add(ya.sub(yb).mulSmall(m.b))
}

// apply returns (m0·x + m1·y, m2·x + m3·y) for Eisenstein x, y.
func apply(m0, m1, m2, m3 e64, xa, xb, ya, yb i128) (i128, i128, i128, i128) {
	pa, pb := mulEis(m0, xa, xb)
	qa, qb := mulEis(m1, ya, yb)
	ra, rb := mulEis(m2, xa, xb)
	sa, sb := mulEis(m3, ya, yb)
	return pa.add(qa), pb.add(qb), ra.add(sa), rb.add(sb)
}

// cplx is a complex number, the image of a + b·ω under ω ↦ (−1 + i√3)/2.
type cplx struct{ re, im float64 }

const sqrt3Half = 0.86602540378443864676 // √3/2

func toCplx(a, b float64) cplx { return cplx{a - b/2, b * sqrt3Half} }

func (z cplx) norm() float64 { return z.re*z.re + z.im*z.im }

// div returns x/y.
func div(x, y cplx) cplx {
	d := 1 / y.norm()
	return cplx{(x.re*y.re + x.im*y.im) * d, (x.im*y.re - x.re*y.im) * d}
}

// step takes one step of the Euclidean algorithm on the ratio z = r0/r1:
// the quotient q, the Eisenstein integer nearest to z, and the next ratio
// r1/(r0 − q·r1) = 1/(z − q), with N(z − q); or false if z is 2^58 or
// more (r1 far shorter than r0, as for an e below 2^70) or not finite,
// which the caller hands to bigStep. Branch-free but for that check: the
// quotients' digits would defeat a branch predictor, and the ratio's
// chain of dependent operations is the search's critical path.
func step(z cplx) (q e64, next cplx, nw float64, ok bool) {
	const sqrt3 = 2 * sqrt3Half
	y := z.im * (1 / sqrt3)
	if !(max(math.Abs(z.re), math.Abs(y)) < 0x1p58) {
		return e64{}, cplx{}, 0, false
	}
	a1, b1 := math.Floor(z.re+0.5), math.Floor(y+0.5)
	a2, b2 := math.Floor(z.re), math.Floor(y)
	w1 := cplx{z.re - a1, z.im - b1*sqrt3}
	w2 := cplx{z.re - a2 - 0.5, z.im - (b2+0.5)*sqrt3}
	n1, n2 := w1.norm(), w2.norm()
	d1, d2 := 1/n1, 1/n2
	// m is all ones if the second is nearer.
	m := uint64(int64(math.Float64bits(n2-n1)) >> 63)
	sel := func(x, y float64) float64 {
		return math.Float64frombits(math.Float64bits(x)&^m | math.Float64bits(y)&m)
	}
	next = cplx{sel(w1.re*d1, w2.re*d2), -sel(w1.im*d1, w2.im*d2)}
	im := int64(m)
	u1, v1 := int64(a1+b1), 2*int64(b1)
	u2, v2 := int64(a2+b2)+1, 2*int64(b2)+1
	return e64{u1&^im | u2&im, v1&^im | v2&im}, next, sel(n1, n2), true
}

// bigStep returns x − q·y for Eisenstein integers x = xa + xb·ω,
// y = ya + yb·ω and q the rounding of z (to float64's precision, which for
// |z| ≥ 2^53 leaves a remainder a few bits longer than y: the next steps
// take it down), for a large z: each coordinate of q is applied directly
// below 2^62, and as m·2^k with |m| < 2^53 (m times the operand shifted by
// k, modulo 2^128) above. It reports false for a z that is not finite or
// is 2^120 or more, which no e reaches: the search steps only while
// |r1| ≥ 2^64, and |r0| < 2^130.
func bigStep(z cplx, xa, xb, ya, yb i128) (i128, i128, bool) {
	v := z.im * (1 / sqrt3Half)
	u := math.Floor(z.re + v/2 + 0.5)
	v = math.Floor(v + 0.5)
	if !(max(math.Abs(u), math.Abs(v)) < 0x1p120) {
		return i128{}, i128{}, false
	}
	// q·y = (qa·ya − qb·yb) + (qa·yb + qb·(ya − yb))·ω.
	d := ya.sub(yb)
	ra := xa.sub(mulFloat(ya, u)).add(mulFloat(yb, v))
	rb := xb.sub(mulFloat(yb, u)).sub(mulFloat(d, v))
	return ra, rb, true
}

// mulFloat returns x·f modulo 2^128 for an integer-valued f, |f| < 2^120.
func mulFloat(x i128, f float64) i128 {
	if math.Abs(f) < 0x1p62 {
		return x.mulSmall(int64(f))
	}
	frac, exp := math.Frexp(f) // f = frac·2^exp, 0.5 ≤ |frac| < 1
	m, k := int64(frac*0x1p53), uint(exp-53)
	return x.shl(k).mulSmall(m)
}

// shl returns x·2^k modulo 2^128, 0 < k < 128.
func (x i128) shl(k uint) i128 {
	if k >= 64 {
		return i128{0, x.lo << (k - 64)}
	}
	return i128{x.lo << k, x.hi<<k | x.lo>>(64-k)}
}

// fromShort sets s to x mod n.
func (s *Scalar) fromShort(x Short) *Scalar {
	*s = Scalar{d: [4]uint64{x.Lo, x.Hi}}
	if x.Neg {
		s.Negate(s)
	}
	return s
}

// eval sets s = x + y·λ mod n.
func (s *Scalar) eval(x, y Short) *Scalar {
	var t Scalar
	t.fromShort(y)
	t.Mul(&t, &Lambda)
	s.fromShort(x)
	return s.Add(s, &t)
}

// short returns the signed value of a GLV split output (below 2^128 or the
// negation of such a value mod n).
func (s *Scalar) short() Short {
	if s.IsHigh() == 1 {
		var t Scalar
		t.Negate(s)
		return Short{Lo: t.d[0], Hi: t.d[1], Neg: true}
	}
	return Short{Lo: s.d[0], Hi: s.d[1]}
}

// SplitRelation sets a and b to the coordinates of A = a[0] + a[1]·λ and
// B = b[0] + b[1]·λ, and bs to B mod n, such that A ≡ e·B (mod n) and
// B ≢ 0: the short relation for the checks a·P + b·G = Q described above.
// The four coordinates are below 2^127 in absolute value, and at most 65
// bits long for every random e the tests have met (and for the boundary
// values they try). It reports false, leaving the outputs unspecified, if
// the search could not finish within its arithmetic, which no e is known
// to make it do; the caller then checks the relation the long way.
// Variable time: e must be public (a challenge hash). It does not
// allocate.
func SplitRelation(a, b *[2]Short, bs *Scalar, e *Scalar) bool {
	var k1, k2 Scalar
	SplitLambda(&k1, &k2, e)
	// The remainders r0 = π = a1 + b1·ω (glv.go) and r1 = ε, and the
	// multipliers B0 = 0, B1 = 1, modulo 2^128 (see i128); the first
	// ratio from the true values.
	pb := Short{Lo: glvMinusB1Lo, Hi: glvMinusB1Hi, Neg: true}
	pa, ea, eb := Short{Lo: glvA1Lo, Hi: glvA1Hi}, k1.short(), k2.short()
	r0a, r0b, r1a, r1b := i128From(pa), i128From(pb), i128From(ea), i128From(eb)
	f0, f1 := toCplx(pa.float(), pb.float()), toCplx(ea.float(), eb.float())
	var b0a, b0b, b1b i128
	b1a := i128{1, 0}
phases:
	for phase := 0; ; phase++ {
		if phase > 0 {
			f0, f1 = toCplx(r0a.float(), r0b.float()), toCplx(r1a.float(), r1b.float())
		}
		n1 := f1.norm()
		if n1 < 0x1p128 {
			break
		}
		if phase == 16 {
			return false
		}
		// Steps in floating point from the ratio z = r0/r1, collected in a
		// matrix: (r0, r1) ← (m0·r0 + m1·r1, m2·r0 + m3·r1).
		z := div(f0, f1)
		m0, m1, m2, m3 := e64{1, 0}, e64{}, e64{}, e64{1, 0}
		for g := 1.0; ; {
			q, next, nw, ok := step(z)
			if !ok || q.a>>20+1 > 1 || q.b>>20+1 > 1 {
				// A quotient of 2^20 or more (r1 far shorter than r0) is
				// bigStep's, taken on its own as the first step of a
				// phase, from the exact values: the matrix's entries stay
				// small.
				if g != 1 {
					break
				}
				ta, tb, ok1 := bigStep(z, r0a, r0b, r1a, r1b)
				ua, ub, ok2 := bigStep(z, b0a, b0b, b1a, b1b)
				if !ok1 || !ok2 {
					return false
				}
				r0a, r0b, r1a, r1b = r1a, r1b, ta, tb
				b0a, b0b, b1a, b1b = b1a, b1b, ua, ub
				continue phases
			}
			m0, m1, m2, m3 = m2, m3, m0.sub(q.mul(m2)), m1.sub(q.mul(m3))
			n1 *= nw // N(r0 − q·r1) = N(r1)·N(z − q)
			g /= nw  // the matrix's growth (its norm, squared)
			if n1 < 0x1p128 || g > 0x1p44 || nw == 0 {
				break
			}
			z = next
		}
		r0a, r0b, r1a, r1b = apply(m0, m1, m2, m3, r0a, r0b, r1a, r1b)
		b0a, b0b, b1a, b1b = apply(m0, m1, m2, m3, b0a, b0b, b1a, b1b)
	}

	a[0], a[1], b[0], b[1] = r1a.short(), r1b.short(), b1a.short(), b1b.short()
	// A ≡ e·B (mod n) and B ≢ 0, checked: a wrong A would turn the
	// caller's check into a different one.
	var ak, t Scalar
	bs.eval(b[0], b[1])
	ak.eval(a[0], a[1])
	t.Mul(e, bs)
	return bs.IsZero() == 0 && t.Equal(&ak) == 1
}
