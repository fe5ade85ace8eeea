package rfc6979

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"math/rand"
	"testing"
)

// hmacRef is HMAC-SHA256 by crypto/hmac, the independent answer.
func hmacRef(key []byte, parts ...[]byte) []byte {
	m := hmac.New(sha256.New, key)
	for _, p := range parts {
		m.Write(p)
	}
	return m.Sum(nil)
}

func TestMACMatchesCryptoHMAC(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := range 500 {
		var key, v [32]byte
		rng.Read(key[:])
		rng.Read(v[:])
		sep := make([]byte, rng.Intn(2))
		seed := make([]byte, rng.Intn(MaxSeedLen+1))
		rng.Read(sep)
		rng.Read(seed)
		var out [32]byte
		mac(&out, &key, &v, sep, seed)
		if want := hmacRef(key[:], v[:], sep, seed); !bytes.Equal(out[:], want) {
			t.Fatalf("case %d (sep %d, seed %d bytes): mac differs from crypto/hmac", i, len(sep), len(seed))
		}
		// The DRBG's form: the key set once, then hashed with.
		var mk macKey
		mk.set(&key)
		var viaKey [32]byte
		mk.sum(&viaKey, &v, sep, seed)
		if !bytes.Equal(viaKey[:], out[:]) {
			t.Fatalf("case %d: macKey.sum differs from mac", i)
		}
		mk.sum(&viaKey, &v, nil, nil)
		if want := hmacRef(key[:], v[:]); !bytes.Equal(viaKey[:], want) {
			t.Fatalf("case %d: macKey.sum of V alone differs from crypto/hmac", i)
		}
		var sk stdKey // crypto/sha256's form, used without SHA-NI
		sk.set(&key)
		sk.sum(&viaKey, &v, sep, seed)
		if !bytes.Equal(viaKey[:], out[:]) {
			t.Fatalf("case %d: stdKey.sum differs from mac", i)
		}
		v3 := v
		mk.sum(&v3, &v3, sep, seed)
		if v3 != out {
			t.Fatalf("case %d: macKey.sum with out aliasing v differs", i)
		}
		// Aliasing: out may be the key or v.
		k2, v2 := key, v
		mac(&k2, &k2, &v, sep, seed)
		mac(&v2, &key, &v2, sep, seed)
		if k2 != out || v2 != out {
			t.Fatalf("case %d: aliased mac differs", i)
		}
	}
}

// drbgRef is a transcription of RFC 6979 section 3.2 over crypto/hmac,
// returning count successive 32-byte outputs (each after the first preceded
// by the step h.3 update).
func drbgRef(seed []byte, count int) [][]byte {
	v := bytes.Repeat([]byte{1}, 32)
	k := make([]byte, 32)
	k = hmacRef(k, v, []byte{0}, seed)
	v = hmacRef(k, v)
	k = hmacRef(k, v, []byte{1}, seed)
	v = hmacRef(k, v)
	var outs [][]byte
	for i := range count {
		if i > 0 {
			k = hmacRef(k, v, []byte{0})
			v = hmacRef(k, v)
		}
		v = hmacRef(k, v)
		outs = append(outs, v)
	}
	return outs
}

func TestDRBGMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for n := 0; n <= MaxSeedLen; n++ {
		seed := make([]byte, n)
		rng.Read(seed)
		want := drbgRef(seed, 4)
		var g DRBG
		g.Init(seed)
		for i, w := range want {
			var out [32]byte
			g.Generate32(&out)
			if !bytes.Equal(out[:], w) {
				t.Fatalf("seed length %d: output %d differs", n, i)
			}
		}
	}
}

// TestGenerateLong checks a multi-block Generate (libsecp256k1's outlen >
// 32): V is iterated within one call, and the update happens once per call.
func TestGenerateLong(t *testing.T) {
	seed := []byte("seed for a long output")
	var g DRBG
	g.Init(seed)
	out := make([]byte, 70)
	g.Generate(out)
	// Reference: within one call V is iterated three times.
	v := bytes.Repeat([]byte{1}, 32)
	k := make([]byte, 32)
	k = hmacRef(k, v, []byte{0}, seed)
	v = hmacRef(k, v)
	k = hmacRef(k, v, []byte{1}, seed)
	v = hmacRef(k, v)
	var want []byte
	for range 3 {
		v = hmacRef(k, v)
		want = append(want, v...)
	}
	if !bytes.Equal(out, want[:70]) {
		t.Fatalf("long output differs")
	}
	// The next call starts with the retry update.
	k = hmacRef(k, v, []byte{0})
	v = hmacRef(k, v)
	v = hmacRef(k, v)
	var next [32]byte
	g.Generate32(&next)
	if !bytes.Equal(next[:], v) {
		t.Fatalf("output after a long call differs")
	}
}

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRFC6979P256 checks the generator against RFC 6979's published
// deterministic nonces for P-256 with SHA-256 (appendix A.2.5). The DRBG
// does not depend on the curve: for a 256-bit order q the seed is
// int2octets(x) ‖ bits2octets(h1) and, when the first candidate is below
// q, it is k. Both hashes here are below q, so bits2octets(h1) = h1.
func TestRFC6979P256(t *testing.T) {
	q, _ := new(big.Int).SetString("FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551", 16)
	x := mustHex(t, "C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721")
	for _, tc := range []struct{ msg, k string }{
		{"sample", "A6E3C57DD01ABE90086538398355DD4C3B17AA873382B0F24D6129493D8AAD60"},
		{"test", "D16B6AE827F17175E040871A1C7EC3500192C4C92677336EC2537ACAEE0008E0"},
	} {
		h := sha256.Sum256([]byte(tc.msg))
		if new(big.Int).SetBytes(h[:]).Cmp(q) >= 0 {
			t.Fatalf("%q: hash not below q; the test needs bits2octets", tc.msg)
		}
		seed := append(append([]byte{}, x...), h[:]...)
		var g DRBG
		g.Init(seed)
		var k [32]byte
		g.Generate32(&k)
		if want := mustHex(t, tc.k); !bytes.Equal(k[:], want) {
			t.Errorf("RFC 6979 A.2.5 P-256/SHA-256 %q: k = %X, want %X", tc.msg, k, want)
		}
	}
}

// TestInitNonceLayout checks InitNonce's seed against libsecp256k1's
// nonce_function_rfc6979 layout, including the reduction of the message
// modulo n and the optional fields.
func TestInitNonceLayout(t *testing.T) {
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	rng := rand.New(rand.NewSource(3))
	for i := range 64 {
		var key, msg, data [32]byte
		var algo [16]byte
		rng.Read(key[:])
		rng.Read(msg[:])
		rng.Read(data[:])
		rng.Read(algo[:])
		if i%4 == 0 { // a message ≥ n
			for j := range 16 {
				msg[j] = 0xff
			}
		}
		m := new(big.Int).SetBytes(msg[:])
		m.Mod(m, n)
		var mm [32]byte
		m.FillBytes(mm[:])
		seed := append(append([]byte{}, key[:]...), mm[:]...)
		var dp *[32]byte
		var ap *[16]byte
		if i&1 != 0 {
			dp = &data
			seed = append(seed, data[:]...)
		}
		if i&2 != 0 {
			ap = &algo
			seed = append(seed, algo[:]...)
		}
		want := drbgRef(seed, 3)
		var g DRBG
		g.InitNonce(&key, &msg, dp, ap)
		for j, w := range want {
			var out [32]byte
			g.Generate32(&out)
			if !bytes.Equal(out[:], w) {
				t.Fatalf("case %d: nonce %d differs", i, j)
			}
		}
	}
}

// TestSecp256k1Nonce checks InitNonce against a published secp256k1 RFC 6979
// nonce (the set shared by Trezor, CoreBitcoin and decred).
func TestSecp256k1Nonce(t *testing.T) {
	var key, msg [32]byte
	key[31] = 1
	msg = sha256.Sum256([]byte("Satoshi Nakamoto"))
	var g DRBG
	g.InitNonce(&key, &msg, nil, nil)
	var k [32]byte
	g.Generate32(&k)
	if hex.EncodeToString(k[:]) != "8f8a276c19f4149656b280621e358cce24f5f52542772691ee69063b74f15d15" {
		t.Fatalf("nonce %x", k)
	}
}

func TestClear(t *testing.T) {
	var g DRBG
	g.Init([]byte("x"))
	var out [32]byte
	g.Generate32(&out)
	g.Clear()
	if g != (DRBG{}) {
		t.Fatal("Clear left state")
	}
}

func TestSeedTooLong(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic for a seed longer than MaxSeedLen")
		}
	}()
	var g DRBG
	g.Init(make([]byte, MaxSeedLen+1))
}

func TestNoAllocs(t *testing.T) {
	var key, msg, data [32]byte
	key[0] = 1
	seed := make([]byte, 96)
	var g DRBG
	var out [32]byte
	long := make([]byte, 100)
	if a := testing.AllocsPerRun(100, func() {
		g.Init(seed)
		g.Generate32(&out)
		g.Generate(long)
		g.InitNonce(&key, &msg, &data, nil)
		g.Generate32(&out)
		g.Clear()
	}); a != 0 {
		t.Fatalf("%v allocations", a)
	}
}

func BenchmarkNonce(b *testing.B) {
	var key, msg [32]byte
	key[31] = 1
	var g DRBG
	var out [32]byte
	b.ReportAllocs()
	for b.Loop() {
		g.InitNonce(&key, &msg, nil, nil)
		g.Generate32(&out)
	}
}

func BenchmarkMAC(b *testing.B) {
	var key, v [32]byte
	b.ReportAllocs()
	for b.Loop() {
		mac(&v, &key, &v, nil, nil)
	}
}
