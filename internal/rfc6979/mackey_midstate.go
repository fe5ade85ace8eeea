//go:build go1.26

package rfc6979

import (
	"crypto/sha256"
	"encoding"
)

// stateSize is the length of crypto/sha256's serialized state (a 4-byte
// magic, the eight chaining words, the 64-byte block buffer, the 64-bit
// length), as internal/tagged keeps its midstates.
const stateSize = 4 + 8*4 + 64 + 8

// stdKey is macKey's form through crypto/sha256 (CPUs without SHA-NI): an
// HMAC-SHA256 key as the SHA-256 states after its inner and outer pad
// blocks (Go 1.26 and later, where the compiler devirtualizes
// crypto/sha256's state encoding and the digest stays on the stack; see
// internal/tagged). An HMAC under a key already set then costs one
// compression for the inner hash of a 32-byte message and one for the
// outer hash, instead of two and two: RFC 6979's DRBG uses each of its keys
// two or three times (16 compressions for a nonce instead of 22). Secret:
// DRBG.Clear wipes it.
type stdKey struct {
	inner, outer [stateSize]byte
}

// set computes the midstates of key (two compressions).
func (m *stdKey) set(key *[32]byte) {
	var in, out [blockSize]byte
	pads(&in, &out, key)
	midstate(&m.inner, &in)
	midstate(&m.outer, &out)
	clear(in[:])
	clear(out[:])
}

// midstate writes to dst the serialized SHA-256 state after block.
func midstate(dst *[stateSize]byte, block *[blockSize]byte) {
	h := sha256.New()
	h.Write(block[:])
	b, err := h.(encoding.BinaryAppender).AppendBinary(dst[:0])
	if err != nil || len(b) != stateSize || &b[0] != &dst[0] {
		panic("rfc6979: unexpected crypto/sha256 state encoding")
	}
}

// sum sets out = HMAC-SHA256(key, v ‖ sep ‖ seed) for the key m was set
// to; out may alias v. Constant time in the contents (lengths are public).
func (m *stdKey) sum(out, v *[32]byte, sep, seed []byte) {
	h := sha256.New()
	u := h.(encoding.BinaryUnmarshaler)
	if u.UnmarshalBinary(m.inner[:]) != nil {
		panic("rfc6979: crypto/sha256 rejects its own state encoding")
	}
	h.Write(v[:])
	h.Write(sep)
	h.Write(seed)
	var inner [32]byte
	h.Sum(inner[:0])
	if u.UnmarshalBinary(m.outer[:]) != nil {
		panic("rfc6979: crypto/sha256 rejects its own state encoding")
	}
	h.Write(inner[:])
	h.Sum(out[:0])
	clear(inner[:])
}
