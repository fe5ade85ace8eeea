package musig2

import (
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/schnorr"
)

// FuzzSigningSession feeds a 2-of-2 SigningSession the other signer's
// nonce and partial signature as arbitrary bytes (after the real ones
// when real is set): it never panics, accepts a partial signature only if
// it verifies, and a session that reports done returns a signature that
// verifies under its key.
func FuzzSigningSession(f *testing.F) {
	f.Add(make([]byte, 66), make([]byte, 32), false)
	f.Add(make([]byte, 66), make([]byte, 32), true)
	var one [32]byte
	one[31] = 1
	sk0, _ := p256k1.NewPrivateKey(one[:])
	one[31] = 2
	sk1, _ := p256k1.NewPrivateKey(one[:])
	pks := []p256k1.PublicKey{sk0.PublicKey(), sk1.PublicKey()}
	msg := []byte("fuzz")
	opts := &SigningSessionOptions{Msg: msg, Rand: &one}
	f.Fuzz(func(t *testing.T, nonce, psig []byte, real bool) {
		a, err := NewSigningSession(&sk0, pks, opts)
		if err != nil {
			t.Fatal(err)
		}
		if real {
			b, _ := NewSigningSession(&sk1, pks, opts)
			bn, an := b.PublicNonce(), a.PublicNonce()
			a.AddNonce(&pks[1], &bn)
			b.AddNonce(&pks[0], &an)
			if _, err := b.Sign(nil); err != nil {
				t.Fatal(err)
			}
		} else if n, err := ParsePubNonce(nonce); err == nil {
			a.AddNonce(&pks[1], &n)
		}
		a.Sign(nil)
		p, err := ParsePartialSig(psig)
		if err != nil {
			return
		}
		done, err := a.AddPartialSig(&pks[1], &p)
		if err != nil {
			return
		}
		if !done {
			t.Fatal("accepted the last partial signature without finishing")
		}
		sig, err := a.FinalSig()
		x := a.AggregateKey()
		if err != nil || !schnorr.Verify(&x, msg, &sig) {
			t.Fatal("accepted a partial signature that makes no valid signature")
		}
	})
}
