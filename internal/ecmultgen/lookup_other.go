//go:build !amd64 || purego

package ecmultgen

import "github.com/p256k1/p256k1/internal/group"

func lookup(e *group.AffineStorage, row *[combPoints]group.AffineStorage, idx uint32) {
	lookupGeneric(e, row, idx)
}

// AVX2Enabled reports whether the comb's table scans use AVX2: never in
// this build.
func AVX2Enabled() bool { return false }
