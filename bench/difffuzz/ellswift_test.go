//go:build cgo && libsecp080

package difffuzz

import (
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ellswift"
)

// checkEllswift compares decoding of arbitrary 64 bytes, encoding with the
// same randomness, creation from a secret key and BIP-324's x-only ECDH
// with libsecp256k1 v0.8.0's ellswift module.
func checkEllswift(t *testing.T, ell [64]byte, sec, rnd [32]byte) {
	t.Helper()
	pub := ellswift.Decode(&ell)
	if got, want := pub.SerializeCompressed(), cEllDecode(ell); got != want {
		t.Fatalf("Decode(%x) = %x, libsecp256k1 %x", ell, got, want)
	}
	if e, err := ellswift.Encode(&pub, &rnd); err != nil {
		t.Fatalf("Encode: %v", err)
	} else if ce, ok := cEllEncode(pub.SerializeCompressed(), rnd); !ok || e != ce {
		t.Fatalf("Encode(%x, %x) = %x, libsecp256k1 %x", pub.SerializeCompressed(), rnd, e, ce)
	}
	k, kerr := p256k1.NewPrivateKey(sec[:])
	mine, err := ellswift.Create(&k, &rnd)
	theirs, ok := cEllCreate(sec, rnd)
	if (kerr == nil && err == nil) != ok {
		t.Fatalf("Create(%x): p256k1 %v/%v, libsecp256k1 ok=%v", sec, kerr, err, ok)
	}
	if !ok {
		return
	}
	if mine != theirs {
		t.Fatalf("Create(%x, %x) = %x, libsecp256k1 %x", sec, rnd, mine, theirs)
	}
	for party := range 2 {
		a, b := mine, ell
		if party == 1 {
			a, b = ell, mine
		}
		x, err := ellswift.XDHBIP324(&k, &mine, &ell, party == 0) // ours, theirs
		cx, ok := cEllXDH(a, b, sec, party)
		if (err == nil) != ok || (ok && x != cx) {
			t.Fatalf("XDH party %d: p256k1 %x %v, libsecp256k1 %x ok=%v", party, x, err, cx, ok)
		}
	}
}

func TestEllswiftAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(324, 1))
	n := 400
	if testing.Short() {
		n = 80
	}
	r32 := func() (b [32]byte) {
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	for i := range n {
		var ell [64]byte
		u, v := r32(), r32()
		copy(ell[:32], u[:])
		copy(ell[32:], v[:])
		switch i % 8 {
		case 1: // u = 0 and t = 0 (both mapped to 1)
			clear(ell[:])
		case 2: // u ≥ p, t ≥ p
			for j := range ell {
				ell[j] = 0xff
			}
		case 3:
			clear(ell[32:])
		}
		checkEllswift(t, ell, r32(), r32())
	}
}

func FuzzEllswift(f *testing.F) {
	f.Add(make([]byte, 64), make([]byte, 32), make([]byte, 32))
	f.Fuzz(func(t *testing.T, e, s, r []byte) {
		if len(e) < 64 || len(s) < 32 || len(r) < 32 {
			return
		}
		checkEllswift(t, [64]byte(e[:64]), [32]byte(s[:32]), [32]byte(r[:32]))
	})
}
