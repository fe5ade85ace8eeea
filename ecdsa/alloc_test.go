package ecdsa

import (
	"testing"

	"github.com/p256k1/p256k1"
)

func TestNoAllocs(t *testing.T) {
	key, _ := p256k1.NewPrivateKey(mustHex(t, "cca9fbcc1b41e5a95d369eaa6ddcff73b61a4efaa279cfc6567e8daa39cbaf50"))
	pub := key.PublicKey()
	hash := [32]byte{1}
	extra := [32]byte{2}
	sig, _ := Sign(&key, &hash)
	rs, _ := SignRecoverable(&key, &hash)
	var buf [MaxDERSize]byte
	der := append([]byte{}, sig.SerializeDER(&buf)...)
	c := sig.SerializeCompact()
	dst := make([]byte, 0, MaxDERSize)
	for _, f := range []struct {
		name string
		fn   func()
	}{
		{"Sign", func() { sig, _ = Sign(&key, &hash) }},
		{"SignWithEntropy", func() { sig, _ = SignWithEntropy(&key, &hash, &extra) }},
		{"SignRecoverable", func() { rs, _ = SignRecoverable(&key, &hash) }},
		{"Verify", func() {
			if !Verify(&pub, &hash, &sig) {
				panic("verify")
			}
		}},
		{"VerifyDER", func() {
			if !VerifyDER(&pub, &hash, der) {
				panic("verify")
			}
		}},
		{"SerializeDER", func() { _ = sig.SerializeDER(&buf) }},
		{"AppendDER", func() { dst = sig.AppendDER(dst[:0]) }},
		{"ParseDER", func() { sig, _ = ParseDER(der) }},
		{"ParseDERLax", func() { sig, _ = ParseDERLax(der) }},
		{"ParseCompact", func() { sig, _ = ParseCompact(&c) }},
		{"SerializeCompact", func() { c = sig.SerializeCompact() }},
		{"NormalizeS", func() { sig.NormalizeS() }},
		{"RecoverPublicKey", func() {
			if _, err := RecoverPublicKey(&hash, &rs); err != nil {
				panic(err)
			}
		}},
		{"ParseBitcoinCompact", func() {
			b := rs.SerializeBitcoinCompact(true)
			rs, _, _ = ParseBitcoinCompact(&b)
		}},
	} {
		if a := testing.AllocsPerRun(20, f.fn); a != 0 {
			t.Errorf("%s: %v allocations", f.name, a)
		}
	}
}
