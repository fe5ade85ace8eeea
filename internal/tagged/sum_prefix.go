//go:build !go1.26

package tagged

import "crypto/sha256"

// Sum sets out to the tagged hash of the concatenation of parts. This form
// (before Go 1.26, see the package documentation) hashes SHA256(tag) twice
// before parts, as the definition reads: one compression more than starting
// from the midstate, but no allocation. Constant time in the contents of
// parts (not their lengths). It panics if t was not made by New.
func (t *Tag) Sum(out *[32]byte, parts ...[]byte) {
	t.check()
	h := sha256.New()
	h.Write(t.hash[:])
	h.Write(t.hash[:])
	for _, p := range parts {
		h.Write(p)
	}
	h.Sum(out[:0])
}
