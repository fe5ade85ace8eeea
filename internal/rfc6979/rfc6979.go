// Package rfc6979 implements the deterministic random bit generator of
// RFC 6979 section 3.2 instantiated with HMAC-SHA256, as libsecp256k1's
// rfc6979_hmac_sha256 does, and the key layout of libsecp256k1's
// nonce_function_rfc6979, from which ECDSA signing draws its nonces.
//
// Nothing here allocates: HMAC-SHA256 is computed over crypto/sha256 with
// fixed-size buffers on the stack (crypto/hmac allocates its state on the
// heap). Each HMAC key is kept as the SHA-256 states after its pad blocks
// (macKey, as internal/tagged keeps its tags), so a nonce takes 16
// compressions instead of 22: run by internal/shablock where the CPU has
// SHA-NI, else through crypto/sha256 from Go 1.26 (before it, the pads are
// hashed each time). BenchmarkNonce (AMD EPYC Zen 3, SHA-NI, interleaved
// runs beside two fuzzers, 2026-11-28): 2.3–2.7 µs with the pads hashed
// each time, 1.5–1.9 µs from crypto/sha256's midstates, 1.14–1.32 µs on
// internal/shablock. Everything is constant time in the key material and
// the outputs: SHA-256 itself is data independent, and no branch or memory
// index depends on secret bytes (lengths are public).
package rfc6979

import (
	"crypto/sha256"
	"encoding/binary"

	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/shablock"
)

// MaxSeedLen is the longest seed Init accepts: enough for libsecp256k1's
// largest layout (key ‖ message ‖ extra data ‖ algorithm name, 112 bytes)
// with room to spare.
const MaxSeedLen = 128

const blockSize = 64 // SHA-256 block size, the HMAC pad length

// DRBG is the HMAC-SHA256 generator of RFC 6979 section 3.2 (steps b to h)
// with the state (K, V) and libsecp256k1's "retry" flag, which makes every
// Generate call after the first start with the step h.3 update
// K = HMAC_K(V ‖ 0x00), V = HMAC_K(V). Its outputs are therefore exactly
// the successive candidates that RFC 6979 produces when a candidate is
// rejected, and exactly those of libsecp256k1's nonce function called with
// counter 0, 1, 2, ….
//
// The zero value is not seeded; call Init (or InitNonce) first. A DRBG holds
// secret state: call Clear when done. Constant time in the seed and state.
type DRBG struct {
	k, v  [32]byte
	mk    macKey // k, ready to hash with
	retry bool
}

// macKey is an HMAC-SHA256 key ready to hash with: where the CPU has
// SHA-NI, the SHA-256 states after its inner and outer pad blocks, run by
// internal/shablock's compression function (an HMAC of V then costs its
// two compressions and little else); elsewhere stdKey, through
// crypto/sha256. Secret: DRBG.Clear wipes it.
type macKey struct {
	fast [2]shablock.State // inner, outer
	std  stdKey
}

// set takes key (two compressions where they are kept).
func (m *macKey) set(key *[32]byte) {
	if !shablock.Accelerated {
		m.std.set(key)
		return
	}
	var in, out [blockSize]byte
	pads(&in, &out, key)
	m.fast[0], m.fast[1] = shablock.Initial, shablock.Initial
	m.fast[0].Blocks(in[:])
	m.fast[1].Blocks(out[:])
	clear(in[:])
	clear(out[:])
}

// sum sets out = HMAC-SHA256(key, v ‖ sep ‖ seed) for the key m was set
// to; out may alias v. Constant time in the contents (lengths are public).
func (m *macKey) sum(out, v *[32]byte, sep, seed []byte) {
	if !shablock.Accelerated {
		m.std.sum(out, v, sep, seed)
		return
	}
	if len(sep) == 0 && len(seed) == 0 {
		// HMAC_K(V), the DRBG's usual step: inner and outer hash are
		// one padded block each (pad block ‖ 32 bytes: 96 bytes), the
		// same block with the inner digest in place of V.
		var blk [blockSize]byte
		copy(blk[:32], v[:])
		blk[32] = 0x80
		binary.BigEndian.PutUint64(blk[blockSize-8:], (blockSize+32)*8)
		s := m.fast[0]
		s.Blocks(blk[:])
		s.Bytes((*[32]byte)(blk[:32]))
		s = m.fast[1]
		s.Blocks(blk[:])
		s.Bytes(out)
		clear(blk[:])
		clear(s[:])
		return
	}
	var d shablock.Digest
	var inner [32]byte
	d.Reset(&m.fast[0], blockSize)
	d.Write(v[:])
	d.Write(sep)
	d.Write(seed)
	d.Sum(&inner)
	d.Reset(&m.fast[1], blockSize)
	d.Write(inner[:])
	d.Sum(out)
	d.Clear()
	clear(inner[:])
}

// zeroKey is the all-zero key of RFC 6979's step c.
var zeroKey macKey

func init() { zeroKey.set(&[32]byte{}) }

var (
	sep0 = []byte{0x00}
	sep1 = []byte{0x01}
)

// Init seeds g with seed (RFC 6979 steps b to g, where the seed is
// int2octets(x) ‖ bits2octets(h1) ‖ optional additional data): V = 0x01…01,
// K = 0x00…00, K = HMAC_K(V ‖ 0x00 ‖ seed), V = HMAC_K(V),
// K = HMAC_K(V ‖ 0x01 ‖ seed), V = HMAC_K(V). It panics if seed is longer
// than MaxSeedLen. Constant time in the seed's contents.
func (g *DRBG) Init(seed []byte) {
	if len(seed) > MaxSeedLen {
		panic("rfc6979: seed longer than MaxSeedLen")
	}
	for i := range g.v {
		g.v[i] = 0x01
	}
	zeroKey.sum(&g.k, &g.v, sep0, seed)
	g.rekey()
	g.mk.sum(&g.k, &g.v, sep1, seed)
	g.rekey()
	g.retry = false
}

// InitNonce seeds g as libsecp256k1's nonce_function_rfc6979 does: the seed
// is key32 ‖ (msg32 mod n) ‖ data32 ‖ algo16, where data32 (extra entropy,
// RFC 6979 section 3.6) and algo16 (an algorithm name) are left out when
// nil, and msg32 is reduced modulo the group order n (RFC 6979's
// bits2octets). The first Generate then yields libsecp256k1's nonce for
// counter 0, the next for counter 1, and so on. Constant time.
func (g *DRBG) InitNonce(key32, msg32, data32 *[32]byte, algo16 *[16]byte) {
	var seed [112]byte
	var m scalar.Scalar
	m.SetBytes(msg32)
	copy(seed[:32], key32[:])
	m.Bytes((*[32]byte)(seed[32:64]))
	n := 64
	if data32 != nil {
		n += copy(seed[n:], data32[:])
	}
	if algo16 != nil {
		n += copy(seed[n:], algo16[:])
	}
	g.Init(seed[:n])
	clear(seed[:])
	m.Zero()
}

// Generate fills out with the next len(out) bytes of output (RFC 6979 step
// h; libsecp256k1's rfc6979_hmac_sha256_generate): after the first call it
// first updates K = HMAC_K(V ‖ 0x00), V = HMAC_K(V), then concatenates
// successive V = HMAC_K(V) and truncates to len(out). Constant time in the
// state; len(out) is public.
func (g *DRBG) Generate(out []byte) {
	if g.retry {
		g.mk.sum(&g.k, &g.v, sep0, nil)
		g.rekey()
	}
	for len(out) > 0 {
		g.mk.sum(&g.v, &g.v, nil, nil)
		n := copy(out, g.v[:])
		out = out[n:]
	}
	g.retry = true
}

// rekey takes the new K (step d or f, or h.3) into mk and sets V =
// HMAC_K(V) (step e or g, or h.3's second half).
func (g *DRBG) rekey() {
	g.mk.set(&g.k)
	g.mk.sum(&g.v, &g.v, nil, nil)
}

// Generate32 is Generate for a 32-byte output, one HMAC block.
func (g *DRBG) Generate32(out *[32]byte) {
	g.Generate(out[:])
}

// Clear overwrites the state of g, leaving an unseeded generator.
func (g *DRBG) Clear() {
	*g = DRBG{}
}

// macBuf is the longest HMAC input: the inner pad block, V, a separator
// byte and a seed.
const macBuf = blockSize + 32 + 1 + MaxSeedLen

// mac sets out = HMAC-SHA256(key, v ‖ sep ‖ seed) with a 32-byte key; sep
// and seed may be empty. out may alias key or v. It works in fixed-size
// stack buffers and wipes them: four compressions for a 32-byte message,
// the pad blocks included (macKey keeps them where the toolchain allows).
func mac(out, key, v *[32]byte, sep, seed []byte) {
	var in [macBuf]byte
	var o [blockSize + 32]byte
	pads((*[blockSize]byte)(in[:blockSize]), (*[blockSize]byte)(o[:blockSize]), key)
	n := blockSize
	n += copy(in[n:], v[:])
	n += copy(in[n:], sep)
	n += copy(in[n:], seed)
	inner := sha256.Sum256(in[:n])
	copy(o[blockSize:], inner[:])
	*out = sha256.Sum256(o[:])
	clear(in[:])
	clear(o[:])
	clear(inner[:])
}

// pads writes HMAC's inner and outer pad blocks of a 32-byte key, word by
// word (a byte loop cost more than the two SHA-256 calls of a mac).
func pads(in, out *[blockSize]byte, key *[32]byte) {
	for i := 0; i < blockSize; i += 8 {
		var k uint64
		if i < len(key) {
			k = binary.LittleEndian.Uint64(key[i:])
		}
		binary.LittleEndian.PutUint64(in[i:], k^ipad)
		binary.LittleEndian.PutUint64(out[i:], k^opad)
	}
}

// ipad and opad are HMAC's pad bytes repeated over a word.
const (
	ipad = 0x3636363636363636
	opad = 0x5c5c5c5c5c5c5c5c
)
