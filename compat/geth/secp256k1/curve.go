package secp256k1

import (
	"crypto/elliptic"
	"math/big"
	"math/bits"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// A BitCurve is a short Weierstrass curve y² = x³ + B over the integers
// modulo P with a = 0 (a "Koblitz curve"), as geth's type: S256 returns
// secp256k1's. It implements crypto/elliptic's Curve and the Marshal and
// Unmarshal methods that go-ethereum's crypto.EllipticCurve adds. The
// methods always compute on secp256k1, whatever the fields hold.
type BitCurve struct {
	P       *big.Int // the order of the underlying field
	N       *big.Int // the order of the base point
	B       *big.Int // the constant of the BitCurve equation
	Gx, Gy  *big.Int // (x,y) of the base point
	BitSize int      // the size of the underlying field
}

var theCurve = &BitCurve{
	P:       mustBig("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"),
	N:       mustBig("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
	B:       big.NewInt(7),
	Gx:      mustBig("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
	Gy:      mustBig("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"),
	BitSize: 256,
}

func mustBig(h string) *big.Int {
	v, ok := new(big.Int).SetString(h, 16)
	if !ok {
		panic("secp256k1: bad constant " + h)
	}
	return v
}

// S256 returns the secp256k1 curve (the same *BitCurve every call).
func S256() *BitCurve { return theCurve }

// Params returns the curve's parameters (a new CurveParams sharing the
// BitCurve's big.Int values, as geth's).
func (bitCurve *BitCurve) Params() *elliptic.CurveParams {
	return &elliptic.CurveParams{
		P:       bitCurve.P,
		N:       bitCurve.N,
		B:       bitCurve.B,
		Gx:      bitCurve.Gx,
		Gy:      bitCurve.Gy,
		BitSize: bitCurve.BitSize,
	}
}

// readBits writes the low len(buf) bytes of |v| into buf, big-endian, as
// geth's math.ReadBits does (higher bytes are dropped; buf must be zero).
func readBits(v *big.Int, buf []byte) {
	i := len(buf)
	for _, w := range v.Bits() {
		for j := 0; j < bits.UintSize/8 && i > 0; j++ {
			i--
			buf[i] = byte(w)
			w >>= 8
		}
	}
}

// toField sets e to v and reports whether 0 ≤ v < p. Variable time in the
// length of v only.
func toField(e *field.Element, v *big.Int) bool {
	if v == nil || v.Sign() < 0 || v.BitLen() > 256 {
		return false
	}
	var b [32]byte
	v.FillBytes(b[:])
	return e.SetBytes(&b) == 0
}

// toAffine sets a to (x, y) and reports whether it is a point on the curve
// (coordinates in [0, p), y² = x³ + 7). Variable time (public points).
func toAffine(a *group.Affine, x, y *big.Int) bool {
	var fx, fy field.Element
	if !toField(&fx, x) || !toField(&fy, y) {
		return false
	}
	a.SetXY(&fx, &fy)
	return a.IsValidVar()
}

// IsOnCurve reports whether (x, y) is a point of secp256k1: 0 ≤ x, y < p
// and y² = x³ + 7 (mod p). Variable time (public points).
func (bitCurve *BitCurve) IsOnCurve(x, y *big.Int) bool {
	var a group.Affine
	return toAffine(&a, x, y)
}

// Add returns (x1, y1) + (x2, y2) by the chord-and-tangent rule, as geth's
// Add does: (0, 0) stands for the point at infinity, so a (0, 0) argument
// returns the other point (the same *big.Int values); equal points are
// doubled; points with the same x and different y sum to (0, 0). The
// formulas do not use B, so like geth's they also run on points that are
// not on the curve, and give geth's results there. Variable time (public
// points).
func (bitCurve *BitCurve) Add(x1, y1, x2, y2 *big.Int) (*big.Int, *big.Int) {
	if x1.Sign() == 0 && y1.Sign() == 0 {
		return x2, y2
	}
	if x2.Sign() == 0 && y2.Sign() == 0 {
		return x1, y1
	}
	if x1.Cmp(x2) == 0 && y1.Cmp(y2) == 0 {
		return bitCurve.Double(x1, y1)
	}
	p := theCurve.P
	a := new(big.Int).Mod(x1, p)
	b := new(big.Int).Mod(x2, p)
	dx := new(big.Int).Sub(b, a)
	dx.Mod(dx, p)
	if dx.Sign() == 0 {
		return new(big.Int), new(big.Int)
	}
	l := new(big.Int).Sub(y2, y1)
	l.Mul(l, dx.ModInverse(dx, p))
	l.Mod(l, p) // λ = (y2 − y1)/(x2 − x1)
	return chord(l, a, b, y1)
}

// chord returns (λ² − xa − xb, λ·(xa − x3) − ya) mod p.
func chord(l, xa, xb, ya *big.Int) (*big.Int, *big.Int) {
	p := theCurve.P
	x3 := new(big.Int).Mul(l, l)
	x3.Sub(x3, xa)
	x3.Sub(x3, xb)
	x3.Mod(x3, p)
	y3 := new(big.Int).Sub(xa, x3)
	y3.Mul(y3, l)
	y3.Sub(y3, ya)
	y3.Mod(y3, p)
	return x3, y3
}

// Double returns 2·(x1, y1) by the tangent rule, as geth's Double does:
// (0, 0) (infinity) when y1 ≡ 0. Like Add, it does not use B. Variable
// time (public points).
func (bitCurve *BitCurve) Double(x1, y1 *big.Int) (*big.Int, *big.Int) {
	p := theCurve.P
	a := new(big.Int).Mod(x1, p)
	d := new(big.Int).Lsh(y1, 1)
	d.Mod(d, p)
	if d.Sign() == 0 {
		return new(big.Int), new(big.Int)
	}
	l := new(big.Int).Mul(a, a)
	l.Mul(l, big.NewInt(3))
	l.Mul(l, d.ModInverse(d, p))
	l.Mod(l, p) // λ = 3x²/(2y)
	return chord(l, a, a, y1)
}

// loadScalar sets s to the big-endian k (at most 32 bytes; it panics on
// more, as geth's does) and reports whether 1 ≤ k < n. Constant time in
// the value of k apart from that result.
func loadScalar(s *scalar.Scalar, k []byte) bool {
	if len(k) > 32 {
		panic("can't handle scalars > 256 bits")
	}
	var b [32]byte
	copy(b[32-len(k):], k)
	bad := s.SetBytes(&b) | s.IsZero()
	clear(b[:])
	// Whether k is a valid scalar is the function's public outcome (nil
	// coordinates), as in geth's and in p256k1.NewPrivateKey.
	ctime.Declassify(&bad)
	return bad == 0
}

// fromAffine returns the big.Int coordinates of a (not at infinity).
// math/big strips leading zero words in variable time, so the returned
// values' lengths (not their bits) depend on the coordinates, as with
// geth's package: the API returns big.Int. The constant-time check
// declassifies the bytes at that hand-over.
func fromAffine(a *group.Affine) (*big.Int, *big.Int) {
	var b [64]byte
	a.X.Bytes((*[32]byte)(b[:32]))
	a.Y.Bytes((*[32]byte)(b[32:]))
	ctime.DeclassifyBytes(b[:])
	x := new(big.Int).SetBytes(b[:32])
	y := new(big.Int).SetBytes(b[32:])
	clear(b[:])
	return x, y
}

// ScalarMult returns k·(Bx, By) for a big-endian scalar k of at most 32
// bytes (it panics on more, as geth's). It returns nil, nil when k is 0 or
// ≥ n (as geth's) and when (Bx, By) is not a point on the curve (geth's
// computes with such a point). Constant time in k and in the point
// (p256k1's constant-time k·P, libsecp256k1's ecmult_const as geth's
// cgo build uses); whether k and the point are valid is its public
// outcome. Unlike geth's build without cgo, which panics, it works
// without cgo.
func (bitCurve *BitCurve) ScalarMult(Bx, By *big.Int, k []byte) (*big.Int, *big.Int) {
	var s scalar.Scalar
	defer s.Zero()
	if !loadScalar(&s, k) {
		return nil, nil
	}
	var a group.Affine
	if !toAffine(&a, Bx, By) {
		return nil, nil
	}
	var r group.Jacobian
	ecmultconst.Mul(&r, &a, &s)
	var q group.Affine
	point.ToAffine(&q, &r) // never infinity: P has order n and 0 < k < n
	x, y := fromAffine(&q)
	r.Clear()
	q.Clear()
	return x, y
}

// ScalarBaseMult returns k·G for a big-endian scalar k of at most 32 bytes
// (it panics on more, as geth's), or nil, nil when k is 0 or ≥ n (as
// geth's). Constant time in k (p256k1's blinded comb, as its public-key
// derivation).
func (bitCurve *BitCurve) ScalarBaseMult(k []byte) (*big.Int, *big.Int) {
	if len(k) > 32 {
		panic("can't handle scalars > 256 bits")
	}
	var b [32]byte
	copy(b[32-len(k):], k)
	key, err := p256k1.NewPrivateKey(b[:])
	clear(b[:])
	if err != nil {
		return nil, nil
	}
	defer key.Zero()
	pub := key.PublicKey()
	u := pub.SerializeUncompressed()
	ctime.DeclassifyBytes(u[:]) // see fromAffine
	return new(big.Int).SetBytes(u[1:33]), new(big.Int).SetBytes(u[33:])
}

// Marshal returns the 65-byte uncompressed encoding 0x04 ‖ x ‖ y, each
// coordinate as 32 big-endian bytes, as geth's (which writes the low 32
// bytes of larger values and does not check the point).
func (bitCurve *BitCurve) Marshal(x, y *big.Int) []byte {
	ret := make([]byte, 65)
	ret[0] = 4
	readBits(x, ret[1:33])
	readBits(y, ret[33:])
	return ret
}

// Unmarshal parses Marshal's encoding and returns the point, or nil, nil
// if data is not 65 bytes starting with 0x04 or (unlike geth's, which
// returns any coordinates) is not a point on the curve. Variable time
// (public data).
func (bitCurve *BitCurve) Unmarshal(data []byte) (x, y *big.Int) {
	if len(data) != 65 || data[0] != 4 {
		return nil, nil
	}
	x = new(big.Int).SetBytes(data[1:33])
	y = new(big.Int).SetBytes(data[33:])
	if !bitCurve.IsOnCurve(x, y) {
		return nil, nil
	}
	return x, y
}
