package curve_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/p256k1/curve"
)

// Two parties agree on a point: a·(b·G) = b·(a·G), with constant-time
// multiplications throughout.
func Example() {
	ha := sha256.Sum256([]byte("alice's secret"))
	hb := sha256.Sum256([]byte("bob's secret"))
	var a, b curve.Scalar
	a.SetBytes32(&ha)
	b.SetBytes32(&hb)

	var A, B, S1, S2 curve.Point
	A.ScalarBaseMult(&a) // a·G
	B.ScalarBaseMult(&b) // b·G
	S1.ScalarMult(&a, &B)
	S2.ScalarMult(&b, &A)
	fmt.Println(S1.Equal(&S2) == 1)
	fmt.Printf("%x\n", S1.BytesCompressed()[:8])
	// Output:
	// true
	// 02ffbb095c80aeb1
}
