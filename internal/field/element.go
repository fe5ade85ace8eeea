// Package field implements arithmetic modulo the secp256k1 field prime
// p = 2^256 − 2^32 − 977.
//
// # Representation
//
// An Element holds five unsigned 64-bit limbs of 52 bits each (the top limb
// 48 bits), value = n[0] + n[1]·2^52 + n[2]·2^104 + n[3]·2^156 + n[4]·2^208,
// taken modulo p. Limbs are allowed to grow past 52 bits between
// reductions ("lazy reduction"), which makes addition and negation a handful
// of plain adds.
//
// # Magnitude
//
// How far an element may have grown is its magnitude m (1 ≤ m ≤ 32): limbs
// n[0..3] are at most 2·m·(2^52−1) and n[4] at most 2·m·(2^48−1). Magnitude
// is not stored; every operation documents what it accepts and what it
// produces, exactly as libsecp256k1's field_5x52 does:
//
//   - Mul and Square accept inputs of magnitude ≤ 8 and return magnitude 1.
//   - Add returns m(a)+m(b); Negate(a, m) requires m(a) ≤ m ≤ 31 and returns m+1;
//     MulInt(a, k) returns m(a)·k; Half returns ⌊m/2⌋+1.
//   - NormalizeWeak returns magnitude 1; Normalize and NormalizeVar return the
//     unique representative in [0, p) with canonical limbs ("normalized").
//   - Bytes, IsZero, IsOdd, CmpVar and Storage conversion require normalized
//     input; Equal, NormalizesToZero, Invert and Sqrt accept any magnitude
//     within the stated bounds.
//
// Values read from bytes, SetInt, Zero, One and the result of Invert are
// normalized.
//
// # API conventions
//
// Methods set the receiver and return it (v.Mul(a, b) sets v = a·b), and
// arguments may alias the receiver and each other. Everything is constant
// time — no branch and no memory index depends on the value — except the
// functions whose name ends in Var, which must only see public data.
// Predicates that constant-time code consumes return an int 0 or 1, and
// Select, CMove and Swap take such an int.
package field

// MaxMagnitude is the largest magnitude any operation accepts.
const MaxMagnitude = 32

// Element is a field element in 5×52-bit limbs, lazily reduced. The zero value
// is 0 (normalized).
type Element struct {
	n [5]uint64
}

// Storage is the compact form of a normalized element: its four
// little-endian 64-bit limbs (value = Σ s[i]·2^(64·i), below p), 32 bytes
// instead of 40. Precomputed tables hold points in this form; because it is
// a plain array, generated tables are static Go literals.
type Storage [4]uint64

const (
	mask52 = 0xFFFFFFFFFFFFF // 2^52 − 1
	mask48 = 0x0FFFFFFFFFFFF // 2^48 − 1
	// p in limbs: n[0] = p0, n[1..3] = mask52, n[4] = mask48.
	p0 = 0xFFFFEFFFFFC2F
	// 2^256 ≡ 2^32 + 977 = 0x1000003D1 (mod p).
	r256 = 0x1000003D1
)

// Set sets v = a and returns v. Constant time; keeps a's magnitude.
func (v *Element) Set(a *Element) *Element {
	*v = *a
	return v
}

// Zero sets v = 0 (normalized) and returns v (nil for a nil v). Constant
// time.
func (v *Element) Zero() *Element {
	if v == nil {
		return nil
	}
	*v = Element{}
	return v
}

// One sets v = 1 (normalized) and returns v.
func (v *Element) One() *Element {
	*v = Element{n: [5]uint64{1}}
	return v
}

// SetInt sets v = a (normalized) and returns v.
func (v *Element) SetInt(a uint32) *Element {
	*v = Element{n: [5]uint64{uint64(a)}}
	return v
}

// SetBytes sets v to the big-endian 32-byte value b reduced modulo p
// (normalized) and returns 1 if b ≥ p, 0 otherwise. Constant time.
func (v *Element) SetBytes(b *[32]byte) int {
	v.n[0] = uint64(b[31]) | uint64(b[30])<<8 | uint64(b[29])<<16 | uint64(b[28])<<24 |
		uint64(b[27])<<32 | uint64(b[26])<<40 | uint64(b[25]&0xF)<<48
	v.n[1] = uint64(b[25]>>4) | uint64(b[24])<<4 | uint64(b[23])<<12 | uint64(b[22])<<20 |
		uint64(b[21])<<28 | uint64(b[20])<<36 | uint64(b[19])<<44
	v.n[2] = uint64(b[18]) | uint64(b[17])<<8 | uint64(b[16])<<16 | uint64(b[15])<<24 |
		uint64(b[14])<<32 | uint64(b[13])<<40 | uint64(b[12]&0xF)<<48
	v.n[3] = uint64(b[12]>>4) | uint64(b[11])<<4 | uint64(b[10])<<12 | uint64(b[9])<<20 |
		uint64(b[8])<<28 | uint64(b[7])<<36 | uint64(b[6])<<44
	v.n[4] = uint64(b[5]) | uint64(b[4])<<8 | uint64(b[3])<<16 | uint64(b[2])<<24 |
		uint64(b[1])<<32 | uint64(b[0])<<40
	over := v.geP()
	v.Normalize()
	return over
}

// geP reports (as 0/1) whether the canonical-limbed v is ≥ p. Constant time.
func (v *Element) geP() int {
	all := v.n[1] & v.n[2] & v.n[3]
	return int(eq64(v.n[4], mask48) & eq64(all, mask52) & ge52(v.n[0], p0))
}

// Bytes writes v as 32 big-endian bytes. v must be normalized. Constant time.
func (v *Element) Bytes(out *[32]byte) {
	n := &v.n
	out[0] = byte(n[4] >> 40)
	out[1] = byte(n[4] >> 32)
	out[2] = byte(n[4] >> 24)
	out[3] = byte(n[4] >> 16)
	out[4] = byte(n[4] >> 8)
	out[5] = byte(n[4])
	out[6] = byte(n[3] >> 44)
	out[7] = byte(n[3] >> 36)
	out[8] = byte(n[3] >> 28)
	out[9] = byte(n[3] >> 20)
	out[10] = byte(n[3] >> 12)
	out[11] = byte(n[3] >> 4)
	out[12] = byte(n[2]>>48)&0xF | byte(n[3]&0xF)<<4
	out[13] = byte(n[2] >> 40)
	out[14] = byte(n[2] >> 32)
	out[15] = byte(n[2] >> 24)
	out[16] = byte(n[2] >> 16)
	out[17] = byte(n[2] >> 8)
	out[18] = byte(n[2])
	out[19] = byte(n[1] >> 44)
	out[20] = byte(n[1] >> 36)
	out[21] = byte(n[1] >> 28)
	out[22] = byte(n[1] >> 20)
	out[23] = byte(n[1] >> 12)
	out[24] = byte(n[1] >> 4)
	out[25] = byte(n[0]>>48)&0xF | byte(n[1]&0xF)<<4
	out[26] = byte(n[0] >> 40)
	out[27] = byte(n[0] >> 32)
	out[28] = byte(n[0] >> 24)
	out[29] = byte(n[0] >> 16)
	out[30] = byte(n[0] >> 8)
	out[31] = byte(n[0])
}

// eq64 returns 1 if x == y, else 0, without branching.
func eq64(x, y uint64) uint64 {
	d := x ^ y
	return ((d | -d) >> 63) ^ 1
}

// ge52 returns 1 if x ≥ y for x, y < 2^63, without branching.
func ge52(x, y uint64) uint64 {
	return ((y - x - 1) >> 63)
}

// mask returns all ones if c == 1 and zero if c == 0.
func mask(c int) uint64 {
	return -uint64(c)
}
