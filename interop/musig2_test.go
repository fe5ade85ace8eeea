package interop

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	bmusig2 "github.com/btcsuite/btcd/btcec/v2/schnorr/musig2"
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
)

// MuSig2 sessions mixing p256k1/musig2 signers (even indices) with
// btcec/v2/schnorr/musig2 signers (odd indices): both libraries compute the
// same aggregate key (with plain and x-only tweaks), accept each other's
// public nonces and aggregate them to the same bytes, verify each other's
// partial signatures, and combine them into the same BIP-340 signature,
// which both verifiers accept.

type musigSigner struct {
	sk  p256k1.PrivateKey
	pk  p256k1.PublicKey
	bsk *btcec.PrivateKey
	bpk *btcec.PublicKey
}

func musigSigners(t testing.TB, r interface{ Uint64() uint64 }, n int) []musigSigner {
	s := make([]musigSigner, n)
	for i := range s {
		for {
			var kb [32]byte
			for j := 0; j < 32; j += 8 {
				v := r.Uint64()
				for b := 0; b < 8; b++ {
					kb[j+b] = byte(v >> (8 * b))
				}
			}
			k, err := p256k1.NewPrivateKey(kb[:])
			if err != nil {
				continue
			}
			s[i].sk, s[i].pk = k, k.PublicKey()
			s[i].bsk, s[i].bpk = btcec.PrivKeyFromBytes(kb[:])
			break
		}
	}
	return s
}

func TestMusig2Interop(t *testing.T) {
	r := newRand("musig2")
	rounds := 30
	if testing.Short() {
		rounds = 8
	}
	for round := range rounds {
		n := 2 + round%4
		signers := musigSigners(t, r, n)
		// The key order both libraries aggregate: p256k1's KeySort.
		pks := make([]p256k1.PublicKey, n)
		for i := range signers {
			pks[i] = signers[i].pk
		}
		musig2.KeySort(pks)
		order := make([]musigSigner, n)
		for i := range pks {
			for _, s := range signers {
				if s.pk.Equal(&pks[i]) {
					order[i] = s
				}
			}
		}
		signers = order
		bpks := make([]*btcec.PublicKey, n)
		for i := range signers {
			bpks[i] = signers[i].bpk
		}

		// Tweaks: none, one plain, plain then x-only, x-only then plain.
		var tweaks []bmusig2.KeyTweakDesc
		switch (round + round/4) % 4 {
		case 1:
			tweaks = []bmusig2.KeyTweakDesc{{Tweak: rand32(r)}}
		case 2:
			tweaks = []bmusig2.KeyTweakDesc{{Tweak: rand32(r)}, {Tweak: rand32(r), IsXOnly: true}}
		case 3:
			tweaks = []bmusig2.KeyTweakDesc{{Tweak: rand32(r), IsXOnly: true}, {Tweak: rand32(r)}}
		}
		ctx, err := musig2.KeyAgg(pks)
		if err != nil {
			t.Fatal(err)
		}
		for _, tw := range tweaks {
			if err := ctx.ApplyTweak(&tw.Tweak, tw.IsXOnly); err != nil {
				t.Fatal(err)
			}
		}
		bagg, _, _, err := bmusig2.AggregateKeys(bpks, false, bmusig2.WithKeyTweaks(tweaks...))
		if err != nil {
			t.Fatal(err)
		}
		ours := ctx.PublicKey()
		if ob := ours.SerializeCompressed(); !bytes.Equal(ob[:], bagg.FinalKey.SerializeCompressed()) {
			t.Fatalf("round %d: aggregate keys differ", round)
		}

		msg := sha256.Sum256([]byte(fmt.Sprint("musig2 interop ", round)))
		// Nonces.
		sns := make([]*musig2.SecretNonce, n)
		bns := make([]*bmusig2.Nonces, n)
		pns := make([]musig2.PubNonce, n)
		bpns := make([][66]byte, n)
		for i := range signers {
			if i%2 == 0 {
				aggx := ctx.XOnlyBytes()
				sns[i], pns[i], err = musig2.NonceGen(&signers[i].pk, &musig2.NonceGenOptions{SecretKey: &signers[i].sk, AggPubKey: &aggx, Msg: msg[:]})
				if err != nil {
					t.Fatal(err)
				}
				bpns[i] = pns[i].Bytes()
			} else {
				bns[i], err = bmusig2.GenNonces(bmusig2.WithPublicKey(signers[i].bpk), bmusig2.WithNonceSecretKeyAux(signers[i].bsk))
				if err != nil {
					t.Fatal(err)
				}
				bpns[i] = bns[i].PubNonce
				if pns[i], err = musig2.ParsePubNonce(bpns[i][:]); err != nil {
					t.Fatalf("btcec's public nonce rejected: %v", err)
				}
			}
		}
		an, err := musig2.NonceAgg(pns)
		if err != nil {
			t.Fatal(err)
		}
		ban, err := bmusig2.AggregateNonces(bpns)
		if err != nil {
			t.Fatal(err)
		}
		if an.Bytes() != ban {
			t.Fatalf("round %d: aggregate nonces differ", round)
		}
		sess, err := musig2.NewSession(&ctx, &an, msg[:])
		if err != nil {
			t.Fatal(err)
		}

		// Partial signatures, each verified by both libraries.
		psigs := make([]musig2.PartialSig, n)
		bpsigs := make([]*bmusig2.PartialSignature, n)
		var finalR *btcec.PublicKey
		for i := 1; i < n; i += 2 { // btcec first: its partial signature carries R
			bpsigs[i], err = bmusig2.Sign(bns[i].SecNonce, signers[i].bsk, ban, bpks, msg, bmusig2.WithTweaks(tweaks...))
			if err != nil {
				t.Fatal(err)
			}
			finalR = bpsigs[i].R
			sb := bpsigs[i].S.Bytes()
			if psigs[i], err = musig2.ParsePartialSig(sb[:]); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < n; i += 2 {
			if psigs[i], err = musig2.Sign(sns[i], &signers[i].sk, &sess); err != nil {
				t.Fatal(err)
			}
			b := psigs[i].Bytes()
			var s btcec.ModNScalar
			s.SetBytes(&b)
			p := bmusig2.NewPartialSignature(&s, finalR)
			bpsigs[i] = &p
		}
		for i := range signers {
			if !musig2.PartialSigVerify(&sess, &psigs[i], &pns[i], &signers[i].pk) {
				t.Fatalf("round %d: p256k1 rejects partial signature %d", round, i)
			}
			if !bpsigs[i].Verify(bpns[i], ban, bpks, signers[i].bpk, msg, bmusig2.WithTweaks(tweaks...)) {
				t.Fatalf("round %d: btcec rejects partial signature %d", round, i)
			}
		}

		// Combined by both, the same signature, valid under both verifiers.
		sig, err := musig2.PartialSigAgg(&sess, psigs)
		if err != nil {
			t.Fatal(err)
		}
		bsig := bmusig2.CombineSigs(finalR, bpsigs, bmusig2.WithTweakedCombine(msg, bpks, tweaks, false))
		if !bytes.Equal(sig[:], bsig.Serialize()) {
			t.Fatalf("round %d: combined signatures differ", round)
		}
		x := ctx.XOnly()
		if !schnorr.Verify(&x, msg[:], &sig) {
			t.Fatalf("round %d: p256k1 rejects the signature", round)
		}
		parsed, err := bschnorr.ParseSignature(sig[:])
		if err != nil || !parsed.Verify(msg[:], bagg.FinalKey) {
			t.Fatalf("round %d: btcec rejects the signature (%v)", round, err)
		}
	}
}

// BenchmarkMusig2 times both libraries' MuSig2 operations in one run: key
// aggregation of 2, 100 and 1,000 keys, nonce generation and aggregation
// (2 signers), partial signing and verification, and combining.
func BenchmarkMusig2(b *testing.B) {
	r := newRand("musig2 bench")
	all := musigSigners(b, r, 1000)
	pks := make([]p256k1.PublicKey, len(all))
	bpks := make([]*btcec.PublicKey, len(all))
	for i := range all {
		pks[i], bpks[i] = all[i].pk, all[i].bpk
	}
	for _, n := range []int{2, 100, 1000} {
		b.Run(fmt.Sprintf("KeyAgg/n=%d/p256k1", n), func(b *testing.B) {
			for b.Loop() {
				musig2.KeyAgg(pks[:n])
			}
		})
		b.Run(fmt.Sprintf("KeyAgg/n=%d/btcec", n), func(b *testing.B) {
			for b.Loop() {
				bmusig2.AggregateKeys(bpks[:n], false)
			}
		})
	}

	signers := all[:2]
	ctx, _ := musig2.KeyAgg(pks[:2])
	aggx := ctx.XOnlyBytes()
	msg := sha256.Sum256([]byte("bench"))
	bagg, _, _, _ := bmusig2.AggregateKeys(bpks[:2], false)
	b.Run("NonceGen/p256k1", func(b *testing.B) {
		for b.Loop() {
			sn, _, _ := musig2.NonceGen(&signers[0].pk, &musig2.NonceGenOptions{SecretKey: &signers[0].sk, AggPubKey: &aggx, Msg: msg[:]})
			sn.Zero()
		}
	})
	b.Run("NonceGen/btcec", func(b *testing.B) {
		for b.Loop() {
			bmusig2.GenNonces(bmusig2.WithPublicKey(signers[0].bpk), bmusig2.WithNonceSecretKeyAux(signers[0].bsk),
				bmusig2.WithNonceCombinedKeyAux(bagg.FinalKey), bmusig2.WithNonceMessageAux(msg))
		}
	})

	// One session's values for the remaining benchmarks.
	sns := make([]*musig2.SecretNonce, 2)
	pns := make([]musig2.PubNonce, 2)
	bns := make([]*bmusig2.Nonces, 2)
	bpns := make([][66]byte, 2)
	// A fixed rand' per signer, so that fresh() makes the same secret nonce
	// again for each iteration (a SecretNonce signs once; a copy shares it).
	var rnd [2][32]byte
	rnd[0][0], rnd[1][0] = 1, 2
	fresh := func(i int) *musig2.SecretNonce {
		sn, _, _ := musig2.NonceGen(&signers[i].pk, &musig2.NonceGenOptions{Rand: &rnd[i]})
		return sn
	}
	for i := range 2 {
		sns[i], pns[i], _ = musig2.NonceGen(&signers[i].pk, &musig2.NonceGenOptions{Rand: &rnd[i]})
		bns[i], _ = bmusig2.GenNonces(bmusig2.WithPublicKey(signers[i].bpk))
		bpns[i] = bns[i].PubNonce
	}
	b.Run("NonceAgg/p256k1", func(b *testing.B) {
		for b.Loop() {
			musig2.NonceAgg(pns)
		}
	})
	b.Run("NonceAgg/btcec", func(b *testing.B) {
		for b.Loop() {
			bmusig2.AggregateNonces(bpns)
		}
	})
	an, _ := musig2.NonceAgg(pns)
	ban, _ := bmusig2.AggregateNonces(bpns)
	sess, _ := musig2.NewSession(&ctx, &an, msg[:])
	// p256k1's Sign takes a Session made once per session (NewSession,
	// timed separately and with SignKeypair together); btcec's Sign derives
	// the session values itself on every call (and verifies its own partial
	// signature unless WithFastSign, which is used here). Sign derives the
	// signer's public key (a k·G); SignKeypair takes it from a Keypair.
	b.Run("NewSession/p256k1", func(b *testing.B) {
		for b.Loop() {
			musig2.NewSession(&ctx, &an, msg[:])
		}
	})
	b.Run("Sign/p256k1", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			tmp := fresh(0) // the same nonce again per iteration: never do this outside a benchmark
			b.StartTimer()
			musig2.Sign(tmp, &signers[0].sk, &sess)
		}
	})
	kp, _ := musig2.NewKeypair(&signers[0].sk)
	b.Run("SignKeypair/p256k1", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			tmp := fresh(0)
			b.StartTimer()
			musig2.SignKeypair(tmp, &kp, &sess)
		}
	})
	b.Run("NewSession+SignKeypair/p256k1", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			tmp := fresh(0)
			b.StartTimer()
			s, _ := musig2.NewSession(&ctx, &an, msg[:])
			musig2.SignKeypair(tmp, &kp, &s)
		}
	})
	b.Run("Sign/btcec", func(b *testing.B) {
		for b.Loop() {
			bmusig2.Sign(bns[0].SecNonce, signers[0].bsk, ban, bpks[:2], msg, bmusig2.WithFastSign())
		}
	})
	psigs := make([]musig2.PartialSig, 2)
	bpsigs := make([]*bmusig2.PartialSignature, 2)
	for i := range 2 {
		tmp := fresh(i)
		psigs[i], _ = musig2.Sign(tmp, &signers[i].sk, &sess)
		bpsigs[i], _ = bmusig2.Sign(bns[i].SecNonce, signers[i].bsk, ban, bpks[:2], msg)
	}
	b.Run("PartialSigVerify/p256k1", func(b *testing.B) {
		for b.Loop() {
			if !musig2.PartialSigVerify(&sess, &psigs[0], &pns[0], &signers[0].pk) {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("PartialSigVerify/btcec", func(b *testing.B) {
		for b.Loop() {
			if !bpsigs[0].Verify(bpns[0], ban, bpks[:2], signers[0].bpk, msg) {
				b.Fatal("invalid")
			}
		}
	})
	b.Run("PartialSigAgg/p256k1", func(b *testing.B) {
		for b.Loop() {
			musig2.PartialSigAgg(&sess, psigs)
		}
	})
	b.Run("PartialSigAgg/btcec", func(b *testing.B) {
		for b.Loop() {
			bmusig2.CombineSigs(bpsigs[0].R, bpsigs)
		}
	})
}
