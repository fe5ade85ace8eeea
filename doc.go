// Package p256k1 is a pure-Go implementation of the secp256k1 elliptic curve
// as Bitcoin, Nostr and Lightning use it: keys, ECDSA, BIP-340 Schnorr
// signatures and ECDH, built to match Bitcoin Core's libsecp256k1 in speed
// and in its care with secrets, without cgo.
//
// # Status
//
// The arithmetic foundation is in place: the field (internal/field, 5×52-bit
// limbs with lazy reduction), the scalars modulo the group order
// (internal/scalar, 4×64-bit limbs, GLV split), safegcd inversion
// (internal/safegcd) and curve points (internal/group). The point
// multiplication engines and the public API (keys, ECDSA, Schnorr, ECDH) are
// built on top of these in later steps; see docs/ARCHITECTURE.md.
//
// # Side channels
//
// Everything that touches secrets runs in constant time: no branch and no
// memory address depends on secret data. Functions that run in variable time
// say so in their name (Var, VarTime) and must only be given public data.
package p256k1
