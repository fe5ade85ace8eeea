package ecmult

import (
	"unsafe"

	"github.com/p256k1/p256k1/internal/group"
)

//go:generate go run gen_tables.go -w 15

const (
	// windowG is the wNAF window for the two halves of the scalar of G.
	// The committed tables (tables_gen.go) are generated for it.
	windowG = genWindowG
	// tableSizeG is the number of entries of each G table.
	tableSizeG = 1 << (windowG - 2)
)

// The generated array must have exactly the size of the two tables in
// storage form; these fail to compile otherwise (an array length must not
// be negative).
var (
	_ [unsafe.Sizeof(genTables) - 2*tableSizeG*unsafe.Sizeof(group.AffineStorage{})]byte
	_ [2*tableSizeG*unsafe.Sizeof(group.AffineStorage{}) - unsafe.Sizeof(genTables)]byte
	_ [unsafe.Sizeof(group.AffineStorage{}) - 64]byte
	_ [64 - unsafe.Sizeof(group.AffineStorage{})]byte
)

// gTables views genTables as the two tables of odd multiples of G and of
// 2^128·G. group.AffineStorage is two field.Storage, each four
// little-endian uint64 limbs of a normalized coordinate (see package
// field), so its memory layout is eight uint64 values, which is what
// tables_gen.go lists for each point; the values do not depend on the byte
// order of the machine. TestTablesMatchComputed checks every entry.
var gTables = (*[2][tableSizeG]group.AffineStorage)(unsafe.Pointer(&genTables))

// tableG returns the odd multiples G, 3G, …, (2^(windowG−1)−1)·G.
func tableG() []group.AffineStorage { return gTables[0][:] }

// tableG128 returns the odd multiples of 2^128·G, as tableG.
func tableG128() []group.AffineStorage { return gTables[1][:] }
