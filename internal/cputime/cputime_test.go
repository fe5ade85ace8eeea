package cputime

import (
	"runtime"
	"testing"
)

func TestThreadAdvances(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := Thread()
	x := spin(1, 20_000_000)
	if d := Thread() - t0; d <= 0 {
		t.Fatalf("no CPU time measured over a busy loop (%v, sink %d)", d, x&1)
	}
}

// TestThreadResolves checks that the clock resolves short intervals: over
// a few hundred readings around ~20 µs of work, most differences are
// non-zero (getrusage, used before, read 0 for most of them).
func TestThreadResolves(t *testing.T) {
	if !PerThread {
		t.Skip("no per-thread clock on this platform")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	x, zero := uint64(1), 0
	const n = 200
	for range n {
		t0 := Thread()
		x = spin(x, 20_000)
		if Thread() == t0 {
			zero++
		}
	}
	if zero > n/2 {
		t.Fatalf("%d of %d readings ~20 µs apart were equal (sink %d)", zero, n, x&1)
	}
}

// spin steps a 64-bit LCG n times from x: busy work the compiler cannot
// drop, since the tests print the result's low bit.
func spin(x uint64, n int) uint64 {
	for range n {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}
