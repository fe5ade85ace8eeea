package fe4

import (
	"math/bits"

	"github.com/p256k1/p256k1/internal/group"
)

// The 4×64 operations in plain Go: the twins of the generated assembly
// (fe4_arm64.s) that its tests compare it with limb for limb, and, on
// arm64, the forms of the operations that have no assembly there yet
// (their products go through the assembly kernels, kmul and ksqr). Each
// takes the same steps as the amd64 and arm64 generators, in the same
// order, so that the words, not only the values, agree.

// mulGeneric sets r = a·b (mod p), below 2^256: the 512-bit product, its
// upper four words folded by 2^256 ≡ c, the carry word folded by c, and a
// last carry folded by a masked c (after which nothing carries). The twin
// of the arm64 mulAsm. Constant time. r may alias a or b.
func mulGeneric(r, a, b *Element) {
	var t [8]uint64
	for i := range 4 {
		var k uint64
		for j := range 4 {
			hi, lo := bits.Mul64(a[i], b[j])
			var c1, c2 uint64
			lo, c1 = bits.Add64(lo, t[i+j], 0)
			lo, c2 = bits.Add64(lo, k, 0)
			t[i+j] = lo
			k = hi + c1 + c2
		}
		t[i+4] = k
	}
	reduce(r, &t)
}

// squareGeneric sets r = a² (mod p), below 2^256: the same 512-bit value
// as mulGeneric(r, a, a), reduced the same way. The twin of the arm64
// squareAsm. Constant time. r may alias a.
func squareGeneric(r, a *Element) { mulGeneric(r, a, a) }

// reduce sets r to t (512 bits) mod p, below 2^256, in the steps of the
// arm64 generator's fold4 (the point operations) and fold4s (mulAsm,
// squareAsm: k·t_hi from 32×32-bit products, the same words at each step).
func reduce(r *Element, t *[8]uint64) {
	var h [4]uint64
	var l [4]uint64
	for j := range 4 {
		h[j], l[j] = bits.Mul64(c, t[4+j])
	}
	var k uint64
	t0, k := bits.Add64(t[0], l[0], 0)
	t1, k := bits.Add64(t[1], l[1], k)
	t2, k := bits.Add64(t[2], l[2], k)
	t3, k := bits.Add64(t[3], l[3], k)
	cw := k
	t1, k = bits.Add64(t1, h[0], 0)
	t2, k = bits.Add64(t2, h[1], k)
	t3, k = bits.Add64(t3, h[2], k)
	cw, _ = bits.Add64(cw, h[3], k)
	// The carry word: cw·c < 2^67.
	ch, cl := bits.Mul64(c, cw)
	t0, k = bits.Add64(t0, cl, 0)
	t1, k = bits.Add64(t1, ch, k)
	t2, k = bits.Add64(t2, 0, k)
	t3, k = bits.Add64(t3, 0, k)
	// A last carry: c, masked by it.
	m := -k & c
	t0, k = bits.Add64(t0, m, 0)
	t1, k = bits.Add64(t1, 0, k)
	t2, k = bits.Add64(t2, 0, k)
	t3, _ = bits.Add64(t3, 0, k)
	*r = Element{t0, t1, t2, t3}
}

// neg sets r = −a (mod p): 0 − a with the borrows folded, as Sub.
func neg(r, a *Element) {
	var z Element
	Sub(r, &z, a)
}

// half sets r = a/2 (mod p), below 2^256: a + p if a is odd (257 bits),
// shifted right. Constant time. r may alias a.
func half(r, a *Element) {
	m := -(a[0] & 1)
	d0, k := bits.Add64(a[0], p0&m, 0)
	d1, k := bits.Add64(a[1], m, k)
	d2, k := bits.Add64(a[2], m, k)
	d3, top := bits.Add64(a[3], m, k)
	*r = Element{d0>>1 | d1<<63, d1>>1 | d2<<63, d2>>1 | d3<<63, d3>>1 | top<<63}
}

// zeroMask returns all ones if a ≡ 0 (mod p), a being 0 or p, and zero
// otherwise. Constant time.
func zeroMask(a *Element) uint64 {
	o := a[0] | a[1] | a[2] | a[3]
	q := ^(a[1] & a[2] & a[3]) | (a[0] ^ p0)
	// u ≠ 0 exactly when the top bit of u | −u is set.
	o = uint64(int64(o|-o) >> 63)
	q = uint64(int64(q|-q) >> 63)
	return ^(o & q)
}

// cmove sets r = e where mask is all ones, leaves r where it is zero.
func cmove(r, e *Element, mask uint64) {
	for i := range r {
		r[i] ^= mask & (r[i] ^ e[i])
	}
}

// twiceThrice sets t2 = 2v and t = 3v, the step shared by the doubling and
// the additions before X3.
func twiceThrice(t2, t, v *Element) {
	Add(t2, v, v)
	Add(t, t2, v)
}

// doubleGeneric is Double in Go (the steps of the generated arm64
// doubleAsm): L = 3/2·X², S = Y², T = X·S, X3 = L² − 2T,
// Y3 = −S² − L·(L² − 3T), Z3 = Y·Z. The amd64 doubleAsm computes the same
// values (mod p) as Y3 = L·(3T − L²) − S², with no negation. Constant
// time. r may be a.
func doubleGeneric(r, a *Jacobian) {
	var s, l, t, t2, v, w Element
	r.Infinity = a.Infinity
	ksqr(&s, &a.Y)
	ksqr(&v, &a.X)
	half(&w, &v)
	Add(&l, &v, &w)
	kmul(&v, &s, &a.X)
	twiceThrice(&t2, &t, &v)
	ksqr(&v, &s)
	neg(&s, &v)
	ksqr(&v, &l)
	Sub(&r.X, &v, &t2) // a.X is not read again
	Sub(&t, &v, &t)
	kmul(&v, &t, &l)
	Sub(&s, &s, &v)        // Y3, kept until a.Y is read
	kmul(&r.Z, &a.Z, &a.Y) // a.Y, a.Z are not read again
	r.Y = s
}

// addStorageVarGeneric is AddStorageVar (zinv nil) and AddStorageZInvVar
// in Go: the steps of the generated addStorageVarAsm and
// addStorageZInvVarAsm. Variable time. r may be a.
func addStorageVarGeneric(r, a *Jacobian, b *group.AffineStorage, negate int, zinv *Element) bool {
	bx := (*Element)(&b.X)
	var by Element
	if negate != 0 {
		// p − b.Y, b.Y canonical and nonzero: no borrow out.
		var k uint64
		by[0], k = bits.Sub64(p0, b.Y[0], 0)
		by[1], k = bits.Sub64(pw, b.Y[1], k)
		by[2], k = bits.Sub64(pw, b.Y[2], k)
		by[3], _ = bits.Sub64(pw, b.Y[3], k)
	} else {
		by = Element(b.Y)
	}
	za := &a.Z
	var zb Element
	if zinv != nil {
		kmul(&zb, &a.Z, zinv)
		za = &zb
	}
	var zz, s2, h, i, h2, h3, t, t2, v Element
	ksqr(&zz, za)
	kmul(&v, bx, &zz)
	Sub(&h, &v, &a.X) // H = U2 − X1
	if h.IsZeroVar() {
		return false
	}
	kmul(&s2, &by, &zz)
	ksqr(&h2, &h)
	kmul(&v, &s2, za)
	Sub(&i, &a.Y, &v) // I = Y1 − S2
	kmul(&h3, &h2, &h)
	kmul(&v, &a.X, &h2)
	twiceThrice(&t2, &t, &v)
	ksqr(&v, &i)
	Sub(&v, &v, &h3)   // D = I² − H³
	Sub(&r.X, &v, &t2) // a.X is not read again
	Sub(&t, &v, &t)
	kmul(&r.Z, &a.Z, &h)
	kmul(&h3, &h3, &a.Y)
	kmul(&v, &i, &t)
	Sub(&r.Y, &v, &h3)
	return true
}

// addAffineGeneric is AddAffine in Go: the steps of the generated
// addAffineAsm (the complete formula of group.Jacobian.AddAffine with its
// special cases taken by masks). Constant time. r may be a.
func addAffineGeneric(r, a *Jacobian, b *group.AffineStorage) {
	bx, by := (*Element)(&b.X), (*Element)(&b.Y)
	ainf := -a.Infinity
	u1, s1 := a.X, a.Y
	var zz, u2, s2, t, m, rr, mAlt, rrAlt, v Element
	ksqr(&zz, &a.Z)
	kmul(&u2, bx, &zz)
	kmul(&s2, by, &zz)
	kmul(&s2, &s2, &a.Z)
	Add(&t, &u1, &u2)
	Add(&m, &s1, &s2)
	ksqr(&rr, &t)
	neg(&mAlt, &u2)
	kmul(&s2, &u1, &mAlt)
	Add(&rr, &rr, &s2) // R = T² − U1·U2
	deg := zeroMask(&rr) & zeroMask(&m)
	Add(&rrAlt, &s1, &s1)
	cmove(&rrAlt, &rr, ^deg)
	Add(&mAlt, &mAlt, &u1)
	cmove(&mAlt, &m, ^deg)
	n, q := &zz, &u2
	ksqr(n, &mAlt)
	neg(q, &t)
	kmul(q, q, n) // Q = −T·Malt²
	ksqr(n, n)
	cmove(n, &m, deg)
	ksqr(&t, &rrAlt)
	kmul(&r.Z, &a.Z, &mAlt) // a.Z is not read again
	Add(&v, &t, q)
	r.X = v // X3 = Ralt² + Q
	Add(&v, &v, &r.X)
	Add(&t, &v, q)
	kmul(&t, &t, &rrAlt)
	Add(&v, &t, n)
	neg(&v, &v)
	half(&v, &v) // Y3 = −(Ralt·(2·X3 + Q) + N)/2
	cmove(&v, by, ainf)
	r.Y = v
	cmove(&r.X, bx, ainf)
	inf := zeroMask(&r.Z) &^ ainf & 1
	r.Z[0] ^= ainf & (r.Z[0] ^ 1)
	r.Z[1] &^= ainf
	r.Z[2] &^= ainf
	r.Z[3] &^= ainf
	r.Infinity = inf
}

// sqrNGeneric sets r = a^(2^n), n ≥ 1. Constant time in a.
func sqrNGeneric(r, a *Element, n int) {
	ksqr(r, a)
	for range n - 1 {
		ksqr(r, r)
	}
}

// affineAddInvGeneric is AffineAddInvVar in Go (the steps of the generated
// affineAddInvAsm). Variable time (public data).
func affineAddInvGeneric(b *group.AffineStorage, px, py, acc, pref *Element) {
	bx, by := (*Element)(&b.X), (*Element)(&b.Y)
	var t, den, lam, x3 Element
	Sub(&den, px, bx)
	kmul(&t, acc, pref) // 1/den
	kmul(acc, acc, &den)
	Sub(&lam, py, by)
	kmul(&lam, &lam, &t) // λ = (py − by)/den
	ksqr(&x3, &lam)
	Sub(&x3, &x3, bx)
	Sub(&x3, &x3, px) // x3 = λ² − bx − px
	Sub(&t, bx, &x3)
	kmul(&t, &t, &lam)
	Sub(by, &t, by) // y3 = λ·(bx − x3) − by
	*bx = x3
}

// prefixStepGeneric is PrefixStepVar in Go. Variable time (public data).
func prefixStepGeneric(den, pre, acc, px, bx *Element) bool {
	*pre = *acc
	Sub(den, px, bx)
	if den.IsZeroVar() {
		return true
	}
	kmul(acc, acc, den)
	return false
}
