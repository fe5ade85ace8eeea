//go:build go1.26

package tagged

import (
	"crypto/sha256"
	"encoding"
)

// sumStd is Sum through crypto/sha256, starting from t's midstate.
func (t *Tag) sumStd(out *[32]byte, parts ...[]byte) {
	h := sha256.New()
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(t.state[:]); err != nil {
		panic("tagged: crypto/sha256 rejects its own state encoding")
	}
	for _, p := range parts {
		h.Write(p)
	}
	h.Sum(out[:0])
}
