package curve

import (
	"testing"

	"github.com/p256k1/p256k1/internal/race"
)

// TestAllocations holds every method to zero heap allocations (the
// multi-scalar multiplication once its pooled scratch has grown).
func TestAllocations(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates")
	}
	var k, k2, s Scalar
	k.SetUint64(0xdeadbeef)
	k2.SetUint64(12345)
	var p, q, r Point
	p.SetGenerator()
	q.ScalarBaseMult(&k)
	var fa, fb, fr FieldElement
	fa.SetUint64(7)
	fb.SetUint64(11)
	enc := q.Bytes()
	comp := q.BytesCompressed()
	xb, _ := q.BytesX()
	pub, _ := q.PublicKey()
	xk, _, _ := q.XOnlyPublicKey()
	priv, _ := k.PrivateKey()
	wide := make([]byte, 64)
	kb := k.Bytes32()
	scalars := []*Scalar{&k, &k2, &k, &k2}
	points := []*Point{&p, &q, &q, &p}
	comps := make([][33]byte, len(points))
	var sink byte
	ops := map[string]func(){
		"Scalar.Ops": func() {
			s.Add(&k, &k2).Subtract(&s, &k).Multiply(&s, &k2).Square(&s).Negate(&s).MultiplyAdd(&s, &k, &k2)
			s.Select(&k, &s, 1).CondNegate(&s, 1).SetUint64(5)
			_ = s.Equal(&k) + s.IsZero() + s.IsHigh() + s.IsOdd()
		},
		"Scalar.Invert":        func() { s.Invert(&k) },
		"Scalar.InvertVarTime": func() { s.InvertVarTime(&k) },
		"Scalar.Bytes":         func() { sink ^= s.Bytes()[0]; b := s.Bytes32(); sink ^= b[0] },
		"Scalar.Set": func() {
			s.SetCanonicalBytes(kb[:])
			s.SetReducedBytes(kb[:])
			s.SetBytes32(&kb)
			s.SetUniformBytes(wide)
		},
		"Field.Ops": func() {
			fr.Add(&fa, &fb).Subtract(&fr, &fa).Multiply(&fr, &fb).Square(&fr).Negate(&fr).Select(&fa, &fr, 0).CondNegate(&fr, 1)
			fr.SquareRoot(&fr)
			_ = fr.Equal(&fa) + fr.IsZero() + fr.IsOdd() + fr.IsSquareVarTime()
		},
		"Field.Invert": func() { fr.Invert(&fa); fr.InvertVarTime(&fb) },
		"Field.Bytes": func() {
			sink ^= fr.Bytes()[0]
			b := fr.Bytes32()
			sink ^= b[0]
			fr.SetCanonicalBytes(kb[:])
			fr.SetBytes32(&kb)
		},
		"Point.Ops": func() {
			r.Add(&p, &q).VarTimeAdd(&r, &q).Double(&r).Negate(&r).Subtract(&r, &q).Select(&p, &r, 1).CondNegate(&r, 1)
			_ = r.Equal(&q) + r.IsIdentity()
		},
		"Point.ScalarBaseMult":              func() { r.ScalarBaseMult(&k) },
		"Point.ScalarMult":                  func() { r.ScalarMult(&k, &q) },
		"Point.VarTimeScalarMult":           func() { r.VarTimeScalarMult(&k, &q) },
		"Point.VarTimeDoubleScalarBaseMult": func() { r.VarTimeDoubleScalarBaseMult(&k, &q, &k2) },
		"Point.VarTimeMultiScalarMult":      func() { r.VarTimeMultiScalarMult(scalars, points) },
		"Point.Encode": func() {
			r.Set(&p) // not the identity, whatever the cases run before (map order) left in r
			sink ^= r.Bytes()[0] ^ r.BytesCompressed()[0]
			x, _ := r.BytesX()
			sink ^= x[0]
			ax, _, _ := r.AffineBytes()
			sink ^= ax[0]
			r.AffineCoordinates(&fa, &fb)
		},
		"Point.Decode": func() {
			r.SetBytes(enc)
			r.SetBytes(comp)
			r.SetXOnlyBytes(xb)
			r.SetAffineCoordinates(&fa, &fb)
		},
		"Point.Jacobian": func() {
			var X, Y, Z FieldElement
			q.JacobianCoordinates(&X, &Y, &Z)
			r.SetJacobianCoordinates(&X, &Y, &Z)
		},
		"HashToCurve": func() {
			r.HashToCurve(enc, xb)
			r.EncodeToCurve(enc, xb)
			s.HashToScalar(enc, xb)
			var u [2]FieldElement
			HashToField(u[:], enc, xb)
			var out [96]byte
			ExpandMessageXMD(out[:], enc, wide)
		},
		"BatchBytesCompressed": func() { BatchBytesCompressed(comps, points) },
		"Keys": func() {
			r.SetPublicKey(&pub)
			r.SetXOnlyPublicKey(&xk)
			pk, _ := r.PublicKey()
			x, _, _ := r.XOnlyPublicKey()
			var kx, ky FieldElement
			PublicKeyCoordinates(&pub, &kx, &ky)
			nk, _ := NewPublicKey(&kx, &ky)
			_ = nk
			s.SetPrivateKey(&priv)
			d, _ := s.PrivateKey()
			_, _, _ = pk, x, d
		},
	}
	for name, f := range ops {
		f() // warm the pools
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s: %.1f allocations", name, n)
		}
	}
	_ = sink
}
