package silentpayments_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/silentpayments"
)

// A receiver publishes an address; a sender pays it from one P2WPKH input;
// the receiver finds the output by scanning and derives the key to spend it.
func Example() {
	key := func(s string) p256k1.PrivateKey {
		h := sha256.Sum256([]byte(s)) // fixed keys for the example only
		k, _ := p256k1.NewPrivateKey(h[:])
		return k
	}
	scan, spend := key("scan"), key("spend")
	spendPub := spend.PublicKey()
	addr, _ := silentpayments.NewAddress(&scan, &spendPub, nil, false)

	// Sender: one input with secret key d, spending outpoint op.
	d := key("input")
	op := silentpayments.Outpoint{TxID: sha256.Sum256([]byte("prev tx")), Vout: 1}
	recipient, _ := silentpayments.ParseAddress(addr.String())
	outs, _ := silentpayments.Outputs([]silentpayments.SenderKey{{Key: &d}},
		[]silentpayments.Outpoint{op}, []silentpayments.Address{recipient})

	// Receiver (or an index server): tweak data from the inputs' public
	// keys, then a scan of the transaction's outputs.
	tweak, _ := silentpayments.TweakData([]p256k1.PublicKey{d.PublicKey()}, []silentpayments.Outpoint{op})
	found, _ := silentpayments.Scan(&scan, &spendPub, &tweak, outs, nil)
	fmt.Println("found:", len(found))

	priv, _ := silentpayments.SpendKey(&spend, &found[0])
	pub := priv.PublicKey()
	x, _ := pub.XOnly()
	fmt.Println("spend key matches output:", x.Equal(&outs[0]))
	// Output:
	// found: 1
	// spend key matches output: true
}

// Labels let one receiver tell payments apart (label 0 is change).
func ExampleNewLabelSet() {
	h := sha256.Sum256([]byte("scan"))
	scan, _ := p256k1.NewPrivateKey(h[:])
	h = sha256.Sum256([]byte("spend"))
	spend, _ := p256k1.NewPrivateKey(h[:])
	spendPub := spend.PublicKey()

	m := uint32(7)
	labelled, _ := silentpayments.NewAddress(&scan, &spendPub, &m, true)
	fmt.Println(labelled.String()[:4])
	labels, _ := silentpayments.NewLabelSet(&scan, []uint32{0, 7})

	d, _ := p256k1.NewPrivateKey(h[:]) // any input key
	op := silentpayments.Outpoint{Vout: 0}
	outs, _ := silentpayments.Outputs([]silentpayments.SenderKey{{Key: &d}}, []silentpayments.Outpoint{op}, []silentpayments.Address{labelled})
	tweak, _ := silentpayments.TweakData([]p256k1.PublicKey{d.PublicKey()}, []silentpayments.Outpoint{op})
	found, _ := silentpayments.Scan(&scan, &spendPub, &tweak, outs, labels)
	fmt.Println(len(found), found[0].Labelled, found[0].Label)
	// Output:
	// tsp1
	// 1 true 7
}

// A receiver that keeps its labels elsewhere (a wallet database: label
// point → tweak, as libsecp256k1's label cache) scans through a
// LabelLookup; the match names the label by its point.
func ExampleLabelLookupFunc() {
	h := sha256.Sum256([]byte("scan"))
	scan, _ := p256k1.NewPrivateKey(h[:])
	h = sha256.Sum256([]byte("spend"))
	spend, _ := p256k1.NewPrivateKey(h[:])
	spendPub := spend.PublicKey()

	// The label cache, filled once per label with CreateLabel.
	cache := map[[33]byte][32]byte{}
	var change p256k1.PublicKey
	for _, m := range []uint32{0, 7} {
		point, tweak, _ := silentpayments.CreateLabel(&scan, m)
		cache[point.SerializeCompressed()] = tweak
		if m == 0 {
			change = point
		}
	}
	lookup := silentpayments.LabelLookupFunc(func(label33 [33]byte) ([32]byte, bool) {
		tweak, ok := cache[label33]
		return tweak, ok
	})

	m := uint32(0) // change to oneself
	addr, _ := silentpayments.NewAddress(&scan, &spendPub, &m, false)
	d, _ := p256k1.NewPrivateKey(h[:]) // any input key
	op := []silentpayments.Outpoint{{Vout: 0}}
	outs, _ := silentpayments.Outputs([]silentpayments.SenderKey{{Key: &d}}, op, []silentpayments.Address{addr})
	tweak, _ := silentpayments.TweakData([]p256k1.PublicKey{d.PublicKey()}, op)
	found, _ := silentpayments.Scan(&scan, &spendPub, &tweak, outs, lookup)
	fmt.Println(len(found), found[0].Labelled, found[0].LabelPoint.Equal(&change))
	// Output:
	// 1 true true
}
