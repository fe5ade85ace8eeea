package decred

import (
	"fmt"
	"testing"

	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
	our "github.com/p256k1/p256k1/compat/difffuzz/gen/dcrp256k1"
)

// FuzzDecredJacobianExact compares the normalized X, Y and Z of
// AddNonConst and DoubleNonConst (decred's formulas in compat/decred),
// not only the affine points as FuzzDecredPoints does, on the same
// representatives given to both.
func FuzzDecredJacobianExact(f *testing.F) {
	seedPoints(f)
	f.Fuzz(func(t *testing.T, k1, k2, z, pub []byte, odd bool) {
		in := fmt.Sprintf("k1=%x k2=%x z=%x pub=%x odd=%v", k1, k2, z, pub, odd)
		ps := makePoints(t, in, k1, k2, z, pub)
		for i := range ps {
			for j := range ps {
				var ro our.JacobianPoint
				var rd dcr.JacobianPoint
				our.AddNonConst(&ps[i].o, &ps[j].o, &ro)
				dcr.AddNonConst(&ps[i].d, &ps[j].d, &rd)
				same(t, in, fmt.Sprintf("points %d, %d: AddNonConst Jacobian X‖Y‖Z", i, j), ojac(&ro), djac(&rd))
			}
			var ro our.JacobianPoint
			var rd dcr.JacobianPoint
			our.DoubleNonConst(&ps[i].o, &ro)
			dcr.DoubleNonConst(&ps[i].d, &rd)
			same(t, in, fmt.Sprintf("point %d: DoubleNonConst Jacobian X‖Y‖Z", i), ojac(&ro), djac(&rd))
		}
	})
}
