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

// TestIncompleteBelow checks the bound behind incompleteBelow with integers:
// for every block i that mul4 adds with fe4.AddAffineIncomplete, the
// largest |S ∓ c_i| (the sum of the earlier blocks' entries, in units of
// G/2, and block i's entry) is below n, and |S| < |c_i|, for every entry of
// every row (tableScalar's integer before the factor (n+1)/2); and that
// the bound is not loose by a block (block incompleteBelow is the first
// that could meet ±acc by this argument).
func TestIncompleteBelow(t *testing.T) {
	if combSpacing != 1 {
		t.Skip("the incomplete additions are only used with one tooth spacing")
	}
	n := new(big.Int)
	n.SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	entry := func(b, m int) *big.Int {
		s := new(big.Int)
		for tt := range combTeeth {
			term := new(big.Int).Lsh(big.NewInt(1), uint(b*combTeeth+tt))
			if m>>tt&1 == 1 {
				s.Add(s, term)
			} else {
				s.Sub(s, term)
			}
		}
		return s
	}
	maxS := new(big.Int) // max |S| over the blocks before i
	for i := 0; i <= incompleteBelow && i < combBlocks; i++ {
		minC, maxC := new(big.Int).Lsh(big.NewInt(1), 300), new(big.Int)
		for m := range 2 * combPoints { // both signs of the top tooth
			c := new(big.Int).Abs(entry(i, m))
			if c.Cmp(minC) < 0 {
				minC = c
			}
			if c.Cmp(maxC) > 0 {
				maxC = c
			}
		}
		if i >= 1 {
			worst := new(big.Int).Add(maxS, maxC)
			ok := maxS.Cmp(minC) < 0 && worst.Cmp(n) < 0
			if i < incompleteBelow && !ok {
				t.Fatalf("block %d uses the incomplete addition, but |S| ≤ %x, |c| ∈ [%x, %x]", i, maxS, minC, maxC)
			}
			if i == incompleteBelow && ok {
				t.Fatalf("block %d could use the incomplete addition too", i)
			}
		}
		maxS.Add(maxS, maxC)
	}
}
