package main

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/silentpayments"
)

// Cases for BIP-352 silent payments: the senders' input keys, the
// receiver's scan key, the shared secrets, the tweaks and the spend keys
// are secret; addresses, output keys and tweak data are public.

func init() {
	register("silentpayments.NewAddress", caseSPAddress)
	register("silentpayments.Outputs+Scan", caseSPSendScan)
	register("silentpayments.ScanBatch", caseSPScanBatch)
	register("silentpayments.CreateLabel+Scan(LabelLookup)", caseSPScanLookup)
}

// spReceiver makes a receiver with secret scan and spend keys; the spend
// public key is public by design.
func spReceiver(in *inputs) (scan, spend p256k1.PrivateKey, spendPub p256k1.PublicKey) {
	scan, spend = in.privateKey(), in.privateKey()
	spendPub = spend.PublicKey()
	public(&spendPub) // a public key is public by design
	return
}

func caseSPAddress(in *inputs) error {
	scan, _, spendPub := spReceiver(in)
	m := uint32(in.rng.Uint64())
	a, err := silentpayments.NewAddress(&scan, &spendPub, &m, false)
	if err != nil {
		return err
	}
	public(&a) // an address is public by design
	t, err := silentpayments.LabelTweak(&scan, m)
	if err != nil {
		return err
	}
	want, err := spendPub.TweakAdd(&t)
	if err != nil {
		return err
	}
	public(&want) // checked for correctness only
	if a.Spend != want {
		return errWrong
	}
	return nil
}

// spPayment sends one labelled and one plain output to the receiver from
// two secret input keys (one Taproot), and returns what a scanner sees.
func spPayment(in *inputs, scan *p256k1.PrivateKey, spendPub *p256k1.PublicKey) ([]p256k1.XOnlyPublicKey, p256k1.PublicKey, error) {
	d1, d2 := in.privateKey(), in.privateKey()
	m := uint32(1)
	plain, err := silentpayments.NewAddress(scan, spendPub, nil, false)
	if err != nil {
		return nil, p256k1.PublicKey{}, err
	}
	labelled, err := silentpayments.NewAddress(scan, spendPub, &m, false)
	if err != nil {
		return nil, p256k1.PublicKey{}, err
	}
	public(&plain)    // an address is public by design
	public(&labelled) // an address is public by design
	ops := []silentpayments.Outpoint{{TxID: *in.public32(), Vout: 0}, {TxID: *in.public32(), Vout: 3}}
	outs, err := silentpayments.Outputs([]silentpayments.SenderKey{{Key: &d1}, {Key: &d2, Taproot: true}},
		ops, []silentpayments.Address{plain, labelled})
	if err != nil {
		return nil, p256k1.PublicKey{}, err
	}
	public(&outs) // output keys are public by design (on chain)
	p1, p2 := d1.PublicKey(), d2.PublicKey()
	x2, _ := p2.XOnly()
	p2 = x2.PublicKey()
	tw, err := silentpayments.TweakData([]p256k1.PublicKey{p1, p2}, ops)
	return outs, tw, err
}

func caseSPSendScan(in *inputs) error {
	scan, spend, spendPub := spReceiver(in)
	outs, tw, err := spPayment(in, &scan, &spendPub)
	if err != nil {
		return err
	}
	labels, err := silentpayments.NewLabelSet(&scan, []uint32{0, 1})
	if err != nil {
		return err
	}
	found, err := silentpayments.Scan(&scan, &spendPub, &tw, outs, labels)
	if err != nil {
		return err
	}
	if len(found) != 2 {
		return errWrong
	}
	for i := range found {
		k, err := silentpayments.SpendKey(&spend, &found[i])
		if err != nil {
			return err
		}
		pub := k.PublicKey()
		x, _ := pub.XOnly()
		public(&x) // checked for correctness only
		if !x.Equal(&found[i].Output) {
			return errWrong
		}
	}
	return nil
}

func caseSPScanBatch(in *inputs) error {
	scan, _, spendPub := spReceiver(in)
	outs, tw, err := spPayment(in, &scan, &spendPub)
	if err != nil {
		return err
	}
	sc, err := silentpayments.NewScanner(&scan, &spendPub, nil)
	if err != nil {
		return err
	}
	defer sc.Zero()
	// The plain output is found without labels; a second transaction with
	// the outputs removed matches nothing.
	txs := []silentpayments.Tx{{TweakData: tw, Outputs: outs}, {TweakData: tw}}
	res := make([]silentpayments.Result, len(txs))
	sc.ScanBatch(txs, res)
	if res[0].Err != nil || res[1].Err != nil || len(res[0].Matches) != 1 || len(res[1].Matches) != 0 {
		return errWrong
	}
	return nil
}

// caseSPScanLookup scans through a caller's label cache (CreateLabel's
// points and secret tweaks, looked up by point as libsecp256k1's
// label_lookup): the looked-up tweak is checked against its point in
// constant time.
func caseSPScanLookup(in *inputs) error {
	scan, spend, spendPub := spReceiver(in)
	outs, tw, err := spPayment(in, &scan, &spendPub)
	if err != nil {
		return err
	}
	cache := map[[33]byte][32]byte{}
	for _, m := range []uint32{0, 1} {
		pt, tweak, err := silentpayments.CreateLabel(&scan, m)
		if err != nil {
			return err
		}
		cache[pt.SerializeCompressed()] = tweak // keyed by the public point
	}
	lookup := silentpayments.LabelLookupFunc(func(l [33]byte) ([32]byte, bool) {
		t, ok := cache[l]
		return t, ok
	})
	found, err := silentpayments.Scan(&scan, &spendPub, &tw, outs, lookup)
	if err != nil {
		return err
	}
	if len(found) != 2 {
		return errWrong
	}
	for i := range found {
		k, err := silentpayments.SpendKey(&spend, &found[i])
		if err != nil {
			return err
		}
		pub := k.PublicKey()
		x, _ := pub.XOnly()
		public(&x) // checked for correctness only
		if !x.Equal(&found[i].Output) {
			return errWrong
		}
	}
	return nil
}
