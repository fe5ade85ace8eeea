package musig2

import (
	"bytes"
	"crypto/rand"
	"encoding/gob"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"log"
	"log/slog"
	mrand "math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/race"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/schnorr"
)

func genKeys(t testing.TB, n int) ([]p256k1.PrivateKey, []p256k1.PublicKey) {
	t.Helper()
	sks := make([]p256k1.PrivateKey, n)
	pks := make([]p256k1.PublicKey, n)
	for i := range sks {
		var err error
		if sks[i], err = p256k1.GeneratePrivateKey(); err != nil {
			t.Fatal(err)
		}
		pks[i] = sks[i].PublicKey()
	}
	return sks, pks
}

// session runs the nonce round for all signers of ctx and returns their
// secret and public nonces and the session (an adaptor session if adaptor
// is not nil).
func session(t testing.TB, ctx *KeyAggContext, pks []p256k1.PublicKey, msg []byte, adaptor *p256k1.PublicKey) ([]*SecretNonce, []PubNonce, Session) {
	t.Helper()
	sns := make([]*SecretNonce, len(pks))
	pns := make([]PubNonce, len(pks))
	agg := ctx.XOnlyBytes()
	for i := range pks {
		var err error
		sns[i], pns[i], err = NonceGen(&pks[i], &NonceGenOptions{AggPubKey: &agg, Msg: msg})
		if err != nil {
			t.Fatal(err)
		}
	}
	an, err := NonceAgg(pns)
	if err != nil {
		t.Fatal(err)
	}
	var s Session
	if adaptor != nil {
		s, err = NewAdaptorSession(ctx, &an, msg, adaptor)
	} else {
		s, err = NewSession(ctx, &an, msg)
	}
	if err != nil {
		t.Fatal(err)
	}
	return sns, pns, s
}

func TestEndToEnd(t *testing.T) {
	for _, n := range []int{1, 2, 3, 5} {
		for _, tweaked := range []bool{false, true} {
			sks, pks := genKeys(t, n)
			KeySort(pks)
			// KeySort moved the public keys; sign with the matching secret.
			skOf := func(pk *p256k1.PublicKey) *p256k1.PrivateKey {
				for i := range sks {
					p := sks[i].PublicKey()
					if p.Equal(pk) {
						return &sks[i]
					}
				}
				t.Fatal("no key")
				return nil
			}
			ctx, err := KeyAgg(pks)
			if err != nil {
				t.Fatal(err)
			}
			if tweaked {
				var tw [32]byte
				rand.Read(tw[:])
				if err := ctx.ApplyTweak(&tw, false); err != nil {
					t.Fatal(err)
				}
				rand.Read(tw[:])
				if err := ctx.ApplyTweak(&tw, true); err != nil {
					t.Fatal(err)
				}
			}
			msg := []byte(fmt.Sprintf("message %d %v", n, tweaked))
			sns, pns, s := session(t, &ctx, pks, msg, nil)
			psigs := make([]PartialSig, n)
			for i := range pks {
				if psigs[i], err = Sign(sns[i], skOf(&pks[i]), &s); err != nil {
					t.Fatal(err)
				}
				if !PartialSigVerify(&s, &psigs[i], &pns[i], &pks[i]) {
					t.Fatalf("n=%d: partial signature %d does not verify", n, i)
				}
				if n > 1 && PartialSigVerify(&s, &psigs[i], &pns[(i+1)%n], &pks[i]) {
					t.Fatal("verified with another signer's nonce")
				}
			}
			sig, err := PartialSigAgg(&s, psigs)
			if err != nil {
				t.Fatal(err)
			}
			x := ctx.XOnly()
			if !schnorr.Verify(&x, msg, &sig) {
				t.Fatalf("n=%d tweaked=%v: signature does not verify", n, tweaked)
			}
			// The plain key's x-only form is the same key.
			pp := ctx.PublicKey()
			if px, _ := pp.XOnly(); !px.Equal(&x) {
				t.Fatal("PublicKey and XOnly disagree")
			}
		}
	}
}

// TestKeyAggMatchesNaive compares KeyAgg (one multi-scalar
// multiplication, Strauss or Pippenger by size) with the sum of the
// separately multiplied keys.
func TestKeyAggMatchesNaive(t *testing.T) {
	for _, n := range []int{1, 2, 3, 10, 70, 150} {
		_, pks := genKeys(t, n)
		if n >= 3 {
			pks[2] = pks[0] // a repeated key
		}
		ctx, err := KeyAgg(pks)
		if err != nil {
			t.Fatal(err)
		}
		terms := make([]*p256k1.PublicKey, n)
		for i := range pks {
			pkb := pks[i].SerializeCompressed()
			a := scalarOf(&ctx, &pkb)
			p, err := pks[i].TweakMul(&a)
			if err != nil {
				t.Fatal(err)
			}
			terms[i] = &p
		}
		want, err := p256k1.CombinePublicKeys(terms...)
		if err != nil {
			t.Fatal(err)
		}
		got := ctx.PublicKey()
		if !got.Equal(&want) {
			t.Fatalf("n=%d: KeyAgg differs from the naive sum", n)
		}
	}
}

func scalarOf(c *KeyAggContext, pk *[33]byte) [32]byte {
	var a scalar.Scalar
	c.coeffVar(&a, pk)
	var b [32]byte
	a.Bytes(&b)
	return b
}

func TestSecondKeyCoefficient(t *testing.T) {
	_, pks := genKeys(t, 3)
	keys := []p256k1.PublicKey{pks[0], pks[0], pks[1], pks[2], pks[1]}
	ctx, err := KeyAgg(keys)
	if err != nil {
		t.Fatal(err)
	}
	want := pks[1].SerializeCompressed()
	if ctx.second != want {
		t.Fatal("second key is not the first key different from the first")
	}
	if c := scalarOf(&ctx, &want); c != [32]byte{31: 1} {
		t.Fatalf("second key's coefficient %x, want 1", c)
	}
	// All keys equal: no second key, every coefficient hashed.
	ctx, _ = KeyAgg([]p256k1.PublicKey{pks[0], pks[0]})
	if ctx.second != ([33]byte{}) {
		t.Fatal("second key set for identical keys")
	}
}

func TestNonceReuse(t *testing.T) {
	sks, pks := genKeys(t, 2)
	ctx, _ := KeyAgg(pks)
	sns, _, s := session(t, &ctx, pks, []byte("msg"), nil)
	if _, err := Sign(sns[0], &sks[0], &s); err != nil {
		t.Fatal(err)
	}
	if !sns[0].used() {
		t.Fatal("Sign did not zero the secret nonce")
	}
	if _, err := Sign(sns[0], &sks[0], &s); !errors.Is(err, ErrNonceReused) {
		t.Fatalf("second Sign: %v, want ErrNonceReused", err)
	}
	var zero SecretNonce
	if _, err := Sign(&zero, &sks[0], &s); !errors.Is(err, ErrNonceReused) {
		t.Fatalf("zero SecretNonce: %v", err)
	}
	if _, err := Sign(nil, &sks[0], &s); !errors.Is(err, ErrNonceReused) {
		t.Fatalf("nil SecretNonce: %v", err)
	}
	// The wrong key: refused, and the nonce is consumed all the same.
	if _, err := Sign(sns[1], &sks[0], &s); !errors.Is(err, ErrNonceKeyMismatch) {
		t.Fatalf("wrong key: %v", err)
	}
	if _, err := Sign(sns[1], &sks[1], &s); !errors.Is(err, ErrNonceReused) {
		t.Fatalf("after a failed Sign: %v, want ErrNonceReused", err)
	}
	// A signer whose key was not aggregated.
	sk3, pk3 := genKeys(t, 1)
	sn3, _, err := NonceGen(&pk3[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Sign(sn3, &sk3[0], &s); !errors.Is(err, ErrSignerNotInKeys) {
		t.Fatalf("outsider: %v", err)
	}
	if _, err := Sign(sn3, &sk3[0], &Session{}); !errors.Is(err, ErrNonceReused) {
		t.Fatalf("outsider again: %v", err)
	}
	sn4, _, _ := NonceGen(&pks[0], nil)
	if _, err := Sign(sn4, &sks[0], &Session{}); !errors.Is(err, ErrInvalidSession) {
		t.Fatalf("zero session: %v", err)
	}
}

func TestSecretNonceRedacted(t *testing.T) {
	_, pks := genKeys(t, 1)
	sn, _, err := NonceGen(&pks[0], nil)
	if err != nil {
		t.Fatal(err)
	}
	var k [32]byte
	sn.st.k[0].Bytes(&k)
	secretHex := fmt.Sprintf("%x", k[:8])
	for _, f := range []string{"%v", "%+v", "%#v", "%s", "%x", "%X", "%d", "%q"} {
		for _, v := range []any{sn, []*SecretNonce{sn}, struct{ N *SecretNonce }{sn}, map[string]*SecretNonce{"k": sn}} {
			out := fmt.Sprintf(f, v)
			if !strings.Contains(out, "REDACTED") || strings.Contains(strings.ToLower(out), secretHex) {
				t.Fatalf("%s of %T: %q", f, v, out)
			}
		}
	}
	if _, err := json.Marshal(sn); !errors.Is(err, ErrSecretNonceMarshal) {
		t.Fatalf("json.Marshal: %v", err)
	}
	if _, err := json.Marshal(struct{ N *SecretNonce }{sn}); err == nil {
		t.Fatal("json.Marshal of a struct holding a SecretNonce succeeded")
	}
	if _, err := sn.MarshalText(); !errors.Is(err, ErrSecretNonceMarshal) {
		t.Fatal("MarshalText")
	}
	// The root package's redaction test checks value types; a SecretNonce
	// has only its pointer form, checked here as that test does: logs, gob,
	// XML, and a struct value holding it (no nonce bytes in a copy either).
	forbidden := []string{secretHex, strings.ToUpper(secretHex)}
	check := func(what, out string) {
		t.Helper()
		for _, f := range forbidden {
			if strings.Contains(out, f) {
				t.Errorf("%s printed the nonce: %q", what, out)
			}
		}
	}
	var buf bytes.Buffer
	log.New(&buf, "", 0).Printf("%v %+v", sn, struct{ N *SecretNonce }{sn})
	check("log", buf.String())
	if !strings.Contains(buf.String(), "REDACTED") {
		t.Errorf("log: no placeholder in %q", buf.String())
	}
	buf.Reset()
	slog.New(slog.NewTextHandler(&buf, nil)).Info("m", "sn", sn)
	if out := buf.String(); !strings.Contains(out, "REDACTED") {
		t.Errorf("slog: %q", out)
	}
	buf.Reset()
	if err := gob.NewEncoder(&buf).Encode(struct{ N *SecretNonce }{sn}); err == nil {
		t.Errorf("gob encoded a SecretNonce (%d bytes)", buf.Len())
	}
	if b, err := xml.Marshal(struct{ N *SecretNonce }{sn}); err == nil {
		check("xml", string(b))
		if strings.Contains(string(b), "<k>") {
			t.Errorf("xml: %s", b)
		}
	}
	for _, f := range []string{"%v", "%+v", "%#v", "%x", "%d"} {
		check("a copied value "+f, fmt.Sprintf(f, reflect.ValueOf(sn).Elem().Interface()))
	}
}

func TestNonceGenOptions(t *testing.T) {
	sks, pks := genKeys(t, 1)
	var r [32]byte
	base := func(o NonceGenOptions) [66]byte {
		o.Rand = &r
		_, pn, err := NonceGen(&pks[0], &o)
		if err != nil {
			t.Fatal(err)
		}
		return pn.Bytes()
	}
	agg := [32]byte{1}
	seen := map[[66]byte]string{}
	for name, o := range map[string]NonceGenOptions{
		"none":     {},
		"sk":       {SecretKey: &sks[0]},
		"aggpk":    {AggPubKey: &agg},
		"emptymsg": {Msg: []byte{}},
		"msg":      {Msg: []byte{0}},
		"extra":    {ExtraIn: []byte{0}},
	} {
		b := base(o)
		if prev, ok := seen[b]; ok {
			t.Fatalf("options %s and %s give the same nonce", name, prev)
		}
		seen[b] = name
	}
	// Fresh randomness by default.
	_, a, _ := NonceGen(&pks[0], nil)
	_, b, _ := NonceGen(&pks[0], nil)
	if a.Bytes() == b.Bytes() {
		t.Fatal("two NonceGen calls without Rand gave the same nonce")
	}
	if _, _, err := NonceGen(&p256k1.PublicKey{}, nil); !errors.Is(err, ErrInvalidPublicKey) {
		t.Fatal(err)
	}
	if _, _, err := NonceGen(&pks[0], &NonceGenOptions{SecretKey: &p256k1.PrivateKey{}}); !errors.Is(err, ErrInvalidPrivateKey) {
		t.Fatal(err)
	}
}

func TestParseErrors(t *testing.T) {
	if _, err := ParsePubNonce(make([]byte, 65)); !errors.Is(err, ErrInvalidPubNonce) {
		t.Fatal(err)
	}
	if _, err := ParsePubNonce(make([]byte, 66)); !errors.Is(err, ErrInvalidPubNonce) {
		t.Fatal("zero pubnonce accepted (infinity is only for aggregate nonces)")
	}
	if _, err := ParseAggNonce(make([]byte, 67)); !errors.Is(err, ErrInvalidAggNonce) {
		t.Fatal(err)
	}
	if an, err := ParseAggNonce(make([]byte, 66)); err != nil || an.Bytes() != [66]byte{} {
		t.Fatal("all-infinity aggregate nonce rejected")
	}
	n := [32]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41}
	if _, err := ParsePartialSig(n[:]); !errors.Is(err, ErrInvalidPartialSig) {
		t.Fatal("psig = n accepted")
	}
	n[31]--
	if _, err := ParsePartialSig(n[:]); err != nil {
		t.Fatal("psig = n−1 rejected")
	}
	if _, err := ParsePartialSig(n[:31]); !errors.Is(err, ErrInvalidPartialSig) {
		t.Fatal("31 bytes accepted")
	}
	if _, err := KeyAgg(nil); !errors.Is(err, ErrNoKeys) {
		t.Fatal(err)
	}
	_, pks := genKeys(t, 2)
	_, err := KeyAgg([]p256k1.PublicKey{pks[0], {}, pks[1]})
	var se *SignerError
	if !errors.As(err, &se) || se.Index != 1 || se.Contrib != ContribPubKey || !errors.Is(err, ErrInvalidPublicKey) {
		t.Fatalf("zero key: %v", err)
	}
	_, pn1, _ := NonceGen(&pks[0], nil)
	if _, err := NonceAgg([]PubNonce{pn1, {}}); !errors.As(err, &se) || se.Index != 1 || se.Contrib != ContribPubNonce {
		t.Fatalf("zero pubnonce: %v", err)
	}
	// A pubnonce/aggnonce round trip.
	back, err := ParsePubNonce(func() []byte { b := pn1.Bytes(); return b[:] }())
	if err != nil || back.Bytes() != pn1.Bytes() {
		t.Fatal("pubnonce round trip")
	}
}

// TestAdaptor: an adaptor session's pre-signature is not a valid signature,
// Adapt with t makes it one, and ExtractAdaptor recovers t; both nonce
// parities.
func TestAdaptor(t *testing.T) {
	sks, pks := genKeys(t, 2)
	ctx, _ := KeyAgg(pks)
	x := ctx.XOnly()
	seen := [2]bool{}
	for iter := 0; iter < 64 && !(seen[0] && seen[1]); iter++ {
		tk, _ := p256k1.GeneratePrivateKey()
		T := tk.PublicKey()
		tb := tk.Bytes()
		msg := []byte{byte(iter)}
		sns, pns, s := session(t, &ctx, pks, msg, &T)
		parity := s.NonceParity()
		seen[parity] = true
		psigs := make([]PartialSig, 2)
		for i := range psigs {
			var err error
			if psigs[i], err = Sign(sns[i], &sks[i], &s); err != nil {
				t.Fatal(err)
			}
			if !PartialSigVerify(&s, &psigs[i], &pns[i], &pks[i]) {
				t.Fatal("adaptor partial signature does not verify")
			}
		}
		pre, err := PartialSigAgg(&s, psigs)
		if err != nil {
			t.Fatal(err)
		}
		if schnorr.Verify(&x, msg, &pre) {
			t.Fatal("pre-signature verifies without the adaptor")
		}
		sig, err := Adapt(&pre, &tb, parity)
		if err != nil {
			t.Fatal(err)
		}
		if !schnorr.Verify(&x, msg, &sig) {
			t.Fatalf("adapted signature does not verify (parity %d)", parity)
		}
		if bad, _ := Adapt(&pre, &tb, parity^1); schnorr.Verify(&x, msg, &bad) {
			t.Fatal("adapted with the wrong parity verifies")
		}
		got, err := ExtractAdaptor(&sig, &pre, parity)
		if err != nil || got != tb {
			t.Fatalf("ExtractAdaptor: %x, %v", got, err)
		}
	}
	if !seen[0] || !seen[1] {
		t.Fatal("one nonce parity never occurred")
	}
	var pre [64]byte
	var big [32]byte
	for i := range big {
		big[i] = 0xff
	}
	if _, err := Adapt(&pre, &big, 0); !errors.Is(err, ErrInvalidAdaptor) {
		t.Fatal("t ≥ n accepted")
	}
	if _, err := NewAdaptorSession(&ctx, &AggNonce{}, nil, &p256k1.PublicKey{}); !errors.Is(err, ErrInvalidPublicKey) {
		t.Fatal(err)
	}
}

// TestMutatedPartialSig: changing any bit of a valid partial signature, or
// using it with the wrong signer, nonce, or session, fails verification.
func TestMutatedPartialSig(t *testing.T) {
	sks, pks := genKeys(t, 3)
	ctx, _ := KeyAgg(pks)
	sns, pns, s := session(t, &ctx, pks, []byte("m"), nil)
	psig, err := Sign(sns[1], &sks[1], &s)
	if err != nil {
		t.Fatal(err)
	}
	b := psig.Bytes()
	for bit := range 256 {
		m := b
		m[bit/8] ^= 1 << (bit % 8)
		p, err := ParsePartialSig(m[:])
		if err != nil {
			continue
		}
		if PartialSigVerify(&s, &p, &pns[1], &pks[1]) {
			t.Fatalf("bit %d flipped: still verifies", bit)
		}
	}
	if PartialSigVerify(&s, &psig, &pns[1], &pks[0]) || PartialSigVerify(&s, &psig, &pns[0], &pks[1]) {
		t.Fatal("verifies for the wrong signer")
	}
	_, _, s2 := session(t, &ctx, pks, []byte("m"), nil)
	if PartialSigVerify(&s2, &psig, &pns[1], &pks[1]) {
		t.Fatal("verifies in another session")
	}
	if PartialSigVerify(&Session{}, &psig, &pns[1], &pks[1]) || PartialSigVerify(&s, &psig, &PubNonce{}, &pks[1]) {
		t.Fatal("zero values accepted")
	}
}

func TestDeterministicSignSession(t *testing.T) {
	sks, pks := genKeys(t, 3)
	ctx, _ := KeyAgg(pks)
	msg := []byte("stateless signer")
	// Signers 0 and 1 use NonceGen; signer 2 signs last, deterministically.
	sns, pns, _ := session(t, &ctx, pks[:2], msg, nil)
	other, _ := NonceAgg(pns)
	ob := other.Bytes()
	pn2, ps2, err := DeterministicSign(&sks[2], &ob, &ctx, msg, nil)
	if err != nil {
		t.Fatal(err)
	}
	pn3, ps3, _ := DeterministicSign(&sks[2], &ob, &ctx, msg, nil)
	if pn3.Bytes() != pn2.Bytes() || ps3 != ps2 {
		t.Fatal("not deterministic")
	}
	all := append(pns, pn2)
	an, _ := NonceAgg(all)
	s, _ := NewSession(&ctx, &an, msg)
	psigs := []PartialSig{{}, {}, ps2}
	for i := range 2 {
		psigs[i], err = Sign(sns[i], &sks[i], &s)
		if err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		if !PartialSigVerify(&s, &psigs[i], &all[i], &pks[i]) {
			t.Fatalf("partial signature %d", i)
		}
	}
	sig, _ := PartialSigAgg(&s, psigs)
	x := ctx.XOnly()
	if !schnorr.Verify(&x, msg, &sig) {
		t.Fatal("signature does not verify")
	}
}

func TestAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector")
	}
	sks, pks := genKeys(t, 3)
	ctx, _ := KeyAgg(pks)
	_, pns, s := session(t, &ctx, pks, []byte("msg"), nil)
	const runs = 20
	sns := make([]*SecretNonce, runs+1)
	for i := range sns {
		sns[i], _, _ = NonceGen(&pks[0], nil)
	}
	i := 0
	var psig PartialSig
	if a := testing.AllocsPerRun(runs, func() {
		var err error
		psig, err = Sign(sns[i], &sks[0], &s)
		if err != nil {
			panic(err)
		}
		i++
	}); a != 0 {
		t.Errorf("Sign: %v allocations", a)
	}
	if a := testing.AllocsPerRun(runs, func() {
		PartialSigVerify(&s, &psig, &pns[0], &pks[0])
	}); a != 0 {
		t.Errorf("PartialSigVerify: %v allocations", a)
	}
	if a := testing.AllocsPerRun(runs, func() {
		if _, err := NonceAgg(pns); err != nil {
			panic(err)
		}
	}); a != 0 {
		t.Errorf("NonceAgg: %v allocations", a)
	}
	psigs := []PartialSig{psig, psig, psig}
	if a := testing.AllocsPerRun(runs, func() {
		PartialSigAgg(&s, psigs)
	}); a != 0 {
		t.Errorf("PartialSigAgg: %v allocations", a)
	}
	if a := testing.AllocsPerRun(runs, func() {
		if _, err := NewSession(&ctx, &AggNonce{}, nil); err == nil {
			panic("zero aggnonce")
		}
	}); a != 0 {
		t.Errorf("NewSession: %v allocations", a)
	}
}

// TestPartialSigVerifyRandomized: random sessions with tweaks, partial
// signatures verify and aggregate, for keys given in a random order with
// repeats.
func TestPartialSigVerifyRandomized(t *testing.T) {
	rng := mrand.New(mrand.NewPCG(1, 2))
	for iter := range 20 {
		n := 1 + rng.IntN(4)
		sks, pks := genKeys(t, n)
		if n > 2 && rng.IntN(2) == 0 {
			sks[2], pks[2] = sks[0], pks[0]
		}
		ctx, err := KeyAgg(pks)
		if err != nil {
			t.Fatal(err)
		}
		for range rng.IntN(3) {
			var tw [32]byte
			rand.Read(tw[:])
			if err := ctx.ApplyTweak(&tw, rng.IntN(2) == 0); err != nil {
				t.Fatal(err)
			}
		}
		msg := make([]byte, rng.IntN(80))
		rand.Read(msg)
		sns, pns, s := session(t, &ctx, pks, msg, nil)
		psigs := make([]PartialSig, n)
		for i := range n {
			if psigs[i], err = Sign(sns[i], &sks[i], &s); err != nil {
				t.Fatal(err)
			}
			if !PartialSigVerify(&s, &psigs[i], &pns[i], &pks[i]) {
				t.Fatalf("iter %d: partial signature %d", iter, i)
			}
		}
		sig, _ := PartialSigAgg(&s, psigs)
		x := ctx.XOnly()
		if !schnorr.Verify(&x, msg, &sig) {
			t.Fatalf("iter %d: signature", iter)
		}
		if !bytes.Equal(sig[:32], s.rx[:]) {
			t.Fatal("R.x")
		}
	}
}

func TestSignKeypair(t *testing.T) {
	sks, pks := genKeys(t, 2)
	ctx, _ := KeyAgg(pks)
	msg := []byte("keypair")
	sns, pns, s := session(t, &ctx, pks, msg, nil)
	kp0, err := NewKeypair(&sks[0])
	if err != nil {
		t.Fatal(err)
	}
	if pk := kp0.PublicKey(); !pk.Equal(&pks[0]) {
		t.Fatal("Keypair.PublicKey")
	}
	sn0copy := cloneNonce(sns[0]) // only to compare with Sign: never copy a SecretNonce
	p0, err := SignKeypair(sns[0], &kp0, &s)
	if err != nil {
		t.Fatal(err)
	}
	p0b, err := Sign(sn0copy, &sks[0], &s)
	if err != nil || p0b != p0 {
		t.Fatal("SignKeypair and Sign differ")
	}
	if _, err := SignKeypair(sns[0], &kp0, &s); !errors.Is(err, ErrNonceReused) {
		t.Fatalf("reuse: %v", err)
	}
	if _, err := SignKeypair(sns[1], &kp0, &s); !errors.Is(err, ErrNonceKeyMismatch) {
		t.Fatalf("wrong key: %v", err)
	}
	sn, _, _ := NonceGen(&pks[0], nil)
	if _, err := SignKeypair(sn, &Keypair{}, &s); !errors.Is(err, ErrInvalidPrivateKey) {
		t.Fatalf("zero keypair: %v", err)
	}
	if !PartialSigVerify(&s, &p0, &pns[0], &pks[0]) {
		t.Fatal("does not verify")
	}
	for _, f := range []string{"%v", "%+v", "%#v", "%x"} {
		if out := fmt.Sprintf(f, kp0); out != "musig2.Keypair(REDACTED)" {
			t.Fatalf("%s: %q", f, out)
		}
	}
	if _, err := json.Marshal(&kp0); !errors.Is(err, ErrKeypairMarshal) {
		t.Fatal(err)
	}
	kp0.Zero()
	if kp0 != (Keypair{}) {
		t.Fatal("Zero")
	}
	if race.Enabled {
		return
	}
	kp1, _ := NewKeypair(&sks[1])
	nonces := make([]*SecretNonce, 21)
	for i := range nonces {
		nonces[i], _, _ = NonceGen(&pks[1], nil)
	}
	i := 0
	if a := testing.AllocsPerRun(20, func() {
		if _, err := SignKeypair(nonces[i], &kp1, &s); err != nil {
			panic(err)
		}
		i++
	}); a != 0 {
		t.Errorf("SignKeypair: %v allocations", a)
	}
}
