package ecmult

import (
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// tpAffine returns p as a group.Affine.
func tpAffine(p reference.Point) group.Affine {
	var a group.Affine
	if p.Inf {
		a.SetInfinity()
		return a
	}
	x, y := emFe(p.X), emFe(p.Y)
	a.SetXY(&x, &y)
	return a
}

// tpCheck compares TwoPointVar with the math/big reference.
func tpCheck(t *testing.T, a *big.Int, p reference.Point, b *big.Int, q reference.Point, c *big.Int) {
	t.Helper()
	as, bs, cs := emScalar(a), emScalar(b), emScalar(c)
	pa, qa := tpAffine(p), tpAffine(q)
	var r group.Jacobian
	TwoPointVar(&r, &as, &pa, &bs, &qa, &cs)
	emCheckJacobian(t, &r)
	want := reference.Add(reference.Add(reference.ScalarMult(a, p), reference.ScalarMult(b, q)), reference.ScalarBaseMult(c))
	if got := emPoint(&r); !got.Equal(want) {
		t.Fatalf("TwoPointVar(%x, P, %x, Q, %x) wrong", a, b, c)
	}
}

func TestTwoPointVar(t *testing.T) {
	rng := emRng(374)
	n := 200
	if emShort() {
		n = 30
	}
	for range n {
		p, q := emRandPoint(rng), emRandPoint(rng)
		tpCheck(t, emRandBig(rng), p, emRandBig(rng), q, emRandBig(rng))
	}
	// Edge cases: zero scalars, infinity, equal and opposite points, sums
	// through infinity.
	p, q := emRandPoint(rng), emRandPoint(rng)
	a, b := emRandBig(rng), emRandBig(rng)
	zero, one := big.NewInt(0), big.NewInt(1)
	inf := reference.Infinity()
	nMinus := func(x *big.Int) *big.Int { return new(big.Int).Sub(reference.N, new(big.Int).Mod(x, reference.N)) }
	tpCheck(t, zero, p, zero, q, zero)
	tpCheck(t, a, p, zero, q, zero)
	tpCheck(t, zero, p, b, q, zero)
	tpCheck(t, zero, p, zero, q, a)
	tpCheck(t, a, inf, b, q, one)
	tpCheck(t, a, p, b, inf, one)
	tpCheck(t, a, inf, b, inf, a)
	tpCheck(t, a, p, b, p, zero)
	tpCheck(t, a, p, nMinus(a), p, zero)       // a·P − a·P = ∞
	tpCheck(t, a, p, a, reference.Neg(p), one) // a·P + a·(−P) + G = G
	g := reference.ScalarBaseMult(one)
	tpCheck(t, a, g, b, g, nMinus(new(big.Int).Add(a, b))) // ∞ through G
	tpCheck(t, nMinus(one), p, one, p, nMinus(one))
}

func TestTwoPointVarAllocs(t *testing.T) {
	rng := emRng(9)
	as, bs, cs := emScalar(emRandBig(rng)), emScalar(emRandBig(rng)), emScalar(emRandBig(rng))
	pa, qa := tpAffine(emRandPoint(rng)), tpAffine(emRandPoint(rng))
	var r group.Jacobian
	if n := testing.AllocsPerRun(50, func() { TwoPointVar(&r, &as, &pa, &bs, &qa, &cs) }); n != 0 {
		t.Errorf("TwoPointVar allocates %v times", n)
	}
}

func BenchmarkTwoPointVar(b *testing.B) {
	rng := emRng(10)
	as, bs, cs := emScalar(emRandBig(rng)), emScalar(emRandBig(rng)), emScalar(emRandBig(rng))
	pa, qa := tpAffine(emRandPoint(rng)), tpAffine(emRandPoint(rng))
	var r group.Jacobian
	b.ReportAllocs()
	for b.Loop() {
		TwoPointVar(&r, &as, &pa, &bs, &qa, &cs)
	}
}
