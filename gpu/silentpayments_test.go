package gpu

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/silentpayments"
)

// TestTweakData compares the device's tweak data with
// silentpayments.TweakDataBatch, errors included.
func TestTweakData(t *testing.T) {
	e := engine(t)
	n := 120
	if testing.Short() {
		n = 40
	}
	txs := make([]silentpayments.TxInputs, n)
	for i := range txs {
		var op silentpayments.Outpoint
		binary.LittleEndian.PutUint64(op.TxID[:], uint64(i)*0x9e3779b97f4a7c15)
		ops := []silentpayments.Outpoint{{TxID: op.TxID, Vout: 3}, op}
		k1, k2 := key(uint64(3*i)), key(uint64(3*i+1))
		ins := []p256k1.PublicKey{k1.PublicKey(), k2.PublicKey()}
		switch i % 10 {
		case 1:
			ins = ins[:1]
		case 2:
			ins = nil // ErrNoInputs
		case 3:
			ops = nil // ErrNoInputs
		case 4:
			ins[1] = ins[0].Negate() // ErrInputSumZero
		case 5:
			ins[1] = p256k1.PublicKey{} // invalid key
		case 6:
			k3 := key(uint64(3*i + 2))
			ins = append(ins, k3.PublicKey(), ins[0])
		case 7:
			ins = []p256k1.PublicKey{{}} // one invalid key
		case 8:
			ins = ins[1:] // one input, several outpoints
			ops = append(ops, silentpayments.Outpoint{Vout: 1})
		}
		txs[i] = silentpayments.TxInputs{Inputs: ins, Outpoints: ops}
	}
	want, wantErr := make([]p256k1.PublicKey, n), make([]error, n)
	silentpayments.TweakDataBatch(txs, want, wantErr)
	got, gotErr := make([]p256k1.PublicKey, n), make([]error, n)
	if err := e.TweakData(txs, got, gotErr); err != nil {
		t.Fatal(err)
	}
	okCount := 0
	for i := range txs {
		if got[i] != want[i] || !errors.Is(gotErr[i], wantErr[i]) || (gotErr[i] == nil) != (wantErr[i] == nil) {
			t.Fatalf("tx %d: device %x %v, CPU %x %v", i, got[i].SerializeCompressed(), gotErr[i], want[i].SerializeCompressed(), wantErr[i])
		}
		if wantErr[i] == nil {
			okCount++
		}
	}
	if okCount == 0 || okCount == n {
		t.Fatalf("%d of %d succeeded: the test needs both kinds", okCount, n)
	}
}

// TestTweakDataBytes compares TweakDataBytes with the CPU's parse-then-
// TweakDataBatch for every shape of transaction: one key of either parity
// (the device lifts it) with one or several outpoints, one key whose x is
// 0, p − 1, p, all ones or off the curve (no input: ErrNoInputs), a
// wrong prefix, no outpoint, no key; two keys (the device adds them):
// distinct, equal, summing to infinity, one or both invalid, one with a
// wrong prefix (the host's path); and three keys.
func TestTweakDataBytes(t *testing.T) {
	e := engine(t)
	p := [32]byte{}
	for i := range p {
		p[i] = 0xff
	}
	p[27], p[28], p[29], p[30], p[31] = 0xfe, 0xff, 0xff, 0xfc, 0x2f
	pm1 := p
	pm1[31]--
	offCurve := func(seed byte) [33]byte {
		k := [33]byte{2, seed}
		for {
			if _, err := p256k1.ParsePublicKey(k[:]); err != nil {
				return k
			}
			k[32]++
		}
	}
	xKey := func(prefix byte, x [32]byte) [33]byte {
		var k [33]byte
		k[0] = prefix
		copy(k[1:], x[:])
		return k
	}
	rep := func(k [33]byte, n int) [][33]byte {
		out := make([][33]byte, n)
		for j := range out {
			out[j] = k
		}
		return out
	}
	bad4 := func(k [33]byte) [33]byte { k[0] = 4; return k }
	var txs []silentpayments.TxInputKeys
	for i := range 120 {
		var op silentpayments.Outpoint
		binary.LittleEndian.PutUint64(op.TxID[:], uint64(i)*0x9e3779b97f4a7c15)
		ops := []silentpayments.Outpoint{{TxID: op.TxID, Vout: 3}, op}
		k1, k2 := key(uint64(3*i)), key(uint64(3*i+1))
		p1, p2 := k1.PublicKey(), k2.PublicKey()
		c1, c2 := p1.SerializeCompressed(), p2.SerializeCompressed()
		keys := [][33]byte{c1}
		n1 := p1.Negate()
		cn1 := n1.SerializeCompressed()
		distinct := func(n int) [][33]byte {
			out := make([][33]byte, n)
			for j := range out {
				kj := key(uint64(1000*i + j))
				pj := kj.PublicKey()
				out[j] = pj.SerializeCompressed()
			}
			return out
		}
		switch i % 30 {
		case 1:
			ops = ops[1:]
		case 2:
			keys = [][33]byte{xKey(2, [32]byte{})}
		case 3:
			keys = [][33]byte{xKey(3, pm1)}
		case 4:
			keys = [][33]byte{xKey(2, p)}
		case 5:
			var ones [32]byte
			for j := range ones {
				ones[j] = 0xff
			}
			keys = [][33]byte{xKey(3, ones)}
		case 6:
			keys = [][33]byte{offCurve(byte(i))}
		case 7:
			keys[0][0] = 4
		case 8:
			ops = nil
		case 9:
			keys = nil
		case 10:
			keys = [][33]byte{c1, offCurve(byte(i))}
		case 11:
			n := p1.Negate()
			keys = [][33]byte{c1, n.SerializeCompressed()}
		case 12:
			k3 := key(uint64(3*i + 2))
			p3 := k3.PublicKey()
			keys = [][33]byte{c1, c2, p3.SerializeCompressed()}
		case 13:
			keys = [][33]byte{c2, c1}
		case 14:
			keys = [][33]byte{c1, c1} // the device's tangent
		case 15:
			keys = [][33]byte{c1, xKey(2, p)}
		case 16:
			keys = [][33]byte{offCurve(byte(i)), offCurve(byte(i + 1))}
		case 17:
			c2[0] = 4
			keys = [][33]byte{c1, c2}
		// More than two keys: summed on the device by key_sum, eight to
		// an item, then the items' sums on the host.
		case 18:
			keys = [][33]byte{c1, offCurve(byte(i)), c2} // a key off the curve does not count
		case 19:
			keys = distinct(8) // one full item
		case 20:
			keys = distinct(9) // two items
		case 21:
			keys = append(distinct(15), bad4(c1), xKey(2, p)) // three items, two keys left out
		case 22:
			keys = [][33]byte{c1, cn1, c2} // a pair that cancels
		case 23:
			n2 := p2.Negate()
			keys = [][33]byte{c1, c2, cn1, n2.SerializeCompressed()} // everything cancels: ErrInputSumZero
		case 24:
			keys = [][33]byte{offCurve(byte(i)), bad4(c1), xKey(3, p)} // none counts: ErrNoInputs
		case 25:
			keys = rep(c1, 3) // a doubling inside the item
		case 26:
			keys = append(rep(c1, 8), rep(cn1, 8)...) // two items that cancel: ErrInputSumZero
		case 27:
			keys = append([][33]byte{c1, cn1, c1, cn1, c1, cn1, c1, cn1}, c2, bad4(c2)) // an item that sums to infinity
		case 28:
			keys = append(rep(bad4(c1), 9), c2) // only the last key counts
		case 29:
			keys, ops = distinct(5), nil // no outpoint: the host's ErrNoInputs
		}
		txs = append(txs, silentpayments.TxInputKeys{Keys: keys, Outpoints: ops})
	}
	n := len(txs)
	parsed, wantErr := checkTweakDataBytes(t, e, txs)
	okCount, parities, pairs, many, manyErr := 0, [2]int{}, 0, 0, 0
	for i := range txs {
		if wantErr[i] == nil {
			okCount++
			if len(txs[i].Keys) == 1 {
				parities[txs[i].Keys[0][0]&1]++
			}
			if len(txs[i].Keys) == 2 && len(parsed[i].Inputs) == 2 {
				pairs++
			}
		}
		if viaKeySum(&txs[i]) {
			if wantErr[i] == nil {
				many++
			} else {
				manyErr++
			}
		}
	}
	if okCount == 0 || okCount == n || parities[0] == 0 || parities[1] == 0 || pairs == 0 || many == 0 || manyErr == 0 {
		t.Fatalf("%d of %d succeeded, one-key parities %v, %d pairs, %d and %d failed with more keys: the test needs every kind", okCount, n, parities, pairs, many, manyErr)
	}
	if err := e.TweakDataBytes(txs, make([]p256k1.PublicKey, n-1), make([]error, n)); !errors.Is(err, ErrShortOutput) {
		t.Fatalf("short out: %v", err)
	}
}

// FuzzTweakDataBytes: transactions of up to eleven 33-byte keys cut from
// the fuzzer's bytes (each transaction takes the next 0 to 11 keys, as its
// shape byte says; with more than two the device sums them, key_sum), each
// answer equal to the CPU's parse-then-TweakDataBatch. On PoCL each input is a kernel launch: the seeds run
// with go test.
func FuzzTweakDataBytes(f *testing.F) {
	k1, k2 := key(1), key(2)
	p1, p2 := k1.PublicKey(), k2.PublicKey()
	c1, c2 := p1.SerializeCompressed(), p2.SerializeCompressed()
	n1 := p1.Negate()
	cn := n1.SerializeCompressed()
	var over [33]byte
	over[0] = 3
	for i := 1; i < 33; i++ {
		over[i] = 0xff
	}
	f.Add(append(c1[:], c2[:]...), []byte{1, 2})
	f.Add(append(c1[:], cn[:]...), []byte{2})
	f.Add(append(append(c1[:], c1[:]...), over[:]...), []byte{2, 1, 0})
	f.Add(append(append(c2[:], c1[:]...), c2[:]...), []byte{3})
	f.Add(over[:], []byte{1})
	var many []byte
	for _, k := range [][33]byte{c1, c2, cn, over, c1, c1, c2, c2, cn, c2} {
		many = append(many, k[:]...)
	}
	f.Add(many, []byte{10}) // two key_sum items: a cancelling pair, a key left out, doublings
	f.Fuzz(func(t *testing.T, keys, shape []byte) {
		e := engine(t)
		var txs []silentpayments.TxInputKeys
		for j, s := range shape {
			if len(txs) == 8 {
				break
			}
			k := int(s % 12)
			var tx silentpayments.TxInputKeys
			for range k {
				if len(keys) < 33 {
					break
				}
				tx.Keys = append(tx.Keys, [33]byte(keys[:33]))
				keys = keys[33:]
			}
			if s&0x80 == 0 {
				tx.Outpoints = []silentpayments.Outpoint{{Vout: uint32(j)}, {Vout: uint32(s)}}
			}
			txs = append(txs, tx)
		}
		checkTweakDataBytes(t, e, txs)
	})
}

// checkTweakDataBytes runs TweakDataBytes on txs and fails t unless every
// result and error equals the CPU's parse-then-TweakDataBatch; it returns
// the parsed transactions and the CPU's errors.
func checkTweakDataBytes(t *testing.T, e *Engine, txs []silentpayments.TxInputKeys) ([]silentpayments.TxInputs, []error) {
	t.Helper()
	n := len(txs)
	parsed := make([]silentpayments.TxInputs, n)
	for i := range txs {
		parsed[i] = txs[i].Parse()
	}
	want, wantErr := make([]p256k1.PublicKey, n), make([]error, n)
	silentpayments.TweakDataBatch(parsed, want, wantErr)
	got, gotErr := make([]p256k1.PublicKey, n), make([]error, n)
	if err := e.TweakDataBytes(txs, got, gotErr); err != nil {
		t.Fatal(err)
	}
	for i := range txs {
		if got[i] != want[i] || !errors.Is(gotErr[i], wantErr[i]) || (gotErr[i] == nil) != (wantErr[i] == nil) {
			t.Fatalf("tx %d: device %x %v, CPU %x %v", i, got[i].SerializeCompressed(), gotErr[i], want[i].SerializeCompressed(), wantErr[i])
		}
	}
	return parsed, wantErr
}
