package gpu

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/silentpayments"
)

// BenchmarkHost measures the host's part of each batch kind per item on
// one goroutine, no device needed: preparing the inputs (prep/…) and
// decoding the results (decode/…), as the pipeline runs them on each of
// GOMAXPROCS goroutines beside the device. These are real CPU costs (the
// device's time on PoCL is not): with c cores the host alone bounds a
// kind's end-to-end rate at about c / (prep + decode) items per second.
// Reported per item of a 4096-item range: wall ns/item and this thread's
// CPU time, cpu-ns/item.
func BenchmarkHost(b *testing.B) {
	const n = 4096
	rng := rand.New(rand.NewPCG(7, 7))
	// cpu-ns/item is this thread's CPU time (the test machine is shared
	// and loaded: wall time there counts other processes' turns).
	var t0 time.Duration
	start := func() {
		runtime.LockOSThread()
		t0 = cputime.Thread()
	}
	per := func(b *testing.B) {
		d := cputime.Thread() - t0
		runtime.UnlockOSThread()
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/item")
		b.ReportMetric(float64(d.Nanoseconds())/float64(b.N*n), "cpu-ns/item")
	}
	pre := make([]bool, n)
	// parseThenPrep: what a caller holding key bytes paid before
	// TweakDataBytes, the parse of every key, then TweakData's preparation.
	parseThenPrep := func(b *testing.B, txs []silentpayments.TxInputKeys) {
		dst := make([]byte, tweakItemSize*n)
		errs := make([]error, n)
		parsed := make([]silentpayments.TxInputs, n)
		for start(); b.Loop(); {
			for i := range txs {
				parsed[i] = txs[i].Parse()
			}
			prepTweakRange(dst, parsed, errs, nil)
		}
		per(b)
	}
	// BIP-340 with 32-byte messages, as gpubench's: the device computes
	// the challenges (prepSchnorr), or with -hosthash the host does.
	schnorr32 := schnorrItems(n, rng)
	for i := range schnorr32 {
		h := sha256.Sum256(schnorr32[i].Message)
		schnorr32[i].Message = h[:]
	}
	for _, host := range []bool{false, true} {
		b.Run("prep/schnorr"+map[bool]string{true: "-hosthash"}[host], func(b *testing.B) {
			defer func(old bool) { deviceChallenge = old }(deviceChallenge)
			deviceChallenge = !host
			dst := make([]byte, schnorrItemSize*n)
			for start(); b.Loop(); {
				prepSchnorrRange(dst, schnorr32, pre)
			}
			per(b)
		})
	}
	// Keys held as bytes: VerifySchnorrBytes' preparation, against the
	// parse VerifySchnorr's items need first (a square root each) plus
	// its preparation.
	keys32, msgs32, sigs64 := schnorrBytes(n)
	b.Run("prep/schnorr-bytes", func(b *testing.B) {
		dst := make([]byte, schnorrItemSize*n)
		for start(); b.Loop(); {
			prepSchnorrBytesRange(dst, keys32, msgs32, sigs64, pre)
		}
		per(b)
	})
	b.Run("prep/schnorr-parse", func(b *testing.B) {
		dst := make([]byte, schnorrItemSize*n)
		items := make([]schnorr.BatchItem, n)
		pks := make([]p256k1.XOnlyPublicKey, n)
		for start(); b.Loop(); {
			for i := range items {
				pks[i], _ = p256k1.ParseXOnlyPublicKey(keys32[32*i : 32*i+32])
				items[i] = schnorr.BatchItem{PublicKey: &pks[i], Message: msgs32[32*i : 32*i+32], Signature: (*[64]byte)(sigs64[64*i:])}
			}
			prepSchnorrRange(dst, items, pre)
		}
		per(b)
	})
	keys33, hashes32, esigs := ecdsaBytes(n)
	b.Run("prep/ecdsa-bytes", func(b *testing.B) {
		dst := make([]byte, 196*n)
		for start(); b.Loop(); {
			prepECDSABytesRange(dst, keys33, hashes32, esigs, pre)
		}
		per(b)
	})
	b.Run("prep/ecdsa-parse", func(b *testing.B) {
		dst := make([]byte, 196*n)
		items := make([]ECDSAItem, n)
		pks := make([]p256k1.PublicKey, n)
		sigs := make([]ecdsa.Signature, n)
		for start(); b.Loop(); {
			for i := range items {
				pks[i], _ = p256k1.ParsePublicKey(keys33[33*i : 33*i+33])
				sigs[i], _ = ecdsa.ParseCompact((*[64]byte)(esigs[64*i:]))
				items[i] = ECDSAItem{PublicKey: &pks[i], Hash: (*[32]byte)(hashes32[32*i:]), Signature: &sigs[i]}
			}
			prepECDSARange(dst, items, pre)
		}
		per(b)
	})
	b.Run("prep/ecdsa", func(b *testing.B) {
		items := ecdsaItems(n, rng)
		dst := make([]byte, 196*n)
		for start(); b.Loop(); {
			prepECDSARange(dst, items, pre)
		}
		per(b)
	})
	b.Run("prep/tweak", func(b *testing.B) {
		txs := hostTxs(n)
		dst := make([]byte, tweakItemSize*n)
		errs := make([]error, n)
		for start(); b.Loop(); {
			prepTweakRange(dst, txs, errs, nil)
		}
		per(b)
	})
	b.Run("prep/tweak1", func(b *testing.B) { // one input per transaction
		txs := hostTxs(n)
		for i := range txs {
			txs[i].Inputs = txs[i].Inputs[:1]
		}
		dst := make([]byte, tweakItemSize*n)
		errs := make([]error, n)
		for start(); b.Loop(); {
			prepTweakRange(dst, txs, errs, nil)
		}
		per(b)
	})
	// TweakDataBytes on one- and two-key transactions (the device lifts
	// and adds the keys) against what a caller holding the same bytes paid
	// before it: the parse of every key, then TweakData's preparation.
	for _, k := range []int{1, 2} {
		b.Run(fmt.Sprintf("prep/tweak%d-bytes", k), func(b *testing.B) {
			txs := hostTxKeys(n, k)
			dst := make([]byte, tweakItemSize*n)
			errs := make([]error, n)
			mode := make([]byte, n)
			for start(); b.Loop(); {
				prepTweakBytesRange(dst, txs, errs, mode, nil)
			}
			per(b)
		})
		b.Run(fmt.Sprintf("prep/tweak%d-parse", k), func(b *testing.B) { parseThenPrep(b, hostTxKeys(n, k)) })
	}
	// TweakDataBytes on transactions of more keys: the host copies them
	// into key_sum's items, adds each transaction's item sums (here the
	// CPU's, as the device returns them) and prepares point_mul's item;
	// against parsing every key, then TweakData's preparation.
	for _, k := range []int{5, 12} {
		b.Run(fmt.Sprintf("prep/tweak%d-bytes", k), func(b *testing.B) {
			txs := manyTxKeys(n, k)
			plan := newKeySumPlan(txs)
			in := make([]byte, 33*keySumKeys*plan.items)
			res := cpuKeySums(plan)
			dst := make([]byte, tweakItemSize*n)
			errs := make([]error, n)
			mode := make([]byte, n)
			r := &keySumResults{make([]group.Affine, n), make([]bool, n)}
			var faults atomic.Int64
			for start(); b.Loop(); {
				plan.prep(0, plan.items, in)
				plan.totalRange(r, 0, n, res, &faults)
				prepTweakBytesRange(dst, txs, errs, mode, r)
			}
			per(b)
			if faults.Load() != 0 || slices.Contains(r.ok, false) {
				b.Fatal("a CPU item sum was refused")
			}
		})
		b.Run(fmt.Sprintf("prep/tweak%d-parse", k), func(b *testing.B) { parseThenPrep(b, manyTxKeys(n, k)) })
	}
	b.Run("prep/pubkeys", func(b *testing.B) {
		scalars := pubkeyScalars(n)
		dst := make([]byte, 32*n)
		for start(); b.Loop(); {
			for i := range scalars {
				if pre[i] = validScalar(&scalars[i]); pre[i] {
					copy(dst[32*i:], scalars[i][:])
				}
			}
		}
		per(b)
	})
	// Device results as the kernels write them (x ‖ y).
	res := make([]byte, 64*n)
	for i := range n {
		k := key(uint64(i))
		pub := k.PublicKey()
		u := pub.SerializeUncompressed()
		copy(res[64*i:], u[1:])
	}
	keys := make([]p256k1.PublicKey, n)
	b.Run("decode/parse", func(b *testing.B) { // ParsePublicKey: before this change
		for start(); b.Loop(); {
			for i := range keys {
				keys[i] = decodePoint(res[64*i : 64*i+64])
			}
		}
		per(b)
	})
	b.Run("decode/check-key", func(b *testing.B) { // PublicKeys, TweakData
		for start(); b.Loop(); {
			for i := range keys {
				if x, y, ok := checkXY(res[64*i : 64*i+64]); ok {
					keys[i] = keyFromXY(&x, &y)
				}
			}
		}
		per(b)
	})
	b.Run("decode/check-bytes33", func(b *testing.B) { // PublicKeysBytes
		out := make([]byte, 33*n)
		for start(); b.Loop(); {
			for i := range keys {
				xy := res[64*i : 64*i+64]
				if checkOnly(xy) {
					out[33*i] = 2 | xy[63]&1
					copy(out[33*i+1:33*i+33], xy[:32])
				}
			}
		}
		per(b)
	})
}

// hostTxs is n transactions of two inputs and one outpoint each.
func hostTxs(n int) []silentpayments.TxInputs {
	txs := make([]silentpayments.TxInputs, n)
	for i := range txs {
		a, b := key(uint64(i%64)), key(uint64(i%64+64))
		var op silentpayments.Outpoint
		h := sha256.Sum256(fmt.Appendf(nil, "tx %d", i))
		copy(op.TxID[:], h[:])
		binary.LittleEndian.PutUint32(op.TxID[:], uint32(i))
		txs[i] = silentpayments.TxInputs{Inputs: []p256k1.PublicKey{a.PublicKey(), b.PublicKey()}, Outpoints: []silentpayments.Outpoint{op}}
	}
	return txs
}

// manyTxKeys is n transactions of k distinct keys as bytes (from a pool of
// 128) and one outpoint each.
func manyTxKeys(n, k int) []silentpayments.TxInputKeys {
	var pool [128][33]byte
	for i := range pool {
		kk := key(uint64(1000 + i))
		p := kk.PublicKey()
		pool[i] = p.SerializeCompressed()
	}
	txs := hostTxs(n)
	out := make([]silentpayments.TxInputKeys, n)
	for i := range out {
		for j := range k {
			out[i].Keys = append(out[i].Keys, pool[(i+9*j)%len(pool)])
		}
		out[i].Outpoints = txs[i].Outpoints
	}
	return out
}

// cpuKeySums is what key_sum returns for plan's items, computed on the CPU:
// x ‖ y of the sum of each item's keys that parse, or 64 zero bytes.
func cpuKeySums(plan *keySumPlan) []byte {
	res := make([]byte, 64*plan.items)
	for j := range plan.items {
		i := plan.owner[j]
		var s group.Jacobian
		hostItemSum(&s, keySumItem(&plan.txs[i], j-plan.first[i]))
		if s.Infinity == 0 {
			var a group.Affine
			a.SetJacobianVar(&s)
			a.X.NormalizeVar()
			a.Y.NormalizeVar()
			a.X.Bytes((*[32]byte)(res[64*j:]))
			a.Y.Bytes((*[32]byte)(res[64*j+32:]))
		}
	}
	return res
}

// hostTxKeys is hostTxs with keys as bytes, k keys (1 or 2) a transaction.
func hostTxKeys(n, k int) []silentpayments.TxInputKeys {
	txs := hostTxs(n)
	out := make([]silentpayments.TxInputKeys, n)
	for i := range txs {
		for _, p := range txs[i].Inputs[:k] {
			out[i].Keys = append(out[i].Keys, p.SerializeCompressed())
		}
		out[i].Outpoints = txs[i].Outpoints
	}
	return out
}
