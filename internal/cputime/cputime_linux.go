package cputime

import (
	"syscall"
	"time"
)

// PerThread reports whether Thread measures per-thread CPU time (true) or
// falls back to wall-clock time.
const PerThread = true

// Thread returns the user + system CPU time the calling OS thread has used
// so far (getrusage(RUSAGE_THREAD), microsecond resolution).
func Thread() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return sinceStart()
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
