package silentpayments

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/race"
)

func testKey(t testing.TB, tag string, i int) p256k1.PrivateKey {
	t.Helper()
	h := sha256.Sum256(fmt.Appendf(nil, "%s %d", tag, i))
	k, err := p256k1.NewPrivateKey(h[:])
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// batchFixture makes n transactions: every third pays the receiver (one to
// three outputs, some labelled), the rest pay someone else; one has an
// unset tweak key, to check that errors stay in their slot.
func batchFixture(t testing.TB, n int, scan, spend p256k1.PrivateKey) ([]Tx, []TxInputs) {
	t.Helper()
	spendPub := spend.PublicKey()
	other := testKey(t, "other", 0)
	otherPub := other.PublicKey()
	txs := make([]Tx, n)
	ins := make([]TxInputs, n)
	for i := range n {
		d1, d2 := testKey(t, "in", 2*i), testKey(t, "in", 2*i+1)
		var op Outpoint
		binary.LittleEndian.PutUint64(op.TxID[:], uint64(i))
		ops := []Outpoint{op, {TxID: op.TxID, Vout: 1}}
		var recips []Address
		payee, _ := NewAddress(&other, &otherPub, nil, false)
		if i%3 == 0 {
			var m *uint32
			if i%2 == 0 {
				one := uint32(1)
				m = &one
			}
			payee, _ = NewAddress(&scan, &spendPub, m, false)
		}
		for range i%3 + 1 {
			recips = append(recips, payee)
		}
		outs, err := Outputs([]SenderKey{{Key: &d1}, {Key: &d2, Taproot: true}}, ops, recips)
		if err != nil {
			t.Fatal(err)
		}
		p1, p2 := d1.PublicKey(), d2.PublicKey()
		x2, _ := p2.XOnly()
		p2 = x2.PublicKey() // as InputPublicKey gives a Taproot key: even y
		ins[i] = TxInputs{Inputs: []p256k1.PublicKey{p1, p2}, Outpoints: ops}
		tw, err := TweakData(ins[i].Inputs, ops)
		if err != nil {
			t.Fatal(err)
		}
		txs[i] = Tx{TweakData: tw, Outputs: outs}
	}
	if n > 5 {
		txs[5].TweakData = p256k1.PublicKey{}
		ins[5].Inputs = nil
	}
	return txs, ins
}

func TestBatchAgrees(t *testing.T) {
	scan, spend := testKey(t, "scan", 0), testKey(t, "spend", 0)
	spendPub := spend.PublicKey()
	n := 150
	if testing.Short() {
		n = 40
	}
	txs, ins := batchFixture(t, n, scan, spend)
	labels, err := NewLabelSet(&scan, []uint32{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, ls := range []*LabelSet{nil, labels} {
		sc, err := NewScanner(&scan, &spendPub, ls)
		if err != nil {
			t.Fatal(err)
		}
		res := make([]Result, n)
		sc.ScanBatch(txs, res)
		par := make([]Result, n)
		sc.ScanBatchParallel(txs, par, 2)
		// The same transactions given by their inputs' summary.
		byPrev := make([]Tx, n)
		prevs := make([]Result, n)
		for i := range txs {
			byPrev[i].Outputs = txs[i].Outputs
			p, err := SummarizePrevouts(ins[i].Inputs, ins[i].Outpoints)
			if err == nil {
				byPrev[i].Prevouts = &p
				one := Result{}
				one.Matches, one.Err = sc.ScanPrevouts(&p, txs[i].Outputs)
				prevs[i] = one
			} else {
				prevs[i].Err = p256k1.ErrInvalidPublicKey // as Scan reports the unset tweak key
			}
		}
		prevBatch := make([]Result, n)
		sc.ScanBatch(byPrev, prevBatch)
		for i := range prevBatch {
			if byPrev[i].Prevouts == nil {
				prevBatch[i].Err = p256k1.ErrInvalidPublicKey // no summary: the batch says ErrInvalidPublicKey too
			}
		}
		found := 0
		for i := range txs {
			want, werr := Scan(&scan, &spendPub, &txs[i].TweakData, txs[i].Outputs, ls)
			for name, got := range map[string]Result{"batch": res[i], "parallel": par[i], "ScanPrevouts": prevs[i], "batch of Prevouts": prevBatch[i]} {
				if !errors.Is(got.Err, werr) || !reflect.DeepEqual(got.Matches, want) {
					t.Fatalf("labels %v, tx %d, %s: %d matches, %v; Scan: %d, %v", ls != nil, i, name, len(got.Matches), got.Err, len(want), werr)
				}
			}
			found += len(want)
		}
		// Without labels only the unlabelled payments are found.
		if found == 0 {
			t.Fatalf("labels %v: nothing found in the fixture", ls != nil)
		}
		t.Logf("labels %v: %d outputs found in %d transactions", ls != nil, found, n)
	}

	out := make([]p256k1.PublicKey, n)
	errs := make([]error, n)
	TweakDataBatch(ins, out, errs)
	pout := make([]p256k1.PublicKey, n)
	perrs := make([]error, n)
	TweakDataBatchParallel(ins, pout, perrs, 2)
	for i := range ins {
		want, werr := TweakData(ins[i].Inputs, ins[i].Outpoints)
		if !errors.Is(errs[i], werr) || out[i] != want || !errors.Is(perrs[i], werr) || pout[i] != want {
			t.Fatalf("tweak data %d: batch %v, parallel %v; TweakData %v", i, errs[i], perrs[i], werr)
		}
	}
}

func BenchmarkScan(b *testing.B) {
	scan, spend := testKey(b, "scan", 0), testKey(b, "spend", 0)
	spendPub := spend.PublicKey()
	txs, ins := batchFixture(b, 64, scan, spend)
	sc, _ := NewScanner(&scan, &spendPub, nil)
	res := make([]Result, len(txs))
	b.Run("one", func(b *testing.B) {
		i := 1 // a transaction that does not pay the receiver
		for b.Loop() {
			_, _ = sc.Scan(&txs[i].TweakData, txs[i].Outputs)
		}
	})
	b.Run("batch64", func(b *testing.B) {
		for b.Loop() {
			sc.ScanBatch(txs, res)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(txs)), "ns/tx")
	})
	out := make([]p256k1.PublicKey, len(ins))
	errs := make([]error, len(ins))
	b.Run("tweakdata-one", func(b *testing.B) {
		for b.Loop() {
			_, _ = TweakData(ins[1].Inputs, ins[1].Outpoints)
		}
	})
	b.Run("tweakdata-batch64", func(b *testing.B) {
		for b.Loop() {
			TweakDataBatch(ins, out, errs)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ins)), "ns/tx")
	})
	d1, d2 := testKey(b, "in", 0), testKey(b, "in", 1)
	var recips []Address
	for i := range 3 {
		k := testKey(b, "recipient", i)
		p := k.PublicKey()
		a, _ := NewAddress(&k, &p, nil, false)
		recips = append(recips, a)
	}
	ops := []Outpoint{{Vout: 0}, {Vout: 1}}
	b.Run("send-2in-3out", func(b *testing.B) {
		for b.Loop() {
			_, _ = Outputs([]SenderKey{{Key: &d1}, {Key: &d2}}, ops, recips)
		}
	})
}

// TestScanAllocs: scanning a transaction that pays the receiver nothing
// allocates nothing (the result is nil); with up to 8 outputs the scan state
// stays on the stack.
func TestScanAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates")
	}
	scan, spend := testKey(t, "scan", 0), testKey(t, "spend", 0)
	spendPub := spend.PublicKey()
	txs, ins := batchFixture(t, 3, scan, spend)
	sc, err := NewScanner(&scan, &spendPub, nil)
	if err != nil {
		t.Fatal(err)
	}
	prev, err := SummarizePrevouts(ins[1].Inputs, ins[1].Outpoints)
	if err != nil {
		t.Fatal(err)
	}
	res := make([]Result, 2)
	batch := []Tx{txs[1], {Prevouts: &prev, Outputs: txs[1].Outputs}}
	for name, f := range map[string]func(){
		"Scan":              func() { _, _ = sc.Scan(&txs[1].TweakData, txs[1].Outputs) },
		"ScanPrevouts":      func() { _, _ = sc.ScanPrevouts(&prev, txs[1].Outputs) },
		"SummarizePrevouts": func() { _, _ = SummarizePrevouts(ins[1].Inputs, ins[1].Outpoints) },
		"ScanBatch":         func() { sc.ScanBatch(batch, res) },
	} {
		if a := testing.AllocsPerRun(20, f); a != 0 {
			t.Errorf("%s: %v allocations per transaction that pays nothing", name, a)
		}
	}
}

// TxInputKeys.Parse leaves out the keys that do not parse, as
// InputPublicKey leaves out their inputs, and InputKeyBytes gives an
// off-curve P2WPKH key's bytes that InputPublicKey then refuses.
func TestTxInputKeysParse(t *testing.T) {
	k := testKey(t, "keys parse", 5)
	pub := k.PublicKey()
	good := pub.SerializeCompressed()
	bad := good
	for { // an x off the curve: about every second one
		bad[32]++
		if _, err := p256k1.ParsePublicKey(bad[:]); err != nil {
			break
		}
	}
	over := [33]byte{2}
	for i := 1; i < 33; i++ {
		over[i] = 0xff // x ≥ p
	}
	ops := []Outpoint{{Vout: 1}}
	tx := TxInputKeys{Keys: [][33]byte{bad, good, over, {4}}, Outpoints: ops}
	ti := tx.Parse()
	if len(ti.Inputs) != 1 || ti.Inputs[0].SerializeCompressed() != good || len(ti.Outpoints) != 1 {
		t.Fatalf("Parse: %d inputs", len(ti.Inputs))
	}
	if ti := (&TxInputKeys{Keys: [][33]byte{bad}, Outpoints: ops}).Parse(); len(ti.Inputs) != 0 {
		t.Fatal("an off-curve key parsed")
	}
	spk := append([]byte{0, 0x14}, make([]byte, 20)...)
	in := &Input{Witness: [][]byte{{1}, bad[:]}, PrevoutScript: spk}
	if key, tap, ok := InputKeyBytes(in); !ok || tap || key != bad {
		t.Fatalf("InputKeyBytes(P2WPKH) = %x, %v, %v", key, tap, ok)
	}
	if _, _, ok := InputPublicKey(in); ok {
		t.Fatal("InputPublicKey took an off-curve key")
	}
}
