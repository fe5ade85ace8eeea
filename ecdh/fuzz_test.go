package ecdh

import (
	"crypto/sha256"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/reference"
)

// FuzzSharedSecret derives a private key from d and a peer point from q (a
// compressed encoding 0x02/0x03 ‖ q when q is a valid x coordinate, else
// (q mod n)·G), and checks SharedSecret and SharedX against the math/big
// model, and that invalid private keys are rejected exactly when d is 0 or
// ≥ n.
func FuzzSharedSecret(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 32), false)
	one := make([]byte, 32)
	one[31] = 1
	f.Add(one, one, true)
	nm1 := reference.N.Bytes()
	nm1[31]--
	f.Add(nm1, reference.G.X.Bytes(), true)
	f.Add(reference.N.Bytes(), reference.G.X.Bytes(), false)
	f.Add([]byte("0123456789abcdef0123456789abcdef"), []byte("fedcba9876543210fedcba9876543210"), false)
	f.Fuzz(func(t *testing.T, db, qb []byte, odd bool) {
		var d32, q32 [32]byte
		copy(d32[:], db)
		copy(q32[:], qb)
		d := new(big.Int).SetBytes(d32[:])
		k, err := p256k1.NewPrivateKey(d32[:])
		if d.Sign() == 0 || d.Cmp(reference.N) >= 0 {
			if !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
				t.Fatalf("NewPrivateKey(%x) accepted an out-of-range key", d32)
			}
			return
		}
		if err != nil {
			t.Fatalf("NewPrivateKey(%x): %v", d32, err)
		}

		var q reference.Point
		enc := make([]byte, 33)
		enc[0] = 2
		if odd {
			enc[0] = 3
		}
		copy(enc[1:], q32[:])
		pub, err := p256k1.ParsePublicKey(enc)
		if err == nil {
			u := pub.SerializeUncompressed()
			q = reference.FromBytes(u[1:])
			if !q.OnCurve() || q.Y.Bit(0) != uint(enc[0]&1) {
				t.Fatalf("ParsePublicKey(%x) gave an invalid point", enc)
			}
		} else {
			s := new(big.Int).SetBytes(q32[:])
			s.Mod(s, reference.N)
			if s.Sign() == 0 {
				s.SetInt64(1)
			}
			q = reference.ScalarBaseMult(s)
			pub, err = p256k1.ParsePublicKey(uncompressed(q))
			if err != nil {
				t.Fatal(err)
			}
		}

		want := reference.ScalarMult(d, q)
		wantX := bytes32(want.X)
		x, err := SharedX(&k, &pub)
		if err != nil || x != wantX {
			t.Fatalf("SharedX(%x, %x) = %x, %v; want %x", d32, compressed(q), x, err, wantX)
		}
		s, err := SharedSecret(&k, &pub)
		if want := sha256.Sum256(compressed(want)); err != nil || s != want {
			t.Fatalf("SharedSecret(%x, %x) = %x, %v; want %x", d32, compressed(q), s, err, want)
		}
	})
}
