// Package dleq implements BIP-374 discrete-logarithm-equality (DLEQ) proofs
// on secp256k1: a proof that A = a·G and C = a·B have the same secret a,
// revealing nothing about a. Silent payments (BIP-352/BIP-375) use them to
// show that an ECDH share C was computed with the key behind A.
//
// Prove and Verify use the standard generator G; ProveWithGenerator and
// VerifyWithGenerator take any generator, as BIP-374 allows (its test
// vectors use both). A proof is 64 bytes: the challenge e, which BIP-374
// does not reduce modulo n, and the response s. The optional message m is a
// 32-byte value bound into the proof; a nil m means "no message", which is
// hashed differently from 32 zero bytes.
//
// The points are p256k1 public keys; the point at infinity, which BIP-374
// rejects everywhere, is the zero PublicKey.
//
// # Side channels
//
// Proving is constant time in the secret a and in the nonce derived from
// it: the blinded fixed-base comb computes multiples of the standard G, the
// constant-time variable-base engine (as in ECDH) computes multiples of B
// and of any other generator, affine conversions use constant-time
// inversions, and SHA-256 runs in time independent of its data. The
// self-check that BIP-374 requires at the end of proving, and Verify and
// VerifyWithGenerator, run in variable time: they see only public values.
//
// Nothing in this package allocates.
//
// The cross-group proofs between secp256k1 and ed25519 used by atomic swaps
// are in the subpackage crossgroup.
package dleq
