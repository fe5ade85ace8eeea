package musig2

import (
	"errors"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/schnorr"
)

// TestPartialSigAggCount: PartialSigAgg takes exactly one partial signature
// per signer of the session. Before the fix it summed whatever it was given
// (none, two of three) and returned a nil error with a signature that does
// not verify.
func TestPartialSigAggCount(t *testing.T) {
	sks, pks := genKeys(t, 3)
	ctx, _ := KeyAgg(pks)
	msg := []byte("count")
	sns, _, s := session(t, &ctx, pks, msg, nil)
	psigs := make([]PartialSig, 3)
	for i := range psigs {
		var err error
		if psigs[i], err = Sign(sns[i], &sks[i], &s); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name  string
		psigs []PartialSig
	}{
		{"none", nil},
		{"empty", []PartialSig{}},
		{"one of three", psigs[:1]},
		{"two of three", psigs[:2]},
		{"four", append(append([]PartialSig{}, psigs...), psigs[0])},
	} {
		sig, err := PartialSigAgg(&s, c.psigs)
		if !errors.Is(err, ErrPartialSigCount) {
			t.Errorf("%s: error %v, want ErrPartialSigCount", c.name, err)
		}
		if sig != ([64]byte{}) {
			t.Errorf("%s: a signature came back with the error", c.name)
		}
	}
	sig, err := PartialSigAgg(&s, psigs)
	if err != nil {
		t.Fatal(err)
	}
	x := ctx.XOnly()
	if !schnorr.Verify(&x, msg, &sig) {
		t.Fatal("three of three does not verify")
	}
	// A key listed twice is two signers: two partial signatures for it.
	ctx2, _ := KeyAgg([]p256k1.PublicKey{pks[0], pks[0], pks[1]})
	if ctx2.Len() != 3 {
		t.Fatal("Len")
	}
}
