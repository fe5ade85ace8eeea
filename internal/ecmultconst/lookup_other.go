//go:build !amd64 || purego

package ecmultconst

import "github.com/p256k1/p256k1/internal/group"

// scan sets r.X, r.Y to table[idx].X, .Y, reading every entry. Constant time
// in idx.
func scan(r *group.Affine, table []group.Affine, idx uint64) {
	scanGeneric(r, table, idx)
}

// AVX2Enabled reports whether the table scans use AVX2: never in this build.
func AVX2Enabled() bool { return false }
