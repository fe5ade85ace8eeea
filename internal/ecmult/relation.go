package ecmult

import (
	"encoding/binary"

	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// EqualDoubleBaseVar reports whether a·P + b·G = Q, for finite P and Q in
// affine form with any magnitudes: BIP-340 verification's check
// s·G − e·P = R, where R is lifted from the signature's r. It does not
// allocate.
//
// It never forms a·P + b·G. With scalar.SplitRelation it finds short
// A = a0 + a1·λ and B = b0 + b1·λ (four coordinates of about 64 bits) with
// A ≡ a·B (mod n) and B ≢ 0, and checks instead
//
//	A·P + (B·b)·G − B·Q = B·(a·P + b·G − Q) = O,
//
// which holds exactly when a·P + b·G = Q, as B is invertible mod n. The
// left side is one Strauss loop over about 65 doublings (half of
// DoubleBaseVar's 129): four digit strings for P, λ·P, Q and λ·Q from one
// table for each point on a common Z, and four for the quarters of B·b at
// G, 2^64·G, 2^128·G and 2^192·G. Its result is the point at infinity or
// not, so no inversion is needed either. Where the 4×64 engine is not
// available, or in the cases it declines (a relation the search could not
// shorten; an addition of the accumulator to itself, which no honest input
// meets), it computes a·P + b·G with DoubleBaseVar and compares.
//
// Variable time: the running time and the memory accesses depend on every
// input, which must therefore be public (signature verification).
func EqualDoubleBaseVar(q *group.Affine, a *scalar.Scalar, p *group.Affine, b *scalar.Scalar) bool {
	if fe4.Enabled {
		if eq, ok := equal4(q, a, p, b, windowR); ok {
			return eq
		}
	}
	var pj, r group.Jacobian
	pj.SetAffine(p)
	DoubleBaseVar(&r, a, &pj, b)
	return r.EqualAffineVar(q)
}

// windowR is the wNAF window of the four short scalars of
// EqualDoubleBaseVar's loop (at most windowA): over about 65 positions
// rather than 129, the tables for P and Q weigh twice as much against the
// additions they save as DoubleBaseVar's.
const windowR = 4

// equal4 is EqualDoubleBaseVar's short-relation check in the 4×64 form,
// with ok false where it declines (see EqualDoubleBaseVar), for the
// window w ≤ windowA of P and Q.
func equal4(q *group.Affine, a *scalar.Scalar, p *group.Affine, b *scalar.Scalar, w uint) (eq, ok bool) {
	var sa, sb [2]scalar.Short
	var bs, c scalar.Scalar
	if !scalar.SplitRelation(&sa, &sb, &bs, a) {
		return false, false
	}
	c.Mul(&bs, b)

	// Digits: A for P and λ·P, −B for Q and λ·Q, the quarters of c = B·b
	// for the four G tables.
	var wp, wpl, wq, wql, wg0, wg64, wg128, wg192 wnafDigits
	top := max(
		wnaf(&wp, sa[0].Lo, sa[0].Hi, w, sa[0].Neg),
		wnaf(&wpl, sa[1].Lo, sa[1].Hi, w, sa[1].Neg),
		wnaf(&wq, sb[0].Lo, sb[0].Hi, w, !sb[0].Neg),
		wnaf(&wql, sb[1].Lo, sb[1].Hi, w, !sb[1].Neg))
	var cb [32]byte
	c.Bytes(&cb)
	top = max(top,
		wnaf(&wg0, binary.BigEndian.Uint64(cb[24:]), 0, windowG, false),
		wnaf(&wg64, binary.BigEndian.Uint64(cb[16:]), 0, windowG64, false),
		wnaf(&wg128, binary.BigEndian.Uint64(cb[8:]), 0, windowG, false),
		wnaf(&wg192, binary.BigEndian.Uint64(cb[:8]), 0, windowG64, false))

	// The tables for P and Q on one curve: P's on the curve of its own
	// chain (implied Z zp), Q's built from Q scaled onto that curve, whose
	// chain then multiplies it by zc: P's entries are scaled by zc too.
	var tp, tpl, tq, tql [tableSizeA]group.AffineStorage
	ts := 1 << (w - 2)
	var zp, zz, zc fe4.Element
	var pj, qj group.Jacobian
	pj.SetAffine(p)
	fe4.OddMultiples(tp[:ts], tpl[:ts], &zp, &pj)
	var zf, z2, z3 field.Element
	zp.ToField(&zf)
	z2.Square(&zf)
	z3.Mul(&z2, &zf)
	qj.X.Mul(&q.X, &z2)
	qj.Y.Mul(&q.Y, &z3)
	qj.Z = zf
	fe4.OddMultiplesZ(tq[:ts], tql[:ts], &zz, &zc, &qj)
	var c2, c3 fe4.Element
	fe4.Square(&c2, &zc)
	fe4.Mul(&c3, &c2, &zc)
	for i := range ts {
		x, xl, y := fe4.Element(tp[i].X), fe4.Element(tpl[i].X), fe4.Element(tp[i].Y)
		fe4.Mul(&x, &x, &c2)
		fe4.Mul(&xl, &xl, &c2)
		fe4.Mul(&y, &y, &c3)
		tp[i].X, tpl[i].X = field.Storage(x.Reduced()), field.Storage(xl.Reduced())
		tp[i].Y = field.Storage(y.Reduced())
		tpl[i].Y = tp[i].Y
	}

	var acc acc4
	// add is acc4.add, except that an addition of −acc (a valid
	// signature's last one) leaves the point at infinity; false for an
	// addition of acc itself.
	add := func(e *group.AffineStorage, neg bool, zinv *fe4.Element) bool {
		if acc.add(e, neg, zinv) {
			return true
		}
		if !acc.cancels(e, neg, zinv) {
			return false
		}
		acc.finite = false
		return true
	}
	pt := func(tab *[tableSizeA]group.AffineStorage, n int32) bool {
		return add(&tab[(abs(n)>>1)&(tableSizeA-1)], n < 0, nil)
	}
	gt := func(tab []group.AffineStorage, n int32) bool {
		return add(&tab[abs(n)>>1], n < 0, &zz)
	}
	tg, tg64, tg128, tg192 := tableG(), tableG64(), tableG128(), tableG192()
	for i := top - 1; i >= 0; i-- {
		acc.double()
		if n := wp[i]; n != 0 && !pt(&tp, n) {
			return false, false
		}
		if n := wpl[i]; n != 0 && !pt(&tpl, n) {
			return false, false
		}
		if n := wq[i]; n != 0 && !pt(&tq, n) {
			return false, false
		}
		if n := wql[i]; n != 0 && !pt(&tql, n) {
			return false, false
		}
		if n := wg0[i]; n != 0 && !gt(tg, n) {
			return false, false
		}
		if n := wg64[i]; n != 0 && !gt(tg64, n) {
			return false, false
		}
		if n := wg128[i]; n != 0 && !gt(tg128, n) {
			return false, false
		}
		if n := wg192[i]; n != 0 && !gt(tg192, n) {
			return false, false
		}
	}
	return !acc.finite, true
}
