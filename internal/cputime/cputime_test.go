package cputime

import (
	"runtime"
	"testing"
)

func TestThreadAdvances(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := Thread()
	x := uint64(1)
	for i := 0; i < 20_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	if d := Thread() - t0; d <= 0 {
		t.Fatalf("no CPU time measured over a busy loop (%v, sink %d)", d, x&1)
	}
}
