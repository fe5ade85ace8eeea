package cputime

import (
	"syscall"
	"time"
	"unsafe"
)

// PerThread reports whether Thread measures per-thread CPU time (true) or
// falls back to wall-clock time.
const PerThread = true

// clockThreadCPUTime is Linux's CLOCK_THREAD_CPUTIME_ID.
const clockThreadCPUTime = 3

// Thread returns the CPU time (user + system) the calling OS thread has used
// so far, from clock_gettime(CLOCK_THREAD_CPUTIME_ID): the scheduler's
// nanosecond runtime count. getrusage(RUSAGE_THREAD), used before, splits
// that count by tick samples and keeps the result monotonic, so two readings
// a few microseconds apart often differ by 0; this clock resolves a single
// call.
func Thread() time.Duration {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return sinceStart()
	}
	return time.Duration(ts.Nano())
}
