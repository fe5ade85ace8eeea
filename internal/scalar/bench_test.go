package scalar

import "testing"

// scBenchSink keeps results alive so the compiler cannot drop the work.
var scBenchSink Scalar

func scBenchInputs() (a, b Scalar) {
	rng := scRng(99)
	return scRandom(rng), scRandom(rng)
}

func BenchmarkMul(b *testing.B) {
	x, y := scBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Mul(&x, &y) // dependent chain: measures latency
	}
	scBenchSink = x
}

func BenchmarkSquare(b *testing.B) {
	x, _ := scBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Square(&x)
	}
	scBenchSink = x
}

func BenchmarkAdd(b *testing.B) {
	x, y := scBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Add(&x, &y)
	}
	scBenchSink = x
}

func BenchmarkSub(b *testing.B) {
	x, y := scBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Sub(&x, &y)
	}
	scBenchSink = x
}

func BenchmarkNegate(b *testing.B) {
	x, _ := scBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x.Negate(&x)
	}
	scBenchSink = x
}

func BenchmarkSplitLambda(b *testing.B) {
	k, _ := scBenchInputs()
	var r1, r2 Scalar
	b.ReportAllocs()
	for b.Loop() {
		SplitLambda(&r1, &r2, &k)
		k.d[0] ^= r1.d[0] & 1 // feed back to vary the input
	}
	scBenchSink = r2
}

func BenchmarkSetBytes(b *testing.B) {
	x, _ := scBenchInputs()
	var buf [32]byte
	x.Bytes(&buf)
	var s Scalar
	b.ReportAllocs()
	for b.Loop() {
		s.SetBytes(&buf)
		buf[31] ^= byte(s.d[0])
	}
	scBenchSink = s
}

func BenchmarkMulShiftVar(b *testing.B) {
	x, y := scBenchInputs()
	b.ReportAllocs()
	for b.Loop() {
		x = MulShiftVar(&x, &y, 256)
	}
	scBenchSink = x
}
