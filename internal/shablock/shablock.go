// Package shablock is SHA-256's compression function on its own, and a
// small streaming digest over it, for the hashes whose shape is known in
// advance: BIP-340's tagged hashes from their midstates (internal/tagged)
// and RFC 6979's HMAC-SHA256 with its keys kept as midstates
// (internal/rfc6979).
//
// crypto/sha256 computes the same function, with the SHA-NI instructions
// where the CPU has them, but a hash through its API costs about 60 ns
// beyond its compressions (restoring a midstate, copying the digest in Sum,
// padding through Write), as much as one compression: an ECDSA nonce (16
// compressions in about ten hashes) spent more than half its time there.
// Blocks here runs the compressions alone: with SHA-NI on amd64
// (blocks_amd64.s), else in Go (generic.go), which is several times slower
// than crypto/sha256's AVX2 code, so callers use this package only where
// Accelerated is true and keep crypto/sha256 otherwise.
//
// Everything here is constant time: SHA-256 has no data-dependent branch
// or memory index, and neither has this code (lengths are public).
package shablock

import "encoding/binary"

// State is SHA-256's chaining value: eight 32-bit words, h0 first.
type State [8]uint32

// Initial is SHA-256's initial chaining value (FIPS 180-4, 5.3.3).
var Initial = State{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}

// BlockSize is SHA-256's block size in bytes.
const BlockSize = 64

// Blocks compresses p, whose length must be a multiple of BlockSize, into
// s. It panics otherwise.
func (s *State) Blocks(p []byte) {
	if len(p)%BlockSize != 0 {
		panic("shablock: partial block")
	}
	if len(p) > 0 {
		blocks(s, p)
	}
}

// Bytes writes s big-endian, the digest when s is a final state.
func (s *State) Bytes(out *[32]byte) {
	for i, w := range s {
		binary.BigEndian.PutUint32(out[4*i:], w)
	}
}

// Digest is a SHA-256 computation started from a State after a whole
// number of blocks (the initial value, or a midstate). The zero Digest is
// not usable: call Reset. It may hold secret data: Clear it.
type Digest struct {
	s   State
	buf [BlockSize]byte
	n   int    // bytes in buf
	len uint64 // bytes hashed, the prefix included
}

// Reset starts d from s, which has absorbed prefix bytes (a multiple of
// BlockSize).
func (d *Digest) Reset(s *State, prefix uint64) {
	d.s, d.n, d.len = *s, 0, prefix
}

// Write absorbs p.
func (d *Digest) Write(p []byte) {
	d.len += uint64(len(p))
	if d.n > 0 {
		c := copy(d.buf[d.n:], p)
		d.n += c
		p = p[c:]
		if d.n < BlockSize {
			return
		}
		blocks(&d.s, d.buf[:])
		d.n = 0
	}
	if full := len(p) &^ (BlockSize - 1); full > 0 {
		blocks(&d.s, p[:full])
		p = p[full:]
	}
	d.n = copy(d.buf[:], p)
}

// Sum pads the message and writes its digest to out. d is used up: Reset
// it before another hash.
func (d *Digest) Sum(out *[32]byte) {
	bits := d.len * 8
	d.buf[d.n] = 0x80
	clear(d.buf[d.n+1:])
	if d.n+1 > BlockSize-8 {
		blocks(&d.s, d.buf[:])
		clear(d.buf[:])
	}
	binary.BigEndian.PutUint64(d.buf[BlockSize-8:], bits)
	blocks(&d.s, d.buf[:])
	d.s.Bytes(out)
}

// Clear overwrites d.
func (d *Digest) Clear() { *d = Digest{} }
