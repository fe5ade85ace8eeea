package ecmult

import (
	"encoding/binary"
	"math/bits"

	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

const (
	// windowA is the wNAF window for the variable point P: digits are odd
	// and below 2^(windowA−1) in absolute value, so the table holds the
	// 2^(windowA−2) odd multiples P, 3P, …, (2^(windowA−1)−1)·P.
	windowA = 5
	// tableSizeA is the number of entries of the table for P.
	tableSizeA = 1 << (windowA - 2)

	// wnafLen is the number of wNAF digits of a value below 2^128: the
	// width-w NAF of such a value has its top digit at position 128 at
	// most.
	wnafLen = 129
)

// wnafDigits holds the wNAF digits of one half-scalar; digit i has weight
// 2^i.
type wnafDigits [wnafLen]int32

// DoubleBaseVar sets r = a·P + b·G, where G is the generator. Any inputs are
// allowed: a or b zero, P the point at infinity, and sums that pass through
// the point at infinity. r may alias p. r.X and r.Y have magnitude ≤ 4 and
// r.Z magnitude 1, as any group.Jacobian. It does not allocate.
//
// Variable time: the running time and the memory accesses depend on a, b
// and P, so it is only for public inputs (signature verification).
func DoubleBaseVar(r *group.Jacobian, a *scalar.Scalar, p *group.Jacobian, b *scalar.Scalar) {
	doubleBaseVar(r, a, p, b, tableG(), tableG128(), windowG)
}

// MulVar sets r = a·P. Any inputs are allowed (a zero, P the point at
// infinity); r may alias p. It does not allocate. It is DoubleBaseVar with
// b = 0, and costs the same minus the additions of multiples of G.
//
// Variable time: only for public inputs.
func MulVar(r *group.Jacobian, a *scalar.Scalar, p *group.Jacobian) {
	var zero scalar.Scalar
	doubleBaseVar(r, a, p, &zero, nil, nil, windowG)
}

// doubleBaseVar is DoubleBaseVar with explicit G tables (odd multiples of G
// and of 2^128·G for window wg, 2^(wg−2) entries each), so that tests and
// benchmarks can compare windows. The tables are not read when b is zero.
func doubleBaseVar(r *group.Jacobian, a *scalar.Scalar, p *group.Jacobian, b *scalar.Scalar, tg, tg128 []group.AffineStorage, wg uint) {
	// The four half-scalars and their wNAFs: a = a1 + aλ·λ (GLV), and
	// b = b1 + b128·2^128.
	var wa1, waL, wb1, wb128 wnafDigits
	var pre, preL [tableSizeA]group.Affine
	var z field.Element // the implied Z of the table for P (the "global Z")
	top := 0

	hasP := p.Infinity == 0 && a.IsZero() == 0
	if hasP {
		var a1, aL scalar.Scalar
		scalar.SplitLambda(&a1, &aL, a)
		top = max(top, wnafSigned(&wa1, &a1, windowA), wnafSigned(&waL, &aL, windowA))
	}
	if b.IsZero() == 0 {
		var bb [32]byte
		b.Bytes(&bb)
		top = max(top,
			wnaf(&wb1, binary.BigEndian.Uint64(bb[24:]), binary.BigEndian.Uint64(bb[16:]), wg, false),
			wnaf(&wb128, binary.BigEndian.Uint64(bb[8:]), binary.BigEndian.Uint64(bb[:8]), wg, false))
	}

	// Strauss: one shared chain of doublings, and an addition wherever one
	// of the four digit strings has a nonzero digit.
	//
	// When hasP, the accumulator lives on the isomorphic curve
	// y² = x³ + 7·z⁶ on which the entries of pre and preL are affine
	// (see oddMultiplesGlobalZ): a Jacobian (X, Y, Z) there stands for
	// (X, Y, Z·z) on secp256k1. A true affine point (x, y) of a G table is
	// (x, y, 1/z) there, which AddZInvVar adds directly. The factor z is
	// put back into the result's Z at the end.
	if hasP && fe4.Enabled {
		var tp, tpl [tableSizeA]group.AffineStorage
		var z4 fe4.Element
		oddMultiples4(&tp, &tpl, &z4, p)
		if strauss4(r, &tp, &tpl, &z4, &wa1, &waL, &wb1, &wb128, tg, tg128, top) {
			return
		}
	}
	if hasP {
		oddMultiplesGlobalZ(&pre, &z, p)
		for i := range pre {
			preL[i].MulLambda(&pre[i])
		}
	}
	r.SetInfinity()
	for i := top - 1; i >= 0; i-- {
		r.DoubleVar(r, nil)
		if n := wa1[i]; n != 0 {
			addP(r, &pre, n)
		}
		if n := waL[i]; n != 0 {
			addP(r, &preL, n)
		}
		if n := wb1[i]; n != 0 {
			addG(r, tg, n, hasP, &z)
		}
		if n := wb128[i]; n != 0 {
			addG(r, tg128, n, hasP, &z)
		}
	}
	if hasP && r.Infinity == 0 {
		r.Z.Mul(&r.Z, &z)
	}
}

// addP adds the table entry for the odd digit n to r: the entry itself if
// n > 0, its negation if n < 0 (the entries' Y have magnitude 1 after
// TableSetGlobalZ). Variable time.
func addP(r *group.Jacobian, pre *[tableSizeA]group.Affine, n int32) {
	if n > 0 {
		r.AddAffineNegVar(r, &pre[(n>>1)&(tableSizeA-1)], false)
		return
	}
	r.AddAffineNegVar(r, &pre[((-n)>>1)&(tableSizeA-1)], true)
}

// addG adds the table entry for the odd digit n of a G table to r, as a
// true affine point (hasP false) or as a point with implied Z 1/z on the
// isomorphic curve (hasP true). Variable time.
func addG(r *group.Jacobian, tab []group.AffineStorage, n int32, hasP bool, z *field.Element) {
	neg := n < 0
	if neg {
		n = -n
	}
	if hasP {
		r.AddStorageZInvVar(r, &tab[n>>1], neg, z)
		return
	}
	var t group.Affine
	t.FromStorage(&tab[n>>1])
	r.AddAffineNegVar(r, &t, neg)
}

// oddMultiplesGlobalZ sets pre[i] to the X and Y coordinates of (2i+1)·P
// relative to a common Z coordinate z, so that (pre[i].X, pre[i].Y, z) is
// (2i+1)·P in Jacobian coordinates. P must be finite. Variable time (the
// work is group.OddMultiplesGlobalZ's co-Z chain, which is constant time).
//
// (P.X, P.Y) is taken as an affine point of the curve y² = x³ + 7·P.Z⁶,
// isomorphic to secp256k1 by (X, Y, Z) ↦ (X, Y, Z·P.Z): the table is built
// there, and its common Z is mapped back by multiplying by P.Z. The co-Z
// additions cost 5 mul and 2 sqr per entry, against 8 mul and 3 sqr for the
// mixed additions (with Z ratios) that libsecp256k1's table uses.
func oddMultiplesGlobalZ(pre *[tableSizeA]group.Affine, z *field.Element, p *group.Jacobian) {
	a := group.Affine{X: p.X, Y: p.Y}
	group.OddMultiplesGlobalZ(pre[:], z, &a)
	z.Mul(z, &p.Z)
}

// wnafSigned writes the wNAF of a half-scalar from SplitLambda, which is
// either below 2^128 or the negation of such a value mod n; in the latter
// case the digits of the negation are written, negated. It returns the
// number of digits up to the highest nonzero one. Variable time.
func wnafSigned(d *wnafDigits, k *scalar.Scalar, w uint) int {
	var kk scalar.Scalar
	neg := k.IsHigh() == 1
	if neg {
		k = kk.Negate(k)
	}
	var b [32]byte
	k.Bytes(&b)
	// The top 128 bits of b are zero by the SplitLambda bound.
	return wnaf(d, binary.BigEndian.Uint64(b[24:]), binary.BigEndian.Uint64(b[16:]), w, neg)
}

// wnaf writes the width-w non-adjacent form of the 128-bit value
// lo + hi·2^64 into d, which must be zero on entry, negating every digit if
// neg is set. Every nonzero digit is odd and below 2^(w−1) in absolute
// value, and any two nonzero digits are at least w positions apart. It
// returns the number of digits up to the highest nonzero one (0 for the
// value 0). 2 ≤ w ≤ 31. Variable time.
//
// The value is consumed from the bottom: skip the trailing zero bits, take
// the low w bits u as the digit (u − 2^w when u ≥ 2^(w−1), which makes the
// remainder divisible by 2^w with a carry of one into the rest), shift out
// w bits and repeat. The remainder never exceeds 2^128, so the last digit
// sits at position 128 at most.
func wnaf(d *wnafDigits, lo, hi uint64, w uint, neg bool) int {
	mask := uint64(1)<<w - 1
	half := uint64(1) << (w - 1)
	n := 0
	pos := uint(0)
	for lo|hi != 0 {
		var tz uint
		if lo != 0 {
			tz = uint(bits.TrailingZeros64(lo))
		} else {
			tz = 64 + uint(bits.TrailingZeros64(hi))
		}
		lo, hi = shr128(lo, hi, tz)
		pos += tz
		u := lo & mask
		lo, hi = shr128(lo, hi, w)
		digit := int32(u)
		if u >= half {
			digit -= int32(1) << w
			var c uint64
			lo, c = bits.Add64(lo, 1, 0)
			hi += c
		}
		if neg {
			digit = -digit
		}
		d[pos] = digit
		n = int(pos) + 1
		pos += w
	}
	return n
}

// shr128 returns (lo + hi·2^64) >> s for s < 128.
func shr128(lo, hi uint64, s uint) (uint64, uint64) {
	if s >= 64 {
		return hi >> (s - 64), 0
	}
	// For s = 0, hi<<64 is 0 in Go.
	return lo>>s | hi<<(64-s), hi >> s
}
