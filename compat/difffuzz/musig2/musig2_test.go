// Package musig2 holds the differential target of p256k1's musig2 package
// (SigningSession, KeyAgg, NonceGen, NonceAgg) against btcec v2.3.5's
// schnorr/musig2.
package musig2

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	bmusig2 "github.com/btcsuite/btcd/btcec/v2/schnorr/musig2"
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/compat/difffuzz/internal/edge"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
)

// FuzzMusig2Session: a 3-of-3 session in which signers 0 and 2 are
// p256k1 SigningSessions and signer 1 a btcec Context and Session, all
// with deterministic nonces (rand' = SHA-256(seed ‖ i)). The secret keys
// are SHA-256(seed ‖ "key" ‖ i), or signer 0's key repeated for signer 2
// when dup is set. mode 0: no tweak, 1: BIP-86, 2: Taproot with script root
// root. Compared byte for byte: KeyAgg and AggregateKeys (with the tweak),
// the session's aggregate key and btcec's CombinedKey, NonceGen and
// GenNonces on the same inputs, NonceAgg and AggregateNonces, the final
// signature of every session (and both verifiers accept it).
func FuzzMusig2Session(f *testing.F) {
	for i, v := range edge.Values() {
		f.Add(bytes.Clone(v[:]), bytes.Clone(v[:]), uint8(i%3), i%2 == 0, i%5 == 0)
	}
	for _, b := range edge.AllLengths() {
		f.Add(b, b, uint8(len(b)%3), len(b)%2 == 1, false)
	}
	f.Fuzz(func(t *testing.T, seed, root []byte, mode uint8, sort, dup bool) {
		mode %= 3
		in := fmt.Sprintf("seed=%x root=%x mode=%d sort=%v dup=%v", seed, root, mode, sort, dup)
		h := func(parts ...any) [32]byte { return sha256.Sum256(fmt.Append(seed, parts...)) }
		var sks [3]p256k1.PrivateKey
		var bsks [3]*btcec.PrivateKey
		var pks [3]p256k1.PublicKey
		var bpks []*btcec.PublicKey
		for i := range 3 {
			kb := h("key", i)
			if dup && i == 2 {
				kb = h("key", 0)
			}
			sk, err := p256k1.NewPrivateKey(kb[:])
			if err != nil {
				t.Fatalf("key %d: %v (input %s)", i, err, in) // probability 2^-128
			}
			sks[i] = sk
			bsks[i], _ = btcec.PrivKeyFromBytes(kb[:])
			pks[i] = sk.PublicKey()
			bpks = append(bpks, bsks[i].PubKey())
		}
		var root32 []byte
		if mode == 2 {
			r := sha256.Sum256(root)
			root32 = r[:]
		}
		msg := h("msg")

		// Key aggregation, plain.
		keys := pks[:]
		if sort {
			keys = append([]p256k1.PublicKey(nil), pks[:]...)
			musig2.KeySort(keys)
		}
		kctx, err := musig2.KeyAgg(keys)
		if err != nil {
			t.Fatalf("KeyAgg: %v\ninput: %s", err, in)
		}
		var kopts []bmusig2.KeyAggOption
		switch mode {
		case 1:
			kopts = append(kopts, bmusig2.WithBIP86KeyTweak())
		case 2:
			kopts = append(kopts, bmusig2.WithTaprootKeyTweak(root32))
		}
		bagg, _, _, err := bmusig2.AggregateKeys(append([]*btcec.PublicKey(nil), bpks...), sort, kopts...) // btcec sorts in place
		if err != nil {
			t.Fatalf("btcec AggregateKeys: %v\ninput: %s", err, in)
		}
		pk := kctx.PublicKey()
		if pc := pk.SerializeCompressed(); !bytes.Equal(pc[:], bagg.PreTweakedKey.SerializeCompressed()) {
			t.Fatalf("DIFFERENCE KeyAgg: p256k1 %x, btcec %x\ninput: %s", pc, bagg.PreTweakedKey.SerializeCompressed(), in)
		}
		if mode > 0 {
			if _, err := kctx.ApplyTaprootTweak(root32); err != nil {
				t.Fatalf("ApplyTaprootTweak: %v\ninput: %s", err, in)
			}
		}
		if xb := kctx.XOnlyBytes(); !bytes.Equal(xb[:], bschnorr.SerializePubKey(bagg.FinalKey)) {
			t.Fatalf("DIFFERENCE aggregate key with the tweak: p256k1 %x, btcec %x\ninput: %s", xb, bschnorr.SerializePubKey(bagg.FinalKey), in)
		}

		// Nonce generation on the same inputs.
		rnd := h("nonce", 1)
		aggx := kctx.XOnlyBytes()
		_, pn, err := musig2.NonceGen(&pks[1], &musig2.NonceGenOptions{SecretKey: &sks[1], AggPubKey: &aggx, Msg: msg[:], Rand: &rnd})
		if err != nil {
			t.Fatalf("NonceGen: %v\ninput: %s", err, in)
		}
		bn, err := bmusig2.GenNonces(bmusig2.WithPublicKey(bpks[1]), bmusig2.WithCustomRand(bytes.NewReader(rnd[:])),
			bmusig2.WithNonceSecretKeyAux(bsks[1]), bmusig2.WithNonceCombinedKeyAux(bagg.FinalKey), bmusig2.WithNonceMessageAux(msg))
		if err != nil {
			t.Fatalf("btcec GenNonces: %v\ninput: %s", err, in)
		}
		if pb := pn.Bytes(); pb != bn.PubNonce {
			t.Fatalf("DIFFERENCE NonceGen: p256k1 %x, btcec %x\ninput: %s", pb, bn.PubNonce, in)
		}

		// The session: signers 0 and 2 ours, 1 btcec's (its nonce bn).
		opts := &musig2.SigningSessionOptions{Sort: sort, Taproot: mode > 0, TaprootMerkleRoot: root32}
		var ss [3]*musig2.SigningSession
		for _, i := range []int{0, 2} {
			o := *opts
			r := h("nonce", i)
			o.Rand = &r
			if ss[i], err = musig2.NewSigningSession(&sks[i], pks[:], &o); err != nil {
				t.Fatalf("NewSigningSession %d: %v\ninput: %s", i, err, in)
			}
		}
		bopts := []bmusig2.ContextOption{bmusig2.WithKnownSigners(append([]*btcec.PublicKey(nil), bpks...))}
		switch mode {
		case 1:
			bopts = append(bopts, bmusig2.WithBip86TweakCtx())
		case 2:
			bopts = append(bopts, bmusig2.WithTaprootTweakCtx(root32))
		}
		bctx, err := bmusig2.NewContext(bsks[1], sort, bopts...)
		if err != nil {
			t.Fatalf("btcec NewContext: %v\ninput: %s", err, in)
		}
		bs, err := bctx.NewSession(bmusig2.WithPreGeneratedNonce(bn))
		if err != nil {
			t.Fatalf("btcec NewSession: %v\ninput: %s", err, in)
		}
		bck, _ := bctx.CombinedKey()
		a := ss[0].AggregateKey()
		if ab := a.Bytes(); !bytes.Equal(ab[:], bschnorr.SerializePubKey(bck)) {
			t.Fatalf("DIFFERENCE SigningSession.AggregateKey: p256k1 %x, btcec CombinedKey %x\ninput: %s", ab, bschnorr.SerializePubKey(bck), in)
		}
		bpn, err := musig2.ParsePubNonce(bn.PubNonce[:])
		if err != nil {
			t.Fatalf("DIFFERENCE ParsePubNonce of btcec's nonce: %v\ninput: %s", err, in)
		}
		nonces := []musig2.PubNonce{ss[0].PublicNonce(), bpn, ss[2].PublicNonce()}
		for _, i := range []int{0, 2} {
			for j := range 3 {
				if j != i {
					if _, err := ss[i].AddNonce(&pks[j], &nonces[j]); err != nil {
						t.Fatalf("AddNonce %d to %d: %v\ninput: %s", j, i, err, in)
					}
				}
			}
		}
		for _, j := range []int{0, 2} {
			if _, err := bs.RegisterPubNonce(nonces[j].Bytes()); err != nil {
				t.Fatalf("btcec RegisterPubNonce %d: %v\ninput: %s", j, err, in)
			}
		}
		an, err := musig2.NonceAgg(nonces)
		if err != nil {
			t.Fatalf("NonceAgg: %v\ninput: %s", err, in)
		}
		ban, err := bmusig2.AggregateNonces([][66]byte{nonces[0].Bytes(), nonces[1].Bytes(), nonces[2].Bytes()})
		if err != nil {
			t.Fatalf("btcec AggregateNonces: %v\ninput: %s", err, in)
		}
		if ab := an.Bytes(); ab != ban {
			t.Fatalf("DIFFERENCE NonceAgg: p256k1 %x, btcec %x\ninput: %s", ab, ban, in)
		}

		// Partial signatures, exchanged.
		var ps [3]musig2.PartialSig
		for _, i := range []int{0, 2} {
			if ps[i], err = ss[i].Sign(msg[:]); err != nil {
				t.Fatalf("Sign %d: %v\ninput: %s", i, err, in)
			}
		}
		bp, err := bs.Sign(msg)
		if err != nil {
			t.Fatalf("btcec Sign: %v\ninput: %s", err, in)
		}
		var buf bytes.Buffer
		if err := bp.Encode(&buf); err != nil {
			t.Fatal(err)
		}
		if ps[1], err = musig2.ParsePartialSig(buf.Bytes()); err != nil {
			t.Fatalf("DIFFERENCE ParsePartialSig of btcec's: %v\ninput: %s", err, in)
		}
		for _, i := range []int{0, 2} {
			for j := range 3 {
				if j != i {
					if _, err := ss[i].AddPartialSig(&pks[j], &ps[j]); err != nil {
						t.Fatalf("DIFFERENCE AddPartialSig %d to %d refused: %v\ninput: %s", j, i, err, in)
					}
				}
			}
		}
		for _, j := range []int{0, 2} {
			pb := ps[j].Bytes()
			var b bmusig2.PartialSignature
			if err := b.Decode(bytes.NewReader(pb[:])); err != nil {
				t.Fatalf("btcec Decode: %v\ninput: %s", err, in)
			}
			if _, err := bs.CombineSig(&b); err != nil {
				t.Fatalf("DIFFERENCE btcec refuses p256k1's partial signature %d: %v\ninput: %s", j, err, in)
			}
		}
		s0, err := ss[0].FinalSig()
		if err != nil {
			t.Fatalf("FinalSig: %v\ninput: %s", err, in)
		}
		s2, _ := ss[2].FinalSig()
		bsig := bs.FinalSig()
		if bsig == nil || !bytes.Equal(bsig.Serialize(), s0[:]) || s0 != s2 {
			t.Fatalf("DIFFERENCE final signatures: p256k1 %x and %x, btcec %x\ninput: %s", s0, s2, bsig.Serialize(), in)
		}
		agg := ss[0].AggregateKey()
		if !schnorr.Verify(&agg, msg[:], &s0) || !bsig.Verify(msg[:], bck) {
			t.Fatalf("DIFFERENCE the final signature does not verify\ninput: %s", in)
		}
	})
}
