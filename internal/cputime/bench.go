package cputime

import (
	"runtime"
	"testing"
)

// Bench runs f in b.Loop with allocation reporting and, where the platform
// has a per-thread clock, also reports the calling thread's CPU time per
// operation (cpu-ns/op), which shared machines disturb much less than the
// wall-clock ns/op. The goroutine stays locked to its thread for the loop.
// Only tests import this package, so the testing import never reaches a
// library binary.
func Bench(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	t0 := Thread()
	for b.Loop() {
		f()
	}
	if PerThread {
		b.ReportMetric(float64(Thread()-t0)/float64(b.N), "cpu-ns/op")
	}
}
