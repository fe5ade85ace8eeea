package signer_test

import (
	"testing"

	"github.com/p256k1/p256k1/internal/race"
	"github.com/p256k1/p256k1/signer"
	"github.com/p256k1/p256k1/signer/signertest"
)

func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	var s signer.P256K1Signer
	if err := s.InitSecret(signertest.Key(1)); err != nil {
		t.Fatal(err)
	}
	var peer signer.P256K1Signer
	_ = peer.InitSecret(signertest.Key(2))
	msg := []byte("a Nostr event id, or any message")
	aux := &[32]byte{1}
	sig, _ := s.SignAux(msg, aux)
	pub := peer.Public()
	for _, c := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"Verify", 0, func() { _, _ = s.Verify(msg, sig) }},
		{"SignAux", 1, func() { _, _ = s.SignAux(msg, aux) }},
		{"ECDH", 1, func() { _, _ = s.ECDH(pub) }},
		{"ECDHX", 1, func() { _, _ = s.ECDHX(pub) }},
	} {
		if n := testing.AllocsPerRun(20, c.f); n > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.name, n, c.max)
		}
	}
	if !race.Enabled { // with -race, crypto/rand's buffer escapes
		if n := testing.AllocsPerRun(20, func() { _, _ = s.Sign(msg) }); n > 1 {
			t.Errorf("Sign: %v allocations, want at most 1", n)
		}
	}
}
