// Package crossgroup implements cross-group discrete-logarithm-equality
// proofs between secp256k1 and ed25519, byte-compatible with AthanorLabs'
// go-dleq (the proofs Monero–Bitcoin atomic swaps exchange): a proof that
// the secp256k1 point x·G and the ed25519 point x·G have the same secret
// x < 2^252, revealing nothing else about x. Either side can verify the
// other's proofs.
//
// Prove makes a proof from the secret (32 bytes, little endian, as go-dleq
// takes it); ParseProof and Proof.Bytes convert to and from go-dleq's
// serialization; Proof.Verify checks it, after which Proof.SecpPublicKey and
// Proof.EdPublicKey are the proven points. Options sets the number of
// goroutines (the per-bit work is independent) and the randomness source.
//
// # The construction (MRL-0010 style, as go-dleq)
//
// x is written in 252 bits b_i. For each bit the prover commits on both
// curves, C_i = b_i·G + r_i·H, with H an alternate generator of unknown
// discrete logarithm (see curves.go), and blinders chosen so that
// Σ 2^i·r_i = 0, hence Σ 2^i·C_i = x·G on each curve: the verifier checks
// these sums. For each bit a two-member ring signature, run jointly on both
// curves with shared challenges, shows that C_i or C_i − G is a multiple of
// H on both curves, so b_i is a bit, the same on both. Challenges are
// SHA3-512 of the bit's two commitments and the ring step's two points,
// read big endian modulo n on secp256k1 and little endian modulo ℓ on
// ed25519. Finally x signs each public point: ECDSA (DER, SHA-256 of the
// compressed point) on secp256k1 and go-dleq's own Schnorr-style signature
// on ed25519.
//
// # Known weaknesses, kept for compatibility
//
// These come from go-dleq's format; changing any of them would break
// interoperability, so this package keeps them and documents them:
//
//   - The per-bit challenges hash only that bit's two commitments and the
//     ring step's points. They do not bind the statement (the public
//     points), the other bits, the bit index, a domain-separation tag or
//     any session context. Binding to the statement comes only from the
//     commitment sums and the two signatures, and nothing ties a proof to
//     one swap: a proof can be replayed wherever the same points are
//     expected, and bit proofs could be mixed between proofs for the same
//     commitments. Protocols must bind the proof to their session
//     themselves (for instance by signing a transcript that contains it).
//   - The ed25519 and secp256k1 challenges of a step are two reductions of
//     one hash, so they are related values rather than independent ones
//     (harmless for the soundness argument, which needs unpredictability).
//   - go-dleq's secp256k1 hash-to-scalar copies the reduced hash's minimal
//     big-endian bytes to the front of 32 bytes: a challenge with k
//     leading zero bytes becomes v·2^(8k). Reproduced exactly (in constant
//     time); it slightly skews the challenge distribution.
//   - The proof is about 65 KB (252 × 257 bytes), far larger than a
//     modern range-proof-based construction would need, and it is not
//     batch-verifiable without changing the hashes.
//   - go-dleq checks no subgroup membership on ed25519. Verify rejects an
//     ed25519 public point with a small-order component (honest go-dleq
//     proofs always pass); the per-bit ed25519 commitments are not
//     checked, as in go-dleq: a torsion component there changes neither the
//     bits nor the proven prime-order part of the point.
//   - go-dleq's ECDSA signature is randomized and may be high-S; Verify
//     accepts both forms, as go-dleq does. Its ed25519 signature uses the
//     nonce SHA-512(x) over a message fixed by x, so it is deterministic;
//     Prove makes the identical signature.
//
// # Compatibility with go-dleq, and where Verify is stricter
//
// Proofs are compatible with go-dleq (d6fd7c0) in both directions: go-dleq
// verifies proofs made by Prove, and Verify accepts proofs made by
// go-dleq. But p256k1's verifier rejects proofs that go-dleq's accepts,
// and a swap client should verify the counterparty's proof with this
// package:
//
//   - A bit-count byte other than 252 is ErrBitCount. With 253, go-dleq
//     accepts a forgery: the extra commitment enters its commitment sums but
//     its ring signature is never checked, so a secp256k1 key and an
//     unrelated ed25519 key can be "proven" to share a secret.
//   - A count byte of 0 makes go-dleq panic; here it is ErrBitCount.
//   - go-dleq ignores trailing bytes; here they are ErrTrailingBytes.
//   - Scalars must be canonical (ErrNonCanonicalScalar; go-dleq reduces
//     secp256k1 scalars ≥ n) and points canonically encoded
//     (ErrInvalidPoint, and ErrInvalidCommitment from Verify; go-dleq
//     accepts non-canonical ed25519 encodings).
//
// go-dleq's honest proofs never contain any of these. Every error wraps
// ErrMalformedProof (from ParseProof) or ErrInvalidProof (from Verify).
//
// # Side channels
//
// Prove is constant time in x and in all blinders and nonces: the bits of
// x never steer a branch or a memory address. Both ring members' outputs
// are computed with the same operations and the real one is chosen by
// constant-time selection; commitments b·G + r·H are formed by a complete
// addition and a conditional move on secp256k1 and by one two-point
// MultiScalarMult on ed25519 (so that no secret point reaches edwards25519's
// Add, whose check for uninitialized points compares it with zero);
// multiplications by secrets use the
// constant-time engines (internal/ecmultconst and the blinded comb on
// secp256k1; edwards25519's ScalarMult, ScalarBaseMult and
// MultiScalarMult); points are encoded with constant-time inversions; the
// hashes (SHA3-512, SHA-512, SHA-256) run in data-independent time. The
// blinders and nonces are derived from a 32-byte seed from Options.Rand
// and x by SHA-512, per bit and purpose. Verify and ParseProof are variable
// time: a proof is public.
//
// # Resources
//
// Prove and Verify allocate the proof (or a fixed scratch structure) once;
// the number of allocations does not grow with the number of bits.
package crossgroup
