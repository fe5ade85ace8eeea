//go:build (amd64 || arm64) && !purego

package ecmultgen

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/group"
)

// TestMul4MatchesMul compares the 4×64 loop with the 5×52 one (its twin),
// for random and boundary scalars, with the default and a blinded context.
func TestMul4MatchesMul(t *testing.T) {
	if !fe4.Enabled {
		t.Skip("no 4×64 assembly")
	}
	rng := rand.New(rand.NewSource(71))
	ks := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2)}
	n := new(big.Int)
	n.SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	ks = append(ks, new(big.Int).Sub(n, big.NewInt(1)), new(big.Int).Sub(n, big.NewInt(2)))
	for range 200 {
		ks = append(ks, randScalarBig(rng))
	}
	blinded := NewContext()
	var seed [32]byte
	seed[3] = 9
	blinded.Blind(&seed)
	for _, c := range []*Context{&defaultContext, blinded} {
		for _, kb := range ks {
			k := scalarOfBig(kb)
			var got, want group.Jacobian
			c.mul4(&got, &k)
			fe4.Enabled = false
			c.Mul(&want, &k)
			fe4.Enabled = true
			if got.Infinity != want.Infinity || got.Infinity == 0 && !got.EqualVar(&want) {
				t.Fatalf("k=%x: 4×64 and 5×52 combs differ", kb)
			}
		}
	}
}
