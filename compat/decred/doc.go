// Package secp256k1 is a drop-in replacement for
// github.com/decred/dcrd/dcrec/secp256k1/v4 (v4.4.x) built on p256k1's
// public packages: the same exported API, results, errors and encodings,
// with p256k1's engines underneath. A project switches with one line in its
// go.mod (and, while p256k1 itself is consumed from a checkout rather than a
// published version, a second line naming that checkout):
//
//	replace github.com/decred/dcrd/dcrec/secp256k1/v4 => github.com/p256k1/p256k1/compat/decred v…
//
// btcec/v2's types are aliases of this package's, so btcd, lnd, btcwallet,
// go-nostr and everything else on btcec picks it up without a code change.
//
// # What differs from decred's implementation
//
// Nothing a caller can observe through the API, except speed and timing:
//
//   - Signing (ecdsa.Sign, ecdsa.SignCompact, schnorr.Sign), key generation
//     (PrivateKey.PubKey), GenerateSharedSecret, ScalarBaseMultNonConst and
//     ScalarMultNonConst run p256k1's constant-time engines: the blinded
//     comb for k·G and the constant-time ladder for k·P. decred's versions of
//     the last two are variable time, yet callers (btcec's ECDH, lnd) pass
//     them secret keys, so they get constant time here despite the names.
//   - Verification (ecdsa.Signature.Verify, schnorr.Signature.Verify,
//     RecoverCompact) runs p256k1's Strauss-wNAF engine, on public data only.
//   - AddNonConst and DoubleNonConst run decred's formulas (its choice by Z,
//     its handling of P + P and P + (−P)), so their Jacobian coordinates are
//     decred's. ScalarBaseMultNonConst and ScalarMultNonConst return the
//     same points as decred's in affine form (Z = 1) rather than the
//     representative of decred's variable-time walk: README.md, "Exactness".
//   - FieldVal and ModNScalar keep decred's memory layout (ten 26-bit words,
//     eight 32-bit words), so code and tests that look at the words see what
//     they expect; their multiplications, squarings, inversions and square
//     roots convert to p256k1's representation and back. Results are always
//     normalized where decred's may only have magnitude 1, which the
//     contract allows.
//
// Every function is constant time in its secret inputs except those whose
// names say NonConst and are documented as variable time below (inversions
// of public values, point equivalence).
package secp256k1
