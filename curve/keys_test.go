package curve

import (
	"bytes"
	"testing"

	"github.com/p256k1/p256k1"
)

func TestKeyConversions(t *testing.T) {
	rng := newRNG(t)
	for range 32 {
		var b [32]byte
		rng.Read(b[:])
		priv, err := p256k1.NewPrivateKey(b[:])
		if err != nil {
			continue
		}
		pub := priv.PublicKey()

		var s Scalar
		if _, err := s.SetPrivateKey(&priv); err != nil || !bytes.Equal(s.Bytes(), b[:]) {
			t.Fatal("SetPrivateKey")
		}
		back, err := s.PrivateKey()
		if err != nil || !back.Equal(&priv) {
			t.Fatal("Scalar.PrivateKey")
		}

		var p Point
		if _, err := p.SetPublicKey(&pub); err != nil {
			t.Fatal(err)
		}
		want := pub.SerializeUncompressed()
		if !bytes.Equal(p.Bytes(), want[:]) {
			t.Fatal("SetPublicKey")
		}
		var q Point
		q.ScalarBaseMult(&s)
		if q.Equal(&p) != 1 {
			t.Fatal("d·G differs from the public key")
		}
		pk, err := q.PublicKey() // from a Jacobian point with Z ≠ 1
		if err != nil || !pk.Equal(&pub) {
			t.Fatal("Point.PublicKey")
		}

		var kx, ky FieldElement
		if err := PublicKeyCoordinates(&pub, &kx, &ky); err != nil || !bytes.Equal(kx.Bytes(), want[1:33]) || !bytes.Equal(ky.Bytes(), want[33:]) {
			t.Fatal("PublicKeyCoordinates")
		}
		nk, err := NewPublicKey(&kx, &ky)
		if err != nil || !nk.Equal(&pub) || nk.SerializeUncompressed() != want {
			t.Fatal("NewPublicKey")
		}
		ky.Add(&ky, new(FieldElement).One())
		if nk, err := NewPublicKey(&kx, &ky); err == nil || nk.IsValid() {
			t.Fatal("NewPublicKey accepted an off-curve point")
		}

		xo, parity := pub.XOnly()
		xk, xparity, err := q.XOnlyPublicKey()
		if err != nil || !xk.Equal(&xo) || xparity != parity || xk.Bytes() != xo.Bytes() {
			t.Fatal("Point.XOnlyPublicKey")
		}
		// The x-only key must be usable as one: its full key has even y.
		full := xk.PublicKey()
		if c := full.SerializeCompressed(); c[0] != 2 {
			t.Fatal("XOnlyPublicKey holds an odd y")
		}
		var r Point
		if _, err := r.SetXOnlyPublicKey(&xo); err != nil {
			t.Fatal(err)
		}
		if parity == 1 {
			r.Negate(&r)
		}
		if r.Equal(&p) != 1 {
			t.Fatal("SetXOnlyPublicKey")
		}
	}

	// Invalid inputs.
	var p Point
	var s Scalar
	var zeroPub p256k1.PublicKey
	var zeroX p256k1.XOnlyPublicKey
	var zeroPriv p256k1.PrivateKey
	if r, err := p.SetPublicKey(nil); err == nil || r != nil {
		t.Error("SetPublicKey(nil)")
	}
	if r, err := p.SetPublicKey(&zeroPub); err == nil || r != nil {
		t.Error("SetPublicKey(zero)")
	}
	if r, err := p.SetXOnlyPublicKey(nil); err == nil || r != nil {
		t.Error("SetXOnlyPublicKey(nil)")
	}
	if r, err := p.SetXOnlyPublicKey(&zeroX); err == nil || r != nil {
		t.Error("SetXOnlyPublicKey(zero)")
	}
	if r, err := s.SetPrivateKey(nil); err == nil || r != nil {
		t.Error("SetPrivateKey(nil)")
	}
	if r, err := s.SetPrivateKey(&zeroPriv); err == nil || r != nil {
		t.Error("SetPrivateKey(zero)")
	}
	if _, err := s.PrivateKey(); err == nil {
		t.Error("PrivateKey of 0")
	}
	var fx, fy FieldElement
	if PublicKeyCoordinates(nil, &fx, &fy) == nil || PublicKeyCoordinates(&zeroPub, &fx, &fy) == nil {
		t.Error("PublicKeyCoordinates of an invalid key")
	}
	if k, err := NewPublicKey(&fx, &fy); err == nil || k.IsValid() {
		t.Error("NewPublicKey(0, 0)")
	}
	id := NewIdentityPoint()
	if k, err := id.PublicKey(); err == nil || k.IsValid() {
		t.Error("PublicKey of the identity")
	}
	if k, _, err := id.XOnlyPublicKey(); err == nil || k.IsValid() {
		t.Error("XOnlyPublicKey of the identity")
	}
}
