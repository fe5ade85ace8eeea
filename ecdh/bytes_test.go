package ecdh

import (
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/reference"
)

// parsedSecrets is the reference for the bytes API: ParsePublicKey, then
// SharedSecret and SharedX.
func parsedSecrets(k *p256k1.PrivateKey, peer []byte) (s, x [32]byte, err error) {
	pub, err := p256k1.ParsePublicKey(peer)
	if err != nil {
		return s, x, err
	}
	if s, err = SharedSecret(k, &pub); err != nil {
		return s, x, err
	}
	x, err = SharedX(k, &pub)
	return s, x, err
}

// checkBytes compares SharedSecretBytes and SharedXBytes with parsing and
// SharedSecret/SharedX for one encoding: same values, same errors.
func checkBytes(t *testing.T, k *p256k1.PrivateKey, peer []byte) {
	t.Helper()
	ws, wx, werr := parsedSecrets(k, peer)
	s, err := SharedSecretBytes(k, peer)
	if !errors.Is(err, werr) && (err == nil || werr == nil || err.Error() != werr.Error()) || s != ws {
		t.Fatalf("SharedSecretBytes(%x) = %x, %v; parsed: %x, %v", peer, s, err, ws, werr)
	}
	x, err := SharedXBytes(k, peer)
	if !errors.Is(err, werr) && (err == nil || werr == nil || err.Error() != werr.Error()) || x != wx {
		t.Fatalf("SharedXBytes(%x) = %x, %v; parsed: %x, %v", peer, x, err, wx, werr)
	}
}

func TestSharedSecretBytesRandom(t *testing.T) {
	rng := newRNG(t)
	n := 300
	if testing.Short() {
		n = 40
	}
	for range n {
		k := mustPriv(t, randScalar(rng))
		q := reference.ScalarBaseMult(randScalar(rng))
		checkBytes(t, &k, compressed(q))
		checkBytes(t, &k, compressed(reference.Neg(q)))
		checkBytes(t, &k, uncompressed(q))
	}
}

// TestSharedSecretBytesEdges covers the private keys 1, 2, n − 1, the peer
// keys ±G, ±2·G, (n − 1)·G and small x, every length 0 … 66 and every prefix
// byte of the 33- and 65-byte lengths, x = 0, p − 1, p, 2^256 − 1 and x off
// the curve.
func TestSharedSecretBytesEdges(t *testing.T) {
	rng := newRNG(t)
	nm1 := new(big.Int).Sub(reference.N, big.NewInt(1))
	var keys []p256k1.PrivateKey
	for _, d := range []*big.Int{big.NewInt(1), big.NewInt(2), nm1, randScalar(rng)} {
		keys = append(keys, mustPriv(t, d))
	}
	var peers [][]byte
	for _, s := range []*big.Int{big.NewInt(1), big.NewInt(2), nm1} {
		q := reference.ScalarBaseMult(s)
		peers = append(peers, compressed(q), compressed(reference.Neg(q)), uncompressed(q))
	}
	for x := int64(0); x < 12; x++ {
		for _, odd := range []bool{false, true} {
			if q, ok := reference.LiftX(big.NewInt(x), odd); ok {
				peers = append(peers, compressed(q))
			}
		}
	}
	pm1 := new(big.Int).Sub(reference.P, big.NewInt(1))
	max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	for _, x := range []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(5), pm1, reference.P, max} {
		b := bytes32(x)
		for _, pre := range []byte{2, 3} {
			peers = append(peers, append([]byte{pre}, b[:]...))
		}
	}
	g := compressed(reference.ScalarBaseMult(big.NewInt(1)))
	gu := uncompressed(reference.ScalarBaseMult(big.NewInt(1)))
	for pre := range 256 {
		e := append([]byte{byte(pre)}, g[1:]...)
		eu := append([]byte{byte(pre)}, gu[1:]...)
		peers = append(peers, e, eu)
	}
	for l := range 67 {
		peers = append(peers, make([]byte, l))
		if l > 0 && l <= 65 {
			peers = append(peers, append([]byte{2}, gu[1:l]...))
		}
	}
	for i := range keys {
		for _, p := range peers {
			checkBytes(t, &keys[i], p)
		}
	}
}

func TestSharedSecretBytesInvalidPrivateKey(t *testing.T) {
	g := compressed(reference.ScalarBaseMult(big.NewInt(1)))
	for _, k := range []*p256k1.PrivateKey{nil, {}} {
		if _, err := SharedSecretBytes(k, g); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
			t.Fatalf("SharedSecretBytes with an invalid key: %v", err)
		}
		if _, err := SharedXBytes(k, []byte{1}); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
			t.Fatalf("SharedXBytes with an invalid key: %v", err)
		}
	}
}

// FuzzSharedSecretBytes checks SharedSecretBytes and SharedXBytes against
// ParsePublicKey + SharedSecret/SharedX for any key bytes and any peer
// encoding (a compressed encoding of the fuzzed x when compressed is set).
func FuzzSharedSecretBytes(f *testing.F) {
	g := compressed(reference.ScalarBaseMult(big.NewInt(1)))
	f.Add(make([]byte, 32), g, false)
	one := make([]byte, 32)
	one[31] = 1
	f.Add(one, g, false)
	f.Add(one, g[1:], true)
	f.Add(reference.N.Bytes(), g, false)
	f.Add(one, uncompressed(reference.ScalarBaseMult(big.NewInt(3))), false)
	f.Add(one, reference.P.Bytes(), true)
	f.Fuzz(func(t *testing.T, db, peer []byte, compress bool) {
		var d32 [32]byte
		copy(d32[:], db)
		k, err := p256k1.NewPrivateKey(d32[:])
		if err != nil {
			if _, err := SharedSecretBytes(&k, peer); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
				t.Fatalf("SharedSecretBytes with the invalid key %x: %v", d32, err)
			}
			return
		}
		if compress {
			var x [32]byte
			copy(x[:], peer)
			peer = append([]byte{2 | byte(len(peer)&1)}, x[:]...)
		}
		checkBytes(t, &k, peer)
	})
}
