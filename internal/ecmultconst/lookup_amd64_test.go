//go:build amd64 && !purego

package ecmultconst

import (
	"testing"

	"github.com/p256k1/p256k1/internal/group"
)

// TestScanAVX2MatchesGeneric compares the two scans for every table size
// the package supports and every index, on entries whose every limb is
// distinct (so that an entry mixed into another, or a misplaced limb, would
// show), with Infinity words that must be neither read into r nor changed.
func TestScanAVX2MatchesGeneric(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2: the generic scan runs")
	}
	var table [maxTable]group.Affine
	for i := range table {
		var b [32]byte
		for j := range b {
			b[j] = byte(i*7 + j)
		}
		table[i].X.SetBytes(&b)
		b[0] ^= 0x55
		table[i].Y.SetBytes(&b)
		table[i].Y.Add(&table[i].Y, &table[i].Y) // not normalized
		table[i].Infinity = 1000 + i
	}
	for n := 1; n <= maxTable; n++ {
		for idx := range n {
			want := group.Affine{Infinity: 7}
			got := want
			scanGeneric(&want, table[:n], uint64(idx))
			lookupAffineAVX2(&got, &table[0], n, uint64(idx))
			if got != want || got.X != table[idx].X || got.Y != table[idx].Y || got.Infinity != 7 {
				t.Fatalf("n %d, index %d: AVX2 %+v, generic %+v", n, idx, got, want)
			}
		}
	}
}
