package dleq

import (
	"testing"

	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The BIP-374 targets are stated against the engines: Prove within 1.2× of
// two constant-time point multiplications (BenchmarkMulConst), Verify within
// 1.2× of four, that is two variable-time a·P + b·G (BenchmarkDoubleBaseVar).
// Compare the ns/op of one run.

func BenchmarkProve(b *testing.B) {
	rng := testRand(6)
	a, _ := randKey(b, rng)
	_, B := randKey(b, rng)
	r, m := randBytes(rng), randBytes(rng)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Prove(&a, &B, &r, &m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkProveWithGenerator(b *testing.B) {
	rng := testRand(7)
	a, _ := randKey(b, rng)
	_, B := randKey(b, rng)
	_, G := randKey(b, rng)
	r, m := randBytes(rng), randBytes(rng)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ProveWithGenerator(&a, &B, &r, &G, &m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkVerify(b *testing.B) {
	rng := testRand(8)
	a, A := randKey(b, rng)
	_, B := randKey(b, rng)
	ab := a.Bytes()
	C, _ := B.TweakMul(&ab)
	r, m := randBytes(rng), randBytes(rng)
	proof, _ := Prove(&a, &B, &r, &m)
	b.ReportAllocs()
	for b.Loop() {
		if !Verify(&A, &B, &C, &proof, &m) {
			b.Fatal("rejected")
		}
	}
}

func BenchmarkVerifyWithGenerator(b *testing.B) {
	rng := testRand(9)
	a, _ := randKey(b, rng)
	_, B := randKey(b, rng)
	_, G := randKey(b, rng)
	ab := a.Bytes()
	A, _ := G.TweakMul(&ab)
	C, _ := B.TweakMul(&ab)
	r, m := randBytes(rng), randBytes(rng)
	proof, _ := ProveWithGenerator(&a, &B, &r, &G, &m)
	b.ReportAllocs()
	for b.Loop() {
		if !VerifyWithGenerator(&A, &B, &C, &proof, &G, &m) {
			b.Fatal("rejected")
		}
	}
}

// benchInputs returns a random scalar pair and point.
func benchInputs(b *testing.B) (scalar.Scalar, scalar.Scalar, group.Affine) {
	rng := testRand(10)
	_, P := randKey(b, rng)
	var p group.Affine
	point.Load(&p, &P)
	var k1, k2 scalar.Scalar
	x, y := randBytes(rng), randBytes(rng)
	k1.SetBytes(&x)
	k2.SetBytes(&y)
	return k1, k2, p
}

// BenchmarkMulConst is one constant-time k·P (internal/ecmultconst), the
// unit of the Prove target.
func BenchmarkMulConst(b *testing.B) {
	k, _, p := benchInputs(b)
	var r group.Jacobian
	b.ReportAllocs()
	for b.Loop() {
		ecmultconst.Mul(&r, &p, &k)
	}
}

// BenchmarkDoubleBaseVar is one variable-time a·P + b·G
// (internal/ecmult), half the unit of the Verify target.
func BenchmarkDoubleBaseVar(b *testing.B) {
	k1, k2, p := benchInputs(b)
	var pj, r group.Jacobian
	pj.SetAffine(&p)
	b.ReportAllocs()
	for b.Loop() {
		ecmult.DoubleBaseVar(&r, &k1, &pj, &k2)
	}
}
