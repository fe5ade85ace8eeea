// Package scalar implements arithmetic modulo the secp256k1 group order
// n = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141.
//
// # Representation
//
// A Scalar holds four little-endian unsigned 64-bit limbs,
// value = d[0] + d[1]·2^64 + d[2]·2^128 + d[3]·2^192. Every operation keeps
// the value fully reduced, 0 ≤ value < n, so each residue has exactly one
// representation: equality is limb equality and Bytes needs no final
// reduction. The zero value of Scalar is 0.
//
// Multiplication forms the full 512-bit product and folds it back with
// 2^256 ≡ 2^256 − n (mod n), a 129-bit constant, in three rounds
// (512 → 385 → 258 → 256 bits plus one conditional subtraction), the
// approach of libsecp256k1's scalar_4x64 reduce_512.
//
// # API conventions
//
// Methods set the receiver and return it (s.Mul(a, b) sets s = a·b mod n);
// arguments may alias the receiver and each other. Predicates return an int
// 0 or 1 so that constant-time callers can turn them into masks; Select,
// CMove, CondNegate and CAddBit take such an int (only its lowest bit is
// used).
//
// # Constant time
//
// Everything is constant time — no branch and no memory index depends on a
// scalar's value — except the functions whose name ends in Var, which must
// only see public data. Bit positions, counts and shift amounts passed to
// Bits, CAddBit and ShrInt are treated as public (they may select which limb
// is read); the scalar values themselves are not.
//
// Inversion (Invert, InvertVar) lives in invert.go and is built on the
// safegcd package.
package scalar

import (
	"encoding/binary"
	"math/bits"
)

// Scalar is an integer modulo n in four little-endian 64-bit limbs, always
// fully reduced (0 ≤ value < n).
type Scalar struct {
	d [4]uint64
}

// The group order n, its complement 2^256 − n and ⌊n/2⌋, as limbs. These are
// the secp256k1 curve parameters (SEC 2, section 2.4.1); the same limb values
// appear in libsecp256k1's src/scalar_4x64_impl.h as SECP256K1_N_*,
// SECP256K1_N_C_* and SECP256K1_N_H_*.
const (
	n0 = 0xBFD25E8CD0364141
	n1 = 0xBAAEDCE6AF48A03B
	n2 = 0xFFFFFFFFFFFFFFFE
	n3 = 0xFFFFFFFFFFFFFFFF

	// 2^256 − n = nc0 + nc1·2^64 + nc2·2^128 (129 bits).
	nc0 = 0x402DA1732FC9BEBF // = −n0 mod 2^64
	nc1 = 0x4551231950B75FC4 // = ^n1
	nc2 = 1

	// ⌊n/2⌋ = (n−1)/2.
	nh0 = 0xDFE92F46681B20A0
	nh1 = 0x5D576E7357A4501D
	nh2 = 0xFFFFFFFFFFFFFFFF
	nh3 = 0x7FFFFFFFFFFFFFFF
)

// mask returns all ones if the low bit of flag is set, else 0.
func mask(flag int) uint64 {
	return -uint64(flag & 1)
}

// isZero64 returns 1 if x == 0, else 0, without branching.
func isZero64(x uint64) int {
	// x|−x has its top bit set exactly when x ≠ 0.
	return int(((x | -x) >> 63) ^ 1)
}

// Set sets s = a and returns s. Constant time.
func (s *Scalar) Set(a *Scalar) *Scalar {
	*s = *a
	return s
}

// SetInt sets s = v and returns s. Constant time.
func (s *Scalar) SetInt(v uint32) *Scalar {
	*s = Scalar{d: [4]uint64{uint64(v)}}
	return s
}

// Zero sets s = 0 and returns s (nil for a nil s). Constant time.
func (s *Scalar) Zero() *Scalar {
	if s == nil {
		return nil
	}
	*s = Scalar{}
	return s
}

// One sets s = 1 and returns s. Constant time.
func (s *Scalar) One() *Scalar {
	*s = Scalar{d: [4]uint64{1}}
	return s
}

// reduceOnce sets s to the 257-bit value hi·2^256 + (r0..r3) reduced by at
// most one subtraction of n, and returns 1 if n was subtracted. The value
// must be below 2n and hi must be 0 or 1. Constant time.
func (s *Scalar) reduceOnce(r0, r1, r2, r3, hi uint64) int {
	// Adding 2^256 − n carries out of 256 bits exactly when the low part is
	// ≥ n; together with hi this says whether the whole value is ≥ n, and
	// the low 256 bits of the sum are then the value minus n.
	t0, c := bits.Add64(r0, nc0, 0)
	t1, c := bits.Add64(r1, nc1, c)
	t2, c := bits.Add64(r2, nc2, c)
	t3, c := bits.Add64(r3, 0, c)
	over := hi | c
	m := -over
	s.d[0] = r0 ^ ((r0 ^ t0) & m)
	s.d[1] = r1 ^ ((r1 ^ t1) & m)
	s.d[2] = r2 ^ ((r2 ^ t2) & m)
	s.d[3] = r3 ^ ((r3 ^ t3) & m)
	return int(over)
}

// SetBytes sets s = b mod n, reading b as a 256-bit big-endian integer, and
// returns 1 if b ≥ n (the value was reduced), else 0. Constant time.
//
// Because n > 2^255, a 256-bit input is at most one subtraction away from
// its residue.
func (s *Scalar) SetBytes(b *[32]byte) int {
	return s.reduceOnce(
		binary.BigEndian.Uint64(b[24:32]),
		binary.BigEndian.Uint64(b[16:24]),
		binary.BigEndian.Uint64(b[8:16]),
		binary.BigEndian.Uint64(b[0:8]),
		0)
}

// Bytes writes s to out as a 32-byte big-endian integer. Constant time.
func (s *Scalar) Bytes(out *[32]byte) {
	binary.BigEndian.PutUint64(out[0:8], s.d[3])
	binary.BigEndian.PutUint64(out[8:16], s.d[2])
	binary.BigEndian.PutUint64(out[16:24], s.d[1])
	binary.BigEndian.PutUint64(out[24:32], s.d[0])
}

// IsZero returns 1 if s == 0, else 0. Constant time.
func (s *Scalar) IsZero() int {
	return isZero64(s.d[0] | s.d[1] | s.d[2] | s.d[3])
}

// IsOne returns 1 if s == 1, else 0. Constant time.
func (s *Scalar) IsOne() int {
	return isZero64((s.d[0] ^ 1) | s.d[1] | s.d[2] | s.d[3])
}

// IsEven returns 1 if s is even (as an integer in [0, n)), else 0.
// Constant time.
func (s *Scalar) IsEven() int {
	return int(^s.d[0] & 1)
}

// IsHigh returns 1 if s > ⌊n/2⌋ (s is the larger of {s, −s}; ECDSA's "high
// S"), else 0. Constant time.
func (s *Scalar) IsHigh() int {
	// ⌊n/2⌋ − s borrows exactly when s > ⌊n/2⌋.
	_, b := bits.Sub64(nh0, s.d[0], 0)
	_, b = bits.Sub64(nh1, s.d[1], b)
	_, b = bits.Sub64(nh2, s.d[2], b)
	_, b = bits.Sub64(nh3, s.d[3], b)
	return int(b)
}

// Equal returns 1 if s == b, else 0. Constant time.
func (s *Scalar) Equal(b *Scalar) int {
	return isZero64((s.d[0] ^ b.d[0]) | (s.d[1] ^ b.d[1]) |
		(s.d[2] ^ b.d[2]) | (s.d[3] ^ b.d[3]))
}

// Select sets s = a if cond is 1, s = b if cond is 0, and returns s.
// Constant time.
func (s *Scalar) Select(a, b *Scalar, cond int) *Scalar {
	m := mask(cond)
	s.d[0] = b.d[0] ^ ((a.d[0] ^ b.d[0]) & m)
	s.d[1] = b.d[1] ^ ((a.d[1] ^ b.d[1]) & m)
	s.d[2] = b.d[2] ^ ((a.d[2] ^ b.d[2]) & m)
	s.d[3] = b.d[3] ^ ((a.d[3] ^ b.d[3]) & m)
	return s
}

// CMove sets s = a if cond is 1 and leaves s unchanged if cond is 0.
// Constant time.
func (s *Scalar) CMove(a *Scalar, cond int) {
	m := mask(cond)
	s.d[0] ^= (s.d[0] ^ a.d[0]) & m
	s.d[1] ^= (s.d[1] ^ a.d[1]) & m
	s.d[2] ^= (s.d[2] ^ a.d[2]) & m
	s.d[3] ^= (s.d[3] ^ a.d[3]) & m
}

// Add sets s = a + b mod n and returns s. Constant time.
func (s *Scalar) Add(a, b *Scalar) *Scalar {
	s.AddOverflow(a, b)
	return s
}

// AddOverflow sets s = a + b mod n and returns 1 if the integer sum a + b
// was ≥ n (n was subtracted), else 0. Constant time.
func (s *Scalar) AddOverflow(a, b *Scalar) int {
	r0, c := bits.Add64(a.d[0], b.d[0], 0)
	r1, c := bits.Add64(a.d[1], b.d[1], c)
	r2, c := bits.Add64(a.d[2], b.d[2], c)
	r3, hi := bits.Add64(a.d[3], b.d[3], c)
	// a + b < 2n, so one conditional subtraction suffices.
	return s.reduceOnce(r0, r1, r2, r3, hi)
}

// Sub sets s = a − b mod n and returns s. Constant time.
func (s *Scalar) Sub(a, b *Scalar) *Scalar {
	r0, br := bits.Sub64(a.d[0], b.d[0], 0)
	r1, br := bits.Sub64(a.d[1], b.d[1], br)
	r2, br := bits.Sub64(a.d[2], b.d[2], br)
	r3, br := bits.Sub64(a.d[3], b.d[3], br)
	// On borrow the result is a − b + 2^256; adding n (mod 2^256) gives
	// a − b + n, which lies in [1, n).
	m := -br
	r0, c := bits.Add64(r0, n0&m, 0)
	r1, c = bits.Add64(r1, n1&m, c)
	r2, c = bits.Add64(r2, n2&m, c)
	r3, _ = bits.Add64(r3, n3&m, c)
	s.d[0], s.d[1], s.d[2], s.d[3] = r0, r1, r2, r3
	return s
}

// Negate sets s = −a mod n and returns s. Constant time.
func (s *Scalar) Negate(a *Scalar) *Scalar {
	return s.CondNegate(a, 1)
}

// CondNegate sets s = −a mod n if flag is 1, s = a if flag is 0, and returns
// s. Constant time. (libsecp256k1's cond_negate also returns the sign
// 1 − 2·flag; callers that need it can compute it from flag.)
func (s *Scalar) CondNegate(a *Scalar, flag int) *Scalar {
	m := mask(flag)
	nz := ^mask(isZero64(a.d[0] | a.d[1] | a.d[2] | a.d[3]))
	// With m all ones, (a ^ m) + n + 1 = (2^256 − 1 − a) + n + 1 ≡ n − a;
	// with m zero it is a. Masking with nz maps −0 to 0 instead of n.
	r0, c := bits.Add64(a.d[0]^m, (n0+1)&m, 0)
	r1, c := bits.Add64(a.d[1]^m, n1&m, c)
	r2, c := bits.Add64(a.d[2]^m, n2&m, c)
	r3, _ := bits.Add64(a.d[3]^m, n3&m, c)
	s.d[0], s.d[1], s.d[2], s.d[3] = r0&nz, r1&nz, r2&nz, r3&nz
	return s
}

// Half sets s = a/2 mod n (that is, a·2⁻¹) and returns s. Constant time.
func (s *Scalar) Half(a *Scalar) *Scalar {
	// For odd a, a + n is even and (a + n)/2 < n; for even a, a/2 < n.
	m := -(a.d[0] & 1)
	r0, c := bits.Add64(a.d[0], n0&m, 0)
	r1, c := bits.Add64(a.d[1], n1&m, c)
	r2, c := bits.Add64(a.d[2], n2&m, c)
	r3, hi := bits.Add64(a.d[3], n3&m, c)
	s.d[0] = r0>>1 | r1<<63
	s.d[1] = r1>>1 | r2<<63
	s.d[2] = r2>>1 | r3<<63
	s.d[3] = r3>>1 | hi<<63
	return s
}

// Bits returns the count bits of s starting at bit offset (bit 0 is the
// least significant), as the low bits of the result. It requires
// 1 ≤ count ≤ 32 and that the bits lie inside one 64-bit limb, i.e.
// offset/64 == (offset+count−1)/64 and offset+count ≤ 256; an offset beyond
// the scalar panics, other violations return wrong bits.
//
// Constant time in the value of s: offset and count are treated as public
// (offset selects which limb is read). Use BitsVar when the window may
// straddle two limbs.
func (s *Scalar) Bits(offset, count uint) uint32 {
	return uint32((s.d[offset>>6] >> (offset & 63)) & (1<<count - 1))
}

// BitsVar returns the count bits of s starting at bit offset, for
// 1 ≤ count ≤ 32 and offset+count ≤ 256; the window may straddle two limbs.
// Not constant time: which limbs are read depends on offset, and it branches
// on offset (the value of s is not branched on, but use it only for public
// data).
func (s *Scalar) BitsVar(offset, count uint) uint32 {
	i, sh := offset>>6, offset&63
	v := s.d[i] >> sh
	if sh+count > 64 {
		v |= s.d[i+1] << (64 - sh)
	}
	return uint32(v & (1<<count - 1))
}

// CAddBit sets s = s + 2^bit mod n if flag is 1 and leaves s unchanged if
// flag is 0; it requires bit < 256. Constant time in s and flag, and bit is
// not used as a memory index either.
//
// libsecp256k1's cadd_bit assumes the sum does not wrap past n; this version
// performs a full modular addition, so any s is allowed.
func (s *Scalar) CAddBit(bit uint, flag int) {
	f := uint64(flag & 1)
	limb, sh := uint64(bit>>6), bit&63
	// 2^bit ≤ 2^255 < n, so t is a valid (reduced) scalar.
	var t Scalar
	t.d[0] = (uint64(isZero64(limb^0)) & f) << sh
	t.d[1] = (uint64(isZero64(limb^1)) & f) << sh
	t.d[2] = (uint64(isZero64(limb^2)) & f) << sh
	t.d[3] = (uint64(isZero64(limb^3)) & f) << sh
	s.AddOverflow(s, &t)
}

// ShrInt shifts s right by k bits (0 ≤ k < 32), sets s to the result and
// returns the k bits shifted out. The result is an integer shift of the
// representative in [0, n), not a division mod n. Constant time; k is
// treated as public.
func (s *Scalar) ShrInt(k uint) uint32 {
	k &= 31
	out := uint32(s.d[0] & (1<<k - 1))
	// A Go shift by ≥ 64 yields 0, so k = 0 needs no special case.
	s.d[0] = s.d[0]>>k | s.d[1]<<(64-k)
	s.d[1] = s.d[1]>>k | s.d[2]<<(64-k)
	s.d[2] = s.d[2]>>k | s.d[3]<<(64-k)
	s.d[3] >>= k
	return out
}
