package musig2

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/schnorr"
)

// newSessions starts a SigningSession for each secret key over all their
// public keys (given in reverse, sorted by the option) with opts.
func newSessions(t *testing.T, sks []p256k1.PrivateKey, pks []p256k1.PublicKey, opts *SigningSessionOptions) []*SigningSession {
	t.Helper()
	rev := make([]p256k1.PublicKey, len(pks))
	for i := range pks {
		rev[len(pks)-1-i] = pks[i]
	}
	ss := make([]*SigningSession, len(sks))
	for i := range sks {
		var err error
		if ss[i], err = NewSigningSession(&sks[i], rev, opts); err != nil {
			t.Fatal(err)
		}
	}
	return ss
}

// exchangeNonces gives every session every other signer's nonce.
func exchangeNonces(t *testing.T, ss []*SigningSession, pks []p256k1.PublicKey) {
	t.Helper()
	for i, s := range ss {
		for j, o := range ss {
			if i == j {
				continue
			}
			n := o.PublicNonce()
			all, err := s.AddNonce(&pks[j], &n)
			if err != nil {
				t.Fatal(err)
			}
			if want := j == len(ss)-1 || (i == len(ss)-1 && j == len(ss)-2); all != want {
				t.Fatalf("session %d after nonce %d: all=%v", i, j, all)
			}
		}
	}
}

// tapTweakByHand is BIP-341's tweak computed with crypto/sha256.
func tapTweakByHand(p [32]byte, root []byte) [32]byte {
	tag := sha256.Sum256([]byte("TapTweak"))
	h := sha256.New()
	h.Write(tag[:])
	h.Write(tag[:])
	h.Write(p[:])
	h.Write(root)
	var t [32]byte
	h.Sum(t[:0])
	return t
}

func TestApplyTaprootTweak(t *testing.T) {
	_, pks := genKeys(t, 3)
	root := bytes.Repeat([]byte{7}, 32)
	for _, r := range [][]byte{nil, root} {
		ctx, _ := KeyAgg(pks)
		internal := ctx.XOnlyBytes()
		tw, err := ctx.ApplyTaprootTweak(r)
		if err != nil {
			t.Fatal(err)
		}
		if tw != tapTweakByHand(internal, r) {
			t.Fatal("tweak differs from BIP-341's by hand")
		}
		ik, _ := p256k1.ParseXOnlyPublicKey(internal[:])
		out := ctx.XOnlyBytes()
		plain := ctx.PublicKey()
		_, parity := plain.XOnly()
		if !ik.TweakAddCheck(&out, parity, &tw) {
			t.Fatal("output key is not the internal key tweaked")
		}
	}
	ctx, _ := KeyAgg(pks)
	before := ctx.XOnlyBytes()
	if _, err := ctx.ApplyTaprootTweak(make([]byte, 31)); !errors.Is(err, ErrInvalidMerkleRoot) {
		t.Fatalf("31-byte root: %v", err)
	}
	if ctx.XOnlyBytes() != before {
		t.Fatal("a refused root changed the context")
	}
	var zero KeyAggContext
	if _, err := zero.ApplyTaprootTweak(nil); !errors.Is(err, ErrInvalidSession) {
		t.Fatal(err)
	}
}

// TestSigningSession3of3: three SigningSessions, plain, tweaked and
// Taproot (with and without a script tree), with the message fixed at the
// start or given to Sign, partial signatures arriving before and after
// the receiver's own Sign: each returns the same valid signature.
func TestSigningSession3of3(t *testing.T) {
	sks, pks := genKeys(t, 3)
	msg := []byte("three of three")
	root := bytes.Repeat([]byte{9}, 32)
	var tw [32]byte
	tw[31] = 5
	for ci, opts := range []SigningSessionOptions{
		{Sort: true},
		{},
		{Sort: true, Msg: msg},
		{Sort: true, Taproot: true},
		{Sort: true, Taproot: true, TaprootMerkleRoot: root, Msg: msg},
		{Sort: true, Tweaks: []Tweak{{tw, false}, {tw, true}}, Taproot: true},
	} {
		ss := newSessions(t, sks, pks, &opts)
		agg := ss[0].AggregateKey()
		for i := range ss {
			if k := ss[i].AggregateKey(); !k.Equal(&agg) {
				t.Fatalf("case %d: sessions disagree on the aggregate key", ci)
			}
			if ss[i].CanSign() {
				t.Fatalf("case %d: CanSign before the nonces", ci)
			}
		}
		if opts.Taproot {
			ctx, _ := KeyAgg(ss[0].Keys())
			for _, tw := range opts.Tweaks {
				ctx.ApplyTweak(&tw.Tweak, tw.XOnly)
			}
			internal := ctx.XOnlyBytes()
			tt := tapTweakByHand(internal, opts.TaprootMerkleRoot)
			ctx.ApplyTweak(&tt, true)
			if x := ctx.XOnly(); !x.Equal(&agg) {
				t.Fatalf("case %d: not the Taproot output key", ci)
			}
		}
		exchangeNonces(t, ss, pks)
		psigs := make([]PartialSig, 3)
		for i := range ss {
			if !ss[i].CanSign() {
				t.Fatalf("case %d: session %d cannot sign with every nonce in", ci, i)
			}
			var err error
			if opts.Msg != nil && i == 1 {
				psigs[i], err = ss[i].Sign(nil) // the fixed message
			} else {
				psigs[i], err = ss[i].Sign(msg)
			}
			if err != nil {
				t.Fatalf("case %d: %v", ci, err)
			}
			if ss[i].CanSign() {
				t.Fatal("CanSign after Sign")
			}
		}
		for i, s := range ss {
			n := 0
			for j := range ss {
				if i == j {
					continue
				}
				n++
				done, err := s.AddPartialSig(&pks[j], &psigs[j])
				if err != nil {
					t.Fatalf("case %d: session %d, signer %d: %v", ci, i, j, err)
				}
				if done != (n == 2) {
					t.Fatalf("case %d: done=%v after %d", ci, done, n)
				}
			}
			sig, err := s.FinalSig()
			if err != nil {
				t.Fatal(err)
			}
			if !schnorr.Verify(&agg, msg, &sig) {
				t.Fatalf("case %d: final signature does not verify", ci)
			}
			if s0, _ := ss[0].FinalSig(); s0 != sig {
				t.Fatal("sessions disagree on the signature")
			}
		}
	}
}

// TestSigningSessionRefusals: nonce reuse, missing, duplicate and foreign
// nonces and partial signatures, each refused with the signer named.
func TestSigningSessionRefusals(t *testing.T) {
	sks, pks := genKeys(t, 3)
	msg := []byte("refusals")
	ss := newSessions(t, sks, []p256k1.PublicKey{pks[0], pks[1], pks[2]}, nil) // aggregated as given: reversed
	idx := func(pk int) int { return 2 - pk }                                  // index of pks[pk] in Keys
	if k := ss[0].Keys(); !k[idx(0)].Equal(&pks[0]) || ss[0].Index() != idx(0) {
		t.Fatal("Keys/Index")
	}
	signerErr := func(what string, err error, index int, contrib string, sentinel error) {
		t.Helper()
		var se *SignerError
		if !errors.As(err, &se) || se.Index != index || se.Contrib != contrib || !errors.Is(err, sentinel) {
			t.Fatalf("%s: %v, want a SignerError naming signer %d (%s) wrapping %v", what, err, index, contrib, sentinel)
		}
	}

	// Signing with nonces missing: names the first signer missing, and the
	// nonce is not consumed.
	_, err := ss[0].Sign(msg)
	signerErr("sign with nonces missing", err, 0, ContribPubNonce, ErrMissingNonce)
	n1, n2 := ss[1].PublicNonce(), ss[2].PublicNonce()
	if _, err := ss[0].AddNonce(&pks[1], &n1); err != nil {
		t.Fatal(err)
	}
	_, err = ss[0].Sign(msg)
	signerErr("sign with one nonce missing", err, idx(2), ContribPubNonce, ErrMissingNonce)

	// Duplicate, zero and foreign nonces.
	_, err = ss[0].AddNonce(&pks[1], &n1)
	signerErr("second nonce", err, idx(1), ContribPubNonce, ErrDuplicateNonce)
	n0 := ss[0].PublicNonce()
	_, err = ss[0].AddNonce(&pks[0], &n0)
	signerErr("own nonce again", err, idx(0), ContribPubNonce, ErrDuplicateNonce)
	_, err = ss[0].AddNonce(&pks[2], &PubNonce{})
	signerErr("zero nonce", err, idx(2), ContribPubNonce, ErrInvalidPubNonce)
	_, outsider := genKeys(t, 1)
	if _, err := ss[0].AddNonce(&outsider[0], &n2); !errors.Is(err, ErrUnknownSigner) {
		t.Fatalf("outsider's nonce: %v", err)
	}
	// A partial signature before the session values exist.
	if _, err := ss[0].AddPartialSig(&pks[1], &PartialSig{}); !errors.Is(err, ErrSessionNotReady) {
		t.Fatalf("early partial signature: %v", err)
	}
	if all, err := ss[0].AddNonce(&pks[2], &n2); err != nil || !all {
		t.Fatal(all, err)
	}
	// Signer 0 has no message fixed: nil is refused, and the nonce kept.
	if _, err := ss[0].Sign(nil); !errors.Is(err, ErrMessageMismatch) {
		t.Fatalf("nil message: %v", err)
	}
	// Partial signatures still cannot be verified: the message is unknown.
	if _, err := ss[0].AddPartialSig(&pks[1], &PartialSig{}); !errors.Is(err, ErrSessionNotReady) {
		t.Fatalf("partial signature before the message: %v", err)
	}
	p0, err := ss[0].Sign(msg)
	if err != nil {
		t.Fatal(err)
	}
	// Nonce reuse: a second Sign, for this or another message.
	for _, m := range [][]byte{msg, []byte("another")} {
		if _, err := ss[0].Sign(m); !errors.Is(err, ErrNonceReused) {
			t.Fatalf("second Sign: %v", err)
		}
	}
	_, err = ss[0].FinalSig()
	signerErr("final signature with two missing", err, idx(2), ContribPartialSig, ErrMissingPartialSig)

	// The other two sign.
	exch := func(s *SigningSession, j int) {
		for k := range 3 {
			if k != j {
				n := ss[k].PublicNonce()
				if _, err := s.AddNonce(&pks[k], &n); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	exch(ss[1], 1)
	exch(ss[2], 2)
	p1, err := ss[1].Sign(msg)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := ss[2].Sign(msg)
	if err != nil {
		t.Fatal(err)
	}
	// Signer 1's signature presented as signer 2's: signer 2 is at fault.
	_, err = ss[0].AddPartialSig(&pks[2], &p1)
	signerErr("a signature under the wrong signer", err, idx(2), ContribPartialSig, ErrInvalidPartialSig)
	_, err = ss[0].AddPartialSig(&pks[0], &p0)
	signerErr("own signature again", err, idx(0), ContribPartialSig, ErrDuplicatePartialSig)
	if _, err := ss[0].AddPartialSig(&outsider[0], &p1); !errors.Is(err, ErrUnknownSigner) {
		t.Fatalf("outsider's partial signature: %v", err)
	}
	if done, err := ss[0].AddPartialSig(&pks[1], &p1); done || err != nil {
		t.Fatal(done, err)
	}
	_, err = ss[0].AddPartialSig(&pks[1], &p1)
	signerErr("second partial signature", err, idx(1), ContribPartialSig, ErrDuplicatePartialSig)
	_, err = ss[0].FinalSig()
	signerErr("final signature with one missing", err, idx(2), ContribPartialSig, ErrMissingPartialSig)
	if done, err := ss[0].AddPartialSig(&pks[2], &p2); !done || err != nil {
		t.Fatal(done, err)
	}
	sig, err := ss[0].FinalSig()
	x := ss[0].AggregateKey()
	if err != nil || !schnorr.Verify(&x, msg, &sig) {
		t.Fatal("final signature", err)
	}

	// A fixed message: Sign refuses another one.
	fixed := newSessions(t, sks[:2], pks[:2], &SigningSessionOptions{Msg: msg})
	n := fixed[1].PublicNonce()
	fixed[0].AddNonce(&pks[1], &n)
	if _, err := fixed[0].Sign([]byte("other")); !errors.Is(err, ErrMessageMismatch) {
		t.Fatalf("other message: %v", err)
	}
	fixed[0].Zero()
	if fixed[0].CanSign() {
		t.Fatal("CanSign after Zero")
	}
	if _, err := fixed[0].Sign(msg); !errors.Is(err, ErrNonceReused) {
		t.Fatalf("Sign after Zero: %v", err)
	}

	// Construction errors.
	if _, err := NewSigningSession(&sks[0], pks[1:], nil); !errors.Is(err, ErrSignerNotInKeys) {
		t.Fatalf("signer not in keys: %v", err)
	}
	if _, err := NewSigningSession(&p256k1.PrivateKey{}, pks, nil); !errors.Is(err, ErrInvalidPrivateKey) {
		t.Fatalf("zero key: %v", err)
	}
	if _, err := NewSigningSession(&sks[0], nil, nil); !errors.Is(err, ErrNoKeys) {
		t.Fatalf("no keys: %v", err)
	}
	if _, err := NewSigningSession(&sks[0], pks, &SigningSessionOptions{Taproot: true, TaprootMerkleRoot: []byte{1}}); !errors.Is(err, ErrInvalidMerkleRoot) {
		t.Fatalf("bad root: %v", err)
	}
}

// TestSigningSessionRepeatedKey: a key listed twice is two signers, each
// with its own session, nonce and partial signature.
func TestSigningSessionRepeatedKey(t *testing.T) {
	sks, pks := genKeys(t, 2)
	keys := []p256k1.PublicKey{pks[0], pks[1], pks[0]}
	msg := []byte("repeated")
	a1, _ := NewSigningSession(&sks[0], keys, &SigningSessionOptions{Msg: msg})
	a2, _ := NewSigningSession(&sks[0], keys, &SigningSessionOptions{Msg: msg})
	b, _ := NewSigningSession(&sks[1], keys, &SigningSessionOptions{Msg: msg})
	na1, na2, nb := a1.PublicNonce(), a2.PublicNonce(), b.PublicNonce()
	for _, s := range []struct {
		s      *SigningSession
		others []PubNonce
		keys   []int
	}{{a1, []PubNonce{na2, nb}, []int{0, 1}}, {a2, []PubNonce{na1, nb}, []int{0, 1}}, {b, []PubNonce{na1, na2}, []int{0, 0}}} {
		for i, n := range s.others {
			if _, err := s.s.AddNonce(&pks[s.keys[i]], &n); err != nil {
				t.Fatal(err)
			}
		}
	}
	pa1, err1 := a1.Sign(nil)
	pa2, err2 := a2.Sign(nil)
	pb, err3 := b.Sign(nil)
	if err := errors.Join(err1, err2, err3); err != nil {
		t.Fatal(err)
	}
	// b receives a2's signature first: it is matched to a2's nonce.
	if _, err := b.AddPartialSig(&pks[0], &pa2); err != nil {
		t.Fatal(err)
	}
	if done, err := b.AddPartialSig(&pks[0], &pa1); !done || err != nil {
		t.Fatal(done, err)
	}
	a1.AddPartialSig(&pks[0], &pa2)
	if done, err := a1.AddPartialSig(&pks[1], &pb); !done || err != nil {
		t.Fatal(done, err)
	}
	s1, _ := a1.FinalSig()
	s2, _ := b.FinalSig()
	x := b.AggregateKey()
	if s1 != s2 || !schnorr.Verify(&x, msg, &s1) {
		t.Fatal("repeated key: final signatures")
	}
}

// TestSigningSessionConcurrentSign: goroutines racing to sign with one
// session: one partial signature, the others ErrNonceReused (-race).
func TestSigningSessionConcurrentSign(t *testing.T) {
	sks, pks := genKeys(t, 2)
	ss := newSessions(t, sks, pks, nil)
	exchangeNonces(t, ss, pks)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for g := range errs {
		wg.Add(1)
		go func() { defer wg.Done(); _, errs[g] = ss[0].Sign([]byte("race")) }()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if !errors.Is(err, ErrNonceReused) {
			t.Fatal(err)
		}
	}
	if ok != 1 {
		t.Fatalf("%d signatures from one session", ok)
	}
}

func TestSigningSessionRedacted(t *testing.T) {
	sks, pks := genKeys(t, 2)
	ss := newSessions(t, sks, pks, nil)
	k := sks[0].Bytes()
	secret := fmt.Sprintf("%x", k[:8])
	for _, f := range []string{"%v", "%+v", "%#v", "%s", "%x", "%d"} {
		for _, v := range []any{ss[0], []*SigningSession{ss[0]}, struct{ S *SigningSession }{ss[0]}} {
			out := fmt.Sprintf(f, v)
			if !strings.Contains(out, "REDACTED") || strings.Contains(out, secret) {
				t.Fatalf("%s of %T: %q", f, v, out)
			}
		}
	}
	if _, err := json.Marshal(ss[0]); !errors.Is(err, ErrSigningSessionMarshal) {
		t.Fatal(err)
	}
}
