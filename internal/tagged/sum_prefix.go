//go:build !go1.26

package tagged

import "crypto/sha256"

// sumStd is Sum through crypto/sha256. This form (before Go 1.26, see the
// package documentation) hashes SHA256(tag) twice before parts, as the
// definition reads: one compression more than starting from the midstate,
// but no allocation.
func (t *Tag) sumStd(out *[32]byte, parts ...[]byte) {
	h := sha256.New()
	h.Write(t.hash[:])
	h.Write(t.hash[:])
	for _, p := range parts {
		h.Write(p)
	}
	h.Sum(out[:0])
}
