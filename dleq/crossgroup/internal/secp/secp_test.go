package secp

import (
	"crypto/rand"
	"math/big"
	mrand "math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The tests compare the comb and the Strauss multiplication with
// internal/ecmult (and, for a few values, internal/reference), on random
// inputs and on the edge cases: scalars 0, 1, n−1, powers of two and
// their neighbours, scalars whose comb recoding is all zeros, all ones or
// wraps modulo n, the point at infinity, and Q = ±P.

func scalarOfBig(x *big.Int) *scalar.Scalar {
	var b [32]byte
	new(big.Int).Mod(x, reference.N).FillBytes(b[:])
	var s scalar.Scalar
	s.SetBytes(&b)
	return &s
}

func bigOfScalar(s *scalar.Scalar) *big.Int {
	var b [32]byte
	s.Bytes(&b)
	return new(big.Int).SetBytes(b[:])
}

func randScalar() *scalar.Scalar {
	var b [32]byte
	rand.Read(b[:])
	var s scalar.Scalar
	s.SetBytes(&b)
	return &s
}

func randPoint() *group.Affine {
	var j group.Jacobian
	var g group.Affine
	g.SetGenerator()
	j.SetAffine(&g)
	ecmult.MulVar(&j, randScalar(), &j)
	var a group.Affine
	a.SetJacobianVar(&j)
	return &a
}

func edgeScalars() []*scalar.Scalar {
	n := reference.N
	one := big.NewInt(1)
	xs := []*big.Int{big.NewInt(0), one, big.NewInt(2), big.NewInt(3), big.NewInt(63), big.NewInt(64),
		new(big.Int).Sub(n, one), new(big.Int).Sub(n, big.NewInt(2)), new(big.Int).Rsh(n, 1),
		new(big.Int).Add(new(big.Int).Rsh(n, 1), one)}
	for _, k := range []uint{6, 31, 32, 63, 64, 127, 128, 129, 191, 192, 252, 255} {
		p := new(big.Int).Lsh(one, k)
		xs = append(xs, p, new(big.Int).Sub(p, one), new(big.Int).Add(p, one))
	}
	// Scalars whose recoded comb value d = k + offset is 0, 1, n−1, all
	// ones in every digit, or has every digit's top bit set: k = d − offset.
	off := bigOfScalar(&combOffset)
	pat := func(b byte) *big.Int {
		x := new(big.Int)
		for range 43 {
			x.Lsh(x, 6)
			x.Or(x, big.NewInt(int64(b)))
		}
		return x.Mod(x, n)
	}
	for _, d := range []*big.Int{big.NewInt(0), one, new(big.Int).Sub(n, one), pat(0x3f), pat(0x20), pat(0x1f), pat(0x21)} {
		xs = append(xs, new(big.Int).Sub(d, off))
	}
	var out []*scalar.Scalar
	for _, x := range xs {
		out = append(out, scalarOfBig(x))
	}
	return out
}

func mulVar(k *scalar.Scalar, p *group.Affine) group.Jacobian {
	var j group.Jacobian
	j.SetAffine(p)
	ecmult.MulVar(&j, k, &j)
	return j
}

func TestCombMul(t *testing.T) {
	var g group.Affine
	g.SetGenerator()
	pts := []*group.Affine{&g, randPoint(), randPoint()}
	scalars := edgeScalars()
	for range 30 {
		scalars = append(scalars, randScalar())
	}
	for _, p := range pts {
		tb := NewCombTable(p)
		for _, k := range scalars {
			var r group.Jacobian
			tb.Mul(&r, k)
			want := mulVar(k, p)
			if !r.EqualVar(&want) {
				t.Fatalf("Mul(%x) wrong", bigOfScalar(k))
			}
		}
	}
	// Against the reference model, for the generator.
	tg := NewCombTable(&g)
	for _, k := range scalars[:20] {
		var r group.Jacobian
		tg.Mul(&r, k)
		var a group.Affine
		a.SetJacobianVar(&r)
		want := reference.ScalarBaseMult(bigOfScalar(k))
		if (a.Infinity == 1) != want.Inf {
			t.Fatalf("Mul(%x): infinity mismatch", bigOfScalar(k))
		}
		if !want.Inf {
			a.X.NormalizeVar()
			var xb [32]byte
			a.X.Bytes(&xb)
			if new(big.Int).SetBytes(xb[:]).Cmp(want.X) != 0 {
				t.Fatalf("Mul(%x) differs from the reference", bigOfScalar(k))
			}
		}
	}
	// Mul2, including k1·P + k2·P with k2 = ±k1 (the sum doubles or
	// cancels) and P2 = −P1.
	t1, t2 := NewCombTable(pts[1]), NewCombTable(pts[2])
	var negP group.Affine
	negP.Negate(pts[1])
	negP.X.NormalizeVar()
	negP.Y.NormalizeVar()
	tn := NewCombTable(&negP)
	for range 60 {
		k1 := scalars[mrand.IntN(len(scalars))]
		k2 := scalars[mrand.IntN(len(scalars))]
		for _, c := range []struct {
			tb *CombTable
			p  *group.Affine
			k  *scalar.Scalar
		}{{t2, pts[2], k2}, {t1, pts[1], k1}, {t1, pts[1], new(scalar.Scalar).Negate(k1)}, {tn, &negP, k1}} {
			var r group.Jacobian
			Mul2(&r, t1, k1, c.tb, c.k)
			want := mulVar(k1, pts[1])
			w2 := mulVar(c.k, c.p)
			want.AddVar(&want, &w2, nil)
			if !r.EqualVar(&want) {
				t.Fatalf("Mul2(%x, %x) wrong", bigOfScalar(k1), bigOfScalar(c.k))
			}
		}
	}
}

func TestMulAddVar(t *testing.T) {
	var g group.Affine
	g.SetGenerator()
	fixed := []*group.Affine{&g, randPoint()}
	scalars := edgeScalars()
	for range 20 {
		scalars = append(scalars, randScalar())
	}
	for _, p := range fixed {
		tp := NewFixedTable(p)
		var negP group.Affine
		negP.Negate(p)
		qs := []*group.Affine{randPoint(), randPoint(), p, &negP, new(group.Affine).SetInfinity()}
		aq := make([]group.Affine, len(qs))
		for i, q := range qs {
			aq[i] = *q
		}
		ts := make([]VarTable, len(qs))
		buildTables(ts, aq)
		for i, q := range qs {
			for range 40 {
				a := scalars[mrand.IntN(len(scalars))]
				b := scalars[mrand.IntN(len(scalars))]
				if mrand.IntN(4) == 0 {
					b = new(scalar.Scalar).Negate(a) // a·P − a·P for Q = P
				}
				var r, want group.Jacobian
				MulAddVar(&r, a, tp, b, &ts[i])
				var zero scalar.Scalar
				ecmult.TwoPointVar(&want, a, p, b, q, &zero)
				if !r.EqualVar(&want) {
					t.Fatalf("MulAddVar(%x, %x), Q %d wrong", bigOfScalar(a), bigOfScalar(b), i)
				}
			}
		}
	}
}

func TestAllocs(t *testing.T) {
	var g group.Affine
	g.SetGenerator()
	tc := NewCombTable(&g)
	tf := NewFixedTable(&g)
	k, u := randScalar(), randScalar()
	ps := []group.Affine{g}
	ts := make([]VarTable, 1)
	s := make([]AddScratch, 1)
	p2 := make([]group.Affine, 1)
	ptr := make([]*group.Affine, 3)
	var r group.Jacobian
	if n := testing.AllocsPerRun(5, func() {
		tc.Mul(&r, k)
		Mul2(&r, tc, k, tc, u)
		BatchVarTables(ts, ps, s, p2, ptr)
		MulAddVar(&r, k, tf, u, &ts[0])
	}); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func buildTables(ts []VarTable, ps []group.Affine) {
	BatchVarTables(ts, ps, make([]AddScratch, len(ps)), make([]group.Affine, len(ps)), make([]*group.Affine, 3*len(ps)))
}

// TestAddBatchVar compares AddBatchVar with group.Jacobian.AddVar on every
// pair from a set of points that includes infinity, equal and opposite
// points, and P, λ·P (same y, different x).
func TestAddBatchVar(t *testing.T) {
	var g, lg group.Affine
	g.SetGenerator()
	lg.MulLambda(&g)
	lg.X.NormalizeVar()
	pts := []*group.Affine{new(group.Affine).SetInfinity(), &g, &lg, randPoint(), randPoint()}
	for _, p := range pts[1:] {
		var n group.Affine
		n.Negate(p)
		pts = append(pts, &n)
	}
	var a, b, out []*group.Affine
	for _, p := range pts {
		for _, q := range pts {
			a, b = append(a, p), append(b, q)
			out = append(out, new(group.Affine))
		}
	}
	AddBatchVar(out, a, b, make([]AddScratch, len(out)))
	for i := range out {
		var want group.Jacobian
		want.SetAffine(a[i])
		want.AddAffineVar(&want, b[i], nil)
		if !want.EqualAffineVar(out[i]) {
			t.Fatalf("pair %d: wrong sum", i)
		}
		if out[i].Infinity == 0 && !out[i].IsValidVar() {
			t.Fatalf("pair %d: not on the curve", i)
		}
	}
	// Chains: the outputs (magnitude 1) fed back in, as the tables do.
	p := []*group.Affine{randPoint()}
	acc := mulVar(new(scalar.Scalar).SetInt(1), p[0])
	cur := p
	for range 20 {
		next := []*group.Affine{new(group.Affine)}
		AddBatchVar(next, cur, p, make([]AddScratch, 1))
		acc.AddAffineVar(&acc, p[0], nil)
		if !acc.EqualAffineVar(next[0]) {
			t.Fatal("chain: wrong sum")
		}
		cur = next
	}
}
