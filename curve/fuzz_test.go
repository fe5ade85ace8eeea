package curve

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1"
)

// Fuzz targets for every decoder (and the hash to curve), each checked
// against an independent answer: the root package's parsers, math/big, or
// the encoders. `go test` runs the seeds; `go test -fuzz=FuzzX` explores.

func FuzzPointSetBytes(f *testing.F) {
	g := NewGeneratorPoint()
	f.Add(g.Bytes())
	f.Add(g.BytesCompressed())
	f.Add([]byte{0})
	f.Add([]byte{})
	f.Add(append([]byte{0x06}, g.Bytes()[1:]...))
	f.Add(append([]byte{0x02}, bytes.Repeat([]byte{0xff}, 32)...))
	f.Fuzz(func(t *testing.T, b []byte) {
		var p Point
		_, err := p.SetBytes(b)
		// The root parser accepts the same compressed and uncompressed
		// encodings, plus the hybrid ones (which SetBytes rejects), and
		// has no encoding of the identity.
		hybrid := len(b) == 65 && (b[0] == 0x06 || b[0] == 0x07)
		identity := len(b) == 1 && b[0] == 0
		_, rootErr := p256k1.ParsePublicKey(b)
		if !hybrid && !identity && (err == nil) != (rootErr == nil) {
			t.Fatalf("SetBytes(%x): %v, ParsePublicKey: %v", b, err, rootErr)
		}
		if hybrid && err == nil {
			t.Fatalf("SetBytes accepted a hybrid encoding %x", b)
		}
		if identity != (err == nil && p.IsIdentity() == 1) {
			t.Fatalf("SetBytes(%x): identity mismatch", b)
		}
		if err != nil {
			return
		}
		var enc []byte
		switch len(b) {
		case 33:
			enc = p.BytesCompressed()
		default:
			enc = p.Bytes()
		}
		if !bytes.Equal(enc, b) {
			t.Fatalf("SetBytes(%x) re-encodes as %x", b, enc)
		}
	})
}

func FuzzPointSetXOnlyBytes(f *testing.F) {
	x, _ := NewGeneratorPoint().BytesX()
	f.Add(x)
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add(make([]byte, 32))
	f.Fuzz(func(t *testing.T, b []byte) {
		var p Point
		_, err := p.SetXOnlyBytes(b)
		k, rootErr := p256k1.ParseXOnlyPublicKey(b)
		if (err == nil) != (rootErr == nil) {
			t.Fatalf("SetXOnlyBytes(%x): %v, ParseXOnlyPublicKey: %v", b, err, rootErr)
		}
		if err != nil {
			return
		}
		var q Point
		q.SetXOnlyPublicKey(&k)
		if p.Equal(&q) != 1 {
			t.Fatalf("SetXOnlyBytes(%x): not the root package's point", b)
		}
		if c := p.BytesCompressed(); c[0] != 0x02 || !bytes.Equal(c[1:], b) {
			t.Fatalf("SetXOnlyBytes(%x) gives %x", b, c)
		}
	})
}

func FuzzScalarDecode(f *testing.F) {
	for _, e := range edge32() {
		f.Add(e[:])
	}
	f.Add(make([]byte, 64))
	f.Fuzz(func(t *testing.T, b []byte) {
		x := new(big.Int).SetBytes(b)
		var s Scalar
		_, err := s.SetCanonicalBytes(b)
		if (err == nil) != (len(b) == 32 && x.Cmp(bigN) < 0) {
			t.Fatalf("SetCanonicalBytes(%x): %v", b, err)
		}
		if err == nil && !bytes.Equal(s.Bytes(), b) {
			t.Fatalf("SetCanonicalBytes(%x) = %x", b, s.Bytes())
		}
		want := new(big.Int).Mod(x, bigN)
		if _, err := s.SetReducedBytes(b); (err == nil) != (len(b) == 32) || err == nil && bigOf(s.Bytes()).Cmp(want) != 0 {
			t.Fatalf("SetReducedBytes(%x): %x, %v", b, s.Bytes(), err)
		}
		if _, err := s.SetUniformBytes(b); (err == nil) != (len(b) == 64) || err == nil && bigOf(s.Bytes()).Cmp(want) != 0 {
			t.Fatalf("SetUniformBytes(%x): %x, %v", b, s.Bytes(), err)
		}
	})
}

func FuzzFieldDecode(f *testing.F) {
	for _, e := range edge32() {
		f.Add(e[:])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		x := new(big.Int).SetBytes(b)
		var v FieldElement
		_, err := v.SetCanonicalBytes(b)
		if (err == nil) != (len(b) == 32 && x.Cmp(bigP) < 0) {
			t.Fatalf("SetCanonicalBytes(%x): %v", b, err)
		}
		if err == nil && !bytes.Equal(v.Bytes(), b) {
			t.Fatalf("SetCanonicalBytes(%x) = %x", b, v.Bytes())
		}
		if len(b) == 32 {
			over := v.SetBytes32((*[32]byte)(b))
			if (over == 1) != (x.Cmp(bigP) >= 0) || bigOf(v.Bytes()).Cmp(new(big.Int).Mod(x, bigP)) != 0 {
				t.Fatalf("SetBytes32(%x)", b)
			}
		}
	})
}

// FuzzJacobianCoordinates checks SetJacobianCoordinates' curve check
// against math/big, and that accepted coordinates give the same point as
// their affine form.
func FuzzJacobianCoordinates(f *testing.F) {
	var X, Y, Z FieldElement
	NewGeneratorPoint().Double(NewGeneratorPoint()).JacobianCoordinates(&X, &Y, &Z)
	f.Add(X.Bytes(), Y.Bytes(), Z.Bytes())
	f.Add(X.Bytes(), Y.Bytes(), make([]byte, 32))
	f.Add(make([]byte, 32), make([]byte, 32), make([]byte, 32))
	f.Fuzz(func(t *testing.T, xb, yb, zb []byte) {
		if len(xb) != 32 || len(yb) != 32 || len(zb) != 32 {
			return
		}
		var X, Y, Z FieldElement
		X.SetBytes32((*[32]byte)(xb))
		Y.SetBytes32((*[32]byte)(yb))
		Z.SetBytes32((*[32]byte)(zb))
		x, y, z := bigOf(X.Bytes()), bigOf(Y.Bytes()), bigOf(Z.Bytes())
		lhs := new(big.Int).Mul(y, y)
		rhs := new(big.Int).Exp(x, big.NewInt(3), nil)
		z6 := new(big.Int).Exp(z, big.NewInt(6), bigP)
		rhs.Add(rhs, z6.Mul(z6, big.NewInt(7)))
		onCurve := z.Sign() == 0 || lhs.Sub(lhs, rhs).Mod(lhs, bigP).Sign() == 0
		var p Point
		_, err := p.SetJacobianCoordinates(&X, &Y, &Z)
		if (err == nil) != onCurve {
			t.Fatalf("SetJacobianCoordinates(%x, %x, %x): %v, on curve %v", xb, yb, zb, err, onCurve)
		}
		if err != nil || z.Sign() == 0 {
			return
		}
		zi := new(big.Int).ModInverse(z, bigP)
		ax := new(big.Int).Mul(x, new(big.Int).Exp(zi, big.NewInt(2), bigP))
		ay := new(big.Int).Mul(y, new(big.Int).Exp(zi, big.NewInt(3), bigP))
		gx, gy, err := p.AffineBytes()
		if err != nil || bigOf(gx[:]).Cmp(ax.Mod(ax, bigP)) != 0 || bigOf(gy[:]).Cmp(ay.Mod(ay, bigP)) != 0 {
			t.Fatal("affine form differs")
		}
	})
}

// FuzzHashToCurve checks that HashToCurve is the sum of the maps of its
// two field elements, EncodeToCurve the map of one, and MapToCurve the
// math/big model, for any message and tag.
func FuzzHashToCurve(f *testing.F) {
	f.Add([]byte(""), []byte("QUUX-V01-CS02-with-secp256k1_XMD:SHA-256_SSWU_RO_"))
	f.Add([]byte("abc"), bytes.Repeat([]byte("d"), 300))
	f.Fuzz(func(t *testing.T, msg, dst []byte) {
		var p, q Point
		_, err := p.HashToCurve(msg, dst)
		if (err == nil) != (len(dst) > 0) {
			t.Fatalf("HashToCurve: %v", err)
		}
		if err != nil {
			return
		}
		var u [2]FieldElement
		if err := HashToField(u[:], msg, dst); err != nil {
			t.Fatal(err)
		}
		var m0, m1 Point
		m0.MapToCurve(&u[0])
		m1.MapToCurve(&u[1])
		if q.Add(&m0, &m1).Equal(&p) != 1 {
			t.Fatal("HashToCurve differs from the sum of its maps")
		}
		for _, ui := range u {
			x, y, inf := sswuRef(bigOf(ui.Bytes()))
			var m Point
			m.MapToCurve(&ui)
			ax, ay, err := m.AffineBytes()
			if inf != (err != nil) || !inf && (bigOf(ax[:]).Cmp(x) != 0 || bigOf(ay[:]).Cmp(y) != 0) {
				t.Fatalf("MapToCurve(%x) differs from the model", ui.Bytes())
			}
		}
		var u1 [1]FieldElement
		HashToField(u1[:], msg, dst)
		var e Point
		e.EncodeToCurve(msg, dst)
		if q.MapToCurve(&u1[0]).Equal(&e) != 1 {
			t.Fatal("EncodeToCurve differs from MapToCurve")
		}
	})
}
