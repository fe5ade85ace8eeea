//go:build ctgrind_leaky

package ctime

// The negative control of the constant-time check (.ci/ctime.sh
// --negative): deliberately leaky functions, built only with the tag
// ctgrind_leaky, that the check must report. MaskedSelect is the
// non-leaky twin that it must not report.

// leakyTable is indexed by a secret in LeakyLookup.
var leakyTable = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i*167 + 13)
	}
	return t
}()

// LeakyTable returns the table that LeakyLookup and MaskedSelect read.
func LeakyTable() *[256]byte { return &leakyTable }

// leakySink keeps the compiler from removing the branch in LeakyBranch.
var leakySink int

//go:noinline
func leakyTaken() { leakySink++ }

// LeakyBranch branches on the lowest bit of the secret s[0]: a timing leak
// that memcheck reports as a conditional jump on an uninitialised value.
//
//go:noinline
func LeakyBranch(s *[32]byte) {
	if s[0]&1 == 1 {
		leakyTaken()
	}
}

// LeakyLookup reads a table entry at the secret index s[1]: a cache-timing
// leak that memcheck reports as the use of an uninitialised value as an
// address.
//
//go:noinline
func LeakyLookup(s *[32]byte) byte {
	return leakyTable[s[1]]
}

// MaskedSelect returns leakyTable[s[2]] by reading every entry and keeping
// one with masks: constant time, and memcheck must stay silent.
//
//go:noinline
func MaskedSelect(s *[32]byte) byte {
	var r byte
	idx := uint32(s[2])
	for i := range leakyTable {
		// (i ^ idx) − 1 has its top bit set exactly when i == idx.
		m := byte(-(((uint32(i) ^ idx) - 1) >> 31))
		r |= leakyTable[i] & m
	}
	return r
}
