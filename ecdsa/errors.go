package ecdsa

import (
	"errors"
	"fmt"
)

// Errors returned by this package; compare with errors.Is. Functions that
// take keys also return p256k1.ErrInvalidPrivateKey and
// p256k1.ErrInvalidPublicKey.
var (
	// ErrInvalidSignature: an encoding that the matching libsecp256k1
	// parser rejects (malformed DER, a compact r or s ≥ n, a bad recovery
	// id or header byte).
	ErrInvalidSignature = errors.New("ecdsa: invalid signature encoding")
	// ErrInvalidRecoveryID: a recovery id outside 0–3 or a Bitcoin compact
	// (BIP-137) header byte outside 27–42. It wraps ErrInvalidSignature.
	ErrInvalidRecoveryID = fmt.Errorf("%w: recovery id out of range", ErrInvalidSignature)
	// ErrRecoveryFailed: no public key recovers from the signature and
	// hash (r or s zero, no curve point with the x coordinate and parity
	// the recovery id names, or a result at infinity), as when
	// secp256k1_ecdsa_recover returns 0.
	ErrRecoveryFailed = errors.New("ecdsa: public key recovery failed")
)
