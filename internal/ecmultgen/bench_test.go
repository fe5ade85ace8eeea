package ecmultgen

import (
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// benchScalars returns a few random scalars to cycle through.
func benchScalars() []scalar.Scalar {
	rng := rand.New(rand.NewSource(5))
	ks := make([]scalar.Scalar, 16)
	for i := range ks {
		ks[i] = scalarOfBig(randScalarBig(rng))
	}
	return ks
}

func BenchmarkMul(b *testing.B) {
	c := NewContext()
	var seed [32]byte
	seed[0] = 1
	c.Blind(&seed)
	ks := benchScalars()
	var r group.Jacobian
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c.Mul(&r, &ks[i&15])
		i++
	}
}

func BenchmarkBlind(b *testing.B) {
	c := NewContext()
	var seed [32]byte
	b.ReportAllocs()
	for b.Loop() {
		seed[0]++
		c.Blind(&seed)
	}
}

// BenchmarkLookup measures the table scans of one Mul alone.
func BenchmarkLookup(b *testing.B) {
	var e group.AffineStorage
	idx := uint32(3)
	b.ReportAllocs()
	for b.Loop() {
		for off := 0; off < combSpacing; off++ {
			for block := range combBlocks {
				group.LookupStorage(&e, combTable[block][:], idx)
				idx = (idx + uint32(e.X[0]&1) + 5) & (combPoints - 1)
			}
		}
	}
}
