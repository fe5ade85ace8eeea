package ecmult8

import (
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The constant-time variable-base engine: k·P in each of eight lanes for
// secret k and public P (ECDH of many pairs).
//
// k is split with the GLV endomorphism (k = k1 + k2·λ, scalar.SplitLambda,
// constant time); each half is made nonnegative (negated when it is high,
// with the point negated instead) and odd (plus 1 when even, the point
// subtracted at the end under a mask), then written with the same regular
// signed 4-bit recoding as MulGen: 32 odd digits read from the bits, and a
// top digit 1. P's odd multiples P, 3P, …, 15P and their λ images are
// computed in the eight lanes (the table of DoubleBaseVar: P is public) and
// each lane's entry is selected by a full scan under masks (scanAsm). The
// accumulator starts at the point at infinity and runs four complete
// doublings and two complete mixed additions per window (Renes, Costello
// and Batina), which are correct for every input: no branch and no address
// depends on k.

// ConstEngine holds the working memory of MulConst (about 40 KiB).
type ConstEngine struct {
	v     Engine // its tables of P's odd multiples
	digit [2][33][Lanes]int32
	acc   Proj8
	alt   Proj8
	add   Affine8
	s     scratch
}

// constDigits sets d to the recoding of the odd m < 2^128: d[i] = bits
// 4i…4i+4 of m with bit 4i set, minus 16, for i < 32, and d[32] = 1.
// Constant time.
func constDigits(d *[33]int32, m *scalar.Scalar) {
	for i := 0; i < 32; i++ {
		d[i] = int32(m.Bits(uint(4*i), 4)|m.Bits(uint(4*i+4), 1)<<4|1) - 16
	}
	d[32] = 1
}

// MulConst sets r to k_j·P_j in each lane j, in affine coordinates
// (magnitude 1), for k_j ≠ 0 and finite points P_j on the curve. Constant
// time in the k_j and in the P_j (ECDH's peer key is public, but a shared
// point fed back in may not be; the generic twin is checked under valgrind
// with both secret, internal/ctime/ctimecheck/case_ecmult8.go).
func (e *ConstEngine) MulConst(r *Affine8, k *[Lanes]scalar.Scalar, p *[Lanes]group.Affine) {
	var neg, even [2]uint8
	var dl [33]int32
	for j := 0; j < Lanes; j++ {
		var h [2]scalar.Scalar
		scalar.SplitLambda(&h[0], &h[1], &k[j])
		for s := 0; s < 2; s++ {
			hi := h[s].IsHigh()
			h[s].CondNegate(&h[s], hi)
			ev := h[s].IsEven()
			h[s].CAddBit(0, ev)
			neg[s] |= uint8(hi) << j
			even[s] |= uint8(ev) << j
			constDigits(&dl, &h[s])
			for i := range dl {
				e.digit[s][i][j] = dl[i]
			}
		}
		h[0].Zero()
		h[1].Zero()
	}
	clear(dl[:])

	e.v.buildTables(p, genEntries)
	tabs := [2]*[genEntries]Affine8{
		(*[genEntries]Affine8)(e.v.tab[:genEntries]),
		(*[genEntries]Affine8)(e.v.tabL[:genEntries]),
	}

	// The point at infinity (0 : 1 : 0).
	e.acc.X.Zero()
	e.acc.Y.One()
	e.acc.Z.Zero()
	for i := 32; i >= 0; i-- {
		if i < 32 {
			e.acc.doubleN(&e.acc, 4, &e.s)
		}
		for s := 0; s < 2; s++ {
			constScan(&e.add, tabs[s], &e.digit[s][i], neg[s])
			e.acc.addAffine(&e.acc, &e.add, &e.s)
		}
	}
	// Subtract the stream's point where its half was made odd.
	var zero [Lanes]int32
	for j := range zero {
		zero[j] = 1 // entry 0, not negated by the digit
	}
	for s := 0; s < 2; s++ {
		constScan(&e.add, tabs[s], &zero, ^neg[s])
		e.alt.addAffine(&e.acc, &e.add, &e.s)
		e.acc.X.Select(&e.alt.X, &e.acc.X, even[s])
		e.acc.Y.Select(&e.alt.Y, &e.acc.Y, even[s])
		e.acc.Z.Select(&e.alt.Z, &e.acc.Z, even[s])
	}
	var zi field8.Element
	zi.Invert(&e.acc.Z)
	r.X.Mul(&e.acc.X, &zi)
	r.Y.Mul(&e.acc.Y, &zi)
	clear(e.digit[:])
	e.acc, e.alt, e.add = Proj8{}, Proj8{}, Affine8{}
}

// constScan sets a to lane j of entry (|d_j|−1)/2 of tab in each lane j,
// Y negated where d_j < 0 differs from bit j of neg. Constant time in d and
// neg.
func constScan(a *Affine8, tab *[genEntries]Affine8, d *[Lanes]int32, neg uint8) {
	if useAsm {
		scanAsm(a, tab, d, uint64(neg))
		return
	}
	scanGeneric(a, tab, d, neg)
}

func scanGeneric(a *Affine8, tab *[genEntries]Affine8, d *[Lanes]int32, neg uint8) {
	for j := 0; j < Lanes; j++ {
		s := d[j] >> 31
		idx := uint64((d[j]^s)-s-1) >> 1
		var x, y [5]uint64
		for e := 0; e < genEntries; e++ {
			m := eqMask(idx, uint64(e))
			ex, ey := tab[e].X.Limbs(j), tab[e].Y.Limbs(j)
			for i := 0; i < 5; i++ {
				x[i] |= ex[i] & m
				y[i] |= ey[i] & m
			}
		}
		nm := -uint64(uint32(s&1) ^ uint32(neg>>j&1))
		for i := 0; i < 5; i++ {
			y[i] = (negConst[i]-y[i])&nm | y[i]&^nm
		}
		a.X.SetLimbs(j, x)
		a.Y.SetLimbs(j, y)
	}
}

// Double sets r = 2·a in every lane and returns r: the complete doubling of
// Renes, Costello and Batina (algorithm 9, a = 0, b3 = 21), correct for
// every input. Input: X ≤ 3, Y ≤ 2, Z ≤ 1; output: X ≤ 2, Y ≤ 2, Z 1. r
// may alias a. Constant time.
func (r *Proj8) Double(a *Proj8) *Proj8 { return r.DoubleN(a, 1) }

// DoubleN sets r = 2^n·a (n ≥ 1 doublings) and returns r.
func (r *Proj8) DoubleN(a *Proj8, n int) *Proj8 {
	var s scratch
	return r.doubleN(a, n, &s)
}

func (r *Proj8) doubleN(a *Proj8, n int, s *scratch) *Proj8 {
	if useAsm {
		doubleRCBAsm(r, a, n, s)
		return r
	}
	doubleRCBGeneric(r, a, s)
	for i := 1; i < n; i++ {
		doubleRCBGeneric(r, r, s)
	}
	return r
}

// doubleRCBGeneric is pointDoubleRCB of ../../_asm/field8.go, operation
// for operation.
func doubleRCBGeneric(r, a *Proj8, s *scratch) {
	s[0].Square(&a.Y)         // t0 = Y·Y
	s[1].MulInt(&s[0], 8)     // Z3 = 8·t0 (8)
	s[2].Mul(&a.Y, &a.Z)      // t1 = Y·Z
	s[3].Square(&a.Z)         // t2 = Z·Z
	s[3].MulInt(&s[3], 21)    // t2 = b3·t2 (21)
	s[3].NormalizeWeak()      // (1)
	s[4].Mul(&s[3], &s[1])    // X3 = t2·Z3
	s[5].Add(&s[0], &s[3])    // Y3 = t0 + t2 (2)
	s[1].Mul(&s[2], &s[1])    // Z3 = t1·Z3
	s[2].Add(&s[3], &s[3])    // t1 = t2 + t2 (2)
	s[3].Add(&s[2], &s[3])    // t2 = t1 + t2 (3)
	s[0].Sub(&s[0], &s[3], 3) // t0 = t0 − t2 (5)
	s[5].Mul(&s[0], &s[5])    // Y3 = t0·Y3
	s[5].Add(&s[4], &s[5])    // Y3 = X3 + Y3 (2)
	s[2].Mul(&a.X, &a.Y)      // t1 = X·Y
	s[4].Mul(&s[0], &s[2])    // X3 = t0·t1
	r.X.Add(&s[4], &s[4])     // X3 = X3 + X3 (2)
	r.Y = s[5]
	r.Z = s[1]
}
