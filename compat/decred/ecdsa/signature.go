// Package ecdsa is decred's secp256k1/v4/ecdsa API on p256k1: RFC 6979
// signing (constant time: p256k1's blinded comb and constant-time
// inversions, where decred's inverts the nonce in variable time), strict DER
// parsing with decred's error kinds, verification that accepts high S as
// decred's does, and the 65-byte compact signatures with public-key
// recovery. Results and encodings are decred's, byte for byte.
package ecdsa

import (
	"fmt"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/internal/ctgrind"
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/curve"
	pecdsa "github.com/p256k1/p256k1/ecdsa"
)

const (
	asn1SequenceID = 0x30
	asn1IntegerID  = 0x02

	// compactSigSize is the length of a compact (recoverable) signature.
	compactSigSize = 65
	// compactSigMagicOffset is added to the recovery code in a compact
	// signature's first byte.
	compactSigMagicOffset = 27
	// compactSigCompPubKey is added to it too when the key is compressed.
	compactSigCompPubKey = 4
)

// Signature is an ECDSA signature (r, s), both in [1, n−1] when parsed.
type Signature struct {
	r secp256k1.ModNScalar
	s secp256k1.ModNScalar
}

// NewSignature returns the signature (r, s).
func NewSignature(r, s *secp256k1.ModNScalar) *Signature {
	return &Signature{*r, *s}
}

// R returns r.
func (sig *Signature) R() secp256k1.ModNScalar { return sig.r }

// S returns s.
func (sig *Signature) S() secp256k1.ModNScalar { return sig.s }

// IsEqual reports whether sig and otherSig are the same (r, s).
func (sig *Signature) IsEqual(otherSig *Signature) bool {
	return sig.r.Equals(&otherSig.r) && sig.s.Equals(&otherSig.s)
}

// compact returns r ‖ s.
func (sig *Signature) compact() [64]byte {
	var b [64]byte
	sig.r.PutBytesUnchecked(b[:32])
	sig.s.PutBytesUnchecked(b[32:])
	return b
}

// Serialize returns the canonical DER encoding with s made low (n − s if
// s > n/2), as decred's does.
func (sig *Signature) Serialize() []byte {
	s := sig.s
	if s.IsOverHalfOrder() {
		s.Negate()
	}
	var r, sb [33]byte // a leading zero for values whose top bit is set
	sig.r.PutBytesUnchecked(r[1:])
	s.PutBytesUnchecked(sb[1:])
	ri, si := minimalInt(r[:]), minimalInt(sb[:])
	out := make([]byte, 0, 6+len(ri)+len(si))
	out = append(out, asn1SequenceID, byte(4+len(ri)+len(si)))
	out = append(out, asn1IntegerID, byte(len(ri)))
	out = append(out, ri...)
	out = append(out, asn1IntegerID, byte(len(si)))
	return append(out, si...)
}

// minimalInt strips leading zero bytes from a big-endian integer while the
// next byte's top bit is clear (DER's minimal positive encoding).
func minimalInt(b []byte) []byte {
	for len(b) > 1 && b[0] == 0 && b[1]&0x80 == 0 {
		b = b[1:]
	}
	return b
}

// hash32 returns the hash as decred reads it: its first 32 bytes, padded on
// the left with zeros when shorter.
func hash32(hash []byte) [32]byte {
	var h [32]byte
	if len(hash) > 32 {
		hash = hash[:32]
	}
	copy(h[32-len(hash):], hash)
	return h
}

// Verify reports whether sig is a valid signature of hash by pubKey. Like
// decred's, it accepts high-S signatures and reads the hash as its first 32
// bytes (left-padded when shorter) modulo n. Variable time (public data),
// no allocation.
func (sig *Signature) Verify(hash []byte, pubKey *secp256k1.PublicKey) bool {
	if sig.r.IsZero() || sig.s.IsZero() {
		return false
	}
	pub, ok := toP256k1(pubKey)
	if !ok {
		return false
	}
	rs := sig.compact()
	psig, err := pecdsa.ParseCompact(&rs)
	if err != nil {
		return false
	}
	psig.NormalizeS()
	h := hash32(hash)
	return pecdsa.Verify(&pub, &h, &psig)
}

// toP256k1 converts a key without allocating; false if it is not a point.
func toP256k1(k *secp256k1.PublicKey) (p256k1.PublicKey, bool) {
	var j secp256k1.JacobianPoint
	k.AsJacobian(&j)
	var b [65]byte
	b[0] = 4
	j.X.Normalize().PutBytesUnchecked(b[1:33])
	j.Y.Normalize().PutBytesUnchecked(b[33:])
	pub, err := p256k1.ParsePublicKey(b[:])
	return pub, err == nil
}

// fromP256k1 converts a key.
func fromP256k1(k *p256k1.PublicKey) *secp256k1.PublicKey {
	b := k.SerializeUncompressed()
	var x, y secp256k1.FieldVal
	x.SetByteSlice(b[1:33])
	y.SetByteSlice(b[33:])
	return secp256k1.NewPublicKey(&x, &y)
}

// ParseDERSignature parses a strict DER signature (BIP-66) with r and s in
// [1, n−1], returning decred's error kinds in decred's order of checks.
func ParseDERSignature(sig []byte) (*Signature, error) {
	const minLen, maxLen = 8, 72
	n := len(sig)
	switch {
	case n < minLen:
		return nil, signatureError(ErrSigTooShort, fmt.Sprintf(
			"malformed signature: too short: %d < %d", n, minLen))
	case n > maxLen:
		return nil, signatureError(ErrSigTooLong, fmt.Sprintf(
			"malformed signature: too long: %d > %d", n, maxLen))
	case sig[0] != asn1SequenceID:
		return nil, signatureError(ErrSigInvalidSeqID, fmt.Sprintf(
			"malformed signature: format has wrong type: %#x", sig[0]))
	case int(sig[1]) != n-2:
		return nil, signatureError(ErrSigInvalidDataLen, fmt.Sprintf(
			"malformed signature: bad length: %d != %d", sig[1], n-2))
	}
	rLen := int(sig[3])
	sType := 4 + rLen
	switch {
	case sType >= n:
		return nil, signatureError(ErrSigMissingSTypeID,
			"malformed signature: S type indicator missing")
	case sType+1 >= n:
		return nil, signatureError(ErrSigMissingSLen,
			"malformed signature: S length missing")
	}
	sLen := int(sig[sType+1])
	sOff := sType + 2
	if sOff+sLen != n {
		return nil, signatureError(ErrSigInvalidSLen,
			"malformed signature: invalid S length")
	}
	if err := checkDERInt(sig[2], sig[4:4+rLen], "R",
		ErrSigInvalidRIntID, ErrSigZeroRLen, ErrSigNegativeR, ErrSigTooMuchRPadding); err != nil {
		return nil, err
	}
	if err := checkDERInt(sig[sType], sig[sOff:], "S",
		ErrSigInvalidSIntID, ErrSigZeroSLen, ErrSigNegativeS, ErrSigTooMuchSPadding); err != nil {
		return nil, err
	}
	var out Signature
	if err := setDERInt(&out.r, sig[4:4+rLen], "R", ErrSigRTooBig, ErrSigRIsZero); err != nil {
		return nil, err
	}
	if err := setDERInt(&out.s, sig[sOff:], "S", ErrSigSTooBig, ErrSigSIsZero); err != nil {
		return nil, err
	}
	return &out, nil
}

// checkDERInt checks one INTEGER's type byte and minimal positive encoding.
func checkDERInt(typ byte, v []byte, name string, badType, zeroLen, negative, padding ErrorKind) error {
	switch {
	case typ != asn1IntegerID:
		return signatureError(badType, fmt.Sprintf(
			"malformed signature: %s integer marker: %#x != %#x", name, typ, asn1IntegerID))
	case len(v) == 0:
		return signatureError(zeroLen, fmt.Sprintf(
			"malformed signature: %s length is zero", name))
	case v[0]&0x80 != 0:
		return signatureError(negative, fmt.Sprintf(
			"malformed signature: %s is negative", name))
	case len(v) > 1 && v[0] == 0 && v[1]&0x80 == 0:
		return signatureError(padding, fmt.Sprintf(
			"malformed signature: %s value has too much padding", name))
	}
	return nil
}

// setDERInt sets s to the integer v, which must be in [1, n−1].
func setDERInt(s *secp256k1.ModNScalar, v []byte, name string, tooBig, isZero ErrorKind) error {
	for len(v) > 0 && v[0] == 0 {
		v = v[1:]
	}
	if len(v) > 32 {
		return signatureError(tooBig, fmt.Sprintf(
			"invalid signature: %s is larger than 256 bits", name))
	}
	if s.SetByteSlice(v) {
		return signatureError(tooBig, fmt.Sprintf(
			"invalid signature: %s >= group order", name))
	}
	if s.IsZero() {
		return signatureError(isZero, fmt.Sprintf("invalid signature: %s is 0", name))
	}
	return nil
}

// signRFC6979 signs hash with key: low-S, RFC 6979 nonce, with the recovery
// code (bit 0: R.y odd, bit 1: R.x ≥ n). Constant time in the key and the
// nonce.
//
// decred's nonce reads the hash as it is (its first 32 bytes, padded on the
// left), where libsecp256k1 and so p256k1 reduce it modulo n first: the two
// agree whenever those 32 bytes are below n. For a hash whose first 32
// bytes are n or more (public data, so the branch leaks nothing) and for
// the key 0, which p256k1 refuses and decred signs with, decred's own
// derivation runs (signDecredNonce).
func signRFC6979(key *secp256k1.PrivateKey, hash []byte) (*Signature, byte) {
	h := hash32(hash)
	var e secp256k1.ModNScalar
	if e.SetBytes(&h) != 0 {
		return signDecredNonce(&key.Key, &h)
	}
	kb := key.Key.Bytes()
	defer clear(kb[:])
	pk, err := p256k1.NewPrivateKey(kb[:])
	if err == nil {
		defer pk.Zero()
		rs, err := pecdsa.SignRecoverable(&pk, &h)
		if err == nil {
			b, recid := rs.SerializeCompact()
			var sig Signature
			sig.r.SetByteSlice(b[:32])
			sig.s.SetByteSlice(b[32:])
			return &sig, byte(recid)
		}
	}
	return signDecredNonce(&key.Key, &h)
}

// signDecredNonce signs h with key exactly as decred does: the nonce of
// NonceRFC6979 over the unreduced hash, drawn again (extraIterations) while
// r or s is 0. Constant time in the key and the nonce, as signWithNonce.
func signDecredNonce(key *secp256k1.ModNScalar, h *[32]byte) (*Signature, byte) {
	kb := key.Bytes()
	defer clear(kb[:])
	for iteration := uint32(0); ; iteration++ {
		nonce := secp256k1.NonceRFC6979(kb[:], h[:], nil, nil, iteration)
		sig, code, ok := signWithNonce(key, nonce, h[:])
		nonce.Zero()
		if ok {
			return sig, code
		}
	}
}

// signWithNonce signs hash with key and the given nonce k: r = (k·G).x mod
// n, s = (e + r·key)/k made low, and the recovery code; false if r or s is
// 0. Constant time in key and k (the blinded comb, a constant-time
// inversion; the branches are on r = 0 and s = 0 only).
func signWithNonce(key, nonce *secp256k1.ModNScalar, hash []byte) (*Signature, byte, bool) {
	nb := nonce.Bytes()
	var k curve.Scalar
	k.SetBytes32(&nb)
	clear(nb[:])
	var R curve.Point
	R.ScalarBaseMult(&k)
	inf := R.IsIdentity()
	ctgrind.Declassify(&inf) // k = 0: probability 0 for an RFC 6979 nonce
	if inf == 1 {
		return nil, 0, false
	}
	x, y, _ := R.AffineBytes()
	ctgrind.Declassify(&x) // r is public (the signature's first half)
	var r secp256k1.ModNScalar
	overflow := r.SetBytes(&x)
	if r.IsZero() {
		return nil, 0, false
	}
	code := byte(overflow<<1) | y[31]&1
	var e, d, rs, ss curve.Scalar
	h := hash32(hash)
	e.SetBytes32(&h)
	db := key.Bytes()
	d.SetBytes32(&db)
	clear(db[:])
	rs.SetBytes32(&x) // r = x mod n, as r itself
	ss.MultiplyAdd(&d, &rs, &e)
	k.Invert(&k)
	ss.Multiply(&ss, &k)
	k, d = curve.Scalar{}, curve.Scalar{}
	zero := ss.IsZero()
	ctgrind.Declassify(&zero) // an event of probability below 2^-127
	if zero == 1 {
		return nil, 0, false
	}
	high := ss.IsHigh()
	ss.CondNegate(&ss, high)
	code ^= byte(high)
	sb := ss.Bytes32()
	var s secp256k1.ModNScalar
	s.SetBytes(&sb)
	return NewSignature(&r, &s), code, true
}

// Sign returns the RFC 6979 signature of hash (its first 32 bytes, padded on
// the left when shorter) by key, with low S: byte for byte decred's (and
// libsecp256k1's for 32-byte hashes). Constant time in the key.
func Sign(key *secp256k1.PrivateKey, hash []byte) *Signature {
	sig, _ := signRFC6979(key, hash)
	return sig
}

// SignCompact returns the 65-byte recoverable signature of hash by key:
// 27 + recovery code (+ 4 if isCompressedKey) ‖ r ‖ s. Constant time in the
// key.
func SignCompact(key *secp256k1.PrivateKey, hash []byte, isCompressedKey bool) []byte {
	sig, code := signRFC6979(key, hash)
	b := make([]byte, compactSigSize)
	b[0] = compactSigMagicOffset + code
	if isCompressedKey {
		b[0] += compactSigCompPubKey
	}
	sig.r.PutBytesUnchecked(b[1:33])
	sig.s.PutBytesUnchecked(b[33:65])
	return b
}

// RecoverCompact returns the public key that made the 65-byte compact
// signature of hash, and whether the signature says the key was
// compressed. Errors carry decred's kinds, checked in decred's order.
// Variable time (public data).
func RecoverCompact(signature, hash []byte) (*secp256k1.PublicKey, bool, error) {
	if len(signature) != compactSigSize {
		return nil, false, signatureError(ErrSigInvalidLen, fmt.Sprintf(
			"malformed signature: wrong size: %d != %d", len(signature), compactSigSize))
	}
	code := signature[0]
	if code < compactSigMagicOffset || code > compactSigMagicOffset+compactSigCompPubKey+3 {
		return nil, false, signatureError(ErrSigInvalidRecoveryCode, fmt.Sprintf(
			"invalid signature: public key recovery code %d is not in the valid range [%d, %d]",
			code, compactSigMagicOffset, compactSigMagicOffset+compactSigCompPubKey+3))
	}
	code -= compactSigMagicOffset
	compressed := code&compactSigCompPubKey != 0
	recid := int(code & 3)
	var r, s secp256k1.ModNScalar
	if err := setCompactInt(&r, signature[1:33], "R", ErrSigRTooBig, ErrSigRIsZero); err != nil {
		return nil, false, err
	}
	if err := setCompactInt(&s, signature[33:], "S", ErrSigSTooBig, ErrSigSIsZero); err != nil {
		return nil, false, err
	}
	if recid&2 != 0 {
		var fr secp256k1.FieldVal
		rb := r.Bytes()
		fr.SetBytes(&rb)
		if fr.IsGtOrEqPrimeMinusOrder() {
			return nil, false, signatureError(ErrSigOverflowsPrime,
				"invalid signature: signature R + N >= P")
		}
	}
	var b [64]byte
	copy(b[:], signature[1:])
	rsig, err := pecdsa.ParseRecoverable(&b, recid)
	if err == nil {
		h := hash32(hash)
		var pub p256k1.PublicKey
		if pub, err = pecdsa.RecoverPublicKey(&h, &rsig); err == nil {
			return fromP256k1(&pub), compressed, nil
		}
	}
	return nil, false, recoveryFailure(&r, recid)
}

// orderAsFieldVal is n as a field element (n < p).
var orderAsFieldVal = func() (f secp256k1.FieldVal) {
	var b [32]byte
	secp256k1.S256().N.FillBytes(b[:])
	f.SetBytes(&b)
	return f
}()

// recoveryFailure returns decred's error for a recovery that found no key:
// R's x coordinate (r, or r + n) is not on the curve, or the key is the
// point at infinity. Called on failure only, so that a recovery takes one
// square root, in p256k1's engine.
func recoveryFailure(r *secp256k1.ModNScalar, recid int) error {
	var x, y secp256k1.FieldVal
	rb := r.Bytes()
	x.SetBytes(&rb)
	if recid&2 != 0 {
		x.Add(&orderAsFieldVal).Normalize()
	}
	if !secp256k1.DecompressY(&x, recid&1 != 0, &y) {
		return signatureError(ErrPointNotOnCurve, "invalid signature: not for a valid curve point")
	}
	return signatureError(ErrPointNotOnCurve, "invalid signature: recovered pubkey is the point at infinity")
}

// setCompactInt sets s to the 32-byte integer v, which must be in [1, n−1].
func setCompactInt(s *secp256k1.ModNScalar, v []byte, name string, tooBig, isZero ErrorKind) error {
	if s.SetByteSlice(v) {
		return signatureError(tooBig, fmt.Sprintf("invalid signature: %s >= group order", name))
	}
	if s.IsZero() {
		return signatureError(isZero, fmt.Sprintf("invalid signature: %s is 0", name))
	}
	return nil
}
