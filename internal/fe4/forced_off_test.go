//go:build amd64 && !purego && p256k1_no4x64

package fe4

import "testing"

// TestForcedOff: the build tag p256k1_no4x64 keeps the 4×64 engines off
// (.ci/hostcheck-smoke.sh runs it, so that bench/hostcheck.sh's pair-5x52
// measures what it says).
func TestForcedOff(t *testing.T) {
	if Enabled {
		t.Fatal("Enabled with p256k1_no4x64")
	}
}
