// Package secp holds the secp256k1 multiplications of the cross-group
// DLEQ prover and verifier that the library's engines do not offer for a
// base point other than G: a constant-time comb for any fixed point, and a
// variable-time Strauss multiplication a·P + b·Q with a precomputed table
// for the fixed P and batch-built tables for the variable Q. It uses only
// the exported API of internal/group, internal/field and internal/scalar.
//
// Functions whose names end in Var branch on their inputs and are for
// public data only; the rest are constant time.
package secp

import (
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The comb's shape: 43 blocks of 6 teeth, spacing 1 (258 bits, 43
// additions, no doubling), libsecp256k1's default for its generator comb
// and the one internal/ecmultgen measured fastest.
const (
	combBlocks = 43
	combTeeth  = 6
	combPoints = 1 << (combTeeth - 1)
	combBits   = combBlocks * combTeeth
	combWords  = (combBits + 31) / 32
)

// CombTable is a precomputed table for constant-time multiplication of a
// fixed point P by a secret scalar: a signed-digit comb (Hamburg, "Fast and
// compact elliptic-curve cryptography", §3.3). Row j, entry m < 32, is
// Σ_{t<6} σ_t·2^(6j+t)·(P/2) with σ_t = +1 where bit t of m is set and −1
// otherwise (σ_5 = −1 always). 43 × 32 × 64 bytes = 86 KiB.
//
// For k, let d = k + (2^258 − 1)/2 mod n, with bits d_i (d_i = 0 for
// i ≥ 256). Then Σ_{i<258} (2·d_i − 1)·2^i·(P/2) = (2d − (2^258 − 1))·P/2
// = k·P. Block j contributes the entry of its six bits, or, if the top bit
// is set, the negation of the entry of the complemented bits (flipping
// every sign negates the sum).
type CombTable struct {
	rows [combBlocks][combPoints]group.AffineStorage
}

// combOffset is (2^258 − 1)/2 mod n.
var combOffset scalar.Scalar

func init() {
	var one scalar.Scalar
	one.One()
	combOffset.One()
	for range combBits {
		combOffset.Add(&combOffset, &combOffset)
	}
	combOffset.Sub(&combOffset, &one)
	combOffset.Half(&combOffset)
}

// NewCombTable returns the comb table of the finite point p. Variable time
// (p is public); it costs about 1,700 point additions and one inversion.
func NewCombTable(p *group.Affine) *CombTable {
	// pw[i] = 2^i·(p/2), i ≤ combBits.
	var half scalar.Scalar
	half.One()
	half.Half(&half)
	var pj group.Jacobian
	pj.SetAffine(p)
	jac := make([]group.Jacobian, combBits+1)
	ecmult.MulVar(&jac[0], &half, &pj)
	for i := 1; i < len(jac); i++ {
		jac[i].DoubleVar(&jac[i-1], nil)
	}
	pw := make([]group.Affine, len(jac))
	group.BatchToAffineVar(pw, jac)

	// entry[j][0] = −Σ_t pw[6j+t]; entry[j][m] = entry[j][m − 2^t] +
	// 2·pw[6j+t] = … + pw[6j+t+1], t the lowest set bit of m.
	ent := make([]group.Jacobian, combBlocks*combPoints)
	var neg group.Affine
	for j := range combBlocks {
		e := ent[j*combPoints : (j+1)*combPoints]
		e[0].SetInfinity()
		for t := range combTeeth {
			neg.Negate(&pw[combTeeth*j+t])
			e[0].AddAffineVar(&e[0], &neg, nil)
		}
		for m := 1; m < combPoints; m++ {
			t := 0
			for m>>t&1 == 0 {
				t++
			}
			e[m].AddAffineVar(&e[m&(m-1)], &pw[combTeeth*j+t+1], nil)
		}
	}
	aff := make([]group.Affine, len(ent))
	group.BatchToAffineVar(aff, ent)
	t := new(CombTable)
	for j := range combBlocks {
		for m := range combPoints {
			t.rows[j][m].FromAffine(&aff[j*combPoints+m])
		}
	}
	return t
}

// combWordsOf returns the bits of k + combOffset in 32-bit words, with a
// zero word on top.
func combWordsOf(w *[combWords + 1]uint32, k *scalar.Scalar) {
	var d scalar.Scalar
	d.Add(k, &combOffset)
	for i := range 8 {
		w[i] = d.Bits(uint(32*i), 32)
	}
	w[8], w[9] = 0, 0
	d.Zero()
}

// add adds the comb of the recoded scalar w over t to r; first means r is
// not yet set. Constant time.
func (t *CombTable) add(r *group.Jacobian, w *[combWords + 1]uint32, first bool) {
	var (
		e   group.AffineStorage
		a   group.Affine
		neg field.Element
	)
	for j := range combBlocks {
		o := uint(combTeeth * j)
		digit := (w[o>>5]>>(o&31) | w[o>>5+1]<<(32-o&31)) & (1<<combTeeth - 1)
		sign := digit >> (combTeeth - 1)
		idx := (digit ^ -sign) & (combPoints - 1)
		group.LookupStorage(&e, t.rows[j][:], idx)
		a.FromStorage(&e)
		neg.Negate(&a.Y, 1)
		a.Y.CMove(&neg, int(sign))
		if first && j == 0 {
			r.SetAffine(&a)
		} else {
			r.AddAffine(r, &a)
		}
	}
	e = group.AffineStorage{}
	a.Clear()
	neg.Zero()
}

// Mul sets r = k·P for the point P of t. Constant time in k; r is infinity
// exactly when k = 0.
func (t *CombTable) Mul(r *group.Jacobian, k *scalar.Scalar) {
	var w [combWords + 1]uint32
	combWordsOf(&w, k)
	t.add(r, &w, true)
	clear(w[:])
}

// Mul2 sets r = k1·P1 + k2·P2 for the points of t1 and t2, in one
// accumulator. Constant time in k1 and k2.
func Mul2(r *group.Jacobian, t1 *CombTable, k1 *scalar.Scalar, t2 *CombTable, k2 *scalar.Scalar) {
	var w [combWords + 1]uint32
	combWordsOf(&w, k1)
	t1.add(r, &w, true)
	combWordsOf(&w, k2)
	t2.add(r, &w, false)
	clear(w[:])
}
