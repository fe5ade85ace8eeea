package interop

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	bmusig2 "github.com/btcsuite/btcd/btcec/v2/schnorr/musig2"
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
)

// TestMusig2SigningSessionInterop: 3-of-3 sessions in which signers 0 and
// 2 use p256k1's SigningSession and signer 1 btcec's musig2.Context and
// Session, with the keys sorted, untweaked, BIP-86-tweaked and
// Taproot-tweaked with a script root: the sessions exchange public nonces
// and partial signatures only, every session ends with the same final
// signature, and both libraries' verifiers accept it under the aggregate
// (output) key, which is also btcec's AggregateKeys with its Taproot key
// tweak.
func TestMusig2SigningSessionInterop(t *testing.T) {
	r := newRand("musig2-session")
	rounds := 12
	if testing.Short() {
		rounds = 3
	}
	cases := 0
	for round := range rounds {
		for mode := range 3 { // 0: no tweak, 1: BIP-86, 2: script root
			signers := musigSigners(t, r, 3)
			pks := []p256k1.PublicKey{signers[0].pk, signers[1].pk, signers[2].pk}
			bpks := []*btcec.PublicKey{signers[0].bpk, signers[1].bpk, signers[2].bpk}
			root := rand32(r)
			msg := sha256.Sum256(fmt.Appendf(nil, "session %d mode %d", round, mode))

			opts := &musig2.SigningSessionOptions{Sort: true}
			bopts := []bmusig2.ContextOption{bmusig2.WithKnownSigners(bpks)}
			switch mode {
			case 1:
				opts.Taproot = true
				bopts = append(bopts, bmusig2.WithBip86TweakCtx())
			case 2:
				opts.Taproot, opts.TaprootMerkleRoot = true, root[:]
				bopts = append(bopts, bmusig2.WithTaprootTweakCtx(root[:]))
			}
			if round%2 == 1 {
				opts.Msg = msg[:] // fixed at the start: partial signatures verify before Sign
			}
			s0, err := musig2.NewSigningSession(&signers[0].sk, pks, opts)
			if err != nil {
				t.Fatal(err)
			}
			s2, err := musig2.NewSigningSession(&signers[2].sk, pks, opts)
			if err != nil {
				t.Fatal(err)
			}
			bctx, err := bmusig2.NewContext(signers[1].bsk, true, bopts...)
			if err != nil {
				t.Fatal(err)
			}
			b1, err := bctx.NewSession()
			if err != nil {
				t.Fatal(err)
			}

			// The same aggregate (output) key.
			agg := s0.AggregateKey()
			bagg, err := bctx.CombinedKey()
			if err != nil {
				t.Fatal(err)
			}
			if ab := agg.Bytes(); !bytes.Equal(ab[:], bschnorr.SerializePubKey(bagg)) {
				t.Fatalf("round %d mode %d: aggregate keys differ", round, mode)
			}
			if mode > 0 {
				// btcec's plain aggregation with its Taproot key tweak.
				var kopt bmusig2.KeyAggOption
				if mode == 1 {
					kopt = bmusig2.WithBIP86KeyTweak()
				} else {
					kopt = bmusig2.WithTaprootKeyTweak(root[:])
				}
				bk, _, _, err := bmusig2.AggregateKeys(bpks, true, kopt)
				if err != nil {
					t.Fatal(err)
				}
				if ab := agg.Bytes(); !bytes.Equal(ab[:], bschnorr.SerializePubKey(bk.FinalKey)) {
					t.Fatalf("round %d mode %d: not btcec's Taproot output key", round, mode)
				}
			}

			// Round 1: public nonces.
			n0, n2 := s0.PublicNonce(), s2.PublicNonce()
			bn1 := b1.PublicNonce()
			n1, err := musig2.ParsePubNonce(bn1[:])
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range []struct {
				s  *musig2.SigningSession
				pk p256k1.PublicKey
				n  musig2.PubNonce
			}{{s0, pks[1], n1}, {s0, pks[2], n2}, {s2, pks[0], n0}, {s2, pks[1], n1}} {
				if _, err := x.s.AddNonce(&x.pk, &x.n); err != nil {
					t.Fatal(err)
				}
			}
			for _, n := range []musig2.PubNonce{n0, n2} {
				if _, err := b1.RegisterPubNonce(n.Bytes()); err != nil {
					t.Fatal(err)
				}
			}
			if !s0.CanSign() || !s2.CanSign() {
				t.Fatal("cannot sign with every nonce in")
			}

			// Round 2: partial signatures.
			p0, err := s0.Sign(msg[:])
			if err != nil {
				t.Fatal(err)
			}
			p2, err := s2.Sign(msg[:])
			if err != nil {
				t.Fatal(err)
			}
			bp1, err := b1.Sign(msg)
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			bp1.Encode(&buf)
			p1, err := musig2.ParsePartialSig(buf.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			// A signature presented under the wrong signer is refused,
			// naming the one it was presented for.
			_, err = s0.AddPartialSig(&pks[2], &p1)
			var se *musig2.SignerError
			if !errors.As(err, &se) || !errors.Is(err, musig2.ErrInvalidPartialSig) || se.Contrib != "psig" {
				t.Fatalf("a misattributed partial signature: %v", err)
			}
			for _, x := range []struct {
				s  *musig2.SigningSession
				pk p256k1.PublicKey
				p  musig2.PartialSig
			}{{s0, pks[1], p1}, {s0, pks[2], p2}, {s2, pks[1], p1}, {s2, pks[0], p0}} {
				if _, err := x.s.AddPartialSig(&x.pk, &x.p); err != nil {
					t.Fatalf("round %d mode %d: %v", round, mode, err)
				}
			}
			for _, p := range []musig2.PartialSig{p0, p2} {
				pb := p.Bytes()
				var bp bmusig2.PartialSignature
				if err := bp.Decode(bytes.NewReader(pb[:])); err != nil {
					t.Fatal(err)
				}
				if _, err := b1.CombineSig(&bp); err != nil {
					t.Fatalf("round %d mode %d: btcec refuses the combination: %v", round, mode, err)
				}
			}
			sig0, err := s0.FinalSig()
			if err != nil {
				t.Fatal(err)
			}
			sig2, _ := s2.FinalSig()
			bsig := b1.FinalSig()
			if bsig == nil || !bytes.Equal(bsig.Serialize(), sig0[:]) || sig0 != sig2 {
				t.Fatalf("round %d mode %d: final signatures differ", round, mode)
			}
			if !schnorr.Verify(&agg, msg[:], &sig0) || !bsig.Verify(msg[:], bagg) {
				t.Fatalf("round %d mode %d: final signature does not verify", round, mode)
			}
			// Nonce reuse is refused by both.
			if _, err := s0.Sign(msg[:]); !errors.Is(err, musig2.ErrNonceReused) {
				t.Fatalf("p256k1 signed twice: %v", err)
			}
			if _, err := b1.Sign(msg); err == nil {
				t.Fatal("btcec signed twice")
			}
			cases++
		}
	}
	t.Logf("%d 3-of-3 sessions (2 p256k1 SigningSessions + 1 btcec Session), %d per tweak mode", cases, cases/3)
}

// TestMusig2TaprootTweakBtcec: KeyAggContext.ApplyTaprootTweak gives the
// Taproot output key that btcec's musig2 aggregation computes with its
// BIP-86 and Taproot key tweaks, with and without a script root.
func TestMusig2TaprootTweakBtcec(t *testing.T) {
	r := newRand("musig2-taptweak")
	n := iterations() / 10
	for i := range n {
		signers := musigSigners(t, r, 2+i%3)
		pks := make([]p256k1.PublicKey, len(signers))
		bpks := make([]*btcec.PublicKey, len(signers))
		for j := range signers {
			pks[j], bpks[j] = signers[j].pk, signers[j].bpk
		}
		root := rand32(r)
		var rt []byte
		bopt := bmusig2.WithBIP86KeyTweak()
		if i%2 == 1 {
			rt = root[:]
			bopt = bmusig2.WithTaprootKeyTweak(rt)
		}
		ctx, err := musig2.KeyAgg(pks)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ctx.ApplyTaprootTweak(rt); err != nil {
			t.Fatal(err)
		}
		out := ctx.XOnlyBytes()
		bk, _, _, err := bmusig2.AggregateKeys(bpks, false, bopt)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out[:], bschnorr.SerializePubKey(bk.FinalKey)) {
			t.Fatalf("case %d: output key differs from btcec's musig2", i)
		}
	}
	t.Logf("%d aggregate keys Taproot-tweaked (half with a script root) as btcec's musig2 does", n)
}

// BenchmarkMusig2SigningSession2of2: both sides of a 2-of-2 session with
// the session objects, per operation: two sessions (key aggregation and a
// nonce each), the nonce exchange, two partial signatures, and each side
// taking the other's (p256k1 verifies it; btcec does not) and the final
// signature (both verify it).
func BenchmarkMusig2SigningSession2of2(b *testing.B) {
	r := newRand("musig2-session-bench")
	signers := musigSigners(b, r, 2)
	pks := []p256k1.PublicKey{signers[0].pk, signers[1].pk}
	bpks := []*btcec.PublicKey{signers[0].bpk, signers[1].bpk}
	msg := sha256.Sum256([]byte("bench"))
	b.Run("p256k1", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			opts := &musig2.SigningSessionOptions{Sort: true, Msg: msg[:]}
			s0, _ := musig2.NewSigningSession(&signers[0].sk, pks, opts)
			s1, _ := musig2.NewSigningSession(&signers[1].sk, pks, opts)
			n0, n1 := s0.PublicNonce(), s1.PublicNonce()
			s0.AddNonce(&pks[1], &n1)
			s1.AddNonce(&pks[0], &n0)
			p0, _ := s0.Sign(nil)
			p1, _ := s1.Sign(nil)
			if done, err := s0.AddPartialSig(&pks[1], &p1); !done || err != nil {
				b.Fatal(err)
			}
			if done, err := s1.AddPartialSig(&pks[0], &p0); !done || err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("btcec", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			c0, _ := bmusig2.NewContext(signers[0].bsk, true, bmusig2.WithKnownSigners(bpks))
			c1, _ := bmusig2.NewContext(signers[1].bsk, true, bmusig2.WithKnownSigners(bpks))
			s0, _ := c0.NewSession()
			s1, _ := c1.NewSession()
			s0.RegisterPubNonce(s1.PublicNonce())
			s1.RegisterPubNonce(s0.PublicNonce())
			p0, _ := s0.Sign(msg)
			p1, _ := s1.Sign(msg)
			if done, err := s0.CombineSig(p1); !done || err != nil {
				b.Fatal(err)
			}
			if done, err := s1.CombineSig(p0); !done || err != nil {
				b.Fatal(err)
			}
		}
	})
}
