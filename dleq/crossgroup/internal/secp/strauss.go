package secp

import (
	"encoding/binary"

	"github.com/p256k1/p256k1/dleq/crossgroup/internal/wnaf"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Window widths: a fixed point's tables hold 2^(fixedWindow−2) odd
// multiples (built once), a variable point's 2^(varWindow−2) (built per
// point).
const (
	fixedWindow = 10
	varWindow   = 5
	fixedSize   = 1 << (fixedWindow - 2)
	varSize     = 1 << (varWindow - 2)
)

// VarTableSize is the number of odd multiples in a VarTable: callers of
// BatchVarTables size its scratch space with it.
const VarTableSize = varSize

// FixedTable holds, for a fixed point P, the odd multiples P, 3·P, …,
// 127·P and the same multiples of 2^128·P, in affine form: a scalar is
// split into its low and high 128 bits, each recoded in width-8 NAF.
type FixedTable struct {
	lo, hi [fixedSize]group.Affine
}

// NewFixedTable returns the table of the finite point p. Variable time.
func NewFixedTable(p *group.Affine) *FixedTable {
	jac := make([]group.Jacobian, 2*fixedSize)
	var p128 group.Jacobian
	p128.SetAffine(p)
	for range 128 {
		p128.DoubleVar(&p128, nil)
	}
	var pj group.Jacobian
	pj.SetAffine(p)
	oddMultiplesVar(jac[:fixedSize], &pj)
	oddMultiplesVar(jac[fixedSize:], &p128)
	aff := make([]group.Affine, 2*fixedSize)
	group.BatchToAffineVar(aff, jac)
	t := new(FixedTable)
	copy(t.lo[:], aff[:fixedSize])
	copy(t.hi[:], aff[fixedSize:])
	return t
}

// oddMultiplesVar sets out[i] = (2i+1)·P. P must be finite and not of
// small order (every finite point of secp256k1 qualifies: n is prime),
// so no addition meets a doubling or the point at infinity. Variable
// time.
func oddMultiplesVar(out []group.Jacobian, p *group.Jacobian) {
	var d group.Jacobian
	d.DoubleVar(p, nil)
	out[0] = *p
	for i := 1; i < len(out); i++ {
		out[i].AddVar(&out[i-1], &d, nil)
	}
}

// VarTable holds the odd multiples Q, 3·Q, …, 15·Q of a variable point, in
// affine form, for the GLV split of its scalar (the multiples of λ·Q are
// (β·x, y), made when used). A table of the point at infinity is empty.
type VarTable struct {
	q   [varSize]group.Affine
	inf bool
}

// BatchVarTables sets ts[i] to the table of ps[i] for every i. The odd
// multiples are built in affine coordinates a multiple at a time for the
// whole batch (2·P, then (2j+1)·P = (2j−1)·P + 2·P), each with one shared
// inversion (AddBatchVar). ps[i] may be infinity; coordinates need
// magnitude ≤ 2. Scratch: s and p2 at least len(ps) entries, ptr at least
// 3·len(ps). Variable time.
func BatchVarTables(ts []VarTable, ps []group.Affine, s []AddScratch, p2 []group.Affine, ptr []*group.Affine) {
	n := len(ps)
	out, a, b := ptr[:n], ptr[n:2*n], ptr[2*n:3*n]
	for i := range ps {
		ts[i].inf = ps[i].Infinity != 0
		ts[i].q[0] = ps[i]
		out[i], a[i], b[i] = &p2[i], &ps[i], &ps[i]
	}
	AddBatchVar(out, a, b, s[:n])
	for j := 1; j < varSize; j++ {
		for i := range ps {
			out[i], a[i], b[i] = &ts[i].q[j], &ts[i].q[j-1], &p2[i]
		}
		AddBatchVar(out, a, b, s[:n])
	}
}

// limbs returns the little-endian 64-bit limbs of s.
func limbs(s *scalar.Scalar) [4]uint64 {
	var b [32]byte
	s.Bytes(&b)
	return [4]uint64{
		binary.BigEndian.Uint64(b[24:]), binary.BigEndian.Uint64(b[16:]),
		binary.BigEndian.Uint64(b[8:]), binary.BigEndian.Uint64(b[:8]),
	}
}

// recodeSigned writes the width-w NAF of k, a scalar whose absolute value
// as a signed integer (k or n − k) is below 2^128, and reports whether k
// was negative (its digits then stand for −k).
func recodeSigned(d *wnaf.Digits, k *scalar.Scalar, w uint) (int, bool) {
	neg := k.IsHigh() == 1
	var a scalar.Scalar
	if neg {
		a.Negate(k)
	} else {
		a.Set(k)
	}
	v := limbs(&a)
	return wnaf.Recode(d, &v, w), neg
}

// addDigit adds n·T to r for a NAF digit n, negated when neg is set, with
// t the odd multiples of T; with lambda set, it adds n·λ·T instead.
func addDigit(r *group.Jacobian, t []group.Affine, n int16, neg, lambda bool) {
	if n == 0 {
		return
	}
	if n < 0 {
		n, neg = -n, !neg
	}
	e := &t[n/2]
	var a group.Affine
	if lambda {
		e = a.MulLambda(e)
	}
	if neg {
		e = a.Negate(e)
	}
	r.AddAffineVar(r, e, nil)
}

// MulAddVar sets r = a·P + b·Q, where tp is the FixedTable of P and tq the
// VarTable of Q: Strauss over four half-size scalars (a's two 128-bit
// halves, and b split by the GLV endomorphism), sharing about 129
// doublings. It does not allocate. Variable time: public inputs only.
func MulAddVar(r *group.Jacobian, a *scalar.Scalar, tp *FixedTable, b *scalar.Scalar, tq *VarTable) {
	var dlo, dhi, d1, d2 wnaf.Digits
	var alo, ahi scalar.Scalar
	scalar.Split128(&alo, &ahi, a)
	vlo, vhi := limbs(&alo), limbs(&ahi)
	top := max(wnaf.Recode(&dlo, &vlo, fixedWindow), wnaf.Recode(&dhi, &vhi, fixedWindow))
	var neg1, neg2 bool
	if !tq.inf {
		var k1, k2 scalar.Scalar
		scalar.SplitLambda(&k1, &k2, b)
		var t1, t2 int
		t1, neg1 = recodeSigned(&d1, &k1, varWindow)
		t2, neg2 = recodeSigned(&d2, &k2, varWindow)
		top = max(top, t1, t2)
	}
	r.SetInfinity()
	for i := top - 1; i >= 0; i-- {
		r.DoubleVar(r, nil)
		addDigit(r, tp.lo[:], dlo[i], false, false)
		addDigit(r, tp.hi[:], dhi[i], false, false)
		addDigit(r, tq.q[:], d1[i], neg1, false)
		addDigit(r, tq.q[:], d2[i], neg2, true)
	}
}
