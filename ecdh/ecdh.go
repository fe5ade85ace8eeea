// Package ecdh computes elliptic-curve Diffie–Hellman shared secrets on
// secp256k1, compatible with libsecp256k1's secp256k1_ecdh.
//
// Given a private key d and a peer's public key Q, the shared point is
// S = d·Q; both parties obtain the same S (a·(b·G) = b·(a·G)). The point
// itself should not be used as a key: it is turned into one by a hash.
//
//   - SharedSecret is libsecp256k1's default (secp256k1_ecdh with a NULL
//     hash function, secp256k1_ecdh_hash_function_sha256):
//     SHA-256(0x02 | (y & 1) ‖ x), the SHA-256 of S's 33-byte compressed
//     encoding. Lightning (BOLT 4 and 8) uses this value.
//   - SharedX returns the raw 32-byte x coordinate of S, as NIP-04 and NIP-44
//     (Nostr) and many other protocols use before their own key derivation.
//   - SharedSecretBytes and SharedXBytes take the peer's key in its encoding
//     (33 or 65 bytes): for a compressed key they take its y coordinate and
//     the result's inverse Z from one exponentiation, where parsing and
//     SharedSecret take a square root and an inversion (about 7 % less time
//     in all).
//   - SharedSecretFunc passes S's coordinates to a caller-supplied hash
//     function, like the hashfp argument of secp256k1_ecdh, and returns its
//     result.
//
// # Side channels
//
// All three are constant time in the private key and in the shared point:
// the multiplication is the constant-time variable-base engine
// (internal/ecmultconst, like libsecp256k1's ecmult_const), the conversion
// to affine coordinates uses a constant-time inversion, and the default hash
// is SHA-256, whose running time does not depend on the data. The peer's
// public key is public. Copies of the secret scalar and of the coordinates
// are cleared before returning; Go gives no guarantee that no other copy
// (registers, spilled stack slots) remains.
//
// None of the functions allocates (SharedSecretFunc: unless its hash
// function does).
package ecdh

import (
	"crypto/sha256"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// SharedSecret returns libsecp256k1's default ECDH secret for the private key
// k and the peer public key pub: SHA-256 of the 33-byte compressed encoding
// of the shared point d·Q, that is SHA-256((0x02 | (y & 1)) ‖ x)
// (secp256k1_ecdh with hashfp NULL). The secret is symmetric: SharedSecret(a,
// B) == SharedSecret(b, A).
//
// It returns p256k1.ErrInvalidPrivateKey or p256k1.ErrInvalidPublicKey if k
// or pub is nil or the zero (unset) value. Constant time in k and in the shared
// point; it does not allocate.
func SharedSecret(k *p256k1.PrivateKey, pub *p256k1.PublicKey) ([32]byte, error) {
	var x, y [32]byte
	defer clear(x[:])
	defer clear(y[:])
	if err := sharedPoint(&x, &y, k, pub); err != nil {
		return [32]byte{}, err
	}
	return hashCompressed(&x, &y), nil
}

// hashCompressed returns SHA-256 of the compressed encoding of (x, y),
// libsecp256k1's default ECDH hash, clearing its copy of the encoding.
func hashCompressed(x, y *[32]byte) [32]byte {
	var buf [33]byte
	buf[0] = 0x02 | y[31]&1
	copy(buf[1:], x[:])
	out := sha256.Sum256(buf[:])
	clear(buf[:])
	return out
}

// SharedX returns the x coordinate of the shared point d·Q, 32 bytes big
// endian, unhashed. Its value is symmetric like SharedSecret's. The raw x
// coordinate is not uniformly distributed: derive keys from it with a hash
// or a KDF (HKDF, say) rather than using it directly.
//
// Errors as SharedSecret. Constant time in k and in the shared point; it does
// not allocate.
func SharedX(k *p256k1.PrivateKey, pub *p256k1.PublicKey) ([32]byte, error) {
	var x, y [32]byte
	defer clear(y[:])
	if err := sharedPoint(&x, &y, k, pub); err != nil {
		return [32]byte{}, err
	}
	return x, nil
}

// SharedSecretFunc computes the shared point d·Q and returns hash(x, y),
// x and y being its affine coordinates as 32-byte big-endian values: it is
// secp256k1_ecdh with a custom hash function (hashfp), the result returned
// by value in whatever type the hash produces ([64]byte for SHA-512, say).
// Anything else hash needs (libsecp256k1's data pointer) it can capture.
//
// It returns p256k1.ErrInvalidPrivateKey or p256k1.ErrInvalidPublicKey for
// nil or zero-value keys, without calling hash, and p256k1.ErrNilArgument
// for a nil hash; otherwise it returns what hash
// returns (a hash function reports failure with an error, as hashfp does by
// returning 0).
//
// x and y are secret and passed by value, so that nothing escapes to the
// heap: SharedSecretFunc does not allocate, and with a hash that does not
// allocate (sha256.Sum256, sha512.Sum512, a closure that writes into a
// caller's array) neither does the whole call. SharedSecretFunc is constant
// time in k and the shared point up to the call of hash; hash should be
// too, and should clear any copy of x and y it makes.
func SharedSecretFunc[T any](k *p256k1.PrivateKey, pub *p256k1.PublicKey, hash func(x, y [32]byte) (T, error)) (T, error) {
	if hash == nil {
		var zero T
		return zero, p256k1.ErrNilArgument
	}
	var x, y [32]byte
	defer clear(x[:])
	defer clear(y[:])
	if err := sharedPoint(&x, &y, k, pub); err != nil {
		var zero T
		return zero, err
	}
	return hash(x, y)
}

// sharedPoint writes the normalized affine coordinates of d·Q, with d = k and
// Q = pub, into x and y. Constant time in k and in the result.
func sharedPoint(x, y *[32]byte, k *p256k1.PrivateKey, pub *p256k1.PublicKey) error {
	if !k.IsValid() {
		return p256k1.ErrInvalidPrivateKey
	}
	if !pub.IsValid() {
		return p256k1.ErrInvalidPublicKey
	}

	// The peer point, through its public encoding. A valid PublicKey holds a
	// finite point on the curve with coordinates < p, so no check is needed.
	var q group.Affine
	point.Load(&q, pub)

	var s scalar.Scalar
	loadScalar(&s, k)

	var r group.Jacobian
	ecmultconst.Mul(&r, &q, &s)
	s.Zero()

	var p group.Affine
	p.SetJacobian(&r) // constant-time inversion
	r.Clear()
	// d·Q is never infinity for 1 ≤ d < n and Q ≠ ∞ (the group has prime
	// order n); checked anyway. The bit is always 0 here, so declassifying
	// it reveals nothing.
	inf := p.Infinity
	ctime.Declassify(&inf)
	p.X.Normalize()
	p.Y.Normalize()
	p.X.Bytes(x)
	p.Y.Bytes(y)
	p.Clear()
	if inf != 0 {
		clear(x[:])
		clear(y[:])
		return p256k1.ErrInvalidPublicKey
	}
	return nil
}

// loadScalar sets s to the valid private key k, through its encoding, whose
// copy is cleared (s is the caller's to clear). Constant time.
func loadScalar(s *scalar.Scalar, k *p256k1.PrivateKey) {
	kb := k.Bytes()
	s.SetBytes(&kb) // < n and nonzero: k is valid
	clear(kb[:])
}
