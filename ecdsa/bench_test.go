package ecdsa

import (
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1"
)

type benchCase struct {
	key  p256k1.PrivateKey
	pub  p256k1.PublicKey
	hash [32]byte
	sig  Signature
	rs   RecoverableSignature
	der  []byte
}

func benchCases(b testing.TB) []benchCase {
	rng := rand.New(rand.NewSource(8))
	cs := make([]benchCase, 16)
	for i := range cs {
		c := &cs[i]
		c.key, _ = randKey(b, rng)
		c.pub = c.key.PublicKey()
		rng.Read(c.hash[:])
		c.rs, _ = SignRecoverable(&c.key, &c.hash)
		c.sig = c.rs.Signature()
		c.der = c.sig.AppendDER(nil)
	}
	return cs
}

func BenchmarkSign(b *testing.B) {
	cs := benchCases(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c := &cs[i&15]
		if _, err := Sign(&c.key, &c.hash); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkSignRecoverable(b *testing.B) {
	cs := benchCases(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c := &cs[i&15]
		if _, err := SignRecoverable(&c.key, &c.hash); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkVerify(b *testing.B) {
	cs := benchCases(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c := &cs[i&15]
		if !Verify(&c.pub, &c.hash, &c.sig) {
			b.Fatal("verify")
		}
		i++
	}
}

func BenchmarkRecover(b *testing.B) {
	cs := benchCases(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c := &cs[i&15]
		if _, err := RecoverPublicKey(&c.hash, &c.rs); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkParseDER(b *testing.B) {
	cs := benchCases(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := ParseDER(cs[i&15].der); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkParseDERLax(b *testing.B) {
	cs := benchCases(b)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := ParseDERLax(cs[i&15].der); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkSerializeDER(b *testing.B) {
	cs := benchCases(b)
	var buf [MaxDERSize]byte
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		cs[i&15].sig.SerializeDER(&buf)
		i++
	}
}
