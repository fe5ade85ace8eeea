package schnorr

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/p256k1/p256k1"
)

// TestZeroNonce drives the zero-nonce path (hash_BIP0340/nonce ≡ 0 mod n,
// probability 2^−255, so never reached by real inputs) through signKeypair's
// nonce override: SignKeypair's ErrZeroNonce and an all-zero signature,
// with a fixed aux and with fresh randomness. Nonces 1 and n + 1 check that
// the override path signs correctly otherwise (R = G).
func TestZeroNonce(t *testing.T) {
	kb := sha256.Sum256([]byte("zero nonce"))
	k, _ := p256k1.NewPrivateKey(kb[:])
	kp, _ := NewKeypair(&k)
	x := kp.XOnlyPublicKey()
	msg := []byte("message")
	aux := [32]byte{7}
	nHex := "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
	var zero, n, one, n1 [32]byte
	hex.Decode(n[:], []byte(nHex))
	one[31] = 1
	n1 = n
	n1[31]++ // n + 1 (n ends in 0x41)
	for name, nonce := range map[string]*[32]byte{"0": &zero, "n": &n} {
		for _, a := range []*[32]byte{&aux, nil} {
			sig, err := signKeypair(&kp, msg, a, nonce)
			if !errors.Is(err, ErrZeroNonce) || sig != [64]byte{} {
				t.Errorf("nonce %s (aux %v): %x, %v", name, a != nil, sig, err)
			}
		}
	}
	gx, _ := hex.DecodeString("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	for name, nonce := range map[string]*[32]byte{"1": &one, "n+1": &n1} {
		sig, err := signKeypair(&kp, msg, &aux, nonce)
		if err != nil || !bytes.Equal(sig[:32], gx) || !Verify(&x, msg, &sig) {
			t.Errorf("nonce %s: %x, %v", name, sig, err)
		}
	}
	// nil is the real path: the same signature as SignKeypair.
	s1, _ := signKeypair(&kp, msg, &aux, nil)
	s2, _ := SignKeypair(&kp, msg, &aux)
	if s1 != s2 {
		t.Error("signKeypair(nil nonce) differs from SignKeypair")
	}
}
