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
// The compression function is the standard library's crypto/sha256, which
// uses the SHA-NI or AVX2 instructions where the CPU has them (several times
// faster than any SHA-256 written in Go). The midstate is kept in the
// standard library's own serialized form (encoding.BinaryMarshaler). Sum
// has two forms, chosen by the toolchain (build tag go1.26):
//
//   - Go 1.26 and later (sum_midstate.go): the midstate is loaded into a
//     fresh digest with UnmarshalBinary, so the prefix costs nothing. The
//     compiler devirtualizes the type assertion and the interface calls, so
//     the digest stays on Sum's stack.
//   - Go 1.24 and 1.25 (sum_prefix.go): they do not devirtualize that type
//     assertion, and the digest would move to the heap (three allocations
//     per signature). Sum therefore hashes the 64-byte prefix again from the
//     initial state, as crypto/sha256.Sum256 does without allocating: one
//     more compression per hash (≈ 35 ns with SHA-NI).
//
// Neither allocates, for any input length; TestSumAllocs holds this, and
// would catch a compiler that stopped devirtualizing.
//
// Measured on the development machine (AMD EPYC with SHA-NI, Go 1.26, see
// BenchmarkChoice): the 96-byte BIP-340 challenge hash takes 121 ns from the
// midstate (two compressions plus loading the state) and 155 ns hashing the
// 64-byte prefix again from the initial state (three compressions), while
// one compression in straightforward Go takes 285 ns, so a self-contained
// Go SHA-256 with its own midstate type would need ≈ 600 ns for the same
// hash. With -tags purego the standard library uses its generic Go code.
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
	return t
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
