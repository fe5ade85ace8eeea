//go:build amd64 && !purego

package fe4

import (
	"os"
	"testing"

	"github.com/p256k1/p256k1/internal/ctasm"
)

// TestAmd64StraightLine checks that the generated amd64 routines that are
// constant time by construction have no jump at all (valgrind's check,
// .ci/ctime.sh, runs them too, on the inputs it is given; this holds for
// every input).
func TestAmd64StraightLine(t *testing.T) {
	b, err := os.ReadFile("fe4_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ctasm.Amd64StraightLine(string(b), "mulAsm", "squareAsm", "doubleAsm", "addAffineAsm", "addAffineIncompleteAsm") {
		t.Error(p)
	}
}
