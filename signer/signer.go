// Package signer gives applications a ready key holder for BIP-340 Schnorr
// signatures and ECDH, shaped as Nostr software uses one: make or load a key
// (or only a public key, to verify), sign and verify event IDs, derive
// shared secrets for NIP-04/NIP-44, and wipe the key when done.
//
// Signer is the interface; P256K1Signer implements it in pure Go with this
// module, and package signer/libsecp256k1 implements it over the system's
// libsecp256k1 loaded at run time (no cgo). Both pass the same conformance
// suite (package signer/signertest), so an application can switch between
// them, or check one against the other.
//
// # Keys and encodings
//
// Secret keys are 32 bytes, big-endian, in [1, n−1]. Public keys are BIP-340
// x-only keys (32 bytes, the point with that x and an even Y). Signatures are
// 64 bytes. ECDH accepts the peer's key as 32-byte x-only (even Y, as Nostr
// keys are), 33-byte compressed or 65-byte uncompressed SEC 1.
//
// # Errors
//
// Methods return the sentinel errors below (compare with errors.Is). Verify
// returns an error only for input it cannot even read (a signature that is
// not 64 bytes, a signer without a key); a 64-byte signature that does not
// verify, out-of-range values included, is (false, nil), as in libsecp256k1.
package signer

import "errors"

// Signer is an application's key holder for BIP-340 signatures and ECDH.
//
// A Signer starts without a key; Generate, InitSecret or InitPublic gives it
// one (InitPublic makes it verify-only). Once initialised, Sign, Verify,
// ECDH, ECDHX, Secret and Public may be called from many goroutines at once;
// Generate, InitSecret, InitPublic and Zero must not run concurrently with
// any other method on the same Signer.
//
// Constant-time status is stated by each implementation; for both in this
// module, everything that touches the secret key is constant time in it.
type Signer interface {
	// Generate replaces the key with a fresh one from crypto/rand.
	Generate() error
	// InitSecret loads a 32-byte secret key (ErrInvalidSecretKey unless
	// 32 bytes in [1, n−1]).
	InitSecret(sec []byte) error
	// InitPublic loads a 32-byte x-only public key for verify-only use
	// (ErrInvalidPublicKey unless it is a valid BIP-340 key).
	InitPublic(pub []byte) error
	// Secret returns a copy of the 32-byte secret key, or nil for a
	// verify-only or uninitialised signer.
	Secret() []byte
	// Public returns the 32-byte x-only public key, or nil when
	// uninitialised.
	Public() []byte
	// Sign returns the 64-byte BIP-340 signature of msg (any length) with
	// fresh auxiliary randomness. ErrVerifyOnly without a secret key.
	Sign(msg []byte) ([]byte, error)
	// Verify reports whether sig is a valid BIP-340 signature of msg under
	// the signer's public key.
	Verify(msg, sig []byte) (bool, error)
	// ECDH returns libsecp256k1's default shared secret with pub:
	// SHA-256 of the compressed shared point. The secret used is the one
	// whose public key is Public() with even Y (the loaded key, negated if
	// its Y is odd), so parties that know only each other's x-only keys
	// agree. ErrVerifyOnly without a secret key.
	ECDH(pub []byte) ([]byte, error)
	// ECDHX returns the raw 32-byte x coordinate of the shared point, as
	// NIP-04 and NIP-44 use it. ErrVerifyOnly without a secret key.
	ECDHX(pub []byte) ([]byte, error)
	// Zero wipes the secret key; the signer is uninitialised afterwards.
	Zero()
}

// AuxSigner is a Signer that can also sign with caller-chosen auxiliary
// randomness, which makes signatures reproducible (the BIP-340 test
// vectors). Both signers of this module implement it.
type AuxSigner interface {
	Signer
	// SignAux is Sign with the 32 bytes of BIP-340 auxiliary randomness
	// given; a nil aux means fresh randomness, as Sign.
	SignAux(msg []byte, aux *[32]byte) ([]byte, error)
}

// Errors returned by the signers. Compare with errors.Is.
var (
	// ErrNoKey: the signer has not been given a key (or was zeroed).
	ErrNoKey = errors.New("signer: no key loaded")
	// ErrVerifyOnly: Sign, SignAux, ECDH or ECDHX on a signer that holds
	// only a public key.
	ErrVerifyOnly = errors.New("signer: verify-only signer has no secret key")
	// ErrInvalidSecretKey: a secret key that is not 32 bytes, is zero, or
	// is not below the group order n.
	ErrInvalidSecretKey = errors.New("signer: invalid secret key")
	// ErrInvalidPublicKey: a public key of the wrong length, with a
	// coordinate ≥ p, or not on the curve.
	ErrInvalidPublicKey = errors.New("signer: invalid public key")
	// ErrInvalidSignature: a signature that is not 64 bytes.
	ErrInvalidSignature = errors.New("signer: signature must be 64 bytes")
)
