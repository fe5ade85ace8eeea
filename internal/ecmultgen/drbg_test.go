package ecmultgen

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"math/rand"
	"testing"
)

func TestHMACSHA256(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := range 200 {
		var key [32]byte
		rng.Read(key[:])
		a := make([]byte, rng.Intn(33))
		b := make([]byte, rng.Intn(2))
		c := make([]byte, 97-len(a)-len(b)-rng.Intn(10))
		rng.Read(a)
		rng.Read(b)
		rng.Read(c)
		m := hmac.New(sha256.New, key[:])
		m.Write(a)
		m.Write(b)
		m.Write(c)
		got := hmacSHA256(&key, a, b, c)
		if !bytes.Equal(got[:], m.Sum(nil)) {
			t.Fatalf("case %d: hmacSHA256 differs from crypto/hmac", i)
		}
	}
}

// TestDRBGKnownAnswer checks the generator against RFC 6979 nonces for
// secp256k1 with SHA-256: the key material is x ‖ SHA-256(message), and
// the first output is the nonce k.
func TestDRBGKnownAnswer(t *testing.T) {
	for _, v := range []struct{ x, msg, k string }{
		{"0000000000000000000000000000000000000000000000000000000000000001",
			"Satoshi Nakamoto",
			"8f8a276c19f4149656b280621e358cce24f5f52542772691ee69063b74f15d15"},
	} {
		var key [64]byte
		hex.Decode(key[:32], []byte(v.x))
		h := sha256.Sum256([]byte(v.msg))
		copy(key[32:], h[:])
		var g hmacDRBG
		g.init(&key)
		var out [32]byte
		g.generate(&out)
		if hex.EncodeToString(out[:]) != v.k {
			t.Errorf("x=%s msg=%q: got %x, want %s", v.x, v.msg, out, v.k)
		}
	}
}

// TestDRBGSequence checks successive outputs against an independent
// transcription of RFC 6979 section 3.2 over crypto/hmac.
func TestDRBGSequence(t *testing.T) {
	mac := func(k []byte, parts ...[]byte) []byte {
		m := hmac.New(sha256.New, k)
		for _, p := range parts {
			m.Write(p)
		}
		return m.Sum(nil)
	}
	var key [64]byte
	rand.New(rand.NewSource(4)).Read(key[:])
	v := bytes.Repeat([]byte{1}, 32)
	k := make([]byte, 32)
	k = mac(k, v, []byte{0}, key[:])
	v = mac(k, v)
	k = mac(k, v, []byte{1}, key[:])
	v = mac(k, v)
	var g hmacDRBG
	g.init(&key)
	for i := range 4 {
		if i > 0 {
			k = mac(k, v, []byte{0})
			v = mac(k, v)
		}
		v = mac(k, v)
		var out [32]byte
		g.generate(&out)
		if !bytes.Equal(out[:], v) {
			t.Fatalf("output %d differs", i)
		}
	}
}
