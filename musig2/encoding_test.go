package musig2

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestEncodings(t *testing.T) {
	sks, pks := genKeys(t, 2)
	ctx, _ := KeyAgg(pks)
	sns, pns, s := session(t, &ctx, pks, []byte("enc"), nil)
	psig, err := Sign(sns[0], &sks[0], &s)
	if err != nil {
		t.Fatal(err)
	}
	an, _ := NonceAgg(pns)
	type msg struct {
		Nonce PubNonce
		Agg   AggNonce
		Sig   PartialSig
	}
	in := msg{pns[0], an, psig}
	j, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	var out msg
	if err := json.Unmarshal(j, &out); err != nil {
		t.Fatal(err)
	}
	if out.Nonce.Bytes() != in.Nonce.Bytes() || out.Agg.Bytes() != in.Agg.Bytes() || out.Sig != in.Sig {
		t.Fatalf("JSON round trip: %s", j)
	}
	if _, err := json.Marshal(PubNonce{}); !errors.Is(err, ErrInvalidPubNonce) {
		t.Fatalf("zero PubNonce: %v", err)
	}
	if _, err := json.Marshal(AggNonce{}); !errors.Is(err, ErrInvalidAggNonce) {
		t.Fatalf("zero AggNonce: %v", err)
	}
	var p PubNonce
	if err := p.UnmarshalText([]byte("zz")); !errors.Is(err, ErrInvalidPubNonce) {
		t.Fatal(err)
	}
	var ps PartialSig
	if err := ps.UnmarshalBinary(make([]byte, 31)); !errors.Is(err, ErrInvalidPartialSig) {
		t.Fatal(err)
	}
	var a AggNonce
	if err := a.UnmarshalBinary(make([]byte, 66)); err != nil || !a.IsValid() {
		t.Fatal("infinity aggregate nonce")
	}
}
