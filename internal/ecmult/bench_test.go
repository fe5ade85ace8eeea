package ecmult

import (
	"fmt"
	"testing"

	"github.com/p256k1/p256k1/internal/ecmult/internal/tablegen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// emBenchInputs holds inputs that the benchmarks rotate through, so that
// the G tables are read at varying places, as in real verification, rather
// than at the same few (cache-hot) entries every time.
type emBenchInput struct {
	a, b scalar.Scalar
	p    group.Jacobian
}

const emBenchN = 256

var emBenchSet = func() *[emBenchN]emBenchInput {
	rng := emRng(100)
	var in [emBenchN]emBenchInput
	for i := range in {
		in[i].a = emScalar(emRandBig(rng))
		in[i].b = emScalar(emRandBig(rng))
		in[i].p = emJacobian(emRandPoint(rng), emRandBig(rng))
	}
	return &in
}()

var emSink group.Jacobian

// BenchmarkDoubleBase measures DoubleBaseVar, a·P + b·G, with the committed
// tables (window windowG) on random inputs.
func BenchmarkDoubleBase(b *testing.B) {
	in := emBenchSet
	var r group.Jacobian
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		x := &in[i%emBenchN]
		DoubleBaseVar(&r, &x.a, &x.p, &x.b)
		i++
	}
	emSink = r
}

// BenchmarkDoubleBaseWindow measures the engine with G tables of other
// windows (built at run time; the table size is 2·2^(w−2)·64 bytes).
func BenchmarkDoubleBaseWindow(b *testing.B) {
	for _, w := range []int{6, 8, 10, 12, 13, 14, 15, 16} {
		tg, tg128 := emTables(w)
		b.Run(fmt.Sprintf("w=%d", w), func(b *testing.B) {
			in := emBenchSet
			var r group.Jacobian
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				x := &in[i%emBenchN]
				doubleBaseVar(&r, &x.a, &x.p, &x.b, tg, tg128, uint(w))
				i++
			}
			emSink = r
		})
	}
}

// BenchmarkMulVar measures a·P alone.
func BenchmarkMulVar(b *testing.B) {
	in := emBenchSet
	var r group.Jacobian
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		x := &in[i%emBenchN]
		MulVar(&r, &x.a, &x.p)
		i++
	}
	emSink = r
}

// BenchmarkTableP measures the per-call set-up for P: the odd multiples
// with a global Z and the λ table.
func BenchmarkTableP(b *testing.B) {
	in := emBenchSet
	var pre, preL [tableSizeA]group.Affine
	var z = in[0].p.Z
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		oddMultiplesGlobalZ(&pre, &z, &in[i%emBenchN].p)
		for j := range pre {
			preL[j].MulLambda(&pre[j])
		}
		i++
	}
}

// BenchmarkWnaf measures the digit recoding of the four half-scalars.
func BenchmarkWnaf(b *testing.B) {
	in := emBenchSet
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		x := &in[i%emBenchN]
		var d1, d2, d3, d4 wnafDigits
		var k1, k2 scalar.Scalar
		scalar.SplitLambda(&k1, &k2, &x.a)
		wnafSigned(&d1, &k1, windowA)
		wnafSigned(&d2, &k2, windowA)
		wnafSigned(&d3, &x.b, windowG) // not a real half, same cost
		wnafSigned(&d4, &x.a, windowG)
		i++
	}
}

// BenchmarkTableCompute measures building the two G tables at run time
// (the alternative to the committed tables: the cost a sync.Once would
// pay on first use).
func BenchmarkTableCompute(b *testing.B) {
	for _, w := range []int{8, 12, 14, 15} {
		b.Run(fmt.Sprintf("w=%d", w), func(b *testing.B) {
			for b.Loop() {
				tablegen.Compute(w)
			}
		})
	}
}
