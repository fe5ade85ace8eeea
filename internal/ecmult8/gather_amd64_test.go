//go:build amd64 && !purego

package ecmult8

import (
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// TestGatherMatchesGeneric checks fetchAsm (gathers) against the lane by
// lane fetch, limb for limb, for every stream, random entries (the first
// and last included) and random negation masks.
func TestGatherMatchesGeneric(t *testing.T) {
	if !useAsm {
		t.Skip("no AVX-512 IFMA")
	}
	r := rand.New(rand.NewPCG(21, 22))
	var p [Lanes]group.Affine
	for j := range p {
		p[j] = randPoint(r)
	}
	e := new(Engine)
	e.buildTables(&p, tableP)
	for round := 0; round < 500; round++ {
		for s := 0; s < 4; s++ {
			n := tableP
			if s >= 2 {
				n = 1 << (windowG - 1)
			}
			for j := range e.entry {
				e.entry[j] = int32(r.IntN(n))
				if round == 0 {
					e.entry[j] = 0
				} else if round == 1 {
					e.entry[j] = int32(n - 1)
				}
			}
			neg := uint8(r.Uint32())
			e.fetchAsm(s, neg)
			got := e.addend
			for j := 0; j < Lanes; j++ {
				e.setAddend(s, j, int(e.entry[j]), neg>>j&1 == 1)
			}
			if got != e.addend {
				t.Fatalf("stream %d: gather and lane-by-lane fetch differ (entries %v, neg %08b)", s, e.entry, neg)
			}
		}
	}
	_ = scalar.Scalar{}
}
