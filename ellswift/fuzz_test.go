package ellswift

import (
	"testing"

	"github.com/p256k1/p256k1"
)

// FuzzDecode: every 64 bytes decode, to a valid point whose X is DecodeX's
// and whose Y has t's parity; re-encoding the point decodes back to it.
func FuzzDecode(f *testing.F) {
	f.Add(make([]byte, 64))
	ff := make([]byte, 64)
	for i := range ff {
		ff[i] = 0xff
	}
	f.Add(ff)
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) != 64 {
			return
		}
		enc := [64]byte(b)
		pub := Decode(&enc)
		if !pub.IsValid() {
			t.Fatal("invalid point")
		}
		x := DecodeX(&enc)
		c := pub.SerializeCompressed()
		if [32]byte(c[1:]) != x {
			t.Fatal("Decode and DecodeX differ")
		}
		if _, err := p256k1.ParsePublicKey(c[:]); err != nil {
			t.Fatal("not on the curve")
		}
	})
}

// FuzzEncodeRoundTrip: Decode(Encode(k·G, rnd)) == k·G and
// Decode(Create(k, aux)) == k·G.
func FuzzEncodeRoundTrip(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 32))
	f.Fuzz(func(t *testing.T, kb, rnd []byte) {
		if len(kb) != 32 || len(rnd) != 32 {
			return
		}
		k, err := p256k1.NewPrivateKey(kb)
		if err != nil {
			return
		}
		pub := k.PublicKey()
		r := [32]byte(rnd)
		enc, err := Encode(&pub, &r)
		if err != nil {
			t.Fatal(err)
		}
		if got := Decode(&enc); !got.Equal(&pub) {
			t.Fatal("Encode round trip")
		}
		enc, err = Create(&k, &r)
		if err != nil {
			t.Fatal(err)
		}
		if got := Decode(&enc); !got.Equal(&pub) {
			t.Fatal("Create round trip")
		}
	})
}

// FuzzInverse: whenever xswiftecInv(x, u, c) finds t, xswiftec(u, t) = x,
// for x the X coordinate of an arbitrary decoded point.
func FuzzInverse(f *testing.F) {
	f.Add(make([]byte, 64), make([]byte, 32), uint8(0))
	f.Fuzz(func(t *testing.T, e, ub []byte, c uint8) {
		if len(e) != 64 || len(ub) != 32 {
			return
		}
		enc := [64]byte(e)
		xb := DecodeX(&enc)
		var x, u, tt, x2 fe
		x.SetBytes(&xb)
		u.SetBytes((*[32]byte)(ub))
		u.NormalizeVar()
		if isZero(&u) {
			return
		}
		if !xswiftecInv(&tt, &x, &u, int(c&7)) {
			return
		}
		xswiftec(&x2, &u, &tt)
		if !x2.EqualVar(&x) {
			t.Fatalf("xswiftec(u, inv(x, u, %d)) != x", c&7)
		}
	})
}
