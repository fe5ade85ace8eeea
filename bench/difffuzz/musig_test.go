//go:build cgo && libsecp080

package difffuzz

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2"
	bmusig2 "github.com/btcsuite/btcd/btcec/v2/schnorr/musig2"
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
)

func rand32(rng *rand.Rand) (b [32]byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// checkMusig runs one session with p256k1/musig2 and libsecp256k1's musig
// module side by side on the same inputs (keys, tweaks, message, rand' and
// the optional nonce inputs) and requires byte-identical aggregate keys,
// public nonces, aggregate nonce, partial signatures and final signature;
// each library verifies every partial signature, and the final signature
// verifies under BIP-340.
func checkMusig(t *testing.T, name string, rng *rand.Rand, n int) {
	t.Helper()
	sks := make([]p256k1.PrivateKey, n)
	pks := make([]p256k1.PublicKey, n)
	cpks := make([]cPubkey, n)
	for i := range sks {
		for {
			k, err := p256k1.NewPrivateKey(func() []byte { b := rand32(rng); return b[:] }())
			if err == nil {
				sks[i] = k
				break
			}
		}
		if i > 0 && rng.IntN(4) == 0 {
			sks[i] = sks[rng.IntN(i)] // repeated keys are allowed
		}
		pks[i] = sks[i].PublicKey()
		var ok bool
		if cpks[i], ok = mPubkeyParse(pks[i].SerializeCompressed()); !ok {
			t.Fatal("libsecp256k1 rejects a public key")
		}
	}
	ctx, err := musig2.KeyAgg(pks)
	var cache cKeyAggCache
	c33, cx, cok := mKeyAgg(&cache, cpks)
	if (err == nil) != cok {
		t.Fatalf("%s: KeyAgg: p256k1 %v, libsecp256k1 ok=%v", name, err, cok)
	}
	for range rng.IntN(3) {
		tw := rand32(rng)
		xonly := rng.IntN(2) == 0
		err := ctx.ApplyTweak(&tw, xonly)
		if ok := mTweak(&cache, tw, xonly); (err == nil) != ok {
			t.Fatalf("%s: tweak: p256k1 %v, libsecp256k1 ok=%v", name, err, ok)
		}
		if err != nil {
			return
		}
	}
	c33, cx, _ = mAggKeys(&cache)
	if pk := ctx.PublicKey(); pk.SerializeCompressed() != c33 || ctx.XOnlyBytes() != cx {
		t.Fatalf("%s: aggregate keys differ", name)
	}
	msg := rand32(rng)
	sns := make([]*musig2.SecretNonce, n)
	pns := make([]musig2.PubNonce, n)
	csns := make([]cSecNonce, n)
	cpns := make([]cPubNonce, n)
	for i := range n {
		r := rand32(rng)
		opts := &musig2.NonceGenOptions{Rand: &r}
		var sk, m, extra *[32]byte
		if rng.IntN(2) == 0 {
			opts.SecretKey, sk = &sks[i], new([32]byte)
			*sk = sks[i].Bytes()
		}
		if rng.IntN(2) == 0 {
			opts.Msg, m = msg[:], &msg
		}
		if rng.IntN(2) == 0 {
			e := rand32(rng)
			opts.ExtraIn, extra = e[:], &e
		}
		var cacheArg *cKeyAggCache
		if rng.IntN(2) == 0 {
			ax := ctx.XOnlyBytes()
			opts.AggPubKey, cacheArg = &ax, &cache
		}
		rr := r // libsecp256k1 zeroes its copy
		if sns[i], pns[i], err = musig2.NonceGen(&pks[i], opts); err != nil {
			t.Fatalf("%s: NonceGen: %v", name, err)
		}
		var c66 [66]byte
		var ok bool
		if cpns[i], c66, ok = mNonceGen(&csns[i], rr, sk, &cpks[i], m, cacheArg, extra); !ok {
			t.Fatalf("%s: libsecp256k1's nonce_gen failed", name)
		}
		if pns[i].Bytes() != c66 {
			t.Fatalf("%s: signer %d: public nonces differ", name, i)
		}
	}
	agg, err := musig2.NonceAgg(pns)
	if err != nil {
		t.Fatal(err)
	}
	cagg, c66, ok := mNonceAgg(cpns)
	if !ok || agg.Bytes() != c66 {
		t.Fatalf("%s: aggregate nonces differ", name)
	}
	s, err := musig2.NewSession(&ctx, &agg, msg[:])
	if err != nil {
		t.Fatal(err)
	}
	var cs cSession
	if !mProcess(&cs, &cagg, msg, &cache) {
		t.Fatalf("%s: libsecp256k1's nonce_process failed", name)
	}
	psigs := make([]musig2.PartialSig, n)
	cpsigs := make([]cPartialSig, n)
	for i := range n {
		if psigs[i], err = musig2.Sign(sns[i], &sks[i], &s); err != nil {
			t.Fatalf("%s: Sign: %v", name, err)
		}
		kp, _ := mKeypair(sks[i].Bytes())
		var c32 [32]byte
		if cpsigs[i], c32, ok = mSign(&csns[i], &kp, &cache, &cs); !ok {
			t.Fatalf("%s: libsecp256k1's partial_sign failed", name)
		}
		if psigs[i].Bytes() != c32 {
			t.Fatalf("%s: signer %d: partial signatures differ", name, i)
		}
		if !musig2.PartialSigVerify(&s, &psigs[i], &pns[i], &pks[i]) || !mVerify(&cpsigs[i], &cpns[i], &cpks[i], &cache, &cs) {
			t.Fatalf("%s: signer %d: a partial signature does not verify", name, i)
		}
	}
	sig, err := musig2.PartialSigAgg(&s, psigs)
	if err != nil {
		t.Fatal(err)
	}
	csig, ok := mAgg(&cs, cpsigs)
	if !ok || sig != csig {
		t.Fatalf("%s: final signatures differ", name)
	}
	x := ctx.XOnly()
	if !schnorr.Verify(&x, msg[:], &sig) {
		t.Fatalf("%s: the final signature does not verify", name)
	}
}

func TestMusigAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(327, 1))
	rounds := 200
	if testing.Short() {
		rounds = 40
	}
	for i := range rounds {
		checkMusig(t, fmt.Sprintf("session %d", i), rng, 1+rng.IntN(5))
	}
}

func FuzzMusig(f *testing.F) {
	f.Add(uint64(1), uint64(2), uint8(2))
	f.Add(uint64(327), uint64(0), uint8(5))
	f.Fuzz(func(t *testing.T, a, b uint64, n uint8) {
		checkMusig(t, "fuzz", rand.New(rand.NewPCG(a, b)), 1+int(n%6))
	})
}

// Benchmarks: p256k1/musig2, libsecp256k1 v0.8.0's musig module and btcec's
// musig2 in one run, the same work per operation (keys parsed beforehand,
// 2 signers unless n says otherwise).
func musigKeys(n int) ([]p256k1.PrivateKey, []p256k1.PublicKey, []cPubkey, []*btcec.PrivateKey, []*btcec.PublicKey) {
	sks := make([]p256k1.PrivateKey, n)
	pks := make([]p256k1.PublicKey, n)
	cpks := make([]cPubkey, n)
	bsks := make([]*btcec.PrivateKey, n)
	bpks := make([]*btcec.PublicKey, n)
	for i := range n {
		h := sha256.Sum256(fmt.Appendf(nil, "musig bench %d", i))
		sks[i], _ = p256k1.NewPrivateKey(h[:])
		pks[i] = sks[i].PublicKey()
		cpks[i], _ = mPubkeyParse(pks[i].SerializeCompressed())
		bsks[i], bpks[i] = btcec.PrivKeyFromBytes(h[:])
	}
	return sks, pks, cpks, bsks, bpks
}

func BenchmarkMusigKeyAgg(b *testing.B) {
	for _, n := range []int{2, 100, 1000} {
		_, pks, cpks, _, bpks := musigKeys(n)
		b.Run(fmt.Sprintf("n=%d/p256k1", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := musig2.KeyAgg(pks); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/libsecp256k1", n), func(b *testing.B) {
			var cache cKeyAggCache
			for b.Loop() {
				if _, _, ok := mKeyAgg(&cache, cpks); !ok {
					b.Fatal("keyagg")
				}
			}
		})
		b.Run(fmt.Sprintf("n=%d/btcec", n), func(b *testing.B) {
			for b.Loop() {
				if _, _, _, err := bmusig2.AggregateKeys(bpks, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// musigBenchSession is a 2-signer session prepared in all three libraries.
type musigBenchSession struct {
	sks   []p256k1.PrivateKey
	pks   []p256k1.PublicKey
	ctx   musig2.KeyAggContext
	pns   []musig2.PubNonce
	agg   musig2.AggNonce
	s     musig2.Session
	psigs []musig2.PartialSig
	msg   [32]byte

	cpks   []cPubkey
	cache  cKeyAggCache
	cpns   []cPubNonce
	cagg   cAggNonce
	cs     cSession
	cpsigs []cPartialSig
	ckp    cKeypair

	bsks   []*btcec.PrivateKey
	bpks   []*btcec.PublicKey
	bns    []*bmusig2.Nonces
	bagg   [66]byte
	bpsigs []*bmusig2.PartialSignature
}

func newMusigBenchSession(b *testing.B) *musigBenchSession {
	m := &musigBenchSession{msg: sha256.Sum256([]byte("musig bench"))}
	m.sks, m.pks, m.cpks, m.bsks, m.bpks = musigKeys(2)
	var err error
	if m.ctx, err = musig2.KeyAgg(m.pks); err != nil {
		b.Fatal(err)
	}
	mKeyAgg(&m.cache, m.cpks)
	m.ckp, _ = mKeypair(m.sks[0].Bytes())
	var sns []*musig2.SecretNonce
	for i := range 2 {
		sn, pn, err := musig2.NonceGen(&m.pks[i], &musig2.NonceGenOptions{SecretKey: &m.sks[i]})
		if err != nil {
			b.Fatal(err)
		}
		sns = append(sns, sn)
		m.pns = append(m.pns, pn)
		cpn, _ := mPubNonceParse(pn.Bytes())
		m.cpns = append(m.cpns, cpn)
		bn, err := bmusig2.GenNonces(bmusig2.WithPublicKey(m.bpks[i]))
		if err != nil {
			b.Fatal(err)
		}
		m.bns = append(m.bns, bn)
	}
	m.agg, _ = musig2.NonceAgg(m.pns)
	m.cagg, _, _ = mNonceAgg(m.cpns)
	if m.s, err = musig2.NewSession(&m.ctx, &m.agg, m.msg[:]); err != nil {
		b.Fatal(err)
	}
	mProcess(&m.cs, &m.cagg, m.msg, &m.cache)
	for i := range 2 {
		ps, err := musig2.Sign(sns[i], &m.sks[i], &m.s)
		if err != nil {
			b.Fatal(err)
		}
		m.psigs = append(m.psigs, ps)
		cps, _ := mPartialSigParse(ps.Bytes())
		m.cpsigs = append(m.cpsigs, cps)
	}
	m.bagg, _ = bmusig2.AggregateNonces([][66]byte{m.bns[0].PubNonce, m.bns[1].PubNonce})
	for i := range 2 {
		ps, err := bmusig2.Sign(m.bns[i].SecNonce, m.bsks[i], m.bagg, m.bpks, m.msg)
		if err != nil {
			b.Fatal(err)
		}
		m.bpsigs = append(m.bpsigs, ps)
	}
	return m
}

func BenchmarkMusigNonceGen(b *testing.B) {
	m := newMusigBenchSession(b)
	r := [32]byte{1} // libsecp256k1 refuses an all-zero session_secrand32
	b.Run("p256k1", func(b *testing.B) {
		for b.Loop() {
			sn, _, err := musig2.NonceGen(&m.pks[0], &musig2.NonceGenOptions{SecretKey: &m.sks[0], Msg: m.msg[:], Rand: &r})
			if err != nil {
				b.Fatal(err)
			}
			_ = sn
		}
	})
	sk := m.sks[0].Bytes()
	b.Run("libsecp256k1", func(b *testing.B) {
		var sec cSecNonce
		for b.Loop() {
			if _, _, ok := mNonceGen(&sec, r, &sk, &m.cpks[0], &m.msg, nil, nil); !ok {
				b.Fatal("nonce_gen")
			}
		}
	})
	b.Run("btcec", func(b *testing.B) {
		for b.Loop() {
			if _, err := bmusig2.GenNonces(bmusig2.WithPublicKey(m.bpks[0]), bmusig2.WithNonceSecretKeyAux(m.bsks[0]), bmusig2.WithNonceMessageAux(m.msg)); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkMusigNonceAgg(b *testing.B) {
	m := newMusigBenchSession(b)
	b.Run("p256k1", func(b *testing.B) {
		for b.Loop() {
			if _, err := musig2.NonceAgg(m.pns); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("libsecp256k1", func(b *testing.B) {
		for b.Loop() {
			if _, _, ok := mNonceAgg(m.cpns); !ok {
				b.Fatal("nonce_agg")
			}
		}
	})
	bn := [][66]byte{m.bns[0].PubNonce, m.bns[1].PubNonce}
	b.Run("btcec", func(b *testing.B) {
		for b.Loop() {
			if _, err := bmusig2.AggregateNonces(bn); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkMusigSign(b *testing.B) {
	m := newMusigBenchSession(b)
	// Each library signs with a fresh secret nonce per iteration (a nonce
	// signs once), made outside the timed region.
	// p256k1 and libsecp256k1 sign with a precomputed keypair (no k·G for
	// the signer's own key); btcec's Sign takes the secret key.
	kp, err := musig2.NewKeypair(&m.sks[0])
	if err != nil {
		b.Fatal(err)
	}
	b.Run("p256k1", func(b *testing.B) {
		r := [32]byte{1}
		for b.Loop() {
			b.StopTimer()
			sn, _, _ := musig2.NonceGen(&m.pks[0], &musig2.NonceGenOptions{Rand: &r})
			b.StartTimer()
			if _, err := musig2.SignKeypair(sn, &kp, &m.s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("libsecp256k1", func(b *testing.B) {
		r := [32]byte{1}
		var sec cSecNonce
		for b.Loop() {
			b.StopTimer()
			mNonceGen(&sec, r, nil, &m.cpks[0], nil, nil, nil)
			b.StartTimer()
			if _, _, ok := mSign(&sec, &m.ckp, &m.cache, &m.cs); !ok {
				b.Fatal("partial_sign")
			}
		}
	})
	b.Run("btcec", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			bn, _ := bmusig2.GenNonces(bmusig2.WithPublicKey(m.bpks[0]))
			b.StartTimer()
			if _, err := bmusig2.Sign(bn.SecNonce, m.bsks[0], m.bagg, m.bpks, m.msg); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkMusigPartialSigVerify(b *testing.B) {
	m := newMusigBenchSession(b)
	b.Run("p256k1", func(b *testing.B) {
		for b.Loop() {
			if !musig2.PartialSigVerify(&m.s, &m.psigs[0], &m.pns[0], &m.pks[0]) {
				b.Fatal("verify")
			}
		}
	})
	b.Run("libsecp256k1", func(b *testing.B) {
		for b.Loop() {
			if !mVerify(&m.cpsigs[0], &m.cpns[0], &m.cpks[0], &m.cache, &m.cs) {
				b.Fatal("verify")
			}
		}
	})
	b.Run("btcec", func(b *testing.B) {
		for b.Loop() {
			if !m.bpsigs[0].Verify(m.bns[0].PubNonce, m.bagg, m.bpks, m.bpks[0], m.msg) {
				b.Fatal("verify")
			}
		}
	})
}

func BenchmarkMusigPartialSigAgg(b *testing.B) {
	m := newMusigBenchSession(b)
	b.Run("p256k1", func(b *testing.B) {
		for b.Loop() {
			if _, err := musig2.PartialSigAgg(&m.s, m.psigs); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("libsecp256k1", func(b *testing.B) {
		for b.Loop() {
			if _, ok := mAgg(&m.cs, m.cpsigs); !ok {
				b.Fatal("agg")
			}
		}
	})
	// btcec's CombineSigs takes the session's final nonce R, which its
	// partial signatures carry.
	b.Run("btcec", func(b *testing.B) {
		for b.Loop() {
			_ = bmusig2.CombineSigs(m.bpsigs[0].R, m.bpsigs)
		}
	})
}
