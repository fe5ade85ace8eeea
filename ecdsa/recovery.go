package ecdsa

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// RecoverableSignature is an ECDSA signature with its recovery id, from
// which the signer's public key can be computed (libsecp256k1's
// secp256k1_ecdsa_recoverable_signature). The recovery id is 0–3: bit 0 is
// the parity of the y coordinate of the nonce point R, bit 1 says whether
// R's x coordinate was ≥ n (so that r = x − n; probability about 2^−127
// for an honest signer, so 2 and 3 occur only in constructed signatures).
//
// The zero value (r = s = 0) recovers nothing. RecoverableSignature is a
// comparable value type. Its methods run in variable time (signatures are
// public).
type RecoverableSignature struct {
	sig   Signature
	recid byte
}

// SignRecoverable is Sign returning also the recovery id
// (secp256k1_ecdsa_sign_recoverable with the default nonce function): the
// signature is the same as Sign's. Constant time in the key and the nonce;
// it does not allocate.
func SignRecoverable(k *p256k1.PrivateKey, hash *[32]byte) (RecoverableSignature, error) {
	return SignRecoverableWithEntropy(k, hash, nil)
}

// SignRecoverableWithEntropy is SignWithEntropy returning also the
// recovery id (secp256k1_ecdsa_sign_recoverable with ndata = extra).
// Constant time in the key, the nonce and extra; it does not allocate.
func SignRecoverableWithEntropy(k *p256k1.PrivateKey, hash, extra *[32]byte) (RecoverableSignature, error) {
	sig, recid, err := sign(k, hash, extra)
	if err != nil {
		return RecoverableSignature{}, err
	}
	return RecoverableSignature{sig: sig, recid: byte(recid)}, nil
}

// ParseRecoverable parses a 64-byte compact signature r ‖ s with a
// recovery id, as secp256k1_ecdsa_recoverable_signature_parse_compact:
// ErrInvalidRecoveryID if recid is not 0–3, ErrInvalidSignature if r or s is
// ≥ n. Zero values and high s are accepted (recovery does not require low
// s). It does not allocate.
func ParseRecoverable(b *[CompactSize]byte, recid int) (RecoverableSignature, error) {
	if recid < 0 || recid > 3 {
		return RecoverableSignature{}, ErrInvalidRecoveryID
	}
	sig, err := ParseCompact(b)
	if err != nil {
		return RecoverableSignature{}, err
	}
	return RecoverableSignature{sig: sig, recid: byte(recid)}, nil
}

// SerializeCompact returns the 64-byte compact encoding r ‖ s and the
// recovery id (secp256k1_ecdsa_recoverable_signature_serialize_compact).
// A nil rs gives 64 zero bytes and 0. Variable time (public data).
func (rs *RecoverableSignature) SerializeCompact() ([CompactSize]byte, int) {
	if rs == nil {
		return [CompactSize]byte{}, 0
	}
	return rs.sig.SerializeCompact(), int(rs.recid)
}

// Signature returns the signature without its recovery id
// (secp256k1_ecdsa_recoverable_signature_convert).
// The zero Signature for a nil rs. Variable time (public data).
func (rs *RecoverableSignature) Signature() Signature {
	if rs == nil {
		return Signature{}
	}
	return rs.sig
}

// RecoveryID returns the recovery id, 0–3 (0 for a nil rs). Variable time
// (public data).
func (rs *RecoverableSignature) RecoveryID() int {
	if rs == nil {
		return 0
	}
	return int(rs.recid)
}

// BitcoinCompactSize is the length of Bitcoin Core's recoverable "compact
// signature" (message signing, CKey::SignCompact).
const BitcoinCompactSize = 65

// SerializeBitcoinCompact returns the 65-byte form of Bitcoin Core's
// message signatures (CKey::SignCompact): a header byte 27 + recid, plus 4
// if the signer's key is to be shown compressed (its address is derived
// from the compressed encoding), then r ‖ s.
//
// A nil rs is encoded as the zero signature with recovery id 0. Variable
// time (public data).
func (rs *RecoverableSignature) SerializeBitcoinCompact(compressed bool) [BitcoinCompactSize]byte {
	var out [BitcoinCompactSize]byte
	if rs == nil {
		rs = &RecoverableSignature{}
	}
	out[0] = 27 + rs.recid
	if compressed {
		out[0] += 4
	}
	c := rs.sig.SerializeCompact()
	copy(out[1:], c[:])
	return out
}

// ParseBitcoinCompact parses the 65-byte form of Bitcoin Core's message
// signatures: a header byte 27–30 (uncompressed key) or 31–34 (compressed
// key) giving the recovery id, then r ‖ s. It returns whether the header
// marks a compressed key. Other header bytes give ErrInvalidRecoveryID
// (Bitcoin Core's CPubKey::RecoverCompact masks the header instead and so
// accepts any byte; BIP-137's 35–42 for segwit addresses are not
// accepted); r or s ≥ n gives ErrInvalidSignature. It does not allocate.
func ParseBitcoinCompact(b *[BitcoinCompactSize]byte) (sig RecoverableSignature, compressed bool, err error) {
	if b == nil || b[0] < 27 || b[0] > 34 {
		return RecoverableSignature{}, false, ErrInvalidRecoveryID
	}
	h := b[0] - 27
	sig, err = ParseRecoverable((*[CompactSize]byte)(b[1:]), int(h&3))
	if err != nil {
		return RecoverableSignature{}, false, err
	}
	return sig, h&4 != 0, nil
}

// RecoverPublicKey returns the public key Q for which sig is a signature of
// the 32-byte message hash, as secp256k1_ecdsa_recover: the nonce point R
// is rebuilt from r and the recovery id, and Q = r⁻¹·(s·R − hash·G).
// High-S signatures are accepted (the recovery id accounts for the sign of
// s). It returns ErrRecoveryFailed if r or s is zero, if the recovery id
// names an x coordinate r + n ≥ p or an x with no curve point, or if the
// result is the point at infinity.
//
// A successful recovery proves only that sig verifies under the returned
// key (with high s normalized), not who signed: compare the key (or its
// hash) with the expected one. Variable time (public data); it does not
// allocate. It never panics; a nil hash or signature gives
// ErrRecoveryFailed.
func RecoverPublicKey(hash *[32]byte, sig *RecoverableSignature) (p256k1.PublicKey, error) {
	if hash == nil || sig == nil || sig.recid > 3 {
		return p256k1.PublicKey{}, ErrRecoveryFailed
	}
	var m scalar.Scalar
	m.SetBytes(hash)
	var q group.Affine
	if !recoverPoint(&q, &sig.sig.r, &sig.sig.s, &m, int(sig.recid)) {
		return p256k1.PublicKey{}, ErrRecoveryFailed
	}
	var enc [65]byte
	enc[0] = 0x04
	q.X.Bytes((*[32]byte)(enc[1:33]))
	q.Y.Bytes((*[32]byte)(enc[33:65]))
	pub, err := p256k1.ParsePublicKey(enc[:])
	if err != nil {
		// Unreachable: q is a finite point on the curve.
		return p256k1.PublicKey{}, ErrRecoveryFailed
	}
	return pub, nil
}

// recoverPoint is libsecp256k1's secp256k1_ecdsa_sig_recover. On success q holds
// a finite point with normalized coordinates. Variable time.
func recoverPoint(q *group.Affine, r, s, m *scalar.Scalar, recid int) bool {
	if r.IsZero() != 0 || s.IsZero() != 0 {
		return false
	}
	var rb [32]byte
	r.Bytes(&rb)
	var fx field.Element
	fx.SetBytes(&rb) // r < n < p
	if recid&2 != 0 {
		if fx.CmpVar(&pMinusOrder) >= 0 {
			return false
		}
		fx.Add(&fx, &orderAsField)
	}
	var x group.Affine
	if !x.SetXOVar(&fx, recid&1 != 0) {
		return false
	}
	var xj, qj group.Jacobian
	xj.SetAffine(&x)
	var rn, u1, u2 scalar.Scalar
	rn.InvertVar(r)
	u1.Mul(&rn, m)
	u1.Negate(&u1)
	u2.Mul(&rn, s)
	ecmult.DoubleBaseVar(&qj, &u2, &xj, &u1)
	if qj.Infinity != 0 {
		return false
	}
	q.SetJacobianVar(&qj)
	q.X.NormalizeVar()
	q.Y.NormalizeVar()
	return true
}
