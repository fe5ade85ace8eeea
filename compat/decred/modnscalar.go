package secp256k1

import (
	"encoding/binary"
	"encoding/hex"

	"github.com/p256k1/p256k1/curve"
)

// ModNScalar is an integer modulo the secp256k1 group order n, in decred's
// layout: eight 32-bit words, least significant first, always reduced
// (below n). The zero value is 0.
//
// Every method is constant time except InverseNonConst and
// InverseValNonConst (variable time: public values only). The arithmetic
// runs in p256k1's scalar code (package curve), reached through a
// conversion.
type ModNScalar struct {
	n [8]uint32
}

// String returns the scalar as 64 hex digits.
func (s ModNScalar) String() string {
	b := s.Bytes()
	return hex.EncodeToString(b[:])
}

// Set sets s to val and returns s.
func (s *ModNScalar) Set(val *ModNScalar) *ModNScalar {
	*s = *val
	return s
}

// Zero sets s to 0; on a nil s it does nothing. Constant time.
func (s *ModNScalar) Zero() {
	if s == nil {
		return
	}
	s.n = [8]uint32{}
}

// IsZeroBit returns 1 if s is 0, else 0.
func (s *ModNScalar) IsZeroBit() uint32 {
	var x uint32
	for _, w := range s.n {
		x |= w
	}
	return isZero32(x)
}

// IsZero reports whether s is 0.
func (s *ModNScalar) IsZero() bool { return s.IsZeroBit() == 1 }

// SetInt sets s to ui and returns s.
func (s *ModNScalar) SetInt(ui uint32) *ModNScalar {
	s.n = [8]uint32{ui}
	return s
}

// SetBytes sets s to the 256-bit big-endian integer b reduced modulo n and
// returns 1 if b ≥ n (it was reduced), else 0.
func (s *ModNScalar) SetBytes(b *[32]byte) uint32 {
	var c curve.Scalar
	overflow := c.SetBytes32(b)
	s.setCurve(&c)
	return uint32(overflow)
}

// SetByteSlice sets s to the big-endian integer in b, truncated to its first
// 32 bytes and padded on the left with zeros if shorter, reduced modulo n,
// and reports whether that integer was ≥ n.
func (s *ModNScalar) SetByteSlice(b []byte) bool {
	b32 := leftPad32(b)
	overflow := s.SetBytes(&b32)
	clear(b32[:])
	return overflow != 0
}

// PutBytesUnchecked writes s to b[:32] as a big-endian integer. It panics if
// b is shorter than 32 bytes.
func (s *ModNScalar) PutBytesUnchecked(b []byte) {
	_ = b[31]
	for i, w := range s.n {
		binary.BigEndian.PutUint32(b[28-4*i:], w)
	}
}

// PutBytes writes s to b as a big-endian integer.
func (s *ModNScalar) PutBytes(b *[32]byte) {
	s.PutBytesUnchecked(b[:])
}

// Bytes returns s as a big-endian integer.
func (s *ModNScalar) Bytes() [32]byte {
	var b [32]byte
	s.PutBytesUnchecked(b[:])
	return b
}

// IsOdd reports whether s is odd.
func (s *ModNScalar) IsOdd() bool { return s.n[0]&1 == 1 }

// Equals reports whether s equals val.
func (s *ModNScalar) Equals(val *ModNScalar) bool {
	var x uint32
	for i := range s.n {
		x |= s.n[i] ^ val.n[i]
	}
	return x == 0
}

func (s *ModNScalar) toCurve(c *curve.Scalar) *curve.Scalar {
	b := s.Bytes()
	c.SetBytes32(&b)
	clear(b[:])
	return c
}

func (s *ModNScalar) setCurve(c *curve.Scalar) *ModNScalar {
	b := c.Bytes32()
	for i := range s.n {
		s.n[i] = binary.BigEndian.Uint32(b[28-4*i:])
	}
	clear(b[:])
	return s
}

// Add sets s to s + val mod n and returns s.
func (s *ModNScalar) Add(val *ModNScalar) *ModNScalar {
	return s.Add2(s, val)
}

// Add2 sets s to val1 + val2 mod n and returns s.
func (s *ModNScalar) Add2(val1, val2 *ModNScalar) *ModNScalar {
	var a, b curve.Scalar
	val1.toCurve(&a)
	val2.toCurve(&b)
	return s.setCurve(a.Add(&a, &b))
}

// Mul sets s to s·val mod n and returns s.
func (s *ModNScalar) Mul(val *ModNScalar) *ModNScalar {
	return s.Mul2(s, val)
}

// Mul2 sets s to val·val2 mod n and returns s.
func (s *ModNScalar) Mul2(val, val2 *ModNScalar) *ModNScalar {
	var a, b curve.Scalar
	val.toCurve(&a)
	val2.toCurve(&b)
	return s.setCurve(a.Multiply(&a, &b))
}

// Square sets s to s² mod n and returns s.
func (s *ModNScalar) Square() *ModNScalar {
	return s.SquareVal(s)
}

// SquareVal sets s to val² mod n and returns s.
func (s *ModNScalar) SquareVal(val *ModNScalar) *ModNScalar {
	var a curve.Scalar
	val.toCurve(&a)
	return s.setCurve(a.Square(&a))
}

// NegateVal sets s to −val mod n and returns s.
func (s *ModNScalar) NegateVal(val *ModNScalar) *ModNScalar {
	var a curve.Scalar
	val.toCurve(&a)
	return s.setCurve(a.Negate(&a))
}

// Negate sets s to −s mod n and returns s.
func (s *ModNScalar) Negate() *ModNScalar {
	return s.NegateVal(s)
}

// InverseValNonConst sets s to val⁻¹ mod n (0 for 0) and returns s.
// Variable time: public values only.
func (s *ModNScalar) InverseValNonConst(val *ModNScalar) *ModNScalar {
	var a curve.Scalar
	val.toCurve(&a)
	return s.setCurve(a.InvertVarTime(&a))
}

// InverseNonConst sets s to s⁻¹ mod n (0 for 0) and returns s. Variable
// time: public values only.
func (s *ModNScalar) InverseNonConst() *ModNScalar {
	return s.InverseValNonConst(s)
}

// IsOverHalfOrder reports whether s > n/2 (a high S value).
func (s *ModNScalar) IsOverHalfOrder() bool {
	var a curve.Scalar
	return s.toCurve(&a).IsHigh() == 1
}
