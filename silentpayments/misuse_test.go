package silentpayments

import (
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
)

// TestBatchShortOutputs: the batch functions have no error result, so a
// results, out or errs slice shorter than txs panics with a message naming
// the function and the lengths (not a runtime slice-bounds error, which the
// Parallel forms used to raise inside a worker goroutine).
func TestBatchShortOutputs(t *testing.T) {
	scan, spend := testKey(t, "misuse", 1), testKey(t, "misuse", 2)
	pub := spend.PublicKey()
	sc, err := NewScanner(&scan, &pub, nil)
	if err != nil {
		t.Fatal(err)
	}
	txs := make([]Tx, 300)
	tins := make([]TxInputs, 300)
	for name, c := range map[string]struct {
		want string
		f    func()
	}{
		"ScanBatch":              {"silentpayments: ScanBatch: len(results) = 2 < len(txs) = 300", func() { sc.ScanBatch(txs, make([]Result, 2)) }},
		"ScanBatchParallel":      {"silentpayments: ScanBatchParallel: len(results) = 299 < len(txs) = 300", func() { sc.ScanBatchParallel(txs, make([]Result, 299), 4) }},
		"TweakDataBatch":         {"silentpayments: TweakDataBatch: len(out) = 300, len(errs) = 0", func() { TweakDataBatch(tins, make([]p256k1.PublicKey, 300), nil) }},
		"TweakDataBatchParallel": {"silentpayments: TweakDataBatchParallel: len(out) = 200, len(errs) = 300", func() { TweakDataBatchParallel(tins, make([]p256k1.PublicKey, 200), make([]error, 300), 4) }},
	} {
		func() {
			defer func() {
				r := recover()
				if s, ok := r.(string); !ok || !strings.HasPrefix(s, c.want) {
					t.Errorf("%s: panic %v (%T), want %q", name, r, r, c.want)
				}
			}()
			c.f()
		}()
	}
}
