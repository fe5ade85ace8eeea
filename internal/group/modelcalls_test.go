package group

import (
	"testing"

	"github.com/p256k1/p256k1/internal/field"
)

// TestModelCalls runs each point operation once on ordinary points (the
// main path of each): bench/arm64model.sh traces this test under qemu to
// model the operations for arm64. As a test it checks that the additions
// of G to 2G agree with one another and with 3G by doublings and additions
// of Jacobian points.
func TestModelCalls(t *testing.T) {
	var g Affine
	g.SetGenerator()
	var gj, d, r1, r2, r3, want Jacobian
	gj.SetAffine(&g)
	var one field.Element
	one.SetInt(1)
	// Twice: the model takes the second calls (a first may grow the stack).
	for range 2 {
		d.Double(&gj) // 2G, Z ≠ 1
		r1.AddAffineVar(&d, &g, nil)
		r2.AddZInvVar(&d, &g, &one)
		r3.AddAffine(&d, &g)
	}
	want.AddVar(&d, &gj, nil)
	for _, r := range []*Jacobian{&r1, &r2, &r3} {
		if !r.EqualVar(&want) {
			t.Fatal("the additions of G to 2G differ")
		}
	}
}
