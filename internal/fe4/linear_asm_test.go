//go:build (amd64 || arm64) && !purego

package fe4

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/reference"
)

// TestGeneratedLinear checks the linear steps inside the generated point
// operations (their carry and borrow folds, and the halving) on every pair
// of edge and random values, including the double carry of 2^256 − 1 plus
// itself and the double borrow of 0 minus 2^256 − 1, which products do
// not reach.
func TestGeneratedLinear(t *testing.T) {
	requireAsm(t)
	in := inputs(rand.New(rand.NewPCG(11, 12)), 60)
	half := new(big.Int).ModInverse(big.NewInt(2), reference.P)
	for _, a := range in {
		for _, b := range in {
			var sum, diff, neg, h [4]uint64
			linearAsm(&sum, &diff, &neg, &h, (*[4]uint64)(&a), (*[4]uint64)(&b))
			checkValue(t, "sum", (*Element)(&sum), new(big.Int).Add(toBig(&a), toBig(&b)))
			checkValue(t, "diff", (*Element)(&diff), new(big.Int).Sub(toBig(&a), toBig(&b)))
			checkValue(t, "neg", (*Element)(&neg), new(big.Int).Neg(toBig(&a)))
			checkValue(t, "half", (*Element)(&h), new(big.Int).Mul(toBig(&a), half))
		}
	}
}
