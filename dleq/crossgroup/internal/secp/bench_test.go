package secp

import (
	"testing"

	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

func BenchmarkCombMul(b *testing.B) {
	tb := NewCombTable(randPoint())
	k := randScalar()
	var r group.Jacobian
	for b.Loop() {
		tb.Mul(&r, k)
	}
}

// BenchmarkEcmultgen is the library's blinded comb for G, for comparison.
func BenchmarkEcmultgen(b *testing.B) {
	k := randScalar()
	var r group.Jacobian
	for b.Loop() {
		ecmultgen.Shared().Mul(&r, k)
	}
}

// BenchmarkEcmultconst is the constant-time variable-base engine the
// prover used for multiples of H before the comb.
func BenchmarkEcmultconst(b *testing.B) {
	p := randPoint()
	k := randScalar()
	var r group.Jacobian
	for b.Loop() {
		ecmultconst.Mul(&r, p, k)
	}
}

func BenchmarkMulAddVar(b *testing.B) {
	tp := NewFixedTable(randPoint())
	ts := make([]VarTable, 1)
	buildTables(ts, []group.Affine{*randPoint()})
	k, u := randScalar(), randScalar()
	var r group.Jacobian
	for b.Loop() {
		MulAddVar(&r, k, tp, u, &ts[0])
	}
}

// BenchmarkBatchVarTables is the cost per table of a batch of 42.
func BenchmarkBatchVarTables(b *testing.B) {
	ps := make([]group.Affine, 42)
	for i := range ps {
		ps[i] = *randPoint()
	}
	ts := make([]VarTable, len(ps))
	s := make([]AddScratch, len(ps))
	p2 := make([]group.Affine, len(ps))
	ptr := make([]*group.Affine, 3*len(ps))
	for b.Loop() {
		BatchVarTables(ts, ps, s, p2, ptr)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/table")
}

// BenchmarkTwoPointVar is the library's two-point multiplication the
// verifier used before MulAddVar (it builds both tables per call).
func BenchmarkTwoPointVar(b *testing.B) {
	p, q := randPoint(), randPoint()
	k, u := randScalar(), randScalar()
	var zero scalar.Scalar
	var r group.Jacobian
	for b.Loop() {
		ecmult.TwoPointVar(&r, k, p, u, q, &zero)
	}
}
