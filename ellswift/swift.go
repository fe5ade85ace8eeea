package ellswift

import (
	"github.com/p256k1/p256k1/internal/field"
)

// The field arithmetic here is on public values only (u, t and x of a
// published encoding), so it uses the variable-time inversion and
// normalization freely. Every helper returns a normalized element.

type fe = field.Element

var (
	// c1 = (sqrt(-3) - 1)/2, libsecp256k1's secp256k1_ellswift_c1.
	c1 fe
	// sqrtMinus3 = 2·c1 + 1, the square root of −3 the BIP's reference
	// code uses (FE(-3).sqrt()).
	sqrtMinus3 fe
	seven      fe
)

func init() {
	b := [32]byte{
		0x85, 0x16, 0x95, 0xd4, 0x9a, 0x83, 0xf8, 0xef, 0x91, 0x9b, 0xb8, 0x61, 0x53, 0xcb, 0xcb, 0x16,
		0x63, 0x0f, 0xb6, 0x8a, 0xed, 0x0a, 0x76, 0x6a, 0x3e, 0xc6, 0x93, 0xd6, 0x8e, 0x6a, 0xfa, 0x40,
	}
	c1.SetBytes(&b)
	var one fe
	one.One()
	sqrtMinus3.Add(&c1, &c1)
	sqrtMinus3.Add(&sqrtMinus3, &one)
	sqrtMinus3.NormalizeVar()
	seven.SetInt(7)
	var chk, m3 fe
	chk.Square(&sqrtMinus3)
	m3.SetInt(3)
	m3.Negate(&m3, 1)
	if !chk.NormalizeVar().EqualVar(m3.NormalizeVar()) {
		panic("ellswift: bad sqrt(-3) constant")
	}
}

func add(r, a, b *fe) *fe { r.Add(a, b); return r.NormalizeVar() }
func sub(r, a, b *fe) *fe { r.Sub(a, b, 1); return r.NormalizeVar() }
func mul(r, a, b *fe) *fe { r.Mul(a, b); return r.NormalizeVar() }
func sqr(r, a *fe) *fe    { r.Square(a); return r.NormalizeVar() }
func neg(r, a *fe) *fe    { r.Negate(a, 1); return r.NormalizeVar() }
func half(r, a *fe) *fe   { r.Half(a); return r.NormalizeVar() }
func inv(r, a *fe) *fe    { return r.InvertVar(a) }
func isZero(a *fe) bool   { t := *a; return t.NormalizesToZeroVar() }

// u3p7 sets r = u³ + 7.
func u3p7(r, u *fe) *fe {
	var t fe
	sqr(&t, u)
	mul(&t, &t, u)
	return add(r, &t, &seven)
}

// validX reports whether x is the X coordinate of a curve point.
func validX(x *fe) bool {
	var g fe
	u3p7(&g, x)
	return g.IsSquareVar() == 1
}

// xswiftec sets x to XSwiftEC(u, t), BIP-324's decoding of the field
// elements (u, t) to the X coordinate of a curve point. u and t must be
// normalized (reduced mod p); total: every (u, t) gives an x.
func xswiftec(x, uIn, tIn *fe) {
	u, t := *uIn, *tIn
	if isZero(&u) {
		u.One()
	}
	if isZero(&t) {
		t.One()
	}
	var g, t2, s fe
	u3p7(&g, &u)
	sqr(&t2, &t)
	if isZero(add(&s, &g, &t2)) {
		add(&t, &t, &t)
		sqr(&t2, &t)
	}
	// X = (u³ + 7 − t²)/(2t)
	var X, Y, d fe
	sub(&X, &g, &t2)
	add(&d, &t, &t)
	mul(&X, &X, inv(&d, &d))
	// Y = (X + t)/(sqrt(−3)·u)
	add(&Y, &X, &t)
	mul(&d, &sqrtMinus3, &u)
	mul(&Y, &Y, inv(&d, &d))
	// x3 = u + 4Y²
	sqr(&d, &Y)
	d.MulInt(&d, 4)
	add(x, &u, &d)
	if validX(x) {
		return
	}
	// x2 = (−X/Y − u)/2, x1 = (X/Y − u)/2
	var q fe
	mul(&q, &X, inv(&d, &Y))
	neg(&d, &q)
	sub(&d, &d, &u)
	half(x, &d)
	if validX(x) {
		return
	}
	sub(&d, &q, &u)
	half(x, &d)
	// BIP-324 shows that one of the three is always valid.
}

// xswiftecInv sets t to a field element with xswiftec(u, t) = x, or
// reports false: BIP-324's xswiftec_inv(x, u, c) for the case c in 0..7,
// each case finding at most one of the (up to eight) preimages. x and u must
// be normalized and u nonzero.
func xswiftecInv(t, x, u *fe, c int) bool {
	var s, v, m fe
	if c&2 == 0 {
		// v = x (c&1 = 0) or −x − u (c&1 = 1); fail if −x − u is on the
		// curve (then the x3 formula would not be reached).
		neg(&m, x)
		sub(&m, &m, u)
		if validX(&m) {
			return false
		}
		if c&1 == 0 {
			v = *x
		} else {
			v = m
		}
		// s = −(u³ + 7)/(u² + u·v + v²)
		var g, d, e fe
		u3p7(&g, u)
		sqr(&d, u)
		mul(&e, u, &v)
		add(&d, &d, &e)
		sqr(&e, &v)
		add(&d, &d, &e)
		if isZero(&d) {
			return false
		}
		mul(&s, &g, inv(&d, &d))
		neg(&s, &s)
	} else {
		// s = x − u
		sub(&s, x, u)
		if isZero(&s) {
			return false
		}
		// r = sqrt(−s·(4(u³ + 7) + 3·s·u²))
		var g, q, e, r fe
		u3p7(&g, u)
		g.MulInt(&g, 4)
		g.NormalizeVar()
		sqr(&e, u)
		mul(&e, &e, &s)
		e.MulInt(&e, 3)
		e.NormalizeVar()
		add(&q, &g, &e)
		mul(&q, &q, &s)
		neg(&q, &q)
		// The Legendre symbol first (much faster than Sqrt) to fail fast.
		if q.IsSquareVar() == 0 {
			return false
		}
		r.Sqrt(&q)
		r.NormalizeVar()
		if c&1 != 0 {
			if isZero(&r) {
				return false
			}
			neg(&r, &r)
		}
		// v = (r/s − u)/2
		mul(&v, &r, inv(&e, &s))
		sub(&v, &v, u)
		half(&v, &v)
	}
	var w fe
	if s.IsSquareVar() == 0 {
		return false
	}
	w.Sqrt(&s)
	w.NormalizeVar()
	if c&4 != 0 {
		neg(&w, &w)
	}
	// t = w·(c1·u − v)
	mul(&m, &c1, u)
	sub(&m, &m, &v)
	mul(t, &w, &m)
	return !isZero(t)
}
