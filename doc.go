// Package p256k1 is a pure-Go implementation of the secp256k1 elliptic curve
// as Bitcoin, Nostr and Lightning use it, built to match Bitcoin Core's
// libsecp256k1 in speed and in its care with secrets, without cgo.
//
// This package holds the keys: PrivateKey, PublicKey and XOnlyPublicKey,
// their encodings (parsed exactly as libsecp256k1 parses them), and the
// tweaks BIP-32 and BIP-341 (Taproot) need. The protocols live in
// subpackages:
//
//   - ecdsa: RFC 6979 signing byte-identical to libsecp256k1, low-S
//     verification, strict and lax DER, compact form, public-key recovery;
//   - schnorr: BIP-340 signing and verification, with precomputed keypairs;
//   - ecdh: libsecp256k1's hashed shared secret, the raw x-coordinate, or a
//     hash of your own.
//
// PrivateKey also implements crypto.Signer (ECDSA, DER).
//
// # Side channels
//
// Everything that touches secrets runs in constant time: no branch and no
// memory address depends on secret data. Key generation, public-key
// derivation and signing use a blinded fixed-base multiplication; call
// Randomize with fresh randomness to re-blind it. Parsing and verification
// handle only public data and run in variable time. Every exported name
// documents which it is.
//
// # Allocation
//
// Keys and signatures are small value types; public-key derivation, signing,
// verification and ECDH do not allocate.
//
// # Errors
//
// Functions return sentinel errors (ErrInvalidPrivateKey,
// ErrInvalidPublicKey, ErrInvalidTweak, ...) to compare with errors.Is;
// verification returns a plain bool, false for every malformed input.
//
// The layers underneath (field, scalar, group, the three multiplication
// engines) are in internal packages; docs/ARCHITECTURE.md describes them.
package p256k1
