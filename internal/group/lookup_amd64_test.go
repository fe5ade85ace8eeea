//go:build amd64 && !purego

package group

import (
	"math/rand"
	"testing"
)

// TestLookupStorageAVX2MatchesGeneric compares the two scans for rows of
// every length up to 128 and every index, on entries whose every word is
// distinct (so that an entry mixed into another, or a misplaced word, would
// show).
func TestLookupStorageAVX2MatchesGeneric(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2: the generic scan runs")
	}
	rng := rand.New(rand.NewSource(41))
	row := make([]AffineStorage, 128)
	for i := range row {
		for j := range 4 {
			row[i].X[j] = rng.Uint64()
			row[i].Y[j] = rng.Uint64()
		}
	}
	for n := 1; n <= len(row); n++ {
		for idx := range n {
			var want, got AffineStorage
			lookupStorageGeneric(&want, row[:n], uint32(idx))
			lookupStorageAVX2(&got, &row[0], n, uint64(idx))
			if got != want || got != row[idx] {
				t.Fatalf("n %d, index %d: AVX2 %x, generic %x", n, idx, got, want)
			}
		}
	}
}
