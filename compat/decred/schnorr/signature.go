// Package schnorr is decred's EC-Schnorr-DCRv0 (secp256k1/v4/schnorr) on
// p256k1: 64-byte signatures r ‖ s with e = BLAKE-256(r ‖ m) and s = k − e·d,
// R = k·G of even y. Signing is constant time in the key and the nonce
// (p256k1's blinded comb); verification runs p256k1's Strauss-wNAF engine.
// Results and encodings are decred's, byte for byte. This is decred's own
// scheme, not BIP-340 (package p256k1/schnorr).
package schnorr

import (
	"fmt"

	"github.com/decred/dcrd/crypto/blake256"
	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/internal/ctgrind"
	"github.com/p256k1/p256k1/curve"
)

const (
	// SignatureSize is the length of a serialized signature.
	SignatureSize = 64

	scalarSize = 32
)

// rfc6979ExtraDataV0 is the RFC 6979 extra data of EC-Schnorr-DCRv0 nonces,
// BLAKE-256("EC-Schnorr-DCRv0"), so that a key signing the same hash with
// ECDSA and with this scheme never uses the same nonce.
var rfc6979ExtraDataV0 = blake256.Sum256([]byte("EC-Schnorr-DCRv0"))

// Signature is an EC-Schnorr-DCRv0 signature: r, the x coordinate of R, and
// s.
type Signature struct {
	r secp256k1.FieldVal
	s secp256k1.ModNScalar
}

// NewSignature returns the signature (r, s).
func NewSignature(r *secp256k1.FieldVal, s *secp256k1.ModNScalar) *Signature {
	var sig Signature
	sig.r.Set(r).Normalize()
	sig.s.Set(s)
	return &sig
}

// R returns r.
func (sig *Signature) R() secp256k1.FieldVal { return sig.r }

// S returns s.
func (sig *Signature) S() secp256k1.ModNScalar { return sig.s }

// Serialize returns r ‖ s (64 bytes).
func (sig Signature) Serialize() []byte {
	b := make([]byte, SignatureSize)
	sig.r.PutBytesUnchecked(b[:32])
	sig.s.PutBytesUnchecked(b[32:])
	return b
}

// ParseSignature parses r ‖ s, refusing r ≥ p and s ≥ n.
func ParseSignature(sig []byte) (*Signature, error) {
	switch {
	case len(sig) < SignatureSize:
		return nil, signatureError(ErrSigTooShort, fmt.Sprintf(
			"malformed signature: too short: %d < %d", len(sig), SignatureSize))
	case len(sig) > SignatureSize:
		return nil, signatureError(ErrSigTooLong, fmt.Sprintf(
			"malformed signature: too long: %d > %d", len(sig), SignatureSize))
	}
	var r secp256k1.FieldVal
	if r.SetByteSlice(sig[:32]) {
		return nil, signatureError(ErrSigRTooBig, "invalid signature: r >= field prime")
	}
	var s secp256k1.ModNScalar
	if s.SetByteSlice(sig[32:]) {
		return nil, signatureError(ErrSigSTooBig, "invalid signature: s >= group order")
	}
	return NewSignature(&r, &s), nil
}

// IsEqual reports whether sig and otherSig are the same (r, s).
func (sig Signature) IsEqual(otherSig *Signature) bool {
	return sig.r.Equals(&otherSig.r) && sig.s.Equals(&otherSig.s)
}

// challenge sets e = BLAKE-256(r ‖ hash) and reports false if that is ≥ n.
func challenge(e *curve.Scalar, r *[32]byte, hash []byte) bool {
	var in [2 * scalarSize]byte
	copy(in[:32], r[:])
	copy(in[32:], hash)
	c := blake256.Sum256(in[:])
	return e.SetBytes32(&c) == 0
}

// schnorrVerify checks sig with decred's errors, in decred's order.
func schnorrVerify(sig *Signature, hash []byte, pubKey *secp256k1.PublicKey) error {
	if len(hash) != scalarSize {
		return signatureError(ErrInvalidHashLen, fmt.Sprintf(
			"wrong size for message (got %v, want %v)", len(hash), scalarSize))
	}
	var j secp256k1.JacobianPoint
	pubKey.AsJacobian(&j)
	var xb, yb [32]byte
	j.X.Normalize().PutBytes(&xb)
	j.Y.Normalize().PutBytes(&yb)
	var x, y curve.FieldElement
	x.SetBytes32(&xb)
	y.SetBytes32(&yb)
	var Q curve.Point
	if _, err := Q.SetAffineCoordinates(&x, &y); err != nil {
		return signatureError(ErrPubKeyNotOnCurve, "pubkey point is not on curve")
	}
	var rb [32]byte
	sig.r.PutBytes(&rb)
	var e curve.Scalar
	if !challenge(&e, &rb, hash) {
		return signatureError(ErrSchnorrHashValue, "hash of (R || m) too big")
	}
	sb := sig.s.Bytes()
	var s curve.Scalar
	s.SetBytes32(&sb)
	var R curve.Point
	R.VarTimeDoubleScalarBaseMult(&e, &Q, &s) // e·Q + s·G
	var rx, ry curve.FieldElement
	if R.AffineCoordinates(&rx, &ry) != nil {
		return signatureError(ErrSigRNotOnCurve, "calculated R point is the point at infinity")
	}
	if ry.IsOdd() == 1 {
		return signatureError(ErrSigRYIsOdd, "calculated R y-value is odd")
	}
	if rx.Bytes32() != rb {
		return signatureError(ErrUnequalRValues, "calculated R point was not given R")
	}
	return nil
}

// Verify reports whether sig is a valid EC-Schnorr-DCRv0 signature of the
// 32-byte hash by pubKey. Variable time (public data).
func (sig *Signature) Verify(hash []byte, pubKey *secp256k1.PublicKey) bool {
	return schnorrVerify(sig, hash, pubKey) == nil
}

// Sign returns the EC-Schnorr-DCRv0 signature of the 32-byte hash by privKey
// with the RFC 6979 nonce decred uses (extra data BLAKE-256 of the scheme's
// name): byte for byte decred's. Constant time in the key and the nonce.
func Sign(privKey *secp256k1.PrivateKey, hash []byte) (*Signature, error) {
	if len(hash) != scalarSize {
		return nil, signatureError(ErrInvalidHashLen, fmt.Sprintf(
			"wrong size for message hash (got %v, want %v)", len(hash), scalarSize))
	}
	zero := privKey.Key.IsZeroBit()
	ctgrind.Declassify(&zero) // refusing the key 0 is the documented outcome
	if zero == 1 {
		return nil, signatureError(ErrPrivateKeyIsZero, "private key is zero")
	}
	db := privKey.Key.Bytes()
	defer clear(db[:])
	for iteration := uint32(0); ; iteration++ {
		nonce := secp256k1.NonceRFC6979(db[:], hash, rfc6979ExtraDataV0[:], nil, iteration)
		sig, err := schnorrSign(&privKey.Key, nonce, hash)
		nonce.Zero()
		if err == nil {
			return sig, nil
		}
	}
}

// schnorrSign signs hash with privKey and the given nonce: R = k·G, k
// negated if R.y is odd, e = BLAKE-256(R.x ‖ hash), s = k − e·privKey; it
// fails with ErrSchnorrHashValue when e ≥ n (the caller draws another
// nonce). Constant time in the key and the nonce.
func schnorrSign(privKey, nonce *secp256k1.ModNScalar, hash []byte) (*Signature, error) {
	db := privKey.Bytes()
	var d curve.Scalar
	d.SetBytes32(&db)
	clear(db[:])
	kb := nonce.Bytes()
	var k curve.Scalar
	k.SetBytes32(&kb)
	clear(kb[:])
	defer func() { k, d = curve.Scalar{}, curve.Scalar{} }()
	var R curve.Point
	R.ScalarBaseMult(&k)
	inf := R.IsIdentity()
	ctgrind.Declassify(&inf) // k = 0: probability 0 for an RFC 6979 nonce
	if inf == 1 {
		return nil, signatureError(ErrSigRNotOnCurve, "nonce point is the point at infinity")
	}
	var rx, ry curve.FieldElement
	R.AffineCoordinates(&rx, &ry)
	k.CondNegate(&k, ry.IsOdd())
	rb := rx.Bytes32()
	ctgrind.Declassify(&rb) // r is the signature's first half
	var e curve.Scalar
	if !challenge(&e, &rb, hash) {
		return nil, signatureError(ErrSchnorrHashValue, "hash of (R || m) too big")
	}
	var s curve.Scalar
	s.Multiply(&e, &d)
	s.Subtract(&k, &s)
	var r secp256k1.FieldVal
	r.SetBytes(&rb)
	sb := s.Bytes32()
	var ss secp256k1.ModNScalar
	ss.SetBytes(&sb)
	return NewSignature(&r, &ss), nil
}
