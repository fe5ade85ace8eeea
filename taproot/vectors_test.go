package taproot

import (
	"bytes"
	"crypto/pbkdf2"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/bip32"
	"github.com/p256k1/p256k1/schnorr"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("hex %q: %v", s, err)
	}
	return b
}

func hex32(t testing.TB, s string) [32]byte {
	t.Helper()
	b := mustHex(t, s)
	if len(b) != 32 {
		t.Fatalf("%q: %d bytes, want 32", s, len(b))
	}
	return [32]byte(b)
}

// vectorNode is a script tree in the JSON form of BIP-341's vectors: a leaf
// object or an array of two nodes.
type vectorNode struct {
	ID          int    `json:"id"`
	Script      string `json:"script"`
	LeafVersion int    `json:"leafVersion"`
}

// parseVectorTree builds a Node from the vectors' JSON and returns the leaf
// ids in depth-first order.
func parseVectorTree(t testing.TB, raw json.RawMessage) (*Node, []int) {
	t.Helper()
	var pair []json.RawMessage
	if err := json.Unmarshal(raw, &pair); err == nil {
		if len(pair) != 2 {
			t.Fatalf("tree node with %d children", len(pair))
		}
		l, li := parseVectorTree(t, pair[0])
		r, ri := parseVectorTree(t, pair[1])
		return NewBranch(l, r), append(li, ri...)
	}
	var leaf vectorNode
	if err := json.Unmarshal(raw, &leaf); err != nil {
		t.Fatal(err)
	}
	return NewLeaf(byte(leaf.LeafVersion), mustHex(t, leaf.Script)), []int{leaf.ID}
}

type bip341Vectors struct {
	ScriptPubKey []struct {
		Given struct {
			InternalPubkey string          `json:"internalPubkey"`
			ScriptTree     json.RawMessage `json:"scriptTree"`
		} `json:"given"`
		Intermediary struct {
			LeafHashes    []string `json:"leafHashes"`
			MerkleRoot    *string  `json:"merkleRoot"`
			Tweak         string   `json:"tweak"`
			TweakedPubkey string   `json:"tweakedPubkey"`
		} `json:"intermediary"`
		Expected struct {
			ScriptPubKey            string   `json:"scriptPubKey"`
			BIP350Address           string   `json:"bip350Address"`
			ScriptPathControlBlocks []string `json:"scriptPathControlBlocks"`
		} `json:"expected"`
	} `json:"scriptPubKey"`
	KeyPathSpending []struct {
		Given struct {
			UTXOsSpent []struct {
				ScriptPubKey string `json:"scriptPubKey"`
			} `json:"utxosSpent"`
		} `json:"given"`
		InputSpending []struct {
			Given struct {
				TxinIndex       int     `json:"txinIndex"`
				InternalPrivkey string  `json:"internalPrivkey"`
				MerkleRoot      *string `json:"merkleRoot"`
				HashType        int     `json:"hashType"`
			} `json:"given"`
			Intermediary struct {
				InternalPubkey string `json:"internalPubkey"`
				Tweak          string `json:"tweak"`
				TweakedPrivkey string `json:"tweakedPrivkey"`
				SigHash        string `json:"sigHash"`
			} `json:"intermediary"`
			Expected struct {
				Witness []string `json:"witness"`
			} `json:"expected"`
		} `json:"inputSpending"`
	} `json:"keyPathSpending"`
}

func loadBIP341(t testing.TB) *bip341Vectors {
	t.Helper()
	b, err := os.ReadFile("testdata/bip341-wallet-test-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v bip341Vectors
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return &v
}

// TestBIP341ScriptPubKey: every scriptPubKey case of BIP-341's wallet test
// vectors — leaf hashes, merkle root, tweak, output key, scriptPubKey,
// address (both ways) and every control block (built from the tree, parsed
// back, and verified for its leaf and refused for every other leaf).
func TestBIP341ScriptPubKey(t *testing.T) {
	v := loadBIP341(t)
	if len(v.ScriptPubKey) == 0 {
		t.Fatal("no vectors")
	}
	checks := 0
	for i, c := range v.ScriptPubKey {
		name := fmt.Sprintf("bip341 scriptPubKey[%d]", i)
		p, err := p256k1.ParseXOnlyPublicKey(mustHex(t, c.Given.InternalPubkey))
		if err != nil {
			t.Fatalf("%s: internal key: %v", name, err)
		}
		var root *[32]byte
		var tree *Tree
		var ids []int
		if string(c.Given.ScriptTree) != "null" {
			var node *Node
			node, ids = parseVectorTree(t, c.Given.ScriptTree)
			if tree, err = NewTree(node); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			r := tree.MerkleRoot()
			root = &r
			if tree.Len() != len(c.Intermediary.LeafHashes) {
				t.Fatalf("%s: %d leaves, want %d", name, tree.Len(), len(c.Intermediary.LeafHashes))
			}
			for j, id := range ids {
				if h := tree.LeafHash(j); hex.EncodeToString(h[:]) != c.Intermediary.LeafHashes[id] {
					t.Errorf("%s: leaf %d hash %x, want %s", name, id, h, c.Intermediary.LeafHashes[id])
				}
				l := tree.Leaf(j)
				if l.Hash() != tree.LeafHash(j) {
					t.Errorf("%s: Leaf.Hash differs from the tree's", name)
				}
				checks++
			}
		}
		if c.Intermediary.MerkleRoot == nil {
			if root != nil {
				t.Fatalf("%s: a tree where the vector has no merkle root", name)
			}
		} else if root == nil || hex.EncodeToString(root[:]) != *c.Intermediary.MerkleRoot {
			t.Fatalf("%s: merkle root %x, want %v", name, root, *c.Intermediary.MerkleRoot)
		} else {
			checks++
		}
		if tw := TweakHash(&p, root); hex.EncodeToString(tw[:]) != c.Intermediary.Tweak {
			t.Errorf("%s: tweak %x, want %s", name, tw, c.Intermediary.Tweak)
		}
		q, parity, err := OutputKey(&p, root)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if qb := q.Bytes(); hex.EncodeToString(qb[:]) != c.Intermediary.TweakedPubkey {
			t.Errorf("%s: output key %x, want %s", name, qb, c.Intermediary.TweakedPubkey)
		}
		if spk := ScriptPubKey(&q); hex.EncodeToString(spk[:]) != c.Expected.ScriptPubKey {
			t.Errorf("%s: scriptPubKey %x, want %s", name, spk, c.Expected.ScriptPubKey)
		}
		if q2, err := ParseScriptPubKey(mustHex(t, c.Expected.ScriptPubKey)); err != nil || !q2.Equal(&q) {
			t.Errorf("%s: ParseScriptPubKey: %v", name, err)
		}
		addr, err := Address(&q, Mainnet)
		if err != nil || addr != c.Expected.BIP350Address {
			t.Errorf("%s: address %q (%v), want %s", name, addr, err, c.Expected.BIP350Address)
		}
		if q2, err := ParseAddress(c.Expected.BIP350Address, Mainnet); err != nil || !q2.Equal(&q) {
			t.Errorf("%s: ParseAddress: %v", name, err)
		}
		checks += 5
		if len(c.Expected.ScriptPathControlBlocks) != len(ids) {
			t.Fatalf("%s: %d control blocks for %d leaves", name, len(c.Expected.ScriptPathControlBlocks), len(ids))
		}
		qb := q.Bytes()
		for j, id := range ids {
			want := c.Expected.ScriptPathControlBlocks[id]
			cb, err := tree.ControlBlock(j, &p)
			if err != nil {
				t.Fatalf("%s: leaf %d: %v", name, id, err)
			}
			if cb.OutputParity != parity {
				t.Errorf("%s: leaf %d: parity %d, OutputKey says %d", name, id, cb.OutputParity, parity)
			}
			got, err := cb.Bytes()
			if err != nil || hex.EncodeToString(got) != want {
				t.Errorf("%s: leaf %d: control block %x (%v), want %s", name, id, got, err, want)
			}
			parsed, err := ParseControlBlock(mustHex(t, want))
			if err != nil {
				t.Fatalf("%s: leaf %d: ParseControlBlock: %v", name, id, err)
			}
			if again, _ := parsed.Bytes(); !bytes.Equal(again, got) {
				t.Errorf("%s: leaf %d: parse and serialize %x", name, id, again)
			}
			if parsed.MerkleRoot(tree.Leaf(j).Script) != *root {
				t.Errorf("%s: leaf %d: the control block leads to another root", name, id)
			}
			for k := range ids {
				script := tree.Leaf(k).Script
				e1 := VerifyScriptPath(qb[:], script, mustHex(t, want))
				e2 := parsed.Verify(&q, script)
				same := tree.LeafHash(k) == tree.LeafHash(j)
				if (e1 == nil) != same || (e2 == nil) != same {
					t.Errorf("%s: control block of leaf %d with leaf %d's script: %v, %v", name, id, ids[k], e1, e2)
				}
			}
			checks += 3
		}
	}
	t.Logf("%d scriptPubKey cases, %d checks", len(v.ScriptPubKey), checks)
}

// TestBIP341KeyPathSpending: for every key-path input of BIP-341's wallet
// vectors, the internal key, tweak and tweaked secret key, the output key
// against the spent scriptPubKey, and the signature: BIP-340 with 32 zero
// bytes of aux randomness over the given sighash, by TweakKeypair's keypair
// and by TweakPrivateKey's key, equal to the witness (plus the hash type
// byte unless it is SIGHASH_DEFAULT).
func TestBIP341KeyPathSpending(t *testing.T) {
	v := loadBIP341(t)
	n := 0
	for _, tx := range v.KeyPathSpending {
		for _, in := range tx.InputSpending {
			name := fmt.Sprintf("bip341 keyPathSpending input %d", in.Given.TxinIndex)
			k, err := p256k1.NewPrivateKey(mustHex(t, in.Given.InternalPrivkey))
			if err != nil {
				t.Fatal(err)
			}
			var root *[32]byte
			if in.Given.MerkleRoot != nil {
				r := hex32(t, *in.Given.MerkleRoot)
				root = &r
			}
			kp, err := schnorr.NewKeypair(&k)
			if err != nil {
				t.Fatal(err)
			}
			p := kp.XOnlyPublicKey()
			if pb := p.Bytes(); hex.EncodeToString(pb[:]) != in.Intermediary.InternalPubkey {
				t.Errorf("%s: internal key %x", name, pb)
			}
			if tw := TweakHash(&p, root); hex.EncodeToString(tw[:]) != in.Intermediary.Tweak {
				t.Errorf("%s: tweak %x", name, tw)
			}
			tk, err := TweakPrivateKey(&k, root)
			if err != nil {
				t.Fatal(err)
			}
			if b := tk.Bytes(); hex.EncodeToString(b[:]) != in.Intermediary.TweakedPrivkey {
				t.Errorf("%s: tweaked secret %x, want %s", name, b, in.Intermediary.TweakedPrivkey)
			}
			q, _, err := OutputKey(&p, root)
			if err != nil {
				t.Fatal(err)
			}
			spk := ScriptPubKey(&q)
			if want := tx.Given.UTXOsSpent[in.Given.TxinIndex].ScriptPubKey; hex.EncodeToString(spk[:]) != want {
				t.Errorf("%s: scriptPubKey %x, the spent output's is %s", name, spk, want)
			}
			tkp, err := TweakKeypair(&kp, root)
			if err != nil {
				t.Fatal(err)
			}
			if x := tkp.XOnlyPublicKey(); !x.Equal(&q) {
				t.Errorf("%s: TweakKeypair's key is not OutputKey's", name)
			}
			sighash := mustHex(t, in.Intermediary.SigHash)
			var aux [32]byte
			want := mustHex(t, in.Expected.Witness[0])
			for _, sign := range []func() ([64]byte, error){
				func() ([64]byte, error) { return schnorr.SignKeypair(&tkp, sighash, &aux) },
				func() ([64]byte, error) { return schnorr.Sign(&tk, sighash, &aux) },
			} {
				sig, err := sign()
				if err != nil {
					t.Fatal(err)
				}
				got := sig[:]
				if in.Given.HashType != 0 {
					got = append(got, byte(in.Given.HashType))
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s: witness %x, want %x", name, got, want)
				}
				if !schnorr.Verify(&q, sighash, &sig) {
					t.Errorf("%s: the signature does not verify under the output key", name)
				}
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no vectors")
	}
	t.Logf("%d key-path inputs", n)
}

// TestBIP86: the BIP-86 vectors from the mnemonic: the seed (BIP-39
// PBKDF2-HMAC-SHA512, 2048 iterations, salt "mnemonic"), the root xprv and
// xpub, the account key at m/86'/0'/0', and for each address its xprv,
// xpub, internal key, output key, scriptPubKey and address; the key-path
// keypair signs for the output key.
func TestBIP86(t *testing.T) {
	b, err := os.ReadFile("testdata/bip86-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Mnemonic, RootPriv, RootPub string
		Account                     struct{ Path, XPrv, XPub string }
		Addresses                   []struct {
			Path, XPrv, XPub      string
			InternalKey           string `json:"internal_key"`
			OutputKey             string `json:"output_key"`
			ScriptPubKey, Address string
		}
	}
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	seed, err := pbkdf2.Key(sha512.New, v.Mnemonic, []byte("mnemonic"), 2048, 64)
	if err != nil {
		t.Fatal(err)
	}
	m, err := bip32.NewMaster(seed, bip32.Mainnet)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := m.XPrv(); s != v.RootPriv || m.XPub() != v.RootPub {
		t.Fatalf("bip86 root: %s %s", s, m.XPub())
	}
	acct, err := m.DerivePathString(v.Account.Path)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := acct.XPrv(); s != v.Account.XPrv || acct.XPub() != v.Account.XPub {
		t.Fatalf("bip86 account: %s %s", s, acct.XPub())
	}
	checks := 6
	for _, a := range v.Addresses {
		name := "bip86 " + a.Path
		d, err := m.DerivePathString(a.Path)
		if err != nil {
			t.Fatal(err)
		}
		if s, _ := d.XPrv(); s != a.XPrv || d.XPub() != a.XPub {
			t.Errorf("%s: %s %s", name, s, d.XPub())
		}
		pub := d.PublicKey()
		p, _ := pub.XOnly()
		if pb := p.Bytes(); hex.EncodeToString(pb[:]) != a.InternalKey {
			t.Errorf("%s: internal key %x", name, pb)
		}
		q, _, err := OutputKey(&p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if qb := q.Bytes(); hex.EncodeToString(qb[:]) != a.OutputKey {
			t.Errorf("%s: output key %x, want %s", name, qb, a.OutputKey)
		}
		if spk := ScriptPubKey(&q); hex.EncodeToString(spk[:]) != a.ScriptPubKey {
			t.Errorf("%s: scriptPubKey %x", name, spk)
		}
		if addr, err := Address(&q, Mainnet); err != nil || addr != a.Address {
			t.Errorf("%s: address %s (%v), want %s", name, addr, err, a.Address)
		}
		if q2, err := ParseAddress(a.Address, Mainnet); err != nil || !q2.Equal(&q) {
			t.Errorf("%s: ParseAddress: %v", name, err)
		}
		k, err := d.PrivateKey()
		if err != nil {
			t.Fatal(err)
		}
		kp, _ := schnorr.NewKeypair(&k)
		tkp, err := TweakKeypair(&kp, nil)
		if err != nil {
			t.Fatal(err)
		}
		msg := []byte("bip86 key-path spend")
		sig, err := schnorr.SignKeypair(&tkp, msg, nil)
		if err != nil || !schnorr.Verify(&q, msg, &sig) {
			t.Errorf("%s: key-path signature: %v", name, err)
		}
		checks += 8
	}
	t.Logf("root, account and %d addresses: %d checks", len(v.Addresses), checks)
}
