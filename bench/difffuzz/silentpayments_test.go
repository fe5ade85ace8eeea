//go:build cgo && libsecp080

package difffuzz

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/silentpayments"
)

// spTx is one random silent-payment transaction: input keys (some
// Taproot), outpoints, and recipients drawn from a few receivers, some
// labelled.
type spTx struct {
	keys      []p256k1.PrivateKey
	taproot   []bool
	outpoints []silentpayments.Outpoint
	recips    []int    // receiver index per recipient
	labels    []uint32 // label per recipient (noLabel for none)
}

const noLabel = ^uint32(0)

type spReceiver struct {
	scan, spend p256k1.PrivateKey
	labels      []uint32
}

func spKey(tag string, i uint64) p256k1.PrivateKey {
	h := sha256.Sum256(fmt.Appendf(nil, "%s %d", tag, i))
	k, err := p256k1.NewPrivateKey(h[:])
	if err != nil {
		panic(err)
	}
	return k
}

func spReceivers(n int) []spReceiver {
	rs := make([]spReceiver, n)
	for i := range rs {
		rs[i] = spReceiver{spKey("scan", uint64(i)), spKey("spend", uint64(i)), []uint32{0, 1, uint32(1000 + i)}}
	}
	return rs
}

func randomSPTx(rng *rand.Rand, nRecv int) spTx {
	var tx spTx
	nIn := 1 + rng.IntN(4)
	for range nIn {
		tx.keys = append(tx.keys, spKey("input", rng.Uint64()))
		tx.taproot = append(tx.taproot, rng.IntN(2) == 0)
		var op silentpayments.Outpoint
		binary.LittleEndian.PutUint64(op.TxID[:], rng.Uint64()%4) // equal txids happen: vout decides
		op.Vout = uint32(rng.IntN(3))
		tx.outpoints = append(tx.outpoints, op)
	}
	for range 1 + rng.IntN(5) {
		tx.recips = append(tx.recips, rng.IntN(nRecv))
		l := noLabel
		if rng.IntN(3) == 0 {
			l = []uint32{0, 1}[rng.IntN(2)]
		}
		tx.labels = append(tx.labels, l)
	}
	return tx
}

// inputKeys gives the inputs' public keys as p256k1 wants them (Taproot
// ones with even y) and as libsecp256k1 wants them (Taproot ones x-only).
func (tx *spTx) inputKeys() (pubs []p256k1.PublicKey, xonly [][32]byte, plain [][33]byte) {
	for i := range tx.keys {
		p := tx.keys[i].PublicKey()
		if tx.taproot[i] {
			x, _ := p.XOnly()
			xonly = append(xonly, x.Bytes())
			p = x.PublicKey()
		} else {
			plain = append(plain, p.SerializeCompressed())
		}
		pubs = append(pubs, p)
	}
	return
}

func leastOutpoint(ops []silentpayments.Outpoint) (least [36]byte) {
	for i, o := range ops {
		var b [36]byte
		copy(b[:32], o.TxID[:])
		binary.LittleEndian.PutUint32(b[32:], o.Vout)
		if i == 0 || bytes.Compare(b[:], least[:]) < 0 {
			least = b
		}
	}
	return least
}

// checkSP sends tx with both libraries and scans it for every receiver with
// both, failing on any difference.
func checkSP(t *testing.T, name string, tx spTx, rs []spReceiver) {
	t.Helper()
	var addrs []silentpayments.Address
	var scan33, spend33 [][33]byte
	for i, ri := range tx.recips {
		r := &rs[ri]
		sp := r.spend.PublicKey()
		var m *uint32
		if tx.labels[i] != noLabel {
			m = &tx.labels[i]
		}
		a, err := silentpayments.NewAddress(&r.scan, &sp, m, false)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		addrs = append(addrs, a)
		scan33 = append(scan33, a.Scan.SerializeCompressed())
		spend33 = append(spend33, a.Spend.SerializeCompressed())
	}
	var sks []silentpayments.SenderKey
	var plainSec, tapSec [][32]byte
	for i := range tx.keys {
		sks = append(sks, silentpayments.SenderKey{Key: &tx.keys[i], Taproot: tx.taproot[i]})
		if tx.taproot[i] {
			tapSec = append(tapSec, tx.keys[i].Bytes())
		} else {
			plainSec = append(plainSec, tx.keys[i].Bytes())
		}
	}
	least := leastOutpoint(tx.outpoints)
	ours, err := silentpayments.Outputs(sks, tx.outpoints, addrs)
	theirs, ok := cSPSend(scan33, spend33, least, plainSec, tapSec)
	if (err == nil) != ok {
		t.Fatalf("%s: sending: p256k1 %v, libsecp256k1 ok=%v", name, err, ok)
	}
	if !ok {
		return
	}
	outs := make([][32]byte, len(ours))
	xs := make([]p256k1.XOnlyPublicKey, len(ours))
	for i := range ours {
		outs[i] = ours[i].Bytes()
		xs[i] = ours[i]
		if outs[i] != theirs[i] {
			t.Fatalf("%s: output %d: p256k1 %x, libsecp256k1 %x", name, i, outs[i], theirs[i])
		}
	}
	pubs, xonly, plain := tx.inputKeys()
	prev, perr := silentpayments.SummarizePrevouts(pubs, tx.outpoints)
	for ri := range rs {
		r := &rs[ri]
		sp := r.spend.PublicKey()
		labels, err := silentpayments.NewLabelSet(&r.scan, r.labels)
		if err != nil {
			t.Fatal(err)
		}
		cf, cache, cr := cSPScan(outs, r.scan.Bytes(), sp.SerializeCompressed(), least, xonly, plain, r.labels)
		if perr != nil {
			if cr != -1 {
				t.Fatalf("%s: receiver %d: p256k1 cannot summarize (%v), libsecp256k1 can", name, ri, perr)
			}
			continue
		}
		if cr != 1 {
			t.Fatalf("%s: receiver %d: libsecp256k1's scan failed (%d), p256k1's summary is fine", name, ri, cr)
		}
		sc, err := silentpayments.NewScanner(&r.scan, &sp, labels)
		if err != nil {
			t.Fatal(err)
		}
		found, err := sc.ScanPrevouts(&prev, xs)
		if err != nil {
			t.Fatalf("%s: receiver %d: %v", name, ri, err)
		}
		var got, want []string
		for _, m := range found {
			o := m.Output.Bytes()
			got = append(got, fmt.Sprintf("%x %x %v", o, m.Tweak, m.Labelled))
		}
		for _, m := range cf {
			want = append(want, fmt.Sprintf("%x %x %v", m.Output, m.Tweak, m.Labelled))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: receiver %d: p256k1 found %v, libsecp256k1 %v", name, ri, got, want)
		}
		checkSPLookup(t, name, ri, r, &sp, &prev, xs, cf, cache)
	}
}

// checkSPLookup scans again through a silentpayments.LabelLookup over
// libsecp256k1's own label cache (label_create's points and tweaks, which
// must equal CreateLabel's) and compares everything scan_outputs returns,
// the label point (found_output.label) included.
func checkSPLookup(t *testing.T, name string, ri int, r *spReceiver, sp *p256k1.PublicKey, prev *silentpayments.Prevouts, xs []p256k1.XOnlyPublicKey, cf []cSPFound, cache []cSPLabel) {
	t.Helper()
	byPoint := map[[33]byte][32]byte{}
	for i, l := range cache {
		pt, tw, err := silentpayments.CreateLabel(&r.scan, r.labels[i])
		if err != nil || pt.SerializeCompressed() != l.Point || tw != l.Tweak {
			t.Fatalf("%s: receiver %d: CreateLabel(%d) = %x %x %v, libsecp256k1 label_create %x %x", name, ri, r.labels[i], pt.SerializeCompressed(), tw, err, l.Point, l.Tweak)
		}
		byPoint[l.Point] = l.Tweak
	}
	var lookup silentpayments.LabelLookup // nil without labels, as libsecp256k1 passes NULL
	if len(cache) > 0 {
		lookup = silentpayments.LabelLookupFunc(func(l [33]byte) ([32]byte, bool) {
			tw, ok := byPoint[l]
			return tw, ok
		})
	}
	sc, err := silentpayments.NewScanner(&r.scan, sp, lookup)
	if err != nil {
		t.Fatal(err)
	}
	defer sc.Zero()
	found, err := sc.ScanPrevouts(prev, xs)
	if err != nil {
		t.Fatalf("%s: receiver %d: through a LabelLookup: %v", name, ri, err)
	}
	var got, want []string
	for _, m := range found {
		o := m.Output.Bytes()
		var lp [33]byte
		if m.Labelled {
			lp = m.LabelPoint.SerializeCompressed()
		}
		got = append(got, fmt.Sprintf("%x %x %v %x", o, m.Tweak, m.Labelled, lp))
	}
	for _, m := range cf {
		want = append(want, fmt.Sprintf("%x %x %v %x", m.Output, m.Tweak, m.Labelled, m.Label))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: receiver %d: p256k1 through a LabelLookup found %v, libsecp256k1 %v", name, ri, got, want)
	}
}

// TestSilentPaymentsAgree compares sending and scanning (with labels) on
// random transactions, and on the edge cases: input keys summing to zero,
// a zero sum reached midway, one receiver paid many times, equal txids.
func TestSilentPaymentsAgree(t *testing.T) {
	rs := spReceivers(3)
	rng := rand.New(rand.NewPCG(352, 1))
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := range n {
		checkSP(t, fmt.Sprintf("random %d", i), randomSPTx(rng, len(rs)), rs)
	}
	// d and n − d: the keys cancel (as non-Taproot inputs).
	d := spKey("cancel", 0)
	neg := d.Negate()
	ops := []silentpayments.Outpoint{{Vout: 0}, {Vout: 1}}
	checkSP(t, "sum zero", spTx{keys: []p256k1.PrivateKey{d, neg}, taproot: []bool{false, false}, outpoints: ops, recips: []int{0}, labels: []uint32{noLabel}}, rs)
	e := spKey("cancel", 1)
	checkSP(t, "zero midway", spTx{keys: []p256k1.PrivateKey{d, neg, e}, taproot: []bool{false, false, false}, outpoints: append(ops, silentpayments.Outpoint{Vout: 2}), recips: []int{0, 1}, labels: []uint32{noLabel, 1}}, rs)
	many := spTx{keys: []p256k1.PrivateKey{e}, taproot: []bool{true}, outpoints: ops[:1]}
	for i := range 40 {
		many.recips = append(many.recips, 0)
		many.labels = append(many.labels, []uint32{noLabel, 0, 1}[i%3])
	}
	checkSP(t, "one receiver, 40 outputs", many, rs)
}

// FuzzSilentPayments lets the fuzzer choose the transaction's shape.
func FuzzSilentPayments(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(352), uint64(7))
	rs := spReceivers(3)
	f.Fuzz(func(t *testing.T, a, b uint64) {
		checkSP(t, "fuzz", randomSPTx(rand.New(rand.NewPCG(a, b)), len(rs)), rs)
	})
}

// Benchmarks beside libsecp256k1 v0.8.0's silentpayments module, the same
// work per operation: a transaction with 2 inputs (one Taproot) and 2
// outputs, none of which pays the receiver (what almost every scanned
// transaction is); sending to 3 recipients from 2 inputs.
func spBenchTx(b *testing.B) (spTx, []spReceiver, [][32]byte) {
	rs := spReceivers(3)
	tx := spTx{keys: []p256k1.PrivateKey{spKey("b", 1), spKey("b", 2)}, taproot: []bool{true, false},
		outpoints: []silentpayments.Outpoint{{Vout: 1}, {Vout: 0}}, recips: []int{1, 2}, labels: []uint32{noLabel, noLabel}}
	var addrs []silentpayments.Address
	for _, ri := range tx.recips {
		sp := rs[ri].spend.PublicKey()
		a, _ := silentpayments.NewAddress(&rs[ri].scan, &sp, nil, false)
		addrs = append(addrs, a)
	}
	outs, err := silentpayments.Outputs([]silentpayments.SenderKey{{Key: &tx.keys[0], Taproot: true}, {Key: &tx.keys[1]}}, tx.outpoints, addrs)
	if err != nil {
		b.Fatal(err)
	}
	var o [][32]byte
	for _, x := range outs {
		o = append(o, x.Bytes())
	}
	return tx, rs, o
}

func BenchmarkSPScan(b *testing.B) {
	tx, rs, outs := spBenchTx(b)
	r := &rs[0] // not paid by the transaction
	sp := r.spend.PublicKey()
	pubs, xonly, plain := tx.inputKeys()
	least := leastOutpoint(tx.outpoints)
	scan := r.scan.Bytes()
	spend := sp.SerializeCompressed()
	xs := make([]p256k1.XOnlyPublicKey, len(outs))
	for i := range outs {
		xs[i], _ = p256k1.ParseXOnlyPublicKey(outs[i][:])
	}
	sc, _ := silentpayments.NewScanner(&r.scan, &sp, nil)
	b.Run("p256k1", func(b *testing.B) {
		for b.Loop() {
			prev, _ := silentpayments.SummarizePrevouts(pubs, tx.outpoints)
			if f, err := sc.ScanPrevouts(&prev, xs); err != nil || len(f) != 0 {
				b.Fatal("scan")
			}
		}
	})
	b.Run("p256k1-batch", func(b *testing.B) {
		const n = 64
		txs := make([]silentpayments.Tx, n)
		res := make([]silentpayments.Result, n)
		for b.Loop() {
			for i := range txs {
				prev, _ := silentpayments.SummarizePrevouts(pubs, tx.outpoints)
				txs[i] = silentpayments.Tx{Prevouts: &prev, Outputs: xs}
			}
			sc.ScanBatch(txs, res)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/tx")
	})
	b.Run("libsecp256k1", func(b *testing.B) {
		for b.Loop() {
			if f, _, r := cSPScan(outs, scan, spend, least, xonly, plain, nil); r != 1 || len(f) != 0 {
				b.Fatal("scan")
			}
		}
	})
}

func BenchmarkSPSend(b *testing.B) {
	tx, rs, _ := spBenchTx(b)
	var addrs []silentpayments.Address
	var scan33, spend33 [][33]byte
	for i := range 3 {
		sp := rs[i].spend.PublicKey()
		a, _ := silentpayments.NewAddress(&rs[i].scan, &sp, nil, false)
		addrs = append(addrs, a)
		scan33 = append(scan33, a.Scan.SerializeCompressed())
		spend33 = append(spend33, a.Spend.SerializeCompressed())
	}
	sks := []silentpayments.SenderKey{{Key: &tx.keys[0], Taproot: true}, {Key: &tx.keys[1]}}
	least := leastOutpoint(tx.outpoints)
	b.Run("p256k1", func(b *testing.B) {
		for b.Loop() {
			if _, err := silentpayments.Outputs(sks, tx.outpoints, addrs); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("libsecp256k1", func(b *testing.B) {
		for b.Loop() {
			if _, ok := cSPSend(scan33, spend33, least, [][32]byte{tx.keys[1].Bytes()}, [][32]byte{tx.keys[0].Bytes()}); !ok {
				b.Fatal("send")
			}
		}
	})
}
