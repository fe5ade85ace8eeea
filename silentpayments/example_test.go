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
