package interop

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	"github.com/btcsuite/btcd/btcutil"
	"github.com/btcsuite/btcd/chaincfg"
	"github.com/btcsuite/btcd/txscript"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/taproot"
)

// taprootNets pairs our networks with btcd's parameters.
var taprootNets = []struct {
	ours   taproot.Network
	theirs *chaincfg.Params
}{
	{taproot.Mainnet, &chaincfg.MainNetParams},
	{taproot.Testnet, &chaincfg.TestNet3Params},
	{taproot.Signet, &chaincfg.SigNetParams},
	{taproot.Regtest, &chaincfg.RegressionNetParams},
}

// TestTaprootKeysAgainstBtcd: on edge and random keys, with no script tree
// (BIP-86) and with random merkle roots, taproot.OutputKey equals txscript's
// ComputeTaprootKeyNoScript / ComputeTaprootOutputKey (x and parity),
// taproot.TweakPrivateKey equals txscript.TweakTaprootPrivKey, a key-path
// signature by TweakKeypair's keypair verifies with btcec, and the bc1p…
// addresses (mainnet, testnet, signet, regtest) equal btcutil's in both
// directions.
func TestTaprootKeysAgainstBtcd(t *testing.T) {
	r := newRand("taproot-keys")
	keys := edgeKeys()
	for i := 0; i < iterations(); i++ {
		keys = append(keys, rand32(r))
	}
	n := 0
	for i, kb := range keys {
		k, err := p256k1.NewPrivateKey(kb[:])
		if err != nil {
			continue
		}
		tk, tpub := btcec.PrivKeyFromBytes(kb[:])
		pub := k.PublicKey()
		p, _ := pub.XOnly()
		var root *[32]byte
		var troot []byte
		var tq *btcec.PublicKey
		if i%2 == 1 {
			rb := rand32(r)
			root, troot = &rb, rb[:]
			tq = txscript.ComputeTaprootOutputKey(tpub, troot)
		} else {
			tq = txscript.ComputeTaprootKeyNoScript(tpub)
		}
		q, parity, err := taproot.OutputKey(&p, root)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		qb := q.Bytes()
		tqc := tq.SerializeCompressed()
		if !bytes.Equal(qb[:], tqc[1:]) || parity != int(tqc[0]-2) {
			t.Fatalf("case %d (key %x, root %x): output key %x parity %d, btcd %x", i, kb, troot, qb, parity, tqc)
		}
		sk, err := taproot.TweakPrivateKey(&k, root)
		if err != nil {
			t.Fatal(err)
		}
		skb := sk.Bytes()
		tsk := txscript.TweakTaprootPrivKey(*tk, troot)
		if tskb := tsk.Key.Bytes(); skb != tskb {
			t.Fatalf("case %d: tweaked secret %x, btcd %x", i, skb, tskb)
		}
		if i%8 == 0 {
			kp, _ := schnorr.NewKeypair(&k)
			skp, err := taproot.TweakKeypair(&kp, root)
			if err != nil {
				t.Fatal(err)
			}
			msg := rand32(r)
			sig, err := schnorr.SignKeypair(&skp, msg[:], nil)
			if err != nil {
				t.Fatal(err)
			}
			ts, err := bschnorr.ParseSignature(sig[:])
			if err != nil || !ts.Verify(msg[:], tq) {
				t.Fatalf("case %d: btcec rejects the key-path signature: %v", i, err)
			}
		}
		for _, net := range taprootNets {
			a, err := taproot.Address(&q, net.ours)
			if err != nil {
				t.Fatal(err)
			}
			ta, err := btcutil.NewAddressTaproot(qb[:], net.theirs)
			if err != nil {
				t.Fatal(err)
			}
			if a != ta.EncodeAddress() {
				t.Fatalf("case %d: address %s, btcutil %s", i, a, ta.EncodeAddress())
			}
			dec, err := btcutil.DecodeAddress(a, net.theirs)
			if err != nil || !bytes.Equal(dec.ScriptAddress(), qb[:]) {
				t.Fatalf("case %d: btcutil decodes %s: %v", i, a, err)
			}
			back, err := taproot.ParseAddress(ta.EncodeAddress(), net.ours)
			if err != nil || !back.Equal(&q) {
				t.Fatalf("case %d: ParseAddress(%s): %v", i, ta.EncodeAddress(), err)
			}
			spk, err := txscript.PayToTaprootScript(tq)
			if ours := taproot.ScriptPubKey(&q); err != nil || !bytes.Equal(spk, ours[:]) {
				t.Fatalf("case %d: scriptPubKey %x, btcd %x", i, ours, spk)
			}
		}
		n++
	}
	t.Logf("%d keys (half with a script tree root), %d addresses on 4 networks", n, 4*n)
}

// randTaprootTree builds the same random tree of n leaves in both
// libraries.
func randTaprootTree(r *rand.Rand, n int) (*taproot.Node, txscript.TapNode) {
	if n == 1 {
		s := make([]byte, r.IntN(200))
		for i := range s {
			s[i] = byte(r.Uint32())
		}
		v := taproot.LeafVersionTapscript
		if r.IntN(4) == 0 {
			v = byte(r.IntN(128)) * 2
			if v == 0x50 {
				v = 0xc2
			}
		}
		return taproot.NewLeaf(v, s), txscript.NewTapLeaf(txscript.TapscriptLeafVersion(v), s)
	}
	k := 1 + r.IntN(n-1)
	ol, tl := randTaprootTree(r, k)
	or, tr := randTaprootTree(r, n-k)
	return taproot.NewBranch(ol, or), txscript.NewTapBranch(tl, tr)
}

// TestTaprootTreesAgainstBtcd: random script trees of 1 to 32 leaves of
// random shape built in both libraries have the same merkle root (btcd's
// TapHash) and output key; every leaf's control block from taproot.Tree is
// the one btcd serializes from the same path, btcd's ParseControlBlock and
// VerifyTaprootLeafCommitment accept it, and after a random mutation
// (a flipped bit, a truncation, an extra hash, another script or output
// key) both libraries give the same verdict.
func TestTaprootTreesAgainstBtcd(t *testing.T) {
	r := newRand("taproot-trees")
	trees := iterations() / 10
	leaves, mutations := 0, 0
	for c := 0; c < trees; c++ {
		on, tn := randTaprootTree(r, 1+r.IntN(32))
		tree, err := taproot.NewTree(on)
		if err != nil {
			t.Fatal(err)
		}
		root := tree.MerkleRoot()
		troot := tn.TapHash()
		if !bytes.Equal(root[:], troot[:]) {
			t.Fatalf("tree %d: merkle root %x, btcd %x", c, root, troot)
		}
		kb := rand32(r)
		k, err := p256k1.NewPrivateKey(kb[:])
		if err != nil {
			continue
		}
		_, tpub := btcec.PrivKeyFromBytes(kb[:])
		pub := k.PublicKey()
		p, _ := pub.XOnly()
		q, _, _ := taproot.OutputKey(&p, &root)
		qb := q.Bytes()
		tq := txscript.ComputeTaprootOutputKey(tpub, troot[:])
		if !bytes.Equal(qb[:], bschnorr.SerializePubKey(tq)) {
			t.Fatalf("tree %d: output key %x, btcd %x", c, qb, bschnorr.SerializePubKey(tq))
		}
		for i := 0; i < tree.Len(); i++ {
			leaf := tree.Leaf(i)
			cb, err := tree.ControlBlock(i, &p)
			if err != nil {
				t.Fatal(err)
			}
			b, err := cb.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			var proof []byte
			for _, h := range cb.MerklePath {
				proof = append(proof, h[:]...)
			}
			tcb := txscript.ControlBlock{
				InternalKey:     tpub,
				OutputKeyYIsOdd: tq.SerializeCompressed()[0] == 3,
				LeafVersion:     txscript.TapscriptLeafVersion(leaf.Version),
				InclusionProof:  proof,
			}
			tb, err := tcb.ToBytes()
			if err != nil || !bytes.Equal(tb, b) {
				t.Fatalf("tree %d leaf %d: control block %x, btcd %x (%v)", c, i, b, tb, err)
			}
			if err := compareScriptPath(qb[:], leaf.Script, b); err != "" {
				t.Fatalf("tree %d leaf %d: %s", c, i, err)
			}
			if taproot.VerifyScriptPath(qb[:], leaf.Script, b) != nil {
				t.Fatalf("tree %d leaf %d: we reject our own control block", c, i)
			}
			leaves++
			// Mutations.
			for range 3 {
				mq, ms, mb := bytes.Clone(qb[:]), leaf.Script, bytes.Clone(b)
				switch r.IntN(6) {
				case 0:
					j := r.IntN(len(mb))
					mb[j] ^= 1 << r.IntN(8)
				case 1:
					mb = mb[:r.IntN(len(mb))]
				case 2:
					h := rand32(r)
					mb = append(mb, h[:]...)
				case 3:
					ms = tree.Leaf(r.IntN(tree.Len())).Script
				case 4:
					mq[r.IntN(32)] ^= 1 << r.IntN(8)
				case 5:
					mb[0] ^= 1
				}
				if err := compareScriptPath(mq, ms, mb); err != "" {
					t.Fatalf("tree %d leaf %d, mutated: %s", c, i, err)
				}
				mutations++
			}
		}
	}
	t.Logf("%d trees, %d leaves (control blocks), %d mutated control blocks: same verdicts", trees, leaves, mutations)
}

// compareScriptPath returns a description of a disagreement between
// taproot.VerifyScriptPath and btcd's ParseControlBlock +
// VerifyTaprootLeafCommitment, or "".
func compareScriptPath(q, script, cb []byte) string {
	ours := taproot.VerifyScriptPath(q, script, cb) == nil
	theirs := false
	tcb, err := txscript.ParseControlBlock(cb)
	if err == nil {
		theirs = txscript.VerifyTaprootLeafCommitment(tcb, q, script) == nil
	}
	if ours != theirs {
		return "taproot says " + verdict(ours) + ", btcd " + verdict(theirs)
	}
	return ""
}

func verdict(ok bool) string {
	if ok {
		return "valid"
	}
	return "invalid"
}

// TestTaprootAddressMutationsAgainstBtcutil: valid Taproot addresses with
// one character replaced, one removed, or the case of one letter changed;
// taproot.DecodeAddress accepts exactly those that btcutil.DecodeAddress
// decodes to a Taproot address (with a key on the curve), with the same
// key.
func TestTaprootAddressMutationsAgainstBtcutil(t *testing.T) {
	r := newRand("taproot-addresses")
	const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
	n, accepted := 0, 0
	for c := 0; c < iterations(); c++ {
		kb := rand32(r)
		k, err := p256k1.NewPrivateKey(kb[:])
		if err != nil {
			continue
		}
		pub := k.PublicKey()
		x, _ := pub.XOnly()
		net := taprootNets[c%len(taprootNets)]
		a, _ := taproot.Address(&x, net.ours)
		m := []byte(a)
		switch c % 3 {
		case 0:
			m[r.IntN(len(m))] = charset[r.IntN(32)]
		case 1:
			j := r.IntN(len(m))
			m = append(m[:j], m[j+1:]...)
		case 2:
			m = []byte(strings.ToUpper(a))
			if r.IntN(2) == 0 {
				j := len(net.ours) + 1 + r.IntN(len(m)-len(net.ours)-1)
				m[j] = byte(strings.ToLower(string(m[j]))[0])
			}
		}
		s := string(m)
		_, oq, oerr := taproot.DecodeAddress(s)
		tadd, terr := btcutil.DecodeAddress(s, net.theirs)
		tok := false
		if terr == nil {
			if ta, ok := tadd.(*btcutil.AddressTaproot); ok && ta.IsForNet(net.theirs) {
				_, perr := p256k1.ParseXOnlyPublicKey(ta.ScriptAddress())
				tok = perr == nil
			}
		}
		if (oerr == nil) != tok {
			t.Fatalf("%q: taproot %v, btcutil %v (%T)", s, oerr, terr, tadd)
		}
		if tok {
			if ob := oq.Bytes(); !bytes.Equal(ob[:], tadd.ScriptAddress()) {
				t.Fatalf("%q: key %x, btcutil %x", s, ob, tadd.ScriptAddress())
			}
			accepted++
		}
		n++
	}
	t.Logf("%d mutated addresses, %d accepted by both, the rest refused by both", n, accepted)
}

// BenchmarkTaprootOutputKey: the BIP-86 output key of an internal key, by
// taproot.OutputKey and by txscript.ComputeTaprootKeyNoScript (which also
// gets a parsed btcec key). Run both in one process to compare.
func BenchmarkTaprootOutputKey(b *testing.B) {
	kb := rand32(newRand("taproot-bench"))
	k, _ := p256k1.NewPrivateKey(kb[:])
	pub := k.PublicKey()
	p, _ := pub.XOnly()
	_, tpub := btcec.PrivKeyFromBytes(kb[:])
	b.Run("p256k1", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			taproot.OutputKey(&p, nil)
		}
	})
	b.Run("btcd", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			txscript.ComputeTaprootKeyNoScript(tpub)
		}
	})
}
