// Package wnaf recodes public integers into width-w non-adjacent form, for
// the variable-time multiplications of the cross-group DLEQ verifier.
package wnaf

import "math/bits"

// Digits holds the digits of a recoded integer below 2^256, least
// significant first: value = Σ d[i]·2^i.
type Digits [257]int16

// Recode writes the width-w NAF of the 256-bit little-endian integer v
// (v[0] the lowest 64 bits) into d: every nonzero digit is odd and below
// 2^(w−1) in absolute value, and nonzero digits are at least w positions
// apart. It returns the number of digits up to the highest nonzero one (0
// for v = 0). 2 ≤ w ≤ 16. Variable time: for public values only.
//
// The integer is read from the bottom, keeping a carry of 0 or 1: where the
// current bit equals the carry the digit is 0 (bit + carry is even and the
// carry stays). Otherwise the next w bits plus the carry form an odd u
// below 2^w; u becomes the digit, or u − 2^w with a carry of 1 into the
// position w higher if u ≥ 2^(w−1).
func Recode(d *Digits, v *[4]uint64, w uint) int {
	*d = Digits{}
	top := 0
	carry := uint64(0)
	for pos := 0; ; {
		if pos = nextDiff(v, pos, carry); pos >= len(d) {
			break
		}
		u := bitsAt(v, pos, w) + carry
		carry = u >> (w - 1) & 1
		d[pos] = int16(int64(u) - int64(carry<<w))
		top = pos + 1
		pos += int(w)
	}
	return top
}

// nextDiff returns the first position p ≥ pos whose bit differs from carry
// (bits beyond 255 are 0), or a position past the digits if there is none.
func nextDiff(v *[4]uint64, pos int, carry uint64) int {
	for pos < 256 {
		limb, off := pos/64, uint(pos%64)
		x := v[limb]
		if carry != 0 {
			x = ^x
		}
		if x >>= off; x != 0 {
			return pos + bits.TrailingZeros64(x)
		}
		pos = (limb + 1) * 64
	}
	if carry != 0 {
		return pos // bit pos ≥ 256 is 0
	}
	return len(Digits{})
}

// bitsAt returns the n ≤ 16 bits of v starting at bit pos (zeros beyond
// bit 255).
func bitsAt(v *[4]uint64, pos int, n uint) uint64 {
	if pos >= 256 {
		return 0
	}
	limb, off := pos/64, uint(pos%64)
	x := v[limb] >> off
	if off+n > 64 && limb < 3 {
		x |= v[limb+1] << (64 - off)
	}
	return x & (1<<n - 1)
}
