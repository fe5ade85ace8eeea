package ecmult8

import (
	"testing"

	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// fuzzScalars reads eight scalars from in (cycled; short inputs give small
// and repeated scalars, which reach the special cases).
func fuzzScalars(in []byte, off int) [Lanes]scalar.Scalar {
	var k [Lanes]scalar.Scalar
	for j := range k {
		var b [32]byte
		for i := range b {
			if len(in) > 0 {
				b[i] = in[(off+32*j+i)%len(in)]
			}
		}
		if len(in) < 64 {
			b = [32]byte{31: byte(len(in) + j)} // small
		}
		k[j].SetBytes(&b)
	}
	return k
}

// FuzzDoubleBaseVar compares every lane of DoubleBaseVar with
// ecmult.DoubleBaseVar, and MulConst with ecmultconst, for multipliers
// from the input and points that are small multiples of G.
func FuzzDoubleBaseVar(f *testing.F) {
	f.Add([]byte{1, 2, 3})
	f.Add(make([]byte, 300))
	f.Fuzz(func(t *testing.T, in []byte) {
		a, b := fuzzScalars(in, 0), fuzzScalars(in, 7)
		var p [Lanes]group.Affine
		for j := range p {
			var m scalar.Scalar
			m.SetInt(uint32(j%3 + 1))
			if len(in) > j && in[j]&1 == 1 {
				m.Negate(&m)
			}
			p[j] = gMul(&m)
		}
		var e Engine
		var r Jacobian8
		bad := e.DoubleBaseVar(&r, &a, &p, &b)
		for j := 0; j < Lanes; j++ {
			var pj, want, got group.Jacobian
			pj.SetAffine(&p[j])
			ecmult.DoubleBaseVar(&want, &a[j], &pj, &b[j])
			if bad>>j&1 == 1 {
				continue
			}
			if want.Infinity != 0 || !sameJacobian(r.Lane(j, &got), &want) {
				t.Fatalf("lane %d: DoubleBaseVar differs", j)
			}
		}
		var c ConstEngine
		var out Affine8
		for j := range a {
			if a[j].IsZero() == 1 {
				a[j].SetInt(1)
			}
		}
		c.MulConst(&out, &a, &p)
		for j := 0; j < Lanes; j++ {
			var want group.Jacobian
			ecmultconst.Mul(&want, &p[j], &a[j])
			var wa, ga group.Affine
			wa.SetJacobian(&want)
			wa.X.Normalize()
			wa.Y.Normalize()
			out.X.Lane(j, &ga.X)
			out.Y.Lane(j, &ga.Y)
			if !ga.EqualVar(&wa) {
				t.Fatalf("lane %d: MulConst differs", j)
			}
		}
	})
}
