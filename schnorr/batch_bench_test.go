package schnorr

import (
	"fmt"
	"testing"
)

// BenchmarkVerifyBatch measures batch verification per signature (ns/sig),
// next to single Verify in the same run (n=1 reports Verify itself).
func BenchmarkVerifyBatch(b *testing.B) {
	f := newBatchFixture(b, 8192)
	b.Run("single", func(b *testing.B) {
		items := f.items()
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			it := &items[i%len(items)]
			if !Verify(it.PublicKey, it.Message, it.Signature) {
				b.Fatal("rejected")
			}
			i++
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/sig")
	})
	for _, n := range []int{64, 256, 1024, 8192} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			items := f.items()[:n]
			var v BatchVerifier
			b.ReportAllocs()
			for b.Loop() {
				if !v.Verify(items) {
					b.Fatal("rejected")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/sig")
		})
	}
}

// BenchmarkVerifyBatchParallel measures the throughput of
// VerifyBatchParallel on GOMAXPROCS goroutines, in signatures per second.
func BenchmarkVerifyBatchParallel(b *testing.B) {
	const n = 100000
	f := newBatchFixture(b, 8192)
	items := make([]BatchItem, 0, n)
	for len(items) < n {
		items = append(items, f.items()...)
	}
	items = items[:n]
	for _, n := range []int{64, 256, n} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			items := items[:n]
			b.ReportAllocs()
			for b.Loop() {
				if !VerifyBatchParallel(items, 0) {
					b.Fatal("rejected")
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "sigs/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/sig")
		})
	}
}

// BenchmarkFindInvalid measures finding one bad signature in a batch.
func BenchmarkFindInvalid(b *testing.B) {
	f := newBatchFixture(b, 1024)
	for _, n := range []int{64, 1024} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			items := f.items()[:n]
			items[n/3].Message = []byte("wrong")
			var v BatchVerifier
			var dst []int
			b.ReportAllocs()
			for b.Loop() {
				dst = v.FindInvalid(dst[:0], items)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/sig")
		})
	}
}
