package secp256k1

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"math/big"
)

// CurveParams holds secp256k1's parameters.
type CurveParams struct {
	// P is the field prime.
	P *big.Int

	// N is the order of the group the generator generates.
	N *big.Int

	// Gx and Gy are the generator's coordinates.
	Gx, Gy *big.Int

	// BitSize is the field's size in bits (256).
	BitSize int

	// H is the cofactor (1).
	H int

	// ByteSize is BitSize/8.
	ByteSize int
}

// fromHex returns the integer that s, a valid hex string, encodes.
func fromHex(s string) *big.Int {
	r, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("secp256k1: bad hex constant " + s)
	}
	return r
}

var curveParams = CurveParams{
	P:        fromHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"),
	N:        fromHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
	Gx:       fromHex("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
	Gy:       fromHex("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"),
	BitSize:  256,
	H:        1,
	ByteSize: 32,
}

// Params returns secp256k1's parameters. The caller must not modify them.
func Params() *CurveParams {
	return &curveParams
}

// KoblitzCurve is secp256k1 as a crypto/elliptic Curve (big.Int in and
// out). Its methods are here for code that needs the interface; they
// allocate and are slow, as every elliptic.Curve over big.Int is.
// ScalarMult and ScalarBaseMult are constant time in k's value (not in its
// length, which big.Int exposes anyway).
type KoblitzCurve struct {
	*elliptic.CurveParams
}

var secp256k1 = &KoblitzCurve{&elliptic.CurveParams{
	P:       curveParams.P,
	N:       curveParams.N,
	B:       big.NewInt(7),
	Gx:      curveParams.Gx,
	Gy:      curveParams.Gy,
	BitSize: curveParams.BitSize,
	Name:    "secp256k1",
}}

// S256 returns the secp256k1 curve.
func S256() *KoblitzCurve {
	return secp256k1
}

// Params returns the curve's parameters as crypto/elliptic has them.
func (curve *KoblitzCurve) Params() *elliptic.CurveParams {
	return curve.CurveParams
}

// bigAffineToJacobian sets result to (x mod p, y mod p, 1).
func bigAffineToJacobian(x, y *big.Int, result *JacobianPoint) {
	result.X.SetByteSlice(new(big.Int).Mod(x, curveParams.P).Bytes())
	result.Y.SetByteSlice(new(big.Int).Mod(y, curveParams.P).Bytes())
	result.Z.SetInt(1)
}

// jacobianToBigAffine returns point's affine coordinates ((0, 0) for the
// point at infinity); it rescales point to Z = 1.
func jacobianToBigAffine(point *JacobianPoint) (*big.Int, *big.Int) {
	point.ToAffine()
	return new(big.Int).SetBytes(point.X.Bytes()[:]), new(big.Int).SetBytes(point.Y.Bytes()[:])
}

// IsOnCurve reports whether (x, y) is on the curve (after reducing both
// modulo p, as decred's package does).
func (curve *KoblitzCurve) IsOnCurve(x, y *big.Int) bool {
	var p JacobianPoint
	bigAffineToJacobian(x, y, &p)
	return isOnCurve(&p.X, &p.Y)
}

// Add returns (x1, y1) + (x2, y2), with (0, 0) for the point at infinity.
func (curve *KoblitzCurve) Add(x1, y1, x2, y2 *big.Int) (*big.Int, *big.Int) {
	if x1.Sign() == 0 && y1.Sign() == 0 {
		return x2, y2
	}
	if x2.Sign() == 0 && y2.Sign() == 0 {
		return x1, y1
	}
	var a, b, r JacobianPoint
	bigAffineToJacobian(x1, y1, &a)
	bigAffineToJacobian(x2, y2, &b)
	AddNonConst(&a, &b, &r)
	return jacobianToBigAffine(&r)
}

// Double returns 2·(x1, y1).
func (curve *KoblitzCurve) Double(x1, y1 *big.Int) (*big.Int, *big.Int) {
	if y1.Sign() == 0 {
		return new(big.Int), new(big.Int)
	}
	var a, r JacobianPoint
	bigAffineToJacobian(x1, y1, &a)
	DoubleNonConst(&a, &r)
	return jacobianToBigAffine(&r)
}

// scalarFromBytes sets s to k mod n (k of any length, big-endian).
func scalarFromBytes(s *ModNScalar, k []byte) {
	if len(k) > curveParams.ByteSize {
		k = new(big.Int).Mod(new(big.Int).SetBytes(k), curveParams.N).Bytes()
	}
	s.SetByteSlice(k)
}

// ScalarMult returns k·(bx, by) (constant time in k's value).
func (curve *KoblitzCurve) ScalarMult(bx, by *big.Int, k []byte) (*big.Int, *big.Int) {
	var s ModNScalar
	scalarFromBytes(&s, k)
	var p, r JacobianPoint
	bigAffineToJacobian(bx, by, &p)
	ScalarMultNonConst(&s, &p, &r)
	return jacobianToBigAffine(&r)
}

// ScalarBaseMult returns k·G (constant time in k's value).
func (curve *KoblitzCurve) ScalarBaseMult(k []byte) (*big.Int, *big.Int) {
	var s ModNScalar
	scalarFromBytes(&s, k)
	var r JacobianPoint
	ScalarBaseMultNonConst(&s, &r)
	return jacobianToBigAffine(&r)
}

// X returns the key's x coordinate.
func (p *PublicKey) X() *big.Int {
	return new(big.Int).SetBytes(p.x.Bytes()[:])
}

// Y returns the key's y coordinate.
func (p *PublicKey) Y() *big.Int {
	return new(big.Int).SetBytes(p.y.Bytes()[:])
}

// ToECDSA returns the key as a crypto/ecdsa public key on S256().
func (p *PublicKey) ToECDSA() *ecdsa.PublicKey {
	return &ecdsa.PublicKey{Curve: S256(), X: p.X(), Y: p.Y()}
}

// ToECDSA returns the key as a crypto/ecdsa private key on S256().
func (p *PrivateKey) ToECDSA() *ecdsa.PrivateKey {
	b := p.Key.Bytes()
	pub := p.PubKey()
	k := &ecdsa.PrivateKey{
		PublicKey: *pub.ToECDSA(),
		D:         new(big.Int).SetBytes(b[:]),
	}
	clear(b[:])
	return k
}
