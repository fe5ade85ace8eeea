//go:build race

package musig2

// raceEnabled: the race detector's instrumentation moves stack buffers to
// the heap, so the allocation checks are skipped under it.
const raceEnabled = true
