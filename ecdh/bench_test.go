package ecdh

import (
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/cputime"
)

var benchSink [32]byte

func benchKeys(b *testing.B) (p256k1.PrivateKey, p256k1.PublicKey) {
	rng := newRNG(b)
	a := mustPriv(b, randScalar(rng))
	c := mustPriv(b, randScalar(rng))
	return a, c.PublicKey()
}

// BenchmarkSharedSecret is secp256k1_ecdh with the default hash, the peer
// point already parsed.
func BenchmarkSharedSecret(b *testing.B) {
	k, pub := benchKeys(b)
	cputime.Bench(b, func() {
		s, err := SharedSecret(&k, &pub)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = s
	})
}

// BenchmarkSharedSecretParse includes parsing the peer's 33-byte compressed
// key (a square root), as a Lightning or Nostr peer receives it.
func BenchmarkSharedSecretParse(b *testing.B) {
	k, pub := benchKeys(b)
	enc := pub.SerializeCompressed()
	cputime.Bench(b, func() {
		p, err := p256k1.ParsePublicKey(enc[:])
		if err != nil {
			b.Fatal(err)
		}
		s, err := SharedSecret(&k, &p)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = s
	})
}

func BenchmarkSharedX(b *testing.B) {
	k, pub := benchKeys(b)
	cputime.Bench(b, func() {
		x, err := SharedX(&k, &pub)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = x
	})
}

// BenchmarkSharedSecretBytes is BenchmarkSharedSecretParse's work through
// SharedSecretBytes: the 33-byte key in, one exponentiation for the square
// root and the inversion.
func BenchmarkSharedSecretBytes(b *testing.B) {
	k, pub := benchKeys(b)
	enc := pub.SerializeCompressed()
	cputime.Bench(b, func() {
		s, err := SharedSecretBytes(&k, enc[:])
		if err != nil {
			b.Fatal(err)
		}
		benchSink = s
	})
}
