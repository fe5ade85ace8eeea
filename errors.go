package p256k1

import (
	"errors"

	"github.com/p256k1/p256k1/internal/redact"
)

// Errors returned by this package. Compare with errors.Is.
var (
	// ErrInvalidPrivateKey: a private key that is not 32 bytes or not in
	// [1, n−1], or a zero (unset) PrivateKey.
	ErrInvalidPrivateKey = errors.New("p256k1: invalid private key")
	// ErrInvalidPublicKey: an encoding that libsecp256k1's ec_pubkey_parse
	// (or xonly_pubkey_parse) would reject, or a zero (unset) PublicKey.
	ErrInvalidPublicKey = errors.New("p256k1: invalid public key")
	// ErrInvalidTweak: a tweak that is not below the group order n (or zero
	// for multiplication), or one that would make the result zero or the
	// point at infinity.
	ErrInvalidTweak = errors.New("p256k1: invalid tweak")
	// ErrInvalidDigest: PrivateKey.Sign was given a digest that is not 32
	// bytes, or opts naming a known hash function whose output is not 32
	// bytes.
	ErrInvalidDigest = errors.New("p256k1: ECDSA digest must be 32 bytes")
	// ErrNilArgument: a nil argument that has no zero value to stand for
	// (GeneratePrivateKeyFromReader's reader, ecdh.SharedSecretFunc's hash
	// function). A nil key, tweak or signature pointer is not this error:
	// it is treated as the zero (invalid) value and reported as such
	// (ErrInvalidPrivateKey, ErrInvalidPublicKey, ErrInvalidTweak, ...),
	// and predicates report false; no function or method of this module's
	// key, signature and ECDH API panics on nil.
	ErrNilArgument = errors.New("p256k1: nil argument")
	// ErrSecretNotSerializable: the MarshalJSON, MarshalText and
	// MarshalBinary methods of every type that holds a secret (PrivateKey,
	// schnorr.Keypair, the signers, silentpayments.Scanner) return it, so
	// that encoding a struct that holds one fails instead of leaking the
	// secret. Serialize a key on purpose with its Bytes method.
	ErrSecretNotSerializable = redact.ErrSecret
)
