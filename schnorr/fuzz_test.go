package schnorr

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/p256k1/p256k1"
)

// FuzzVerify feeds arbitrary bytes to the verifiers (which must not panic,
// and must agree with each other), and signs with a key derived from the
// input: the signature must verify, and must stop verifying with any one
// bit flipped, or under a changed message.
func FuzzVerify(f *testing.F) {
	for _, v := range loadVectors(f) {
		f.Add(v.pk, v.msg, v.sig, v.sk, uint16(0))
	}
	f.Add([]byte{}, []byte{}, []byte{}, []byte{}, uint16(511))
	f.Add(make([]byte, 32), make([]byte, 32), make([]byte, 64), []byte{1}, uint16(300))
	f.Fuzz(func(t *testing.T, pub, msg, sig, seed []byte, flip uint16) {
		// Arbitrary input: no panic, and the two APIs agree.
		got := VerifyBytes(pub, msg, sig)
		if len(sig) == 64 {
			if xo, err := p256k1.ParseXOnlyPublicKey(pub); err == nil {
				if Verify(&xo, msg, (*[64]byte)(sig)) != got {
					t.Fatalf("Verify and VerifyBytes disagree on %x %x %x", pub, msg, sig)
				}
			} else if got {
				t.Fatalf("VerifyBytes accepts the invalid key %x", pub)
			}
		}
		if got && !refVerify(pub, msg, sig) {
			t.Fatalf("accepted, the model rejects: %x %x %x", pub, msg, sig)
		}

		// A signature by a key derived from seed.
		kb := sha256.Sum256(seed)
		k, err := p256k1.NewPrivateKey(kb[:])
		if err != nil {
			return
		}
		aux := sha256.Sum256(append([]byte("aux"), seed...))
		s, err := Sign(&k, msg, &aux)
		if err != nil {
			t.Fatal(err)
		}
		pk := k.PublicKey()
		xo, _ := pk.XOnly()
		xb := xo.Bytes()
		if !Verify(&xo, msg, &s) || !VerifyBytes(xb[:], msg, s[:]) {
			t.Fatalf("key %x, message %x: signature %x does not verify", kb, msg, s)
		}
		bit := int(flip) % 512
		bad := s
		bad[bit/8] ^= 1 << (bit % 8)
		if Verify(&xo, msg, &bad) {
			t.Fatalf("key %x, message %x: signature with bit %d flipped verifies", kb, msg, bit)
		}
		m2 := append(msg, byte(flip))
		if Verify(&xo, m2, &s) {
			t.Fatalf("key %x: signature of %s verifies for a longer message", kb, hex.EncodeToString(msg))
		}
	})
}
