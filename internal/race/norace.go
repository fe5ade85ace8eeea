//go:build !race

// Package race says whether the race detector is on. Allocation checks
// (testing.AllocsPerRun) consult it: the race runtime makes some buffers
// escape that do not otherwise (crypto/rand's, notably), so a check that
// holds in a normal build can count one allocation under -race. Tests skip
// only those checks, saying why; every other allocation check still runs
// under the race detector.
package race

// Enabled reports whether the binary was built with the race detector.
const Enabled = false
