package secp

import (
	"testing"

	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// FuzzArithmetic: for fuzzer-chosen scalars k, a, b and a point Q = k·G,
// the comb (with Q as its base point), Mul2, MulAddVar over a batch-built
// table and AddBatchVar agree with internal/ecmult and internal/group.
func FuzzArithmetic(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 32), make([]byte, 32))
	f.Add([]byte{1}, []byte{0xff, 0xff}, []byte{2})
	f.Fuzz(func(t *testing.T, kb, ab, bb []byte) {
		sc := func(in []byte) *scalar.Scalar {
			var b [32]byte
			copy(b[:], in)
			var s scalar.Scalar
			s.SetBytes(&b)
			return &s
		}
		k, a, b := sc(kb), sc(ab), sc(bb)
		var g group.Affine
		g.SetGenerator()
		qj := mulVar(k, &g)
		var q group.Affine
		q.SetJacobianVar(&qj)
		q.X.NormalizeVar()
		q.Y.NormalizeVar()

		var r, want group.Jacobian
		var zero scalar.Scalar
		tg := NewCombTable(&g)
		tg.Mul(&r, a)
		want = mulVar(a, &g)
		if !r.EqualVar(&want) {
			t.Fatal("comb Mul differs")
		}
		ecmult.TwoPointVar(&want, a, &g, b, &q, &zero)
		if q.Infinity == 0 {
			tq := NewCombTable(&q)
			Mul2(&r, tg, a, tq, b)
			if !r.EqualVar(&want) {
				t.Fatal("Mul2 differs")
			}
		}
		ts := make([]VarTable, 1)
		buildTables(ts, []group.Affine{q})
		MulAddVar(&r, a, NewFixedTable(&g), b, &ts[0])
		if !r.EqualVar(&want) {
			t.Fatal("MulAddVar differs")
		}
		out := []*group.Affine{new(group.Affine)}
		AddBatchVar(out, []*group.Affine{&g}, []*group.Affine{&q}, make([]AddScratch, 1))
		want.SetAffine(&g)
		want.AddAffineVar(&want, &q, nil)
		if !want.EqualAffineVar(out[0]) {
			t.Fatal("AddBatchVar differs")
		}
	})
}
