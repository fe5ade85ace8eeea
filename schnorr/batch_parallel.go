package schnorr

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// minParallelChunk is the smallest number of items worth a batch of its
// own on a goroutine: below it, VerifyBatchParallel verifies one batch
// whose work it splits across the workers (down to minSplitItems items per
// worker; below that, on the calling goroutine).
const (
	minParallelChunk = 256
	minSplitItems    = 16
)

// parallelChunks splits n items for the given number of workers (≤ 0:
// runtime.GOMAXPROCS(0)) into chunks of equal size, at most maxChunk and at
// least minParallelChunk items each (except for the last), and returns the
// chunk size and the number of workers to start (1: run serially).
func parallelChunks(n, workers int) (size, start int) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	chunks := max(workers, (n+maxChunk-1)/maxChunk)
	size = max((n+chunks-1)/chunks, minParallelChunk)
	chunks = (n + size - 1) / size
	return size, min(workers, chunks)
}

// VerifyBatchParallel is VerifyBatch with the batch split into chunks
// verified concurrently by up to workers goroutines (workers ≤ 0 means
// runtime.GOMAXPROCS(0)). Each chunk is a batch of its own, with its own
// weights; the answer is true exactly when every chunk passes, and the
// remaining chunks are skipped once one fails. A batch too small for
// chunks of minParallelChunk items is verified as one batch whose
// parsing, square roots and multi-scalar multiplication are split across
// the workers (ecmult.Multi.EvalSplitVar); a tiny one (under 32 items) on
// the calling goroutine.
//
// Variable time (public inputs). It allocates the goroutines' bookkeeping;
// the verifiers come from a pool.
func VerifyBatchParallel(items []BatchItem, workers int) bool {
	size, nw := parallelChunks(len(items), workers)
	if nw <= 1 {
		if workers <= 0 {
			workers = runtime.GOMAXPROCS(0)
		}
		if workers < 2 || len(items) < 2*minSplitItems {
			return VerifyBatch(items)
		}
		// One batch, its parsing, square roots and multi-scalar
		// multiplication split across the workers.
		v := verifierPool.Get().(*BatchVerifier)
		v.workers = workers
		ok := v.Verify(items)
		v.workers = 0
		verifierPool.Put(v)
		return ok
	}
	var next atomic.Int64
	var failed atomic.Bool
	var wg sync.WaitGroup
	for range nw {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := verifierPool.Get().(*BatchVerifier)
			defer verifierPool.Put(v)
			for !failed.Load() {
				lo := int(next.Add(int64(size))) - size
				if lo >= len(items) {
					return
				}
				if !v.Verify(items[lo:min(lo+size, len(items))]) {
					failed.Store(true)
				}
			}
		}()
	}
	wg.Wait()
	return !failed.Load()
}

// FindInvalidParallel is FindInvalid with the batch split into chunks
// examined concurrently by up to workers goroutines (workers ≤ 0 means
// runtime.GOMAXPROCS(0)). It returns the indices (ascending) of the
// invalid items, or nil if all are valid.
//
// Variable time (public inputs).
func FindInvalidParallel(items []BatchItem, workers int) []int {
	size, nw := parallelChunks(len(items), workers)
	if nw <= 1 {
		return FindInvalid(items)
	}
	nc := (len(items) + size - 1) / size
	found := make([][]int, nc)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range nw {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := verifierPool.Get().(*BatchVerifier)
			defer verifierPool.Put(v)
			for {
				c := int(next.Add(1)) - 1
				if c >= nc {
					return
				}
				lo := c * size
				bad := v.FindInvalid(nil, items[lo:min(lo+size, len(items))])
				for i := range bad {
					bad[i] += lo
				}
				found[c] = bad
			}
		}()
	}
	wg.Wait()
	var all []int
	for _, f := range found {
		all = append(all, f...)
	}
	return all
}
