package bip32_test

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/bip32"
	"github.com/p256k1/p256k1/musig2"
)

// TestBIP328: the xpub of each MuSig2 aggregate key in BIP-328's vectors,
// both from the given aggregate key and from musig2.KeyAgg over the
// participant keys in the given order.
func TestBIP328(t *testing.T) {
	raw, err := os.ReadFile("testdata/bip328_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []struct {
		Agg  string   `json:"aggregate_pubkey"`
		Keys []string `json:"keys"`
		XPub string   `json:"xpub"`
	}
	if err := json.Unmarshal(raw, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) == 0 {
		t.Fatal("no vectors")
	}
	for i, v := range vs {
		ab, _ := hex.DecodeString(v.Agg)
		agg, err := p256k1.ParsePublicKey(ab)
		if err != nil {
			t.Fatal(err)
		}
		x, err := bip32.MuSigAggregateXPub(&agg)
		if err != nil || x.XPub() != v.XPub {
			t.Errorf("vector %d: %s %v, want %s", i, x.XPub(), err, v.XPub)
		}
		keys := make([]p256k1.PublicKey, len(v.Keys))
		for j, s := range v.Keys {
			b, _ := hex.DecodeString(s)
			if keys[j], err = p256k1.ParsePublicKey(b); err != nil {
				t.Fatal(err)
			}
		}
		ctx, err := musig2.KeyAgg(keys)
		if err != nil {
			t.Fatal(err)
		}
		pk := ctx.PublicKey()
		if !pk.Equal(&agg) {
			t.Errorf("vector %d: KeyAgg gives %x", i, pk.SerializeCompressed())
		}
		y, _ := bip32.MuSigAggregateXPub(&pk)
		if y.XPub() != v.XPub {
			t.Errorf("vector %d: from KeyAgg %s", i, y.XPub())
		}
		// Unhardened children derive; hardened ones are refused.
		if _, err := y.Child(0); err != nil {
			t.Error(err)
		}
		if _, err := y.Child(bip32.Hardened(0)); err != bip32.ErrHardenedFromPublic {
			t.Error(err)
		}
	}
	t.Logf("%d vectors", len(vs))
}
