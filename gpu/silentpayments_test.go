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
