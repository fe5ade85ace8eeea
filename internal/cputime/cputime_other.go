//go:build !linux

package cputime

import "time"

// PerThread reports whether Thread measures per-thread CPU time (true) or
// falls back to wall-clock time.
const PerThread = false

// Thread returns the wall-clock time since the program started: this
// platform has no per-thread CPU clock that the standard library exposes.
func Thread() time.Duration { return sinceStart() }
