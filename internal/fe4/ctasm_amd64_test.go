//go:build amd64 && !purego

package fe4

import (
	"os"
	"strings"
	"testing"
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
	src := string(b)
	for _, fn := range []string{"mulAsm", "squareAsm", "doubleAsm", "addAffineAsm", "addAffineIncompleteAsm"} {
		i := strings.Index(src, "TEXT ·"+fn+"(SB)")
		if i < 0 {
			t.Fatalf("fe4_amd64.s has no %s", fn)
		}
		body := src[i+1:]
		if j := strings.Index(body, "\nTEXT "); j >= 0 {
			body = body[:j]
		}
		for _, line := range strings.Split(body, "\n") {
			f := strings.Fields(line)
			if len(f) > 0 && strings.HasPrefix(f[0], "J") {
				t.Errorf("%s: a jump: %q", fn, strings.TrimSpace(line))
			}
		}
		if strings.Count(body, "RET") != 1 {
			t.Errorf("%s: %d RETs, want 1", fn, strings.Count(body, "RET"))
		}
	}
}
