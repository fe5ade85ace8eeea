// Package cputime reads the CPU time used by the calling OS thread. The
// development machines are shared, and wall-clock benchmarks there swing by
// up to 2× with other people's load; per-thread CPU time barely moves, so the
// opt-in measurement tests (window and table-shape comparisons) use it.
//
// Callers lock the goroutine to its thread (runtime.LockOSThread) around a
// measurement. Where the platform has no per-thread clock, Thread falls back
// to wall-clock time and PerThread is false.
package cputime

import "time"

var start = time.Now()

// sinceStart is the wall-clock fallback.
func sinceStart() time.Duration { return time.Since(start) }
