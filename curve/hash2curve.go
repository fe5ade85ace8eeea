package curve

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"

	"github.com/p256k1/p256k1/internal/field"
)

// RFC 9380 hashing to secp256k1: expand_message_xmd with SHA-256, the
// suites secp256k1_XMD:SHA-256_SSWU_RO_ (HashToCurve) and
// secp256k1_XMD:SHA-256_SSWU_NU_ (EncodeToCurve), and hash-to-scalar.
//
// The simplified SWU map works on the curve E': y² = x³ + A'·x + B'
// (A' ≠ 0, as SWU needs), which is 3-isogenous to secp256k1, and the
// isogeny carries the point over (RFC 9380, sections 6.6.2, 6.6.3, 8.7 and
// appendix E.1).
//
// Constant time in the message: SHA-256 does not branch on its input, the
// reduction of the hash output to field elements is the field's constant-
// time arithmetic, and the map is straight-line code (RFC 9380's
// appendix F.2 with sqrt_ratio for p ≡ 3 mod 4: one fixed exponentiation,
// conditional moves for every choice, no inversion; the point comes out in
// Jacobian coordinates). The time depends on the lengths of the message and
// the domain separation tag, not their contents.

var (
	errDSTEmpty    = errors.New("curve: hash to curve: the domain separation tag must not be empty")
	errExpandLen   = errors.New("curve: expand_message_xmd: output length must be 1 to 8160 bytes")
	errFieldCount  = errors.New("curve: HashToField: at most 170 elements")
	oversizePrefix = []byte("H2C-OVERSIZE-DST-")
)

// ExpandMessageXMD fills out with expand_message_xmd(msg, dst, len(out))
// of RFC 9380 (section 5.3.1) with SHA-256. A dst longer than 255 bytes is
// first replaced by SHA-256("H2C-OVERSIZE-DST-" ‖ dst) (section 5.3.3). It
// returns an error if dst is empty (the RFC requires a nonempty tag) or
// len(out) is 0 or above 255·32 = 8160. out may overlap msg and dst. It
// does not allocate. Constant time in the contents of msg and dst (not
// their lengths).
func ExpandMessageXMD(out, msg, dst []byte) error {
	if len(dst) == 0 {
		return errDSTEmpty
	}
	n := len(out)
	ell := (n + 31) / 32
	if n == 0 || ell > 255 {
		return errExpandLen
	}
	var dstHash [32]byte
	if len(dst) > 255 {
		h := sha256.New()
		h.Write(oversizePrefix)
		h.Write(dst)
		h.Sum(dstHash[:0])
		dst = dstHash[:]
	}
	// A copy, so that out may overlap msg or dst (dst is hashed into every
	// block, after earlier blocks were written).
	var dstBuf [255]byte
	dst = dstBuf[:copy(dstBuf[:], dst)]
	dstLen := [1]byte{byte(len(dst))}

	var zpad [64]byte
	var b0, bi [32]byte
	h := sha256.New()
	h.Write(zpad[:])
	h.Write(msg)
	h.Write([]byte{byte(n >> 8), byte(n), 0})
	h.Write(dst)
	h.Write(dstLen[:])
	h.Sum(b0[:0])

	for i := 1; i <= ell; i++ {
		h.Reset()
		if i == 1 {
			h.Write(b0[:])
		} else {
			var x [32]byte
			for j := range x {
				x[j] = b0[j] ^ bi[j]
			}
			h.Write(x[:])
		}
		h.Write([]byte{byte(i)})
		h.Write(dst)
		h.Write(dstLen[:])
		h.Sum(bi[:0])
		copy(out[(i-1)*32:], bi[:])
	}
	return nil
}

// hashToFieldL is L = ⌈(⌈log2(p)⌉ + k)/8⌉ = ⌈(256 + 128)/8⌉ = 48, the bytes
// of uniform output per element for p and for n (both 256-bit, k = 128).
const hashToFieldL = 48

// HashToField sets u to hash_to_field(msg, len(u)) of RFC 9380
// (section 5.2) for secp256k1's base field with expand_message_xmd and
// SHA-256 (L = 48 bytes per element), the first step of HashToCurve
// (len(u) = 2) and EncodeToCurve (len(u) = 1). Errors: an empty dst, or
// more than 170 elements. It does not allocate for up to 2 elements.
// Constant time in the contents of msg and dst.
func HashToField(u []FieldElement, msg, dst []byte) error {
	if len(u) > 170 {
		return errFieldCount
	}
	var buf [2 * hashToFieldL]byte
	var b []byte
	if len(u) <= 2 {
		b = buf[:len(u)*hashToFieldL]
	} else {
		b = make([]byte, len(u)*hashToFieldL)
	}
	if len(u) == 0 {
		if len(dst) == 0 {
			return errDSTEmpty
		}
		return nil
	}
	if err := ExpandMessageXMD(b, msg, dst); err != nil {
		return err
	}
	for i := range u {
		u[i].setWide48((*[hashToFieldL]byte)(b[i*hashToFieldL:]))
	}
	return nil
}

// feR256 is 2^256 mod p = 2^32 + 977.
var feR256 = func() field.Element {
	var e field.Element
	var b [32]byte
	putUint64(&b, 1<<32+977)
	e.SetBytes(&b)
	return e
}()

// setWide48 sets v to the 48-byte big-endian integer b mod p:
// hi·2^256 + lo ≡ hi·(2^32 + 977) + lo. Constant time.
func (v *FieldElement) setWide48(b *[hashToFieldL]byte) {
	var hiB [32]byte
	copy(hiB[16:], b[:16])
	var hi, lo field.Element
	hi.SetBytes(&hiB)
	lo.SetBytes((*[32]byte)(b[16:]))
	hi.Mul(&hi, &feR256)
	v.e.Add(&hi, &lo).NormalizeWeak()
}

// HashToScalar sets s to a scalar hashed from msg: hash_to_field of
// RFC 9380 with the group order n as modulus, expand_message_xmd with
// SHA-256 and L = 48 bytes (as RFC 9497's HashToScalar for P-256 and
// secp256k1 suites), so the result is uniform mod n within 2^−128. It
// returns nil and an error (s unchanged) if dst is empty. Constant time in
// the contents of msg and dst.
func (s *Scalar) HashToScalar(msg, dst []byte) (*Scalar, error) {
	var b [64]byte
	if err := ExpandMessageXMD(b[16:], msg, dst); err != nil {
		return nil, err
	}
	s.setWide(&b)
	return s, nil
}

// HashToCurve sets p to the hash of msg to the curve with the suite
// secp256k1_XMD:SHA-256_SSWU_RO_ of RFC 9380 (a random oracle: two field
// elements, two maps, their sum) and returns p. dst is the protocol's
// domain separation tag; it returns nil and an error (p unchanged) if dst
// is empty. Nobody knows the discrete logarithm of the result, which makes
// it fit for a second generator (Pedersen commitments) or a key image.
// Constant time in the contents of msg and dst.
func (p *Point) HashToCurve(msg, dst []byte) (*Point, error) {
	var u [2]FieldElement
	if err := HashToField(u[:], msg, dst); err != nil {
		return nil, err
	}
	var q0, q1 Point
	q0.MapToCurve(&u[0])
	q1.MapToCurve(&u[1])
	return p.Add(&q0, &q1), nil // secp256k1's cofactor is 1
}

// EncodeToCurve sets p to the encoding of msg to the curve with the suite
// secp256k1_XMD:SHA-256_SSWU_NU_ of RFC 9380 (one field element, one map:
// about half the cost of HashToCurve, but its output is not uniformly
// distributed; use it only where the protocol says so) and returns p. It
// returns nil and an error (p unchanged) if dst is empty. Constant time in
// the contents of msg and dst.
func (p *Point) EncodeToCurve(msg, dst []byte) (*Point, error) {
	var u [1]FieldElement
	if err := HashToField(u[:], msg, dst); err != nil {
		return nil, err
	}
	return p.MapToCurve(&u[0]), nil
}

// SSWU and isogeny constants (RFC 9380, section 8.7 and appendix E.1).
var (
	sswuA, sswuB, sswuZ field.Element // A', B', Z = −11
	sqrtMinusZ          field.Element // √11, c2 of sqrt_ratio
	isoXNum             [4]field.Element
	isoXDen             [2]field.Element // the x'^2 coefficient is 1
	isoYNum             [4]field.Element
	isoYDen             [3]field.Element // the x'^3 coefficient is 1
)

func mustFE(v *field.Element, s string) {
	var b [32]byte
	if n, err := hex.Decode(b[:], []byte(s)); err != nil || n != 32 || v.SetBytes(&b) != 0 {
		panic("curve: bad constant " + s)
	}
}

func init() {
	mustFE(&sswuA, "3f8731abdd661adca08a5558f0f5d272e953d363cb6f0e5d405447c01a444533")
	sswuB.SetInt(1771)
	mustFE(&sswuZ, "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc24")
	mustFE(&sqrtMinusZ, "31fdf302724013e57ad13fb38f842afeec184f00a74789dd286729c8303c4a59")
	for i, s := range []string{
		"8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa8c7",
		"07d3d4c80bc321d5b9f315cea7fd44c5d595d2fc0bf63b92dfff1044f17c6581",
		"534c328d23f234e6e2a413deca25caece4506144037c40314ecbd0b53d9dd262",
		"8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa88c",
	} {
		mustFE(&isoXNum[i], s)
	}
	for i, s := range []string{
		"d35771193d94918a9ca34ccbb7b640dd86cd409542f8487d9fe6b745781eb49b",
		"edadc6f64383dc1df7c4b2d51b54225406d36b641f5e41bbc52a56612a8c6d14",
	} {
		mustFE(&isoXDen[i], s)
	}
	for i, s := range []string{
		"4bda12f684bda12f684bda12f684bda12f684bda12f684bda12f684b8e38e23c",
		"c75e0c32d5cb7c0fa9d0a54b12a0a6d5647ab046d686da6fdffc90fc201d71a3",
		"29a6194691f91a73715209ef6512e576722830a201be2018a765e85a9ecee931",
		"2f684bda12f684bda12f684bda12f684bda12f684bda12f684bda12f38e38d84",
	} {
		mustFE(&isoYNum[i], s)
	}
	for i, s := range []string{
		"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffff93b",
		"7a06534bb8bdb49fd5e9e6632722c2989467c1bfc8e8d978dfb425d2685c2573",
		"6484aa716545ca2cf3a70c3fa8fe337e0a3d21162f0d6299a7bf8192bfd2a76f",
	} {
		mustFE(&isoYDen[i], s)
	}
}

// powPMinus3Over4 sets r = a^((p−3)/4) and returns r. The exponent is
// 1{223} 0 1{22} 0000 1011 in binary; the chain builds a^(2^k − 1) for
// runs of ones, as field.Element.Sqrt does for (p+1)/4. Constant time.
func powPMinus3Over4(r, a *field.Element) *field.Element {
	sqr := func(x *field.Element, k int) *field.Element {
		for range k {
			x.Square(x)
		}
		return x
	}
	var x2, x3, x6, x9, x11, x22, x44, x88, x176, x220, x223, t field.Element
	x2.Square(a).Mul(&x2, a)
	x3.Square(&x2).Mul(&x3, a)
	sqr(x6.Set(&x3), 3).Mul(&x6, &x3)
	sqr(x9.Set(&x6), 3).Mul(&x9, &x3)
	sqr(x11.Set(&x9), 2).Mul(&x11, &x2)
	sqr(x22.Set(&x11), 11).Mul(&x22, &x11)
	sqr(x44.Set(&x22), 22).Mul(&x44, &x22)
	sqr(x88.Set(&x44), 44).Mul(&x88, &x44)
	sqr(x176.Set(&x88), 88).Mul(&x176, &x88)
	sqr(x220.Set(&x176), 44).Mul(&x220, &x44)
	sqr(x223.Set(&x220), 3).Mul(&x223, &x3)
	sqr(t.Set(&x223), 23).Mul(&t, &x22)
	sqr(&t, 5).Mul(&t, a)
	sqr(&t, 3).Mul(&t, &x2)
	return r.Set(&t)
}

// sqrtRatio is sqrt_ratio(u, v) of RFC 9380 for p ≡ 3 (mod 4)
// (appendix F.2.1.2): it sets y to √(u/v) and returns 1 if u/v is a square,
// else sets y to √(Z·u/v) and returns 0. v must be nonzero. u and v have
// magnitude ≤ 8. Constant time.
func sqrtRatio(y, u, v *field.Element) int {
	var tv1, tv2, tv3, y1, y2 field.Element
	tv1.Square(v)       // v²
	tv2.Mul(u, v)       // u·v
	tv1.Mul(&tv1, &tv2) // u·v³
	powPMinus3Over4(&y1, &tv1)
	y1.Mul(&y1, &tv2) // (u·v³)^((p−3)/4)·u·v
	y2.Mul(&y1, &sqrtMinusZ)
	tv3.Square(&y1)
	tv3.Mul(&tv3, v)
	isQR := tv3.Equal(u)
	y.Select(&y1, &y2, isQR)
	return isQR
}

// MapToCurve sets p to map_to_curve(u) of the secp256k1 suites of RFC 9380
// (simplified SWU onto the 3-isogenous curve E', then the 3-isogeny to
// secp256k1) and returns p: the deterministic map under HashToCurve and
// EncodeToCurve, for protocols that bring their own field elements. Its
// output is not uniform; hash with HashToCurve unless the protocol says
// otherwise. Constant time.
func (p *Point) MapToCurve(u *FieldElement) *Point {
	// Simplified SWU (RFC 9380, appendix F.2), x' = xn/xd kept as a
	// fraction.
	var tv1, tv2, tv3, tv4, tv5, tv6, xn, y, y1, t field.Element
	var one field.Element
	one.One()
	tv1.Square(&u.e)                    // u²
	tv1.Mul(&tv1, &sswuZ)               // Z·u²
	tv2.Square(&tv1)                    // Z²·u⁴
	tv2.Add(&tv2, &tv1).NormalizeWeak() // Z²·u⁴ + Z·u²
	tv3.Add(&tv2, &one)                 // (2)
	tv3.Mul(&tv3, &sswuB)               // B·(tv2 + 1)
	t.Negate(&tv2, 1)                   // −tv2 (2)
	tv4.Select(&t, &sswuZ, tv2.NormalizesToZero()^1)
	tv4.Mul(&tv4, &sswuA)              // xd = A·(Z or −tv2), never 0
	tv2.Square(&tv3)                   // tv3²
	tv6.Square(&tv4)                   // xd²
	tv5.Mul(&sswuA, &tv6)              // A·xd²
	tv2.Add(&tv2, &tv5)                // (2)
	tv2.Mul(&tv2, &tv3)                // tv3³ + A·tv3·xd²
	tv6.Mul(&tv6, &tv4)                // xd³
	tv5.Mul(&sswuB, &tv6)              // B·xd³
	tv2.Add(&tv2, &tv5)                // gx1·xd³ (2)
	xn.Mul(&tv1, &tv3)                 // x2·xd
	isSq := sqrtRatio(&y1, &tv2, &tv6) // y1 = √(gx1) or √(Z·gx1)
	y.Mul(&tv1, &u.e)
	y.Mul(&y, &y1)       // y for x2
	xn.CMove(&tv3, isSq) // x1·xd if gx1 is square
	y.CMove(&y1, isSq)
	// sgn0(y) must equal sgn0(u).
	var yn, un field.Element
	yn.Set(&y).Normalize()
	un.Set(&u.e).Normalize()
	t.Negate(&y, 1)
	y.CMove(&t, yn.IsOdd()^un.IsOdd())

	p.isoMap(&xn, &tv4, &y)
	return p
}

// isoMap sets p to the image of the point (xn/xd, y) of E' under the
// 3-isogeny to secp256k1 (RFC 9380, appendix E.1), in Jacobian coordinates
// with no inversion:
//
//	x = N1/(D1·xd),  y = y'·N3/D3,
//
// with N1 = Σ k1,i·xn^i·xd^(3−i), D1 = xn² + k2,1·xn·xd + k2,0·xd²,
// N3 = Σ k3,i·xn^i·xd^(3−i), D3 = xn³ + Σ k4,i·xn^i·xd^(3−i) (the
// numerators and denominators of the map scaled by xd³ or xd²). With
// Z = D1·xd·D3: X = x·Z² = N1·D1·xd·D3², Y = y·Z³ = y'·N3·(D1·xd)³·D3².
// If a denominator is 0 (x' is the x of a kernel point), Z is 0 and p is
// the identity, which is what the RFC's map returns then. Inputs of
// magnitude ≤ 2. Constant time.
func (p *Point) isoMap(xn, xd, y *field.Element) {
	var xd2, xd3, xn2, xn3 field.Element
	xd2.Square(xd)
	xd3.Mul(&xd2, xd)
	xn2.Square(xn)
	xn3.Mul(&xn2, xn)
	var a, b field.Element
	// poly sets r = c3·xn³ + c2·xn²·xd + c1·xn·xd² + c0·xd³ (c3 nil: 1).
	poly := func(r *field.Element, c0, c1, c2, c3 *field.Element) {
		a.Mul(c0, &xd3)
		b.Mul(xn, &xd2)
		b.Mul(&b, c1)
		r.Add(&a, &b)
		b.Mul(&xn2, xd)
		b.Mul(&b, c2)
		r.Add(r, &b)
		if c3 != nil {
			b.Mul(&xn3, c3)
			r.Add(r, &b)
		} else {
			r.Add(r, &xn3)
		}
		r.NormalizeWeak()
	}
	var n1, d1, n3, d3 field.Element
	poly(&n1, &isoXNum[0], &isoXNum[1], &isoXNum[2], &isoXNum[3])
	poly(&n3, &isoYNum[0], &isoYNum[1], &isoYNum[2], &isoYNum[3])
	poly(&d3, &isoYDen[0], &isoYDen[1], &isoYDen[2], nil)
	// D1 = xn² + k2,1·xn·xd + k2,0·xd².
	a.Mul(&isoXDen[0], &xd2)
	b.Mul(xn, xd)
	b.Mul(&b, &isoXDen[1])
	d1.Add(&a, &b)
	d1.Add(&d1, &xn2).NormalizeWeak()

	var d1xd, d3sq, t field.Element
	d1xd.Mul(&d1, xd)     // D1·xd
	d3sq.Square(&d3)      // D3²
	p.p.Z.Mul(&d1xd, &d3) // Z = D1·xd·D3
	p.p.X.Mul(&n1, &d1xd)
	p.p.X.Mul(&p.p.X, &d3sq) // N1·D1·xd·D3²
	t.Square(&d1xd)
	t.Mul(&t, &d1xd) // (D1·xd)³
	t.Mul(&t, &d3sq) // (D1·xd)³·D3²
	t.Mul(&t, &n3)
	p.p.Y.Mul(&t, y) // y'·N3·(D1·xd)³·D3²
	p.p.Infinity = p.p.Z.NormalizesToZero()
}
