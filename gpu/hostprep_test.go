package gpu

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/silentpayments"
)

// TestHostPrepTimes reports (with -v) the host's preparation per item on
// one thread, batched 64 inversions at a time as the package does and one
// item at a time (a block of one: an inversion per item, as before),
// interleaved A/B in one process, CPU time of this thread. No threshold:
// it only reports.
func TestHostPrepTimes(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const n = 2048
	ecd := make([]ECDSAItem, n)
	for i := range ecd {
		k := key(uint64(i % 64))
		h := sha256.Sum256(fmt.Appendf(nil, "prep %d", i))
		sig, err := ecdsa.Sign(&k, &h)
		if err != nil {
			t.Fatal(err)
		}
		pub := k.PublicKey()
		ecd[i] = ECDSAItem{PublicKey: &pub, Hash: &h, Signature: &sig}
	}
	txs := make([]silentpayments.TxInputs, n)
	for i := range txs {
		a, b := key(uint64(i%64)), key(uint64(i%64+64))
		var op silentpayments.Outpoint
		binary.LittleEndian.PutUint64(op.TxID[:], uint64(i))
		txs[i] = silentpayments.TxInputs{Inputs: []p256k1.PublicKey{a.PublicKey(), b.PublicKey()}, Outpoints: []silentpayments.Outpoint{op}}
	}
	dst := make([]byte, 196*n)
	pre := make([]bool, n)
	errs := make([]error, n)
	measure := func(f func()) time.Duration {
		t0 := cputime.Thread()
		f()
		return cputime.Thread() - t0
	}
	var eb, e1, tb, t1 time.Duration
	for range 3 {
		eb += measure(func() { prepECDSARange(dst, ecd, pre) })
		e1 += measure(func() {
			for i := range ecd {
				prepECDSARange(dst[196*i:196*i+196], ecd[i:i+1], pre[i:i+1])
			}
		})
		tb += measure(func() { prepTweakRange(dst, txs, errs, nil) })
		t1 += measure(func() {
			for i := range txs {
				prepTweakRange(dst[100*i:100*i+100], txs[i:i+1], errs[i:i+1], nil)
			}
		})
	}
	per := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / float64(3*n) }
	t.Logf("ECDSA prep: %.0f ns/item batched, %.0f ns/item one by one (%.2fx)", per(eb), per(e1), float64(e1)/float64(eb))
	t.Logf("tweak prep: %.0f ns/item batched, %.0f ns/item one by one (%.2fx)", per(tb), per(t1), float64(t1)/float64(tb))
}
