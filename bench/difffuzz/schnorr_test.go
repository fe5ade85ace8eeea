//go:build cgo && libsecp080

package difffuzz

import (
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/schnorr"
)

// FuzzSchnorrSign: BIP-340 signing of a message of any length with the same
// 32-byte key and aux: schnorr.Sign and SignKeypair against
// schnorrsig_sign_custom (keypair_create), byte for byte; each side verifies
// the signature. An empty aux is aux_rand32 = NULL for libsecp256k1 and the
// all-zero aux for p256k1, documented to be the same signature; other aux
// lengths are skipped. Invalid keys must be rejected by both.
func FuzzSchnorrSign(f *testing.F) {
	f.Fuzz(func(t *testing.T, sec, msg, aux []byte) {
		if len(aux) != 0 && len(aux) != 32 {
			return
		}
		il := illegalCount()
		defer checkIllegal(t, il)
		var a [32]byte
		var caux []byte
		if len(aux) == 32 {
			copy(a[:], aux)
			caux = aux
		}
		k, ok := checkKey(t, sec)
		if !ok {
			if len(sec) == 32 {
				if _, r := cSchnorrSign(sec, msg, caux); r != -1 {
					t.Fatalf("keypair_create accepted the invalid key %x", sec)
				}
			}
			if _, err := schnorr.NewKeypair(&k); err == nil {
				t.Fatal("NewKeypair accepted the zero key")
			}
			return
		}
		cs, r := cSchnorrSign(sec, msg, caux)
		if r != 1 {
			t.Fatalf("schnorrsig_sign_custom(%x, %x, %x) failed: %d", sec, msg, aux, r)
		}
		gs, err := schnorr.Sign(&k, msg, &a)
		if err != nil || gs != cs {
			t.Fatalf("schnorr sign(key %x, msg %x, aux %x): p256k1 %x (err %v), libsecp256k1 %x", sec, msg, aux, gs, err, cs)
		}
		kp, err := schnorr.NewKeypair(&k)
		if err != nil {
			t.Fatal(err)
		}
		gk, err := schnorr.SignKeypair(&kp, msg, &a)
		if err != nil || gk != cs {
			t.Fatalf("SignKeypair(key %x, msg %x, aux %x): p256k1 %x (err %v), libsecp256k1 %x", sec, msg, aux, gk, err, cs)
		}
		x := kp.XOnlyPublicKey()
		xb := x.Bytes()
		if !schnorr.Verify(&x, msg, &gs) {
			t.Fatalf("p256k1 does not verify its signature %x", gs)
		}
		if v := cSchnorrVerify(cs[:], msg, xb[:]); v != 1 {
			t.Fatalf("libsecp256k1 does not verify the signature %x: %d", cs, v)
		}
	})
}

// FuzzSchnorrVerify: a key derived from sec signs msg (any length) with aux
// (32 bytes, else NULL); ops (see mutate) change sig ‖ x-only key ‖ message
// at fuzz-chosen positions; flags bit 0 appends flags>>1 to the message and
// bit 1 drops its last byte (after signing, so the length changes too).
// schnorr.Verify and VerifyBytes against schnorrsig_verify (with msglen),
// ParseXOnlyPublicKey against xonly_pubkey_parse.
func FuzzSchnorrVerify(f *testing.F) {
	f.Fuzz(func(t *testing.T, sec, msg, aux []byte, flags byte, ops []byte) {
		il := illegalCount()
		defer checkIllegal(t, il)
		key := deriveKey(sec)
		if len(aux) != 32 {
			aux = nil
		}
		sig, r := cSchnorrSign(key, msg, aux)
		if r != 1 {
			t.Fatalf("schnorrsig_sign_custom failed: %d", r)
		}
		k := mustKey(t, key)
		pub := k.PublicKey()
		x, _ := pub.XOnly()
		xb := x.Bytes()
		buf := append(append(append([]byte{}, sig[:]...), xb[:]...), msg...)
		mutate(buf, ops)
		sb, kb, mb := buf[:64], buf[64:96], buf[96:]
		if flags&1 != 0 {
			mb = append(mb, flags>>1)
		}
		if flags&2 != 0 && len(mb) > 0 {
			mb = mb[:len(mb)-1]
		}
		cres := cSchnorrVerify(sb, mb, kb)
		gx, perr := p256k1.ParseXOnlyPublicKey(kb)
		if (perr == nil) != (cres != -1) {
			t.Fatalf("x-only key %x: p256k1 err=%v, libsecp256k1 %d", kb, perr, cres)
		}
		gb := schnorr.VerifyBytes(kb, mb, sb)
		if perr != nil {
			if gb {
				t.Fatalf("VerifyBytes accepted an invalid key %x", kb)
			}
			return
		}
		gv := schnorr.Verify(&gx, mb, (*[64]byte)(sb))
		if gv != (cres == 1) || gb != gv {
			t.Fatalf("schnorr verify(key %x, msg %x, sig %x): p256k1 Verify %v VerifyBytes %v, libsecp256k1 %d", kb, mb, sb, gv, gb, cres)
		}
	})
}
