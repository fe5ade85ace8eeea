package curve_test

import (
	"fmt"

	"github.com/p256k1/p256k1/curve"
)

// A Pedersen commitment C = v·G + r·H to a value v with blinding factor r,
// where H is hashed to the curve so that nobody knows log_G(H). Commitments
// add up: C(v1, r1) + C(v2, r2) = C(v1 + v2, r1 + r2), which is how
// confidential transactions check that amounts balance without revealing
// them.
func Example_pedersenCommitment() {
	var H curve.Point
	if _, err := H.HashToCurve([]byte("generator H"), []byte("example-pedersen-v1")); err != nil {
		panic(err)
	}
	commit := func(v, r *curve.Scalar) *curve.Point {
		var vG, rH curve.Point
		vG.ScalarBaseMult(v) // constant time: v is secret
		rH.ScalarMult(r, &H) // constant time: r is secret
		return new(curve.Point).Add(&vG, &rH)
	}
	// Blinding factors come from a random source in practice; fixed here
	// so that the output is reproducible.
	blind := func(label string) *curve.Scalar {
		s, err := new(curve.Scalar).HashToScalar([]byte(label), []byte("example-blinding"))
		if err != nil {
			panic(err)
		}
		return s
	}
	v1, v2 := new(curve.Scalar).SetUint64(30), new(curve.Scalar).SetUint64(12)
	r1, r2 := blind("r1"), blind("r2")
	c1, c2 := commit(v1, r1), commit(v2, r2)

	// The sum of the commitments commits to 42 with blinding r1 + r2.
	var sum curve.Point
	sum.Add(c1, c2)
	var v, r curve.Scalar
	v.Add(v1, v2)
	r.Add(r1, r2)
	fmt.Println("sum opens to 42:", sum.Equal(commit(&v, &r)) == 1)
	fmt.Println("sum opens to 41:", sum.Equal(commit(new(curve.Scalar).SetUint64(41), &r)) == 1)
	fmt.Printf("H = %x…\n", H.BytesCompressed()[:9])
	// Output:
	// sum opens to 42: true
	// sum opens to 41: false
	// H = 0333e2af6a5469bb8d…
}
