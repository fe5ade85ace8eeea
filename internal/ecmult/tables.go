package ecmult

import "github.com/p256k1/p256k1/internal/group"

//go:generate go run gen_tables.go -w 15
//go:generate go run gen_tables.go -quarters -w 13

const (
	// windowG is the wNAF window for the two halves of the scalar of G.
	// The committed tables (tables_gen.go) are generated for it.
	windowG = genWindowG
	// tableSizeG is the number of entries of each G table.
	tableSizeG = 1 << (windowG - 2)
)

// gTables holds the tables of odd multiples of G and of 2^128·G
// (generated into tables_gen.go as a static literal).
var gTables = &genTables

// tableG returns the odd multiples G, 3G, …, (2^(windowG−1)−1)·G.
func tableG() []group.AffineStorage { return gTables[0][:] }

// tableG128 returns the odd multiples of 2^128·G, as tableG.
func tableG128() []group.AffineStorage { return gTables[1][:] }

const (
	// windowG64 is the wNAF window for the quarters of the scalar of G at
	// 2^64 and 2^192 in EqualDoubleBaseVar (tables64_gen.go). Smaller
	// than windowG: these tables serve one kind of check, and 2^(w−2)
	// entries of 64 bytes at window 13 are 128 KiB each.
	windowG64 = genWindowG64
)

// tableG64 returns the odd multiples of 2^64·G for window windowG64.
func tableG64() []group.AffineStorage { return genTables64[0][:] }

// tableG192 returns the odd multiples of 2^192·G for window windowG64.
func tableG192() []group.AffineStorage { return genTables64[1][:] }
