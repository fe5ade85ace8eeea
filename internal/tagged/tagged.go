// Package tagged computes the tagged hashes of BIP-340,
//
//	hash_tag(x) = SHA256(SHA256(tag) ‖ SHA256(tag) ‖ x),
//
// starting each hash from a precomputed midstate: the SHA-256 state after
// the 64-byte prefix SHA256(tag) ‖ SHA256(tag), which is exactly one block.
// A tagged hash therefore costs the same number of compression-function
// calls as a plain SHA-256 of x, as with libsecp256k1's
// secp256k1_sha256_initialize_tagged and its hard-coded midstates.
//
// # Implementation
//
// Where the CPU has SHA-NI (amd64), Sum runs internal/shablock's
// compression function from the midstate's chaining words: the hash costs
// its compressions and little else (the 96-byte BIP-340 challenge hash in
// 144–171 ns against 171–192 ns through crypto/sha256, BenchmarkChoice on
// AMD EPYC Zen 3 beside two fuzzers).
// Elsewhere it goes through the standard library's crypto/sha256, whose
// AVX2 or generic code beats a compression written in Go, keeping the
// midstate in crypto/sha256's own serialized form (encoding.BinaryMarshaler),
// in one of two forms chosen by the toolchain (build tag go1.26):
//
//   - Go 1.26 and later (sum_midstate.go): the midstate is loaded into a
//     fresh digest with UnmarshalBinary, so the prefix costs nothing. The
//     compiler devirtualizes the type assertion and the interface calls, so
//     the digest stays on the stack.
//   - Go 1.24 and 1.25 (sum_prefix.go): they do not devirtualize that type
//     assertion, and the digest would move to the heap (three allocations
//     per signature). Sum therefore hashes the 64-byte prefix again from the
//     initial state, as crypto/sha256.Sum256 does without allocating: one
//     more compression per hash (≈ 35 ns with SHA-NI).
//
// None allocates, for any input length; TestSumAllocs holds this, and
// would catch a compiler that stopped devirtualizing. With -tags purego
// both internal/shablock and the standard library use generic Go code.
//
// # Side channels
//
// SHA-256 has no data-dependent branches or memory addresses: Sum is
// constant time in the contents of its inputs (its running time depends only
// on their lengths), so secret inputs (BIP-340's masked key) are fine.
// Copies of the inputs and of intermediate states may remain in stack memory
// that Go does not clear.
package tagged

import (
	"crypto/sha256"
	"encoding"
	"encoding/binary"

	"github.com/p256k1/p256k1/internal/shablock"
)

// stateSize is the length of crypto/sha256's serialized state: a 4-byte
// magic, the eight 32-bit chaining words, the 64-byte block buffer and the
// 64-bit length.
const stateSize = 4 + 8*4 + 64 + 8

// Tag is the SHA-256 midstate of a tag: the state after absorbing
// SHA256(tag) ‖ SHA256(tag). Build one with New (once, at package
// initialization, since New allocates); a Tag is read-only afterwards and
// safe for concurrent use.
type Tag struct {
	state [stateSize]byte // crypto/sha256 MarshalBinary form of the midstate
	hash  [32]byte        // SHA256(tag), for sum_prefix.go
	mid   shablock.State  // the midstate's chaining words, for shablock
}

// The BIP-340 tags.
var (
	// BIP340Aux is "BIP0340/aux", which hashes the auxiliary randomness
	// of signing.
	BIP340Aux = New("BIP0340/aux")
	// BIP340Nonce is "BIP0340/nonce", which derives the signing nonce.
	BIP340Nonce = New("BIP0340/nonce")
	// BIP340Challenge is "BIP0340/challenge", which derives the challenge
	// e = hash(R.x ‖ P.x ‖ m).
	BIP340Challenge = New("BIP0340/challenge")
)

// New returns the midstate of tag. It allocates (a little); compute tags
// once and keep them in package variables.
func New(tag string) Tag {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	b, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil || len(b) != stateSize {
		panic("tagged: unexpected crypto/sha256 state encoding")
	}
	var t Tag
	copy(t.state[:], b)
	t.hash = th
	t.mid = t.Midstate()
	return t
}

// Sum sets out to the tagged hash of the concatenation of parts, starting
// from t's midstate: with internal/shablock's compression function where
// it runs on SHA-NI, else through crypto/sha256 (sumStd). It does not
// allocate. Constant time in the contents of parts (not their lengths). It
// panics if t was not made by New.
func (t *Tag) Sum(out *[32]byte, parts ...[]byte) {
	t.check()
	if shablock.Accelerated {
		var d shablock.Digest
		d.Reset(&t.mid, 64)
		for _, p := range parts {
			d.Write(p)
		}
		d.Sum(out)
		d.Clear()
		return
	}
	t.sumStd(out, parts...)
}

// check panics if t was not made by New (the zero Tag).
func (t *Tag) check() {
	if t.state[0] == 0 {
		panic("tagged: Tag not made by New")
	}
}

// Midstate returns the eight SHA-256 chaining words of t, the values
// libsecp256k1 hard-codes for its tags (tests compare them).
func (t *Tag) Midstate() [8]uint32 {
	var s [8]uint32
	for i := range s {
		s[i] = binary.BigEndian.Uint32(t.state[4+4*i:])
	}
	return s
}
