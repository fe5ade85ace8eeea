// Package ecmultgen computes k·G, the product of a secret scalar and the
// secp256k1 generator, in constant time: the engine behind key generation,
// signing nonces and public-key derivation. It follows libsecp256k1's
// ecmult_gen (version 0.5 and later), a signed-digit multi-comb, with its
// blinding.
//
// # Algorithm
//
// The method is Hamburg's signed multi-comb ("Fast and compact
// elliptic-curve cryptography", eprint 2012/309, §3.3). With B = combBits
// (the smallest multiple of blocks·teeth that is ≥ 256) and H = G/2, read
// every bit d_i of an integer 0 ≤ d < n as a sign 2·d_i − 1 = ±1:
//
//	comb(d) = Σ_{i<B} (2·d_i − 1)·2^i·H = (2·d − (2^B − 1))·H.
//
// So k·G = comb(d) + b·G for d = k + (2^B − 1)/2 − b (mod n), where b is the
// blinding scalar below; there is no zero digit, and every table entry used
// is an odd combination ±H·(2^a ± 2^c ± …), never infinity.
//
// The B bit positions are laid out as combBlocks blocks of combTeeth teeth,
// teeth combSpacing bits apart (the comb of block j at offset o has its teeth
// at bits (j·teeth + t)·spacing + o). For each offset o from spacing−1 down to
// 0 the sum gets, for every block, the table entry selected by that block's
// teeth bits at offset o, and is doubled between offsets: spacing−1
// doublings and blocks·spacing additions in all.
//
// # Table
//
// combTable[j][m], for m < 2^(teeth−1), is the affine point
// Σ_t σ_t·2^((j·teeth + t)·spacing)·H with σ_t = +1 where bit t of m is set
// and −1 otherwise; the top tooth is always −1. A digit whose top bit is
// set is looked up as the complement digit and the point negated, because
// flipping every sign negates the sum: the table stores half of each row.
// Each entry is 64 bytes, the limbs of two field.Storage values (X then Y),
// read as a group.AffineStorage.
//
// The committed shape is 43 blocks × 6 teeth (spacing 1, 258 comb bits, 43
// additions and no doubling, 88064 bytes), libsecp256k1's default. It was
// the fastest of the shapes measured (2×5, 11×6, 22×6, 26×5, 43×6, 52×5,
// 64×4, 37×7, 32×8), with the table hot in cache and cold; 37×7 comes close
// at 1.7 times the memory, 11×6 is about 4% slower at a quarter of it.
//
// table.go is written by gen_table.go (go generate ./internal/ecmultgen),
// which calls the variable-time generator in internal/gentable;
// TestTableIsGenerated regenerates the table and fails if it differs from
// the committed file.
//
// # Blinding
//
// As libsecp256k1's context randomization, a Context holds
//
//   - a scalar offset: Mul recodes d = k + ((2^B − 1)/2 − b), so the bits
//     that drive the lookups are those of k shifted by a secret b;
//   - the point b·G, added at the end to restore the result;
//   - a projective factor f ≠ 0: the first table entry's Jacobian
//     coordinates are rescaled by (f², f³, f), so every intermediate point
//     has a representation unknown to an observer.
//
// Context.Blind derives b and f from a caller's 32-byte seed and the
// current state by the RFC 6979 HMAC-SHA256 generator; NewContext (and the
// zero Context) use fixed values derived the same way from a constant seed,
// so results, including the Jacobian representation, are reproducible
// until Blind is called.
//
// # Constant time
//
// Mul performs the same operations and touches the same memory whatever
// the scalar and the blinding: it reads every entry of a table row and
// combines them with masks, gathers digit bits with rotations, applies the
// sign with a conditional move, and adds with the complete constant-time
// group.Jacobian.AddAffine (which handles infinity, doubling and opposite
// points) where such cases can occur for some scalar: the 5×52 loop
// everywhere, the 4×64 loop for its last block and the offset b·G only; its
// other additions, where they provably cannot (incompleteBelow), use the
// branch-free fe4.AddAffineIncomplete. Blind is constant time in
// the seed and the blinding values. Exported names:
//
//   - Context: a value type (no pointers); copying gives an independent
//     context with the same blinding.
//   - NewContext: constant time; allocates the returned Context.
//   - Context.Blind: constant time in the seed and the state (it branches
//     only on whether seed is nil and whether c is the zero Context); no
//     allocation.
//   - Context.Mul: constant time in k and the blinding; no allocation.
//
// Temporaries holding secrets are overwritten before returning, as far as
// Go allows (the language does not guarantee that no copy survives).
//
// The table is a static [combBlocks][combPoints]group.AffineStorage literal:
// it lives in the binary's read-only data and costs nothing at start-up.
package ecmultgen
