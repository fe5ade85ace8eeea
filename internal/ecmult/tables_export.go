package ecmult

import "github.com/p256k1/p256k1/internal/group"

// TableG returns the precomputed odd multiples G, 3G, …, (2^14 − 1)·G, for
// the eight-lane engine (internal/ecmult8), which reads them per lane. The
// caller must not modify them.
func TableG() []group.AffineStorage { return tableG() }

// TableG128 returns the odd multiples of 2^128·G, as TableG.
func TableG128() []group.AffineStorage { return tableG128() }
