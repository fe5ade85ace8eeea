package ed

import (
	"testing"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
)

func BenchmarkMulBase(b *testing.B) {
	tb := NewBaseTable(ours(randPoint(b)))
	s := randScalar(b)
	var v Point
	for b.Loop() {
		v.MulBase(tb, s)
	}
}

func BenchmarkMulBase2(b *testing.B) {
	t1, t2 := NewBaseTable(ours(randPoint(b))), NewBaseTable(ours(randPoint(b)))
	s, u := randScalar(b), randScalar(b)
	var v Point
	for b.Loop() {
		v.MulBase2(t1, s, t2, u)
	}
}

// BenchmarkEdwardsScalarMult is edwards25519's constant-time
// variable-base multiplication, which the prover used for j·H before
// MulBase.
func BenchmarkEdwardsScalarMult(b *testing.B) {
	p := randPoint(b)
	s := randScalar(b)
	var v edwards25519.Point
	for b.Loop() {
		v.ScalarMult(s, p)
	}
}

// BenchmarkEdwardsScalarBaseMult is edwards25519's fixed-base
// multiplication (of its generator only), for comparison with MulBase.
func BenchmarkEdwardsScalarBaseMult(b *testing.B) {
	s := randScalar(b)
	var v edwards25519.Point
	for b.Loop() {
		v.ScalarBaseMult(s)
	}
}

func BenchmarkDoubleMulVar(b *testing.B) {
	ta := NewNAFTable(ours(randPoint(b)))
	p := ours(randPoint(b))
	s, u := randScalar(b), randScalar(b)
	var v Point
	var tp VarTable
	for b.Loop() {
		tp.Init(p, nil)
		v.DoubleMulVar(s, ta, u, &tp)
	}
}

// BenchmarkEdwardsMultiScalarMult2 is the constant-time two-point
// MultiScalarMult the verifier used before DoubleMulVar (and the prover
// for its commitments and fake points before MulBase and MulBase2).
func BenchmarkEdwardsMultiScalarMult2(b *testing.B) {
	h, p := randPoint(b), randPoint(b)
	s, u := randScalar(b), randScalar(b)
	var v edwards25519.Point
	for b.Loop() {
		v.MultiScalarMult([]*edwards25519.Scalar{s, u}, []*edwards25519.Point{h, p})
	}
}

// BenchmarkInvert is one field inversion, what BatchInvertZ saves per
// point (less three multiplications).
func BenchmarkInvert(b *testing.B) {
	var z field.Element
	z.One()
	z.Add(&z, &z)
	for b.Loop() {
		z.Invert(&z)
	}
}

func BenchmarkBatchInvertZ64(b *testing.B) {
	ps := make([]Point, 64)
	for i := range ps {
		ps[i].Add(ours(randPoint(b)), ours(randPoint(b)))
	}
	zi := make([]field.Element, len(ps))
	for b.Loop() {
		BatchInvertZ(zi, ps)
	}
}
