package secp256k1

import (
	"encoding/binary"
	"encoding/hex"
	"math/bits"

	"github.com/p256k1/p256k1/curve"
)

// FieldVal is an element of the field of integers modulo the secp256k1
// prime p = 2^256 − 2^32 − 977, in decred's layout: ten words of 26 bits
// (the last of 22), least significant first, each with room above its bits
// so that additions can be chained before normalizing.
//
// The contract is decred's. A value's magnitude bounds its words: a
// normalized value (magnitude 1, canonical, below p) comes out of SetInt,
// SetBytes, Normalize and every multiplication, squaring, inversion and
// square root; Add, Add2, AddInt, MulInt and Negate raise the magnitude and
// leave the result unnormalized, and the caller normalizes before comparing,
// encoding or testing parity (Equals, IsZero, IsOdd, Bytes assume a
// normalized value). Mul, Mul2, Square, SquareVal, Inverse and SquareRootVal
// take inputs of any magnitude up to 32 (decred allows at most 8) and return
// normalized values.
//
// The zero value is 0. Every method is constant time; the arithmetic runs in
// p256k1's field code (package curve), reached through a conversion.
type FieldVal struct {
	n [10]uint32
}

const (
	fieldWords    = 10
	fieldBase     = 26
	fieldBaseMask = 1<<fieldBase - 1
	fieldMSBBits  = 256 - fieldBase*(fieldWords-1) // 22
	fieldMSBMask  = 1<<fieldMSBBits - 1
)

// fieldPrimeWords is p in the ten-word layout.
var fieldPrimeWords = [fieldWords]uint32{
	0x03fffc2f, 0x03ffffbf, fieldBaseMask, fieldBaseMask, fieldBaseMask,
	fieldBaseMask, fieldBaseMask, fieldBaseMask, fieldBaseMask, fieldMSBMask,
}

// String returns the normalized value as 64 hex digits.
func (f FieldVal) String() string {
	f.Normalize()
	b := f.Bytes()
	return hex.EncodeToString(b[:])
}

// Zero sets f to 0; on a nil f it does nothing. Constant time.
func (f *FieldVal) Zero() {
	if f == nil {
		return
	}
	f.n = [fieldWords]uint32{}
}

// Set sets f to val and returns f.
func (f *FieldVal) Set(val *FieldVal) *FieldVal {
	*f = *val
	return f
}

// SetInt sets f to ui (normalized) and returns f.
func (f *FieldVal) SetInt(ui uint16) *FieldVal {
	f.n = [fieldWords]uint32{uint32(ui)}
	return f
}

// SetBytes sets f to the 256-bit big-endian integer b without reducing it
// and returns 1 if b ≥ p (f must then be normalized before use), else 0.
func (f *FieldVal) SetBytes(b *[32]byte) uint32 {
	w0 := binary.BigEndian.Uint64(b[24:])
	w1 := binary.BigEndian.Uint64(b[16:])
	w2 := binary.BigEndian.Uint64(b[8:])
	w3 := binary.BigEndian.Uint64(b[0:])
	f.n[0] = uint32(w0 & fieldBaseMask)
	f.n[1] = uint32(w0 >> 26 & fieldBaseMask)
	f.n[2] = uint32((w0>>52 | w1<<12) & fieldBaseMask)
	f.n[3] = uint32(w1 >> 14 & fieldBaseMask)
	f.n[4] = uint32((w1>>40 | w2<<24) & fieldBaseMask)
	f.n[5] = uint32(w2 >> 2 & fieldBaseMask)
	f.n[6] = uint32(w2 >> 28 & fieldBaseMask)
	f.n[7] = uint32((w2>>54 | w3<<10) & fieldBaseMask)
	f.n[8] = uint32(w3 >> 16 & fieldBaseMask)
	f.n[9] = uint32(w3 >> 42)
	return uint32(geqWords(&f.n, &fieldPrimeWords))
}

// SetByteSlice sets f to the big-endian integer in b, truncated to its first
// 32 bytes and padded on the left with zeros if shorter, without reducing it,
// and reports whether that integer is ≥ p (f must then be normalized).
func (f *FieldVal) SetByteSlice(b []byte) bool {
	b32 := leftPad32(b)
	overflow := f.SetBytes(&b32)
	clear(b32[:])
	return overflow != 0
}

// leftPad32 returns b's first 32 bytes, padded on the left with zeros when
// b is shorter: how decred reads a big-endian integer from a slice.
func leftPad32(b []byte) [32]byte {
	var b32 [32]byte
	if len(b) > 32 {
		b = b[:32]
	}
	copy(b32[32-len(b):], b)
	return b32
}

// geqWords reports (as 0 or 1) whether a ≥ b for two values of normalized
// words. Constant time.
func geqWords(a, b *[fieldWords]uint32) uint64 {
	var borrow uint64
	for i := range fieldWords {
		_, borrow = bits.Sub64(uint64(a[i]), uint64(b[i])+borrow, 0)
	}
	return borrow ^ 1
}

// Normalize reduces f to its canonical value below p with every word within
// its bits (magnitude 1) and returns f. f may have any magnitude up to 32.
func (f *FieldVal) Normalize() *FieldVal {
	t0, t1, t2, t3, t4 := uint64(f.n[0]), uint64(f.n[1]), uint64(f.n[2]), uint64(f.n[3]), uint64(f.n[4])
	t5, t6, t7, t8, t9 := uint64(f.n[5]), uint64(f.n[6]), uint64(f.n[7]), uint64(f.n[8]), uint64(f.n[9])
	// Two folds of the bits above 2^256 (2^256 ≡ 2^32 + 977: 977 into word
	// 0, 2^32 = 2^6·2^26 into word 1) leave a value below 2^256.
	for range 2 {
		m := t9 >> fieldMSBBits
		t9 &= fieldMSBMask
		t0 += m * 977
		t1 += m<<6 + t0>>fieldBase
		t0 &= fieldBaseMask
		t2 += t1 >> fieldBase
		t1 &= fieldBaseMask
		t3 += t2 >> fieldBase
		t2 &= fieldBaseMask
		t4 += t3 >> fieldBase
		t3 &= fieldBaseMask
		t5 += t4 >> fieldBase
		t4 &= fieldBaseMask
		t6 += t5 >> fieldBase
		t5 &= fieldBaseMask
		t7 += t6 >> fieldBase
		t6 &= fieldBaseMask
		t8 += t7 >> fieldBase
		t7 &= fieldBaseMask
		t9 += t8 >> fieldBase
		t8 &= fieldBaseMask
	}
	// Subtract p once if the value is ≥ p: add 2^256 − p and keep the sum,
	// less 2^256, when it reaches 2^256.
	s0 := t0 + 977
	s1 := t1 + 1<<6 + s0>>fieldBase
	s2 := t2 + s1>>fieldBase
	s3 := t3 + s2>>fieldBase
	s4 := t4 + s3>>fieldBase
	s5 := t5 + s4>>fieldBase
	s6 := t6 + s5>>fieldBase
	s7 := t7 + s6>>fieldBase
	s8 := t8 + s7>>fieldBase
	s9 := t9 + s8>>fieldBase
	keep := -(s9 >> fieldMSBBits) // all ones when the value was ≥ p
	sel := func(t, s, mask uint64) uint32 { return uint32(t ^ ((t ^ s&mask) & keep)) }
	f.n[0] = sel(t0, s0, fieldBaseMask)
	f.n[1] = sel(t1, s1, fieldBaseMask)
	f.n[2] = sel(t2, s2, fieldBaseMask)
	f.n[3] = sel(t3, s3, fieldBaseMask)
	f.n[4] = sel(t4, s4, fieldBaseMask)
	f.n[5] = sel(t5, s5, fieldBaseMask)
	f.n[6] = sel(t6, s6, fieldBaseMask)
	f.n[7] = sel(t7, s7, fieldBaseMask)
	f.n[8] = sel(t8, s8, fieldBaseMask)
	f.n[9] = sel(t9, s9, fieldMSBMask)
	return f
}

// PutBytesUnchecked writes the normalized f to b[:32] as a big-endian
// integer (of each word, only its bits count). It panics if b is shorter
// than 32 bytes.
func (f *FieldVal) PutBytesUnchecked(b []byte) {
	f.putBytes((*[32]byte)(b[:32]))
}

// putBytes is PutBytesUnchecked; kept out of line so that Bytes inlines
// and its array stays on the caller's stack.
//
//go:noinline
func (f *FieldVal) putBytes(b *[32]byte) {
	var n [fieldWords]uint64
	for i := range fieldWords {
		n[i] = uint64(f.n[i]) & fieldBaseMask
	}
	n[9] &= fieldMSBMask
	binary.BigEndian.PutUint64(b[24:], n[0]|n[1]<<26|n[2]<<52)
	binary.BigEndian.PutUint64(b[16:], n[2]>>12|n[3]<<14|n[4]<<40)
	binary.BigEndian.PutUint64(b[8:], n[4]>>24|n[5]<<2|n[6]<<28|n[7]<<54)
	binary.BigEndian.PutUint64(b[0:], n[7]>>10|n[8]<<16|n[9]<<42)
}

// PutBytes writes the normalized f to b as a big-endian integer.
func (f *FieldVal) PutBytes(b *[32]byte) {
	f.putBytes(b)
}

// Bytes returns the normalized f as a big-endian integer.
func (f *FieldVal) Bytes() *[32]byte {
	b := new([32]byte)
	f.putBytes(b)
	return b
}

func (f *FieldVal) orWords() uint32 {
	var x uint32
	for _, w := range f.n {
		x |= w
	}
	return x
}

// isZero32 returns 1 if x is 0, else 0, in constant time.
func isZero32(x uint32) uint32 {
	return uint32((uint64(x) - 1) >> 63)
}

// IsZeroBit returns 1 if the normalized f is 0, else 0.
func (f *FieldVal) IsZeroBit() uint32 { return isZero32(f.orWords()) }

// IsZero reports whether the normalized f is 0.
func (f *FieldVal) IsZero() bool { return f.IsZeroBit() == 1 }

// IsOneBit returns 1 if the normalized f is 1, else 0.
func (f *FieldVal) IsOneBit() uint32 {
	t := *f
	t.n[0] ^= 1
	return isZero32(t.orWords())
}

// IsOne reports whether the normalized f is 1.
func (f *FieldVal) IsOne() bool { return f.IsOneBit() == 1 }

// IsOddBit returns 1 if the normalized f is odd, else 0.
func (f *FieldVal) IsOddBit() uint32 { return f.n[0] & 1 }

// IsOdd reports whether the normalized f is odd.
func (f *FieldVal) IsOdd() bool { return f.n[0]&1 == 1 }

// Equals reports whether f and val, both normalized, are equal.
func (f *FieldVal) Equals(val *FieldVal) bool {
	var x uint32
	for i := range fieldWords {
		x |= f.n[i] ^ val.n[i]
	}
	return x == 0
}

// NegateVal sets f to −val, where val has at most the given magnitude, and
// returns f, of magnitude magnitude+1 and not normalized.
func (f *FieldVal) NegateVal(val *FieldVal, magnitude uint32) *FieldVal {
	for i := range fieldWords {
		f.n[i] = (magnitude+1)*fieldPrimeWords[i] - val.n[i]
	}
	return f
}

// Negate sets f to −f, where f has at most the given magnitude, and returns
// f, of magnitude magnitude+1 and not normalized.
func (f *FieldVal) Negate(magnitude uint32) *FieldVal {
	return f.NegateVal(f, magnitude)
}

// AddInt adds ui to f and returns f (magnitude one more, not normalized).
func (f *FieldVal) AddInt(ui uint16) *FieldVal {
	f.n[0] += uint32(ui)
	return f
}

// Add adds val to f and returns f (magnitudes add, not normalized).
func (f *FieldVal) Add(val *FieldVal) *FieldVal {
	return f.Add2(f, val)
}

// Add2 sets f to val + val2 and returns f (magnitudes add, not normalized).
func (f *FieldVal) Add2(val *FieldVal, val2 *FieldVal) *FieldVal {
	for i := range fieldWords {
		f.n[i] = val.n[i] + val2.n[i]
	}
	return f
}

// MulInt multiplies f by val and returns f (magnitude times val, not
// normalized).
func (f *FieldVal) MulInt(val uint8) *FieldVal {
	for i := range fieldWords {
		f.n[i] *= uint32(val)
	}
	return f
}

// toCurve sets v to f's value (any magnitude up to 32).
func (f *FieldVal) toCurve(v *curve.FieldElement) *curve.FieldElement {
	t := *f
	t.Normalize()
	var b [32]byte
	t.PutBytes(&b)
	v.SetBytes32(&b)
	return v
}

// setCurve sets f to v's value, normalized, and returns f.
func (f *FieldVal) setCurve(v *curve.FieldElement) *FieldVal {
	b := v.Bytes32()
	f.SetBytes(&b)
	return f
}

// Mul sets f to f·val and returns f (normalized).
func (f *FieldVal) Mul(val *FieldVal) *FieldVal {
	return f.Mul2(f, val)
}

// Mul2 sets f to val·val2 and returns f (normalized).
func (f *FieldVal) Mul2(val *FieldVal, val2 *FieldVal) *FieldVal {
	var a, b curve.FieldElement
	val.toCurve(&a)
	val2.toCurve(&b)
	return f.setCurve(a.Multiply(&a, &b))
}

// Square sets f to f² and returns f (normalized).
func (f *FieldVal) Square() *FieldVal {
	return f.SquareVal(f)
}

// SquareVal sets f to val² and returns f (normalized).
func (f *FieldVal) SquareVal(val *FieldVal) *FieldVal {
	var a curve.FieldElement
	val.toCurve(&a)
	return f.setCurve(a.Square(&a))
}

// Inverse sets f to f⁻¹ (0 for 0) and returns f (normalized).
func (f *FieldVal) Inverse() *FieldVal {
	var a curve.FieldElement
	f.toCurve(&a)
	return f.setCurve(a.Invert(&a))
}

// SquareRootVal sets f to a square root of val and reports whether val is a
// square; when it is not, f is a square root of −val instead. Which of the
// two roots is unspecified.
func (f *FieldVal) SquareRootVal(val *FieldVal) bool {
	var a curve.FieldElement
	val.toCurve(&a)
	_, ok := a.SquareRoot(&a)
	f.setCurve(&a)
	return ok == 1
}

// primeMinusOrderWords is p − n in the ten-word layout.
var primeMinusOrderWords = func() [fieldWords]uint32 {
	b := [32]byte{15: 0x01, 0x45, 0x51, 0x23, 0x19, 0x50, 0xb7, 0x5f, 0xc4,
		0x40, 0x2d, 0xa1, 0x72, 0x2f, 0xc9, 0xba, 0xee}
	var f FieldVal
	f.SetBytes(&b)
	return f.n
}()

// IsGtOrEqPrimeMinusOrder reports whether the normalized f is ≥ p − n: the
// values of x that can also be read as x + n < p when recovering an ECDSA
// nonce point from r.
func (f *FieldVal) IsGtOrEqPrimeMinusOrder() bool {
	return geqWords(&f.n, &primeMinusOrderWords) == 1
}
