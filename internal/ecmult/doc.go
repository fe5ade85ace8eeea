// Package ecmult computes a·P + b·G, the double-base scalar multiplication
// of signature verification, in variable time, in the manner of
// libsecp256k1's ecmult (Strauss–wNAF with the GLV endomorphism).
//
// Everything in this package is variable time: running time and memory
// accesses depend on the scalars and the point, which must therefore be
// public. Nothing allocates.
//
// # Algorithm
//
// The four products are interleaved over one chain of about 129
// doublings (Strauss/Shamir):
//
//   - a is split by the GLV endomorphism into a = a1 + aλ·λ (mod n) with
//     |a1|, |aλ| < 2^128 (scalar.SplitLambda), so that
//     a·P = a1·P + aλ·(λP), where λP = (β·x, y) costs one field
//     multiplication per table entry;
//   - b is split into its 128-bit halves, b = b1 + b128·2^128
//     (scalar.Split128), so that b·G = b1·G + b128·(2^128·G) with a fixed
//     table for each of G and 2^128·G.
//
// Each half-scalar is recoded in width-w NAF (odd digits below 2^(w−1) in
// absolute value, any two nonzero digits at least w positions apart, at
// most 129 digits); a negative GLV half is recoded through its negation
// with every digit negated. The main loop runs from the highest nonzero
// digit down: double the accumulator, then for each of the four digit
// strings with a nonzero digit at this position add the matching table
// entry (negated for a negative digit).
//
// # The table for P ("effective affine")
//
// For P the odd multiples P, 3P, …, 15P (window 5) are computed per call as
// the chain P + k·2P in Jacobian coordinates, and brought to one common
// ("global") Z with group.TableSetGlobalZ, without any inversion. Because
// y² = x³ + 7 has no x term, scaling every Z by the same factor z is an
// isomorphism onto y² = x³ + 7·z⁶, on which the table entries are affine:
// the loop adds them with the cheaper mixed formula (AddAffineVar), and
// the accumulator lives on that curve. The true affine G table entries are
// points with Z = 1/z there, which group.AddZInvVar adds at the cost of one
// more multiplication; at the end the result's Z is multiplied by z. The
// chain itself is built on a second isomorphic curve on which 2P is affine,
// so its additions are mixed too (as libsecp256k1's
// secp256k1_ecmult_odd_multiples_table). The λ table reuses the Y
// coordinates and multiplies X by β, the isomorphism commuting with the
// endomorphism.
//
// # The tables for G and 2^128·G
//
// The odd multiples (2i+1)·G and (2i+1)·2^128·G, 0 ≤ i < 2^(windowG−2), are
// precomputed in affine storage form (64 bytes a point): with windowG = 15,
// 8192 points each, 1 MiB in all, as in libsecp256k1. They are generated
// by gen_tables.go ("go generate" in this directory runs it) into
// tables_gen.go as a Go array literal of uint64 limbs, which the linker
// places in the binary's data section: there is no init work and no
// first-use cost, only 1 MiB more binary. TestTablesUpToDate regenerates
// the file and fails if the committed one differs; to change the window,
// edit the -w argument of the go:generate line in tables.go and run go
// generate.
//
// # Windows
//
// Window 5 for P balances the per-call table (2^(w−2) additions and
// rescalings, plus β multiplications) against the additions of the loop
// (about 2·129/(w+1)); 4 and 6 were both measurably slower. For G the
// table is free at run time, so the window only trades memory and cache
// footprint for additions: each step of the window saves a few percent of
// the G additions, which are a small part of the total (about 16 of some
// 180 group operations at window 15). Measured on the development machine
// (thread CPU time, all windows interleaved), windows 13 to 16 were within
// the noise of each other, windows 10 to 12 were 1–4% slower and window 8
// about 10% slower; 15 is kept, as in libsecp256k1, since a larger table
// gains nothing measurable and doubles the size. See TestWindowCPUTime
// and BenchmarkDoubleBaseWindow.
//
// # Edge cases
//
// a = 0 or P = ∞ skips the P part (and the tables for P); b = 0 skips the
// G part. Partial sums may reach infinity or coincide with the next table
// entry (for example P = G and a = −b, or a and b with equal top digits):
// the variable-time group operations branch on these cases and return
// the right point, so the loop needs no special handling. The table for P
// never meets them: (2i−1)·P = ±2·P is impossible for i ≤ 7 in a group of
// prime order.
package ecmult
