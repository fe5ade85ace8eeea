package ecdsa

import (
	"strconv"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
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
// ≥ n or b is nil. Zero r or s is accepted, as libsecp256k1 accepts it, and
// fails later: RecoverPublicKey returns ErrRecoveryFailed, and the
// Signature it converts to never verifies. High s is accepted (recovery
// does not require low s). Variable time (public data); it does not
// allocate.
func ParseRecoverable(b *[CompactSize]byte, recid int) (RecoverableSignature, error) {
	if recid < 0 || recid > 3 {
		return RecoverableSignature{}, ErrInvalidRecoveryID
	}
	if b == nil {
		return RecoverableSignature{}, ErrInvalidSignature
	}
	var sig Signature
	over := sig.r.SetBytes((*[32]byte)(b[:32]))
	over |= sig.s.SetBytes((*[32]byte)(b[32:]))
	if over != 0 {
		return RecoverableSignature{}, ErrInvalidSignature
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

// BitcoinAddressType is what the header byte of a BIP-137 message signature
// (the 65-byte form of Bitcoin message signatures) claims about the
// signer's address: header = 27 + 4·type + recid. The signature does not
// depend on it (the same r, s and recovery id recover the same key under
// every type); the type says which address to derive from the recovered key
// (from its compressed or uncompressed encoding) to compare with the
// claimed address, which the caller must do. Header bytes and address types are public
// data; the methods run in variable time.
type BitcoinAddressType uint8

// The four address types of BIP-137, by header byte.
const (
	// AddressP2PKHUncompressed: headers 27–30, P2PKH of the uncompressed key.
	AddressP2PKHUncompressed BitcoinAddressType = iota
	// AddressP2PKH: headers 31–34, P2PKH of the compressed key.
	AddressP2PKH
	// AddressP2SHP2WPKH: headers 35–38, P2SH-wrapped P2WPKH (compressed key).
	AddressP2SHP2WPKH
	// AddressP2WPKH: headers 39–42, native segwit P2WPKH (compressed key).
	AddressP2WPKH
)

// Compressed reports whether the address is derived from the compressed
// encoding of the key (every type except AddressP2PKHUncompressed).
// Variable time (public data).
func (t BitcoinAddressType) Compressed() bool { return t != AddressP2PKHUncompressed }

// String returns "p2pkh-uncompressed", "p2pkh", "p2sh-p2wpkh", "p2wpkh", or
// "BitcoinAddressType(N)" for an unknown value. Variable time (public
// data).
func (t BitcoinAddressType) String() string {
	switch t {
	case AddressP2PKHUncompressed:
		return "p2pkh-uncompressed"
	case AddressP2PKH:
		return "p2pkh"
	case AddressP2SHP2WPKH:
		return "p2sh-p2wpkh"
	case AddressP2WPKH:
		return "p2wpkh"
	}
	return "BitcoinAddressType(" + strconv.Itoa(int(t)) + ")"
}

// SerializeBitcoinCompact returns the 65-byte form of Bitcoin Core's
// message signatures (CKey::SignCompact): a header byte 27 + recid, plus 4
// if the signer's key is to be shown compressed (its address is derived
// from the compressed encoding), then r ‖ s. For BIP-137's segwit headers
// use SerializeBIP137.
//
// A nil rs is encoded as the zero signature with recovery id 0. Variable
// time (public data).
func (rs *RecoverableSignature) SerializeBitcoinCompact(compressed bool) [BitcoinCompactSize]byte {
	t := AddressP2PKHUncompressed
	if compressed {
		t = AddressP2PKH
	}
	return rs.SerializeBIP137(t)
}

// SerializeBIP137 returns the 65-byte BIP-137 form: the header byte
// 27 + 4·t + recid, then r ‖ s. An unknown t (above AddressP2WPKH) gives
// 65 zero bytes, which every parser rejects. A nil rs is encoded as the zero
// signature with recovery id 0. Variable time (public data).
func (rs *RecoverableSignature) SerializeBIP137(t BitcoinAddressType) [BitcoinCompactSize]byte {
	var out [BitcoinCompactSize]byte
	if t > AddressP2WPKH {
		return out
	}
	if rs == nil {
		rs = &RecoverableSignature{}
	}
	out[0] = 27 + 4*byte(t) + rs.recid
	c := rs.sig.SerializeCompact()
	copy(out[1:], c[:])
	return out
}

// ParseBitcoinCompact parses the 65-byte form of Bitcoin message
// signatures: a header byte giving the recovery id and the address type
// (see ParseBIP137), then r ‖ s. It returns whether the header marks a
// compressed key: false for 27–30, true for 31–34 (Bitcoin Core's
// CKey::SignCompact) and for BIP-137's segwit headers 35–42 (P2SH-P2WPKH
// and P2WPKH addresses use the compressed key). Use ParseBIP137 to learn
// which address the header names. Errors as ParseBIP137. It does not
// allocate.
func ParseBitcoinCompact(b *[BitcoinCompactSize]byte) (sig RecoverableSignature, compressed bool, err error) {
	sig, t, err := ParseBIP137(b)
	if err != nil {
		return RecoverableSignature{}, false, err
	}
	return sig, t.Compressed(), nil
}

// ParseBIP137 parses a BIP-137 message signature: a header byte 27–42,
// with recid = (header − 27) & 3 and the address type (header − 27) / 4
// (27–30 P2PKH uncompressed, 31–34 P2PKH compressed, 35–38 P2SH-P2WPKH,
// 39–42 P2WPKH), then r ‖ s as ParseRecoverable parses them. Any other
// header byte gives ErrInvalidRecoveryID (Bitcoin Core's
// CPubKey::RecoverCompact masks the header instead and so accepts any
// byte); r or s ≥ n, or a nil b, gives ErrInvalidSignature (both wrap
// ErrInvalidSignature). Zero r or s parses and fails at RecoverPublicKey,
// as in libsecp256k1. Variable time (public data); it does not allocate.
func ParseBIP137(b *[BitcoinCompactSize]byte) (RecoverableSignature, BitcoinAddressType, error) {
	if b == nil {
		return RecoverableSignature{}, 0, ErrInvalidSignature
	}
	if b[0] < 27 || b[0] > 42 {
		return RecoverableSignature{}, 0, ErrInvalidRecoveryID
	}
	h := b[0] - 27
	sig, err := ParseRecoverable((*[CompactSize]byte)(b[1:]), int(h&3))
	if err != nil {
		return RecoverableSignature{}, 0, err
	}
	return sig, BitcoinAddressType(h >> 2), nil
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
	return point.PublicKey(&q), nil // a finite curve point
}

// recoverPoint is libsecp256k1's secp256k1_ecdsa_sig_recover. On success q holds
// a finite point with normalized coordinates. Variable time.
func recoverPoint(q *group.Affine, r, s, m *scalar.Scalar, recid int) bool {
	if r.IsZero() != 0 || s.IsZero() != 0 {
		return false
	}
	var x group.Affine
	if !nonceFromR(&x, r, recid) {
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
