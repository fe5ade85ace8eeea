//go:build go1.26

package tagged

import (
	"crypto/sha256"
	"encoding"
)

// Sum sets out to the tagged hash of the concatenation of parts, starting
// from t's midstate. It does not allocate. Constant time in the contents of
// parts (not their lengths). It panics if t was not made by New.
func (t *Tag) Sum(out *[32]byte, parts ...[]byte) {
	t.check()
	h := sha256.New()
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(t.state[:]); err != nil {
		panic("tagged: crypto/sha256 rejects its own state encoding")
	}
	for _, p := range parts {
		h.Write(p)
	}
	h.Sum(out[:0])
}
