// Package ecdsacore is the ECDSA signing core and DER serialization shared by
// package ecdsa and the crypto.Signer method of the root package's
// PrivateKey (which cannot import ecdsa, since ecdsa imports the root).
//
// Signing follows libsecp256k1's secp256k1_ecdsa_sign_inner and
// secp256k1_ecdsa_sig_sign with the default nonce function
// (nonce_function_rfc6979), so signatures are byte-identical to
// libsecp256k1's. It is constant time in the secret key and the nonce, and
// allocation-free.
package ecdsacore

import (
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/rfc6979"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Sign sets (r, s) to the ECDSA signature of the 32-byte message hash under
// the secret key d, which must be in [1, n−1], and returns the recovery id
// (bit 0: parity of R's y; bit 1: whether R's x was ≥ n, cryptographically
// unreachable; both adjusted for the low-S negation).
//
// The nonce is RFC 6979's HMAC-SHA256 construction keyed exactly as
// libsecp256k1's nonce_function_rfc6979 with noncedata = extra (nil for
// none) and no algorithm name: key ‖ (hash mod n) ‖ extra. Candidates that
// are zero or ≥ n, and nonces that give r = 0 or s = 0, are skipped and the
// next output of the generator is used, as libsecp256k1's counter loop
// does. s is always low (s ≤ n/2).
//
// Constant time in d, extra and the nonce: the only branches are on whether
// a nonce candidate is in range and whether the finished (public) signature
// has a zero component, events of probability below 2^−127 that libsecp256k1
// declassifies the same way. It does not allocate and wipes its secrets.
func Sign(r, s *scalar.Scalar, d *scalar.Scalar, hash *[32]byte, extra *[32]byte) int {
	var key, nonce [32]byte
	d.Bytes(&key)
	var g rfc6979.DRBG
	g.InitNonce(&key, hash, extra, nil)
	clear(key[:])

	var m, k scalar.Scalar
	m.SetBytes(hash)
	var recid int
	for {
		g.Generate32(&nonce)
		// A candidate out of range has probability < 2^−127; which
		// candidate is used is revealed only by timing, as in
		// libsecp256k1, which declassifies this bit the same way.
		bad := k.SetBytes(&nonce) | k.IsZero()
		ctime.Declassify(&bad)
		if bad != 0 {
			continue
		}
		var ok bool
		recid, ok = signWithNonce(r, s, d, &m, &k)
		if ok {
			break
		}
	}
	clear(nonce[:])
	g.Clear()
	k.Zero()
	m.Zero()
	return recid
}

// signWithNonce is libsecp256k1's ecdsa_sig_sign: R = k·G, r = x(R) mod n,
// s = k⁻¹(m + r·d), negated if high. It reports false if r or s is zero.
// Constant time in d and k.
func signWithNonce(r, s, d, m, k *scalar.Scalar) (int, bool) {
	var rj group.Jacobian
	ecmultgen.Shared().Mul(&rj, k)
	var ra group.Affine
	ra.SetJacobian(&rj)
	ra.X.Normalize()
	ra.Y.Normalize()
	var b [32]byte
	ra.X.Bytes(&b)
	overflow := r.SetBytes(&b)
	recid := overflow<<1 | ra.Y.IsOdd()

	var t scalar.Scalar
	t.Mul(r, d)
	t.Add(&t, m)
	s.Invert(k)
	s.Mul(s, &t)
	high := s.IsHigh()
	s.CondNegate(s, high)
	recid ^= high

	t.Zero()
	rj.Clear()
	ra.Clear()
	clear(b[:])
	// The signature is public from here on (libsecp256k1 declassifies the
	// success bit here; the callers also serialize r and s in variable
	// time). Zero r or s has probability about 2^−256.
	ctime.Declassify(r)
	ctime.Declassify(s)
	ctime.Declassify(&recid)
	return recid, r.IsZero()|s.IsZero() == 0
}

// MaxDERLen is the longest DER encoding SerializeDER produces: 0x30, length,
// then two INTEGERs of at most 33 bytes with their tag and length.
const MaxDERLen = 72

// SerializeDER writes the strict DER encoding of (r, s) to out and returns
// its length (at most MaxDERLen), as libsecp256k1's
// ecdsa_signature_serialize_der: each INTEGER is the shortest big-endian
// form with a leading 0x00 when the top bit is set (zero is 02 01 00).
// Variable time in r and s (signatures are public).
func SerializeDER(out *[MaxDERLen]byte, r, s *scalar.Scalar) int {
	var rb, sb [33]byte
	r.Bytes((*[32]byte)(rb[1:]))
	s.Bytes((*[32]byte)(sb[1:]))
	rp, sp := minimalInt(&rb), minimalInt(&sb)
	lr, ls := 33-rp, 33-sp
	out[0] = 0x30
	out[1] = byte(4 + lr + ls)
	out[2] = 0x02
	out[3] = byte(lr)
	copy(out[4:], rb[rp:])
	out[4+lr] = 0x02
	out[5+lr] = byte(ls)
	copy(out[6+lr:], sb[sp:])
	return 6 + lr + ls
}

// minimalInt returns the offset in b (a 0x00 byte followed by a 32-byte
// unsigned value) at which the shortest DER INTEGER encoding starts.
func minimalInt(b *[33]byte) int {
	i := 0
	for i < 32 && b[i] == 0 && b[i+1] < 0x80 {
		i++
	}
	return i
}
