package main

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

// ecdsaItem is one parsed ECDSA row.
type ecdsaItem struct {
	pub  p256k1.PublicKey
	hash [32]byte
	sig  ecdsa.Signature
}

// verifyItems verifies parsed rows on workers goroutines (≤ 0: GOMAXPROCS)
// and returns the indices of the invalid Schnorr items and of the invalid
// ECDSA items, each ascending (nil when all are valid).
//
// Schnorr items go through schnorr.FindInvalidParallel (batch verification,
// which bisects a failing batch to name the bad signatures); ECDSA items are
// verified with ecdsa.VerifyMany, in chunks taken by the workers from a
// shared counter.
func verifyItems(sch []schnorr.BatchItem, ecd []ecdsaItem, workers int) (badSchnorr, badECDSA []int) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if len(sch) > 0 {
		badSchnorr = schnorr.FindInvalidParallel(sch, workers)
	}
	if len(ecd) == 0 {
		return badSchnorr, nil
	}
	const chunk = 256
	var next atomic.Int64
	bad := make([]bool, len(ecd))
	var wg sync.WaitGroup
	for range min(workers, (len(ecd)+chunk-1)/chunk) {
		spawn(&wg, func() {
			// ecdsa.VerifyMany: eight at once where the processor has
			// AVX-512 IFMA, ecdsa.Verify for each item elsewhere.
			items := make([]ecdsa.Item, chunk)
			ok := make([]bool, chunk)
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= len(ecd) {
					return
				}
				hi := min(lo+chunk, len(ecd))
				for i := lo; i < hi; i++ {
					it := &ecd[i]
					items[i-lo] = ecdsa.Item{PublicKey: &it.pub, Hash: &it.hash, Signature: &it.sig}
				}
				ecdsa.VerifyMany(items[:hi-lo], ok[:hi-lo])
				for i := lo; i < hi; i++ {
					bad[i] = !ok[i-lo]
				}
			}
		})
	}
	wg.Wait()
	for i, b := range bad {
		if b {
			badECDSA = append(badECDSA, i)
		}
	}
	return badSchnorr, badECDSA
}
