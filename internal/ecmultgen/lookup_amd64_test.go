//go:build amd64 && !purego

package ecmultgen

import (
	"testing"

	"github.com/p256k1/p256k1/internal/group"
)

// TestLookupAVX2MatchesGeneric compares the two scans on every row of the
// table and every index, and on a row of distinct bit patterns (so that an
// entry mixed into another would show).
func TestLookupAVX2MatchesGeneric(t *testing.T) {
	if !useAVX2 {
		t.Skip("no AVX2: the generic scan runs")
	}
	var pattern [combPoints]group.AffineStorage
	for i := range pattern {
		for j := range 4 {
			pattern[i].X[j] = uint64(i)<<56 | uint64(j)<<48 | 0x0123456789ab
			pattern[i].Y[j] = ^pattern[i].X[j]
		}
	}
	rows := append(combTable[:], pattern)
	for r := range rows {
		for idx := uint32(0); idx < combPoints; idx++ {
			var want, got group.AffineStorage
			lookupGeneric(&want, &rows[r], idx)
			lookupAVX2(&got, &rows[r][0], combPoints, idx)
			if got != want || got != rows[r][idx] {
				t.Fatalf("row %d, index %d: AVX2 %x, generic %x", r, idx, got, want)
			}
		}
	}
}
