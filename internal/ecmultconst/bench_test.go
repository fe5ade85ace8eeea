package ecmultconst

import (
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"runtime"
	"sort"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

var ecBenchSink group.Jacobian

// BenchmarkMul measures Mul (the default window) and, as sub-benchmarks,
// every supported window size.
func BenchmarkMul(b *testing.B) {
	rng := rand.New(rand.NewSource(7))
	p := ecAffine(ecRandPoint(rng), 0)
	k := ecScalar(new(big.Int).Rand(rng, ecN))
	b.Run("default", func(b *testing.B) {
		var r group.Jacobian
		b.ReportAllocs()
		for b.Loop() {
			Mul(&r, &p, &k)
		}
		ecBenchSink = r
	})
	for w := uint(3); w <= maxWindow; w++ {
		b.Run(fmt.Sprint("w=", w), func(b *testing.B) {
			var r group.Jacobian
			b.ReportAllocs()
			for b.Loop() {
				mulWindow(&r, &p, &k, w)
			}
			ecBenchSink = r
		})
	}
}

// ecThreadCPU returns this thread's CPU time in nanoseconds.
func ecThreadCPU() int64 { return int64(cputime.Thread()) }

// TestCPUTime reports the per-call thread CPU time of Mul for each window
// (lower quartile of 15 rounds), which is much less disturbed than wall
// time on a shared, loaded machine. Run with ECMULTCONST_CPUTIME=1 -v.
func TestCPUTime(t *testing.T) {
	if os.Getenv("ECMULTCONST_CPUTIME") == "" {
		t.Skip("set ECMULTCONST_CPUTIME=1 to run")
	}
	rng := rand.New(rand.NewSource(7))
	p := ecAffine(ecRandPoint(rng), 0)
	k := ecScalar(new(big.Int).Rand(rng, ecN))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	measure := func(n int, f func()) float64 {
		var res []float64
		for range 15 {
			t0 := ecThreadCPU()
			for range n {
				f()
			}
			res = append(res, float64(ecThreadCPU()-t0)/float64(n))
		}
		sort.Float64s(res)
		return res[len(res)/4]
	}
	var r group.Jacobian
	var a group.Jacobian
	a.SetAffine(&p)
	for w := uint(3); w <= maxWindow; w++ {
		t.Logf("w=%d  Mul %8.0f ns", w, measure(2000, func() { mulWindow(&r, &p, &k, w) }))
	}
	t.Logf("Double    %6.1f ns", measure(200000, func() { a.Double(&a) }))
	t.Logf("AddAffine %6.1f ns", measure(200000, func() { a.AddAffine(&a, &p) }))
	var pre [1 << (Window - 1)]group.Affine
	var gz field.Element
	var q group.Affine
	t.Logf("table     %6.0f ns", measure(20000, func() { group.OddMultiplesGlobalZ(pre[:], &gz, &p) }))
	var tab [1 << (Window - 1)]group.AffineStorage
	for i := range pre {
		tab[i].FromAffine(&pre[i])
	}
	t.Logf("lookup    %6.1f ns", measure(200000, func() { lookup(&q, tab[:], 7, Window) }))
	ecBenchSink = r
}
