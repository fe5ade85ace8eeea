// Package ecmultconst computes k·P for a secret scalar k and an arbitrary
// point P in constant time: the variable-base multiplication behind ECDH and
// secret tweaks. It follows the design of libsecp256k1's ecmult_const
// (v0.4 and later); the code is a separate implementation.
//
// # Algorithm
//
// Signed binary digits. For an l-bit integer v with bits v[i], read every
// bit as a sign (1 ↦ +1, 0 ↦ −1):
//
//	C_l(v)·A = Σ (2·v[i] − 1)·2^i·A = (2·v + 1 − 2^l)·A,   i = 0 … l−1.
//
// Every digit is nonzero, so no addition ever adds "nothing" and the work
// does not depend on v (M. Hamburg, "Fast and compact elliptic-curve
// cryptography", https://eprint.iacr.org/2012/309, section 3.3).
//
// GLV with an offset. The scalar is first transformed to
//
//	s = (k + K)/2 mod n,   K = (2^l − 2^129 − 1)·(1 + λ) mod n,
//
// then split as s = s1 + s2·λ (scalar.SplitLambda; |s1|, |s2| < 2^128 as
// signed integers), and v1 = s1 + 2^128, v2 = s2 + 2^128, which lie in
// [0, 2^129) and so fit in l ≥ 129 bits. Then
//
//	C_l(v1)·P + C_l(v2)·(λ·P)
//	  = (2·v1 + 1 − 2^l)·P + (2·v2 + 1 − 2^l)·λ·P
//	  = (2·s + (2^129 + 1 − 2^l)·(1 + λ))·P = (k + K − K)·P = k·P,
//
// using 2·s ≡ k + K (mod n). No conditional negation or "skew" correction
// of the scalar is needed.
//
// Windows. The l bits of v1 and v2 are consumed w at a time (w = Window;
// l is the least multiple of w that is ≥ 129, so there are ⌈129/w⌉
// groups). A group of w bits b stands for the odd digit 2·b + 1 − 2^w in
// [−(2^w − 1), 2^w − 1]. Its absolute value is an odd multiple (2·j + 1)
// of the base, with j the low w−1 bits of b if the top bit of b is 1 (the
// digit is positive), and of the complement of b if it is 0 (the digit is
// negative). So a table of the 2^(w−1) odd multiples P, 3·P, …,
// (2^w − 1)·P and a conditional negation of Y give every digit. The
// table for λ·P is the same table with each X multiplied by β.
//
// Evaluation, from the top group down: w doublings, then one addition from
// each table. The first group sets the accumulator directly from the table.
// Per multiplication with w = 5: 26 groups, 125 doublings, 51 additions
// (group.Jacobian.AddAffine, complete: the accumulator may be infinity,
// equal to or the negation of the table point; the 4×64 engine mul4 uses
// the branch-free incomplete fe4.AddAffineIncomplete in every group but the
// last, where it proves those cases cannot occur: completeGroups), 52
// lookups.
//
// Global Z. The odd multiples are computed in Jacobian coordinates, with
// co-Z additions of 2·P, on the curve isomorphic to secp256k1 by
// (X, Y, Z) ↦ (X, Y, Z/Z(2·P)), where P and 2·P share Z = 1, and then all
// brought to one common Z (group.TableSetGlobalZ).
// Since y² = x³ + 7 has no x term, scaling every Z by the same factor is
// again an isomorphism that leaves the addition and doubling formulas
// unchanged ("effective affine"): the table entries are used as affine
// points, and the common Z, times Z(2·P), is multiplied into the result's Z
// at the end. No field inversion is needed.
//
// # Constant time
//
// No branch and no memory address depends on k or on the coordinates of P:
//
//   - The recoding is scalar arithmetic (Add, Half, SplitLambda), all
//     constant time, followed by a conversion to bytes; digits are then
//     extracted at public bit offsets with shifts and masks.
//   - The table index and the sign come from the digit by masking; every
//     lookup reads all 2^(w−1) entries of the table (in stored form) and
//     keeps one with masks (group.LookupStorage), then negates Y and keeps
//     the negation or not with a conditional move.
//   - The table is built with constant-time field formulas that have no
//     exceptional cases for a finite P of prime order n: (2j+1)·P never
//     equals ±2·P or infinity for 2j+1 < 2^w ≤ 64.
//   - Doubling and addition are group.Jacobian.Double and
//     group.Jacobian.AddAffine, which are constant time and handle the
//     accumulator being infinity, equal to or opposite of the table point
//     with conditional moves.
//   - Whether P is the point at infinity is not branched on either: the
//     generator is conditionally moved in its place, and the result's flag is
//     forced to infinity afterwards.
//
// The loop structure (number of groups, doublings and table entries) depends
// only on the window, a compile-time constant. Bounds checks that remain are
// on public indices only. Secrets left on the stack (digits, table, s) are
// not wiped; Go gives no reliable way to do so.
package ecmultconst

import (
	"encoding/binary"

	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Window is the number of scalar bits w consumed per group, which fixes the
// table size at 2^(w−1) odd multiples for P and as many for λ·P. It is
// public and fixed, so the running time of Mul does not vary. 5 was the
// fastest measured (thread CPU time per Mul, generic Go field code, AMD
// EPYC: w=3 55.5 µs, w=4 51.1 µs, w=5 50.4 µs, w=6 56.3 µs), as in
// libsecp256k1 (ECMULT_CONST_GROUP_SIZE).
const Window = 5

// maxWindow bounds the window sizes mulWindow supports (tests and benchmarks
// try 1 … maxWindow); the table arrays are sized for it.
const (
	maxWindow = 6
	maxTable  = 1 << (maxWindow - 1)
)

var (
	// offsetK[w] is K = (2^l − 2^129 − 1)·(1 + λ) mod n for the bit length
	// l = numBits(w); read-only after init.
	offsetK [maxWindow + 1]scalar.Scalar
	// two128 is the scalar 2^128, which shifts the GLV halves from
	// (−2^128, 2^128) to [0, 2^129).
	two128 scalar.Scalar
)

func init() {
	var b [32]byte
	b[15] = 1 // bit 128
	two128.SetBytes(&b)
	for w := uint(1); w <= maxWindow; w++ {
		offsetK[w] = computeK(numBits(w))
	}
}

// numBits returns l, the least multiple of w that is at least 129.
func numBits(w uint) uint {
	return (129 + w - 1) / w * w
}

// computeK returns (2^l − 2^129 − 1)·(1 + λ) mod n, for 129 ≤ l < 256.
func computeK(l uint) scalar.Scalar {
	var b [32]byte
	var t, u, one scalar.Scalar
	b[31-l/8] = 1 << (l % 8)
	t.SetBytes(&b) // 2^l
	t.Sub(&t, &two128)
	t.Sub(&t, &two128) // 2^l − 2^129
	one.One()
	t.Sub(&t, &one)
	u.Add(&one, &scalar.Lambda)
	t.Mul(&t, &u)
	return t
}

// Mul sets r = k·P. Constant time in k and in the coordinates of P: no
// branch or memory index depends on them (see the package documentation).
// It is correct for every scalar, including 0 and n−1, and every point P on
// the curve, including the point at infinity; whether P is infinity is not
// branched on either. P must be on the curve (an off-curve P gives a
// meaningless result) and within the magnitude bounds of package group
// (X, Y ≤ 4); P is not modified. When the result is infinity, r.Infinity is
// 1 and r's coordinates are meaningless. Otherwise r's magnitudes are
// X ≤ 4, Y ≤ 4, Z 1. It does not allocate.
func Mul(r *group.Jacobian, p *group.Affine, k *scalar.Scalar) {
	if fe4.Enabled {
		mul4(r, p, k)
		return
	}
	mulWindow(r, p, k, Window)
}

// mulWindow is Mul with the window w (1 ≤ w ≤ maxWindow) as a parameter.
// The running time depends on w, which is public.
func mulWindow(r *group.Jacobian, p *group.Affine, k *scalar.Scalar, w uint) {
	tableSize := 1 << (w - 1)
	groups := int(numBits(w) / w)

	var pre [maxTable]group.Affine
	var globalZ field.Element
	var d1, d2 [4]uint64
	pInf := prepare(pre[:tableSize], &globalZ, &d1, &d2, p, k, w)
	var tab, tabL [maxTable]group.AffineStorage
	for i := range tableSize {
		var lam group.Affine
		lam.MulLambda(&pre[i])
		tab[i].FromAffine(&pre[i])
		tabL[i].FromAffine(&lam)
	}

	var t group.Affine
	g := groups - 1
	lookup(&t, tab[:tableSize], digit(&d1, uint(g)*w, w), w)
	r.SetAffine(&t)
	lookup(&t, tabL[:tableSize], digit(&d2, uint(g)*w, w), w)
	r.AddAffine(r, &t)
	for g--; g >= 0; g-- {
		for range w {
			r.Double(r)
		}
		lookup(&t, tab[:tableSize], digit(&d1, uint(g)*w, w), w)
		r.AddAffine(r, &t)
		lookup(&t, tabL[:tableSize], digit(&d2, uint(g)*w, w), w)
		r.AddAffine(r, &t)
	}

	// Back from the effective-affine curve to secp256k1.
	r.Z.Mul(&r.Z, &globalZ)
	r.Infinity |= pInf
}

// prepare does what mulWindow and mul4 share: it recodes k (d1, d2) and
// sets pre to the odd multiples of P, or of G in its place if P is
// infinity (so that the table never meets infinity; the result's flag is
// fixed up at the end), relative to the common Z globalZ. It returns P's
// infinity flag. Constant time.
func prepare(pre []group.Affine, globalZ *field.Element, d1, d2 *[4]uint64, p *group.Affine, k *scalar.Scalar, w uint) int {
	pInf := p.Infinity
	var a group.Affine
	a.SetGenerator()
	a.CMove(p, pInf^1)
	recode(d1, d2, k, w)
	group.OddMultiplesGlobalZ(pre, globalZ, &a)
	return pInf
}

// recode sets d1 and d2 to v1 and v2 (see the package documentation) as
// little-endian 64-bit limbs: with s = (k + K)/2 = s1 + s2·λ,
// v_i = s_i + 2^128 < 2^129. Constant time.
func recode(d1, d2 *[4]uint64, k *scalar.Scalar, w uint) {
	var s, v1, v2 scalar.Scalar
	s.Add(k, &offsetK[w])
	s.Half(&s)
	scalar.SplitLambda(&v1, &v2, &s)
	v1.Add(&v1, &two128)
	v2.Add(&v2, &two128)
	toLimbs(d1, &v1)
	toLimbs(d2, &v2)
}

// toLimbs writes the scalar s as four little-endian 64-bit limbs. Constant
// time.
func toLimbs(d *[4]uint64, s *scalar.Scalar) {
	var b [32]byte
	s.Bytes(&b)
	d[0] = binary.BigEndian.Uint64(b[24:32])
	d[1] = binary.BigEndian.Uint64(b[16:24])
	d[2] = binary.BigEndian.Uint64(b[8:16])
	d[3] = binary.BigEndian.Uint64(b[0:8])
}

// digit returns the w bits of d starting at bit off (off + w ≤ 192, w ≤ 32).
// off and w are public; the value is not branched on. The window may
// straddle two limbs: the second limb is shifted by 63 − sh and then 1, so
// that sh = 0 needs no special case.
func digit(d *[4]uint64, off, w uint) uint32 {
	i, sh := off>>6, off&63
	v := d[i&3]>>sh | d[(i+1)&3]<<(63-sh)<<1
	return uint32(v) & (1<<w - 1)
}

// lookup sets r to the table point for the w-bit group n: the odd multiple
// (2·n + 1 − 2^w)·P, given table[j] = (2·j + 1)·P. It reads every entry
// (group.LookupStorage: masks, no index-dependent branch or address),
// keeping the wanted one, then negates Y conditionally. Constant time in
// n. r is finite, X normalized, Y of magnitude ≤ 2.
func lookup(r *group.Affine, table []group.AffineStorage, n uint32, w uint) {
	idx, neg := tableIndex(n, w)
	var s group.AffineStorage
	group.LookupStorage(&s, table, idx)
	r.FromStorage(&s)
	var ny field.Element
	ny.Negate(&r.Y, 1)
	r.Y.CMove(&ny, int(neg))
}

// tableIndex returns, for the w-bit group n, the table index and whether
// the entry is to be negated: neg is 1 when the top bit of n is 0 (a
// negative digit), and then the index is the complement of n's low w−1
// bits, otherwise those bits. Constant time.
func tableIndex(n uint32, w uint) (idx, neg uint32) {
	neg = (n>>(w-1))&1 ^ 1
	return (n ^ -neg) & (1<<(w-1) - 1), neg
}
