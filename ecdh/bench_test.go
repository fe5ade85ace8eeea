package ecdh

import (
	"runtime"
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

// benchCPU runs f in a b.Loop and reports, besides the wall-clock ns/op,
// the calling thread's CPU time per operation (cpu-ns/op), which shared
// machines disturb much less than wall-clock time.
func benchCPU(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	t0 := cputime.Thread()
	for b.Loop() {
		f()
	}
	if cputime.PerThread {
		b.ReportMetric(float64(cputime.Thread()-t0)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkSharedSecret is secp256k1_ecdh with the default hash, the peer
// point already parsed.
func BenchmarkSharedSecret(b *testing.B) {
	k, pub := benchKeys(b)
	benchCPU(b, func() {
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
	benchCPU(b, func() {
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
	benchCPU(b, func() {
		x, err := SharedX(&k, &pub)
		if err != nil {
			b.Fatal(err)
		}
		benchSink = x
	})
}
