package group

// LookupStorage sets e = row[idx], reading every entry of row and keeping
// one with masks: no branch and no memory address depends on idx (the
// comb tables' constant-time row scan). idx must be below len(row), and
// len(row) below 2^31. On amd64 with AVX2 the scan runs in assembly
// (lookup_amd64.s), 32 bytes at a time; elsewhere lookupStorageGeneric.
func LookupStorage(e *AffineStorage, row []AffineStorage, idx uint32) {
	if useAVX2 {
		lookupStorageAVX2(e, &row[0], len(row), uint64(idx))
		return
	}
	lookupStorageGeneric(e, row, idx)
}

// lookupStorageGeneric is LookupStorage in Go: the reference for the
// assembly.
func lookupStorageGeneric(e *AffineStorage, row []AffineStorage, idx uint32) {
	var a0, a1, a2, a3, a4, a5, a6, a7 uint64
	for i := range row {
		// (i ^ idx) − 1 wraps to have its top bit set exactly when i == idx
		// (both are below 2^31).
		m := -uint64(((uint32(i) ^ idx) - 1) >> 31)
		r := &row[i]
		a0 |= r.X[0] & m
		a1 |= r.X[1] & m
		a2 |= r.X[2] & m
		a3 |= r.X[3] & m
		a4 |= r.Y[0] & m
		a5 |= r.Y[1] & m
		a6 |= r.Y[2] & m
		a7 |= r.Y[3] & m
	}
	e.X = [4]uint64{a0, a1, a2, a3}
	e.Y = [4]uint64{a4, a5, a6, a7}
}
