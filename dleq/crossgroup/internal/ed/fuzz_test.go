package ed

import (
	"bytes"
	"testing"

	"filippo.io/edwards25519"
)

// FuzzArithmetic: for a fuzzer-chosen curve point P (any encoding
// edwards25519 accepts, torsion included) and scalars, every operation
// agrees with filippo.io/edwards25519's: MulBase and MulBase2 (with P as a
// base point), DoubleMulVar, Add, Subtract, Double and the batch encoding.
func FuzzArithmetic(f *testing.F) {
	g := edwards25519.NewGeneratorPoint().Bytes()
	f.Add(g, make([]byte, 32), make([]byte, 32))
	f.Add(g, bytes.Repeat([]byte{0xff}, 32), bytes.Repeat([]byte{0x88}, 32))
	f.Add(bytes.Repeat([]byte{0}, 32), []byte{1}, []byte{2})
	f.Fuzz(func(t *testing.T, pb, ab, bb []byte) {
		if len(pb) < 32 {
			return
		}
		p, err := new(edwards25519.Point).SetBytes(pb[:32])
		if err != nil {
			return
		}
		var wa, wb [64]byte
		copy(wa[:], ab)
		copy(wb[:], bb)
		a, _ := new(edwards25519.Scalar).SetUniformBytes(wa[:])
		b, _ := new(edwards25519.Scalar).SetUniformBytes(wb[:])
		g := edwards25519.NewGeneratorPoint()

		tp := NewBaseTable(ours(p))
		tg := NewBaseTable(ours(g))
		want := new(edwards25519.Point).ScalarMult(a, p)
		checkSame(t, "MulBase", new(Point).MulBase(tp, a), want)
		want.Add(want, new(edwards25519.Point).ScalarBaseMult(b))
		checkSame(t, "MulBase2", new(Point).MulBase2(tp, a, tg, b), want)

		var vt VarTable
		vt.Init(ours(p), nil)
		want = new(edwards25519.Point).VarTimeDoubleScalarBaseMult(b, p, a)
		checkSame(t, "DoubleMulVar", new(Point).DoubleMulVar(a, NewNAFTable(ours(g)), b, &vt), want)

		q := new(edwards25519.Point).ScalarBaseMult(a)
		checkSame(t, "Add", new(Point).Add(ours(p), ours(q)), new(edwards25519.Point).Add(p, q))
		checkSame(t, "Subtract", new(Point).Subtract(ours(p), ours(q)), new(edwards25519.Point).Subtract(p, q))
		checkSame(t, "Double", new(Point).Double(ours(p)), new(edwards25519.Point).Add(p, p))
	})
}
