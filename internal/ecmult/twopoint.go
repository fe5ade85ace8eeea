package ecmult

import (
	"encoding/binary"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// TwoPointVar sets r = a·P + b·Q + c·G for two arbitrary affine points P and
// Q and the generator G, sharing one chain of doublings among all three
// terms (Strauss with GLV for P and Q). It serves proofs whose verification
// equations have two points other than G, such as DLEQ proofs (s·B − e·C).
// Any inputs are allowed: zero scalars, P or Q the point at infinity, sums
// passing through infinity. r has the magnitude bounds of any
// group.Jacobian. It does not allocate.
//
// Cost: about one DoubleBaseVar plus the table of Q and one field inversion
// (the tables of P and Q are converted to true affine form together).
//
// Variable time: the running time and the memory accesses depend on every
// input, so it is only for public inputs.
func TwoPointVar(r *group.Jacobian, a *scalar.Scalar, p *group.Affine, b *scalar.Scalar, q *group.Affine, c *scalar.Scalar) {
	var wa1, waL, wb1, wbL, wc1, wc128 wnafDigits
	var jac [2 * tableSizeA]group.Jacobian
	var pre [4][tableSizeA]group.Affine // P, λP, Q, λQ
	top := 0

	hasP := p.Infinity == 0 && a.IsZero() == 0
	hasQ := q.Infinity == 0 && b.IsZero() == 0
	if hasP {
		var k1, kL scalar.Scalar
		scalar.SplitLambda(&k1, &kL, a)
		top = max(top, wnafSigned(&wa1, &k1, windowA), wnafSigned(&waL, &kL, windowA))
		oddMultiplesJacobianVar(jac[:tableSizeA], p)
	}
	if hasQ {
		var k1, kL scalar.Scalar
		scalar.SplitLambda(&k1, &kL, b)
		top = max(top, wnafSigned(&wb1, &k1, windowA), wnafSigned(&wbL, &kL, windowA))
		oddMultiplesJacobianVar(jac[tableSizeA:], q)
	}
	switch {
	case hasP && hasQ:
		var aff [2 * tableSizeA]group.Affine
		group.BatchToAffineVar(aff[:], jac[:])
		copy(pre[0][:], aff[:tableSizeA])
		copy(pre[2][:], aff[tableSizeA:])
	case hasP:
		group.BatchToAffineVar(pre[0][:], jac[:tableSizeA])
	case hasQ:
		group.BatchToAffineVar(pre[2][:], jac[tableSizeA:])
	}
	if hasP {
		for i := range pre[0] {
			pre[1][i].MulLambda(&pre[0][i])
		}
	}
	if hasQ {
		for i := range pre[2] {
			pre[3][i].MulLambda(&pre[2][i])
		}
	}
	if c.IsZero() == 0 {
		var cb [32]byte
		c.Bytes(&cb)
		top = max(top,
			wnaf(&wc1, binary.BigEndian.Uint64(cb[24:]), binary.BigEndian.Uint64(cb[16:]), windowG, false),
			wnaf(&wc128, binary.BigEndian.Uint64(cb[8:]), binary.BigEndian.Uint64(cb[:8]), windowG, false))
	}

	tg, tg128 := tableG(), tableG128()
	r.SetInfinity()
	for i := top - 1; i >= 0; i-- {
		r.DoubleVar(r, nil)
		if n := wa1[i]; n != 0 {
			addP(r, &pre[0], n)
		}
		if n := waL[i]; n != 0 {
			addP(r, &pre[1], n)
		}
		if n := wb1[i]; n != 0 {
			addP(r, &pre[2], n)
		}
		if n := wbL[i]; n != 0 {
			addP(r, &pre[3], n)
		}
		if n := wc1[i]; n != 0 {
			addG(r, tg, n, false, nil)
		}
		if n := wc128[i]; n != 0 {
			addG(r, tg128, n, false, nil)
		}
	}
}

// oddMultiplesJacobianVar sets out[i] = (2i+1)·P in Jacobian coordinates
// for a finite affine P. Variable time.
func oddMultiplesJacobianVar(out []group.Jacobian, p *group.Affine) {
	var d group.Jacobian
	out[0].SetAffine(p)
	d.DoubleVar(&out[0], nil)
	for i := 1; i < len(out); i++ {
		// (2i−1)·P ≠ ±2P for the small multiples used (n is prime and
		// far above 2i+1), so AddVar never meets a doubling or infinity.
		out[i].AddVar(&out[i-1], &d, nil)
	}
}
