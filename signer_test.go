package p256k1_test

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
)

var _ crypto.Signer = (*p256k1.PrivateKey)(nil)

// Rows of shared/vectors/rfc6979/secp256k1_sha256.csv (key, message, DER).
var signerVectors = []struct{ key, msg, der string }{
	{"cca9fbcc1b41e5a95d369eaa6ddcff73b61a4efaa279cfc6567e8daa39cbaf50", "sample",
		"3045022100af340daf02cc15c8d5d08d7735dfe6b98a474ed373bdb5fbecf7571be52b384202205009fb27f37034a9b24b707b7c6b79ca23ddef9e25f7282e8a797efe53a8f124"},
	{"0000000000000000000000000000000000000000000000000000000000000001", "Satoshi Nakamoto",
		"3045022100934b1ea10a4b3c1757e2b0c017d0b6143ce3c9a7e6a4a49860d7a6ab210ee3d802202442ce9d2b916064108014783e923ec36b49743e2ffa1c4496f01a512aafd9e5"},
	{"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140", "Satoshi Nakamoto",
		"3045022100fd567d121db66e382991534ada77a6bd3106f0a1098c231e47993447cd6af2d002206b39cd0eb1bc8603e159ef5c20a5c8ad685a45b06ce9bebed3f153d10d93bed5"},
	{"f8b8af8ce3c7cca5e300d33939540c10d45ce001b8f252bfbc57ba0342904181", "Alan Turing",
		"304402207063ae83e7f62bbb171798131b4a0564b956930092b33b07b395615d9ec7e15c022058dfcc1e00a35e1572f366ffe34ba0fc47db1e7189759b9fb233c5b05ab388ea"},
}

func mustKey(t *testing.T, s string) p256k1.PrivateKey {
	t.Helper()
	b, _ := hex.DecodeString(s)
	k, err := p256k1.NewPrivateKey(b)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestSignerVectors(t *testing.T) {
	for i, v := range signerVectors {
		key := mustKey(t, v.key)
		digest := sha256.Sum256([]byte(v.msg))
		var signer crypto.Signer = &key
		for _, opts := range []crypto.SignerOpts{nil, crypto.SHA256, crypto.Hash(0)} {
			der, err := signer.Sign(nil, digest[:], opts)
			if err != nil {
				t.Fatalf("vector %d: %v", i, err)
			}
			if hex.EncodeToString(der) != v.der {
				t.Fatalf("vector %d: DER %x", i, der)
			}
		}
		pub, ok := signer.Public().(*p256k1.PublicKey)
		der, _ := signer.Sign(nil, digest[:], crypto.SHA256)
		if !ok || !ecdsa.VerifyDER(pub, &digest, der) {
			t.Fatalf("vector %d: does not verify", i)
		}
	}
}

// countingReader yields 0, 1, 2, … and counts the bytes read.
type countingReader struct{ n int }

func (r *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r.n)
		r.n++
	}
	return len(p), nil
}

func TestSignerEntropy(t *testing.T) {
	key := mustKey(t, signerVectors[0].key)
	pub := key.PublicKey()
	digest := sha256.Sum256([]byte("sample"))
	rd := &countingReader{}
	der, err := key.Sign(rd, digest[:], crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	if rd.n != 32 {
		t.Fatalf("read %d bytes of entropy, want 32", rd.n)
	}
	var extra [32]byte
	for i := range extra {
		extra[i] = byte(i)
	}
	want, _ := ecdsa.SignWithEntropy(&key, &digest, &extra)
	if !bytes.Equal(der, want.AppendDER(nil)) {
		t.Fatal("Sign with rand differs from ecdsa.SignWithEntropy")
	}
	if hex.EncodeToString(der) == signerVectors[0].der {
		t.Fatal("entropy was not used")
	}
	if !ecdsa.VerifyDER(&pub, &digest, der) {
		t.Fatal("does not verify")
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }

func TestSignerErrors(t *testing.T) {
	key := mustKey(t, signerVectors[0].key)
	d32 := make([]byte, 32)
	cases := []struct {
		name   string
		key    *p256k1.PrivateKey
		rand   io.Reader
		digest []byte
		opts   crypto.SignerOpts
		want   error
	}{
		{"short digest", &key, nil, make([]byte, 31), nil, p256k1.ErrInvalidDigest},
		{"long digest", &key, nil, make([]byte, 64), crypto.SHA512, p256k1.ErrInvalidDigest},
		{"empty digest", &key, nil, nil, nil, p256k1.ErrInvalidDigest},
		{"SHA-512 opts", &key, nil, d32, crypto.SHA512, p256k1.ErrInvalidDigest},
		{"SHA-1 opts", &key, nil, d32, crypto.SHA1, p256k1.ErrInvalidDigest},
		{"zero key", &p256k1.PrivateKey{}, nil, d32, nil, p256k1.ErrInvalidPrivateKey},
		{"rand fails", &key, errReader{}, d32, nil, io.ErrUnexpectedEOF},
	}
	for _, c := range cases {
		sig, err := c.key.Sign(c.rand, c.digest, c.opts)
		if !errors.Is(err, c.want) || sig != nil {
			t.Errorf("%s: err %v, want %v", c.name, err, c.want)
		}
	}
	// 32-byte hashes other than SHA-256, and hash values crypto does not
	// know, are accepted.
	for _, h := range []crypto.Hash{crypto.SHA3_256, crypto.BLAKE2s_256, crypto.SHA512_256, crypto.Hash(200)} {
		if _, err := key.Sign(nil, d32, h); err != nil {
			t.Errorf("opts %v: %v", h, err)
		}
	}
}

func TestSignerAllocs(t *testing.T) {
	key := mustKey(t, signerVectors[0].key)
	digest := make([]byte, 32)
	if a := testing.AllocsPerRun(20, func() {
		if _, err := key.Sign(nil, digest, crypto.SHA256); err != nil {
			panic(err)
		}
	}); a > 1 {
		t.Errorf("Sign(nil rand): %v allocations, want 1 (the result)", a)
	}
}

// A PrivateKey is a crypto.Signer: Sign returns a DER-encoded, low-S ECDSA
// signature of a 32-byte digest, deterministic (RFC 6979) when rand is nil.
func ExamplePrivateKey_Sign() {
	b, _ := hex.DecodeString("cca9fbcc1b41e5a95d369eaa6ddcff73b61a4efaa279cfc6567e8daa39cbaf50")
	key, _ := p256k1.NewPrivateKey(b)
	var signer crypto.Signer = &key

	digest := sha256.Sum256([]byte("sample"))
	der, err := signer.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", der)

	pub := signer.Public().(*p256k1.PublicKey)
	fmt.Println("valid:", ecdsa.VerifyDER(pub, &digest, der))
	// Output:
	// 3045022100af340daf02cc15c8d5d08d7735dfe6b98a474ed373bdb5fbecf7571be52b384202205009fb27f37034a9b24b707b7c6b79ca23ddef9e25f7282e8a797efe53a8f124
	// valid: true
}
