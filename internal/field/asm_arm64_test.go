//go:build arm64 && !purego

package field

import "testing"

// TestAsmActiveArm64 fails if an arm64 build without purego does not run the
// assembly: Mul and Square must reach mulAsm and squareAsm there.
func TestAsmActiveArm64(t *testing.T) {
	if !AsmEnabled() || !useAsm {
		t.Fatal("arm64 build without purego, but Mul and Square do not run mul_arm64.s")
	}
}
