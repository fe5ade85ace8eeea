package signer_test

import (
	"bytes"
	"testing"

	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/signer"
	"github.com/p256k1/p256k1/signer/signertest"
)

// FuzzVerify: InitPublic and Verify never panic, and agree with
// schnorr.VerifyBytes on any key, message and signature.
func FuzzVerify(f *testing.F) {
	vs, err := signertest.Vectors()
	if err != nil {
		f.Fatal(err)
	}
	for _, v := range vs {
		f.Add(v.Public, v.Message, v.Signature)
	}
	f.Add([]byte{}, []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		var s signer.P256K1Signer
		if err := s.InitPublic(pub); err != nil {
			if schnorr.VerifyBytes(pub, msg, sig) {
				t.Fatalf("InitPublic rejects %x, which verifies", pub)
			}
			return
		}
		if !bytes.Equal(s.Public(), pub) {
			t.Fatalf("Public() = %x, want %x", s.Public(), pub)
		}
		ok, err := s.Verify(msg, sig)
		if (err != nil) != (len(sig) != 64) || ok != schnorr.VerifyBytes(pub, msg, sig) {
			t.Fatalf("Verify = %v, %v; VerifyBytes = %v", ok, err, !ok)
		}
	})
}

// FuzzECDH: ECDH and ECDHX accept exactly the keys ParsePeerKey accepts,
// never panic, and return 32 bytes.
func FuzzECDH(f *testing.F) {
	var peer signer.P256K1Signer
	_ = peer.InitSecret(signertest.Key(2))
	f.Add(peer.Public())
	f.Add(append([]byte{3}, peer.Public()...))
	f.Add([]byte{4})
	f.Fuzz(func(t *testing.T, pub []byte) {
		var s signer.P256K1Signer
		_ = s.InitSecret(signertest.Key(1))
		_, perr := signer.ParsePeerKey(pub)
		for _, fn := range []func([]byte) ([]byte, error){s.ECDH, s.ECDHX} {
			out, err := fn(pub)
			if (err == nil) != (perr == nil) || (err == nil && len(out) != 32) {
				t.Fatalf("ECDH(%x) = %x, %v; ParsePeerKey: %v", pub, out, err, perr)
			}
		}
	})
}
