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
// constant-time selection; a commitment b·G + r·H is r·H and, chosen by a
// conditional move, r·H + G (complete additions on both curves). Every
// multiplication by a secret is a constant-time fixed-base multiplication
// by H or G whose tables, built once from the public points, are read in
// full at every lookup and combined with masks: a signed-digit comb on
// secp256k1 (internal/secp) and signed radix-16 windows on ed25519
// (internal/ed, on filippo.io/edwards25519/field), both with complete
// formulas. Points are converted to affine form and encoded with
// constant-time inversions (one per curve for each stage of a batch of
// bits, by Montgomery's trick), and the hashes (SHA3-512, SHA-512,
// SHA-256) run in data-independent time. The signatures of knowledge use
// the library's blinded comb (ECDSA) and edwards25519's ScalarBaseMult. The
// blinders and nonces are derived from a 32-byte seed from Options.Rand
// and x by SHA-512, per bit and purpose. Verify and ParseProof are variable
// time: a proof is public.
//
// # Performance
//
// Measured against go-dleq d6fd7c0 (decred backend) in one process on one
// core (GOMAXPROCS=1, Workers: 1), 15 interleaved rounds, per-thread CPU
// time, median [range], on the 2-core development machine (AMD EPYC,
// shared with other work):
//
//	          go-dleq              p256k1              ratio
//	Prove     389 ms [356–432]     39.0 ms [36.0–62.0]  10.0×
//	Verify    341 ms [289–414]     54.6 ms [46.6–76.6]   6.2×
//
// Prove runs the bits in batches of 42 through each stage together
// (commitments and nonce points, their encodings, the challenges, the
// fake members' points, …) so that each stage's points are encoded with
// one inversion per curve, and its multiplications by H and G are the
// fixed-base ones above. Verify runs the two ring steps of 42 bits in
// lockstep in the same way and computes each step's a·H − e·C with a
// variable-time Strauss multiplication that allocates nothing: on
// secp256k1 width-10 NAF tables of H and 2^128·H and the GLV split of e;
// on ed25519 width-8 NAF tables of H and 2^127·H and both scalars split at
// bit 127, 2^127·C being shared by the two steps (2^127·(C − G) =
// 2^127·C − 2^127·G). The commitments' secp256k1 tables are built in
// affine coordinates for a whole batch with one inversion per multiple.
// The ring checks are hash chains (each challenge hashes points computed
// from the previous one), so they cannot be merged into one
// multi-scalar equation.
//
// # Resources
//
// Prove allocates the proof and one scratch structure (about 0.4 MB), and
// Verify one scratch structure (about 0.5 MB), whatever the number of bits
// and of workers. The tables of H and G are built on first use and kept:
// the prover's (237 KiB) in about 3 ms, the verifier's (60 KiB) in about
// 0.5 ms.
package crossgroup
