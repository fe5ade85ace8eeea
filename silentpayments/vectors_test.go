package silentpayments

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/schnorr"
)

// The BIP-352 test vectors (bitcoin/bips, bip-0352/send_and_receive_test_vectors.json),
// copied unchanged into testdata/.

type vecInput struct {
	TxID      string `json:"txid"`
	Vout      uint32 `json:"vout"`
	ScriptSig string `json:"scriptSig"`
	Witness   string `json:"txinwitness"`
	Prevout   struct {
		ScriptPubKey struct {
			Hex string `json:"hex"`
		} `json:"scriptPubKey"`
	} `json:"prevout"`
	PrivateKey string `json:"private_key"`
}

type vecCase struct {
	Comment string `json:"comment"`
	Sending []struct {
		Given struct {
			Vin        []vecInput `json:"vin"`
			Recipients []struct {
				Address string `json:"address"`
				Scan    string `json:"scan_pub_key"`
				Spend   string `json:"spend_pub_key"`
				Count   int    `json:"count"`
			} `json:"recipients"`
		} `json:"given"`
		Expected struct {
			Outputs       [][]string `json:"outputs"`
			SharedSecrets []*string  `json:"shared_secrets"`
			KeySum        *string    `json:"input_private_key_sum"`
			InputPubKeys  []string   `json:"input_pub_keys"`
		} `json:"expected"`
	} `json:"sending"`
	Receiving []struct {
		Given struct {
			Vin         []vecInput `json:"vin"`
			Outputs     []string   `json:"outputs"`
			KeyMaterial struct {
				Spend string `json:"spend_priv_key"`
				Scan  string `json:"scan_priv_key"`
			} `json:"key_material"`
			Labels []uint32 `json:"labels"`
		} `json:"given"`
		Expected struct {
			Addresses []string `json:"addresses"`
			Outputs   []struct {
				Tweak     string `json:"priv_key_tweak"`
				PubKey    string `json:"pub_key"`
				Signature string `json:"signature"`
			} `json:"outputs"`
			NOutputs     *int    `json:"n_outputs"`
			Tweak        *string `json:"tweak"`
			SharedSecret *string `json:"shared_secret"`
			PubKeySum    *string `json:"input_pub_key_sum"`
		} `json:"expected"`
	} `json:"receiving"`
}

func loadVectors(t *testing.T) []vecCase {
	t.Helper()
	b, err := os.ReadFile("testdata/send_and_receive_test_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []vecCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) != 28 {
		t.Fatalf("%d cases, want 28", len(cases))
	}
	return cases
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// txInputs converts the vector's inputs: each one's Input, its outpoint
// (txid reversed into serialization order) and, where given, its key.
func txInputs(t *testing.T, vin []vecInput) ([]Input, []Outpoint) {
	t.Helper()
	ins := make([]Input, len(vin))
	ops := make([]Outpoint, len(vin))
	for i, v := range vin {
		w, err := ParseWitness(unhex(t, v.Witness))
		if err != nil {
			t.Fatalf("input %d: witness: %v", i, err)
		}
		ins[i] = Input{ScriptSig: unhex(t, v.ScriptSig), Witness: w, PrevoutScript: unhex(t, v.Prevout.ScriptPubKey.Hex)}
		txid := unhex(t, v.TxID)
		slices.Reverse(txid)
		copy(ops[i].TxID[:], txid)
		ops[i].Vout = v.Vout
	}
	return ins, ops
}

func mustKey(t *testing.T, s string) p256k1.PrivateKey {
	t.Helper()
	k, err := p256k1.NewPrivateKey(unhex(t, s))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func mustPub(t *testing.T, s string) p256k1.PublicKey {
	t.Helper()
	p, err := p256k1.ParsePublicKey(unhex(t, s))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestVectorsSending(t *testing.T) {
	for ci, c := range loadVectors(t) {
		for si, s := range c.Sending {
			name := func() string { return c.Comment }
			ins, ops := txInputs(t, s.Given.Vin)
			var keys []SenderKey
			var pubs []string
			for i := range ins {
				pub, taproot, ok := InputPublicKey(&ins[i])
				if !ok {
					continue
				}
				c := pub.SerializeCompressed()
				pubs = append(pubs, hex.EncodeToString(c[:]))
				k := mustKey(t, s.Given.Vin[i].PrivateKey)
				keys = append(keys, SenderKey{Key: &k, Taproot: taproot})
			}
			if want := s.Expected.InputPubKeys; !slices.Equal(pubs, want) && !(len(pubs) == 0 && len(want) == 0) {
				t.Errorf("case %d (%s) sending %d: input keys %v, want %v", ci, name(), si, pubs, want)
			}
			var recips []Address
			for _, r := range s.Given.Recipients {
				a, err := ParseAddress(r.Address)
				if err != nil {
					t.Fatalf("case %d (%s): address %s: %v", ci, name(), r.Address, err)
				}
				if sc, sp := a.Scan.SerializeCompressed(), a.Spend.SerializeCompressed(); hex.EncodeToString(sc[:]) != r.Scan || hex.EncodeToString(sp[:]) != r.Spend {
					t.Errorf("case %d: address %s decodes to other keys", ci, r.Address)
				}
				if a.String() != r.Address {
					t.Errorf("case %d: address re-encodes as %s, want %s", ci, a.String(), r.Address)
				}
				for range max(r.Count, 1) {
					recips = append(recips, a)
				}
			}
			outs, err := Outputs(keys, ops, recips)
			want := s.Expected.Outputs
			if len(want) == 1 && len(want[0]) == 0 {
				// The transaction cannot pay: no eligible input, a zero
				// sum, or too many outputs for one scan key.
				if err == nil && len(recips) > 0 && len(keys) > 0 {
					t.Errorf("case %d (%s): made outputs, want none", ci, name())
				}
				if len(keys) > 0 && err != nil && !errors.Is(err, ErrInputSumZero) && !errors.Is(err, ErrTooManyOutputs) {
					t.Errorf("case %d (%s): %v", ci, name(), err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("case %d (%s): %v", ci, name(), err)
			}
			var got []string
			for _, o := range outs {
				b := o.Bytes()
				got = append(got, hex.EncodeToString(b[:]))
			}
			slices.Sort(got)
			ok := false
			for _, w := range want {
				w = slices.Clone(w)
				slices.Sort(w)
				ok = ok || slices.Equal(got, w)
			}
			if !ok {
				t.Errorf("case %d (%s): outputs %v, want one of %v", ci, name(), got, want)
			}
		}
	}
}

func TestVectorsReceiving(t *testing.T) {
	checked := map[string]int{}
	defer func() { t.Logf("checked: %v", checked) }()
	msg := sha256.Sum256([]byte("message"))
	aux := sha256.Sum256([]byte("random auxiliary data"))
	for ci, c := range loadVectors(t) {
		for ri, r := range c.Receiving {
			g, e := r.Given, r.Expected
			scan := mustKey(t, g.KeyMaterial.Scan)
			spendKey := mustKey(t, g.KeyMaterial.Spend)
			spend := spendKey.PublicKey()
			// Addresses: unlabelled first, then one per label in order.
			var addrs []string
			a, err := NewAddress(&scan, &spend, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			addrs = append(addrs, a.String())
			for _, m := range g.Labels {
				a, err := NewAddress(&scan, &spend, &m, false)
				if err != nil {
					t.Fatal(err)
				}
				addrs = append(addrs, a.String())
			}
			if !slices.Equal(addrs, e.Addresses) {
				t.Errorf("case %d (%s) receiving %d: addresses %v, want %v", ci, c.Comment, ri, addrs, e.Addresses)
			}
			ins, ops := txInputs(t, g.Vin)
			var pubs []p256k1.PublicKey
			for i := range ins {
				if p, _, ok := InputPublicKey(&ins[i]); ok {
					pubs = append(pubs, p)
				}
			}
			tw, err := TweakData(pubs, ops)
			if e.Tweak == nil {
				if err == nil {
					t.Errorf("case %d (%s): tweak data computed, want none", ci, c.Comment)
				}
				continue
			}
			if err != nil {
				t.Fatalf("case %d (%s): tweak data: %v", ci, c.Comment, err)
			}
			if got := tw.SerializeCompressed(); hex.EncodeToString(got[:]) != *e.Tweak {
				t.Errorf("case %d (%s): tweak %x, want %s", ci, c.Comment, got, *e.Tweak)
			}
			if e.SharedSecret != nil {
				var b scalar.Scalar
				var ta group.Affine
				loadSecret(&b, &scan)
				point.Load(&ta, &tw)
				var s33 [33]byte
				sharedSecret(&s33, &b, &ta)
				if hex.EncodeToString(s33[:]) != *e.SharedSecret {
					t.Errorf("case %d (%s): shared secret %x, want %s", ci, c.Comment, s33, *e.SharedSecret)
				}
				checked["shared secrets"]++
			}
			var outs []p256k1.XOnlyPublicKey
			for _, o := range g.Outputs {
				x, err := p256k1.ParseXOnlyPublicKey(unhex(t, o))
				if err != nil {
					t.Fatalf("case %d: output %s: %v", ci, o, err)
				}
				outs = append(outs, x)
			}
			var labels *LabelSet
			if len(g.Labels) > 0 {
				if labels, err = NewLabelSet(&scan, g.Labels); err != nil {
					t.Fatal(err)
				}
			}
			found, err := Scan(&scan, &spend, &tw, outs, labels)
			if err != nil {
				t.Fatalf("case %d (%s): scan: %v", ci, c.Comment, err)
			}
			if e.NOutputs != nil {
				checked["K_max cases"]++
				if len(found) != *e.NOutputs {
					t.Errorf("case %d (%s): %d outputs found, want %d", ci, c.Comment, len(found), *e.NOutputs)
				}
				continue
			}
			if len(found) != len(e.Outputs) {
				t.Fatalf("case %d (%s): %d outputs found, want %d", ci, c.Comment, len(found), len(e.Outputs))
			}
			for _, w := range e.Outputs {
				idx := slices.IndexFunc(found, func(m Match) bool {
					b := m.Output.Bytes()
					return hex.EncodeToString(b[:]) == w.PubKey
				})
				if idx < 0 {
					t.Errorf("case %d (%s): output %s not found", ci, c.Comment, w.PubKey)
					continue
				}
				m := found[idx]
				if hex.EncodeToString(m.Tweak[:]) != w.Tweak {
					t.Errorf("case %d (%s): tweak %x, want %s", ci, c.Comment, m.Tweak, w.Tweak)
				}
				k, err := SpendKey(&spendKey, &m)
				if err != nil {
					t.Fatal(err)
				}
				sig, err := schnorr.Sign(&k, msg[:], &aux)
				if err != nil {
					t.Fatal(err)
				}
				if hex.EncodeToString(sig[:]) != w.Signature {
					t.Errorf("case %d (%s): signature %x, want %s", ci, c.Comment, sig, w.Signature)
				}
				checked["matched outputs (tweak, signature)"]++
				if !schnorr.Verify(&m.Output, msg[:], &sig) {
					t.Errorf("case %d (%s): signature does not verify under the output key", ci, c.Comment)
				}
			}
		}
	}
}
