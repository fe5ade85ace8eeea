package ecdsa

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
)

// BenchmarkVerifyMany reports the cost per signature (cpu-ns/sig where the
// platform has a per-thread clock, ns/sig otherwise) of VerifyMany at
// several counts, and of Verify one at a time in the same run ("single").
func BenchmarkVerifyMany(b *testing.B) {
	rng := rand.New(rand.NewSource(1))
	pool := manyPool(b, rng, 64)[:64]
	b.Run("single", func(b *testing.B) {
		i := 0
		cputime.Bench(b, func() {
			it := &pool[i%len(pool)]
			Verify(it.PublicKey, it.Hash, it.Signature)
			i++
		})
	})
	for _, n := range []int{8, 64, 1024} {
		items := make([]Item, n)
		for i := range items {
			items[i] = pool[i%len(pool)]
		}
		res := make([]bool, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			cputime.Bench(b, func() { VerifyMany(items, res) })
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sig")
		})
	}
}
