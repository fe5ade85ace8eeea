package fe4

import (
	"os"
	"strings"
	"testing"

	"github.com/p256k1/p256k1/internal/ctasm"
)

// TestArm64AsmConstantTime reads the generated arm64 assembly (on every
// architecture: it only reads the file) and fails on anything that could
// make its time depend on the data: see package ctasm.
func TestArm64AsmConstantTime(t *testing.T) {
	b, err := os.ReadFile("fe4_arm64.s")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for _, fn := range []string{"·mulAsm(SB)", "·squareAsm(SB)", "·doubleAsm(SB)", "·addAffineAsm(SB)", "·addStorageVarAsm(SB)", "·addStorageZInvVarAsm(SB)"} {
		if !strings.Contains(src, "TEXT "+fn) {
			t.Fatalf("fe4_arm64.s has no %s", fn)
		}
	}
	for _, v := range ctasm.Check(src) {
		t.Error(v)
	}
}
