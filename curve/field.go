package curve

import (
	"errors"

	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/field"
)

// FieldElement is an integer modulo the field prime
// p = 2^256 − 2^32 − 977, the coordinates' field. The zero value is 0,
// ready to use.
//
// Inside it is internal/field's five 52-bit limbs, kept weakly reduced
// (magnitude 1): Multiply and Square cost exactly the internal operation,
// and the linear operations one weak reduction more; predicates and
// encodings reduce a copy fully first. There are no magnitudes to track.
//
// Every method is constant time in the values unless its name says VarTime.
// Methods set the receiver to the result and return it; arguments may alias
// the receiver and each other.
type FieldElement struct {
	e field.Element // magnitude ≤ 1
}

// ErrFieldNotCanonical is returned by SetCanonicalBytes for 32 bytes that
// encode a value ≥ p.
var ErrFieldNotCanonical = errors.New("curve: field element encoding is not below the field prime p")

var errFieldLength = errors.New("curve: field element encoding must be 32 bytes")

// NewFieldElement returns a new FieldElement set to 0.
func NewFieldElement() *FieldElement { return new(FieldElement) }

// Set sets v = a and returns v. Constant time.
func (v *FieldElement) Set(a *FieldElement) *FieldElement {
	*v = *a
	return v
}

// Zero sets v = 0 and returns v; on a nil v it does nothing and returns
// nil. Constant time.
func (v *FieldElement) Zero() *FieldElement {
	if v == nil {
		return nil
	}
	v.e.Zero()
	return v
}

// One sets v = 1 and returns v. Constant time.
func (v *FieldElement) One() *FieldElement {
	v.e.One()
	return v
}

// SetUint64 sets v = x and returns v. Constant time.
func (v *FieldElement) SetUint64(x uint64) *FieldElement {
	var b [32]byte
	putUint64(&b, x)
	v.e.SetBytes(&b)
	return v
}

// SetCanonicalBytes sets v to the 32-byte big-endian integer b and returns
// v, or returns nil and an error (v unchanged) if b is not 32 bytes or
// encodes a value ≥ p. Constant time in b apart from that outcome.
func (v *FieldElement) SetCanonicalBytes(b []byte) (*FieldElement, error) {
	if len(b) != 32 {
		return nil, errFieldLength
	}
	var t field.Element
	over := t.SetBytes((*[32]byte)(b))
	// Whether b is canonical is this function's result.
	ctime.Declassify(&over)
	if over != 0 {
		return nil, ErrFieldNotCanonical
	}
	v.e = t
	return v, nil
}

// SetBytes32 sets v = b mod p, reading b as a 256-bit big-endian integer,
// and returns 1 if b ≥ p (the value was reduced), else 0: the fast path for
// callers that hold arrays (decred's FieldVal.SetBytes). Constant time.
func (v *FieldElement) SetBytes32(b *[32]byte) int {
	return v.e.SetBytes(b)
}

// Bytes returns the canonical 32-byte big-endian encoding of v (the value
// in [0, p)). Constant time. No allocation when Bytes is inlined and the
// result does not escape.
func (v *FieldElement) Bytes() []byte {
	var out [32]byte
	return v.bytes(&out)
}

func (v *FieldElement) bytes(out *[32]byte) []byte {
	t := v.e
	t.Normalize()
	t.Bytes(out)
	return out[:]
}

// Bytes32 returns the canonical 32-byte big-endian encoding of v as an
// array. Constant time.
func (v *FieldElement) Bytes32() [32]byte {
	var out [32]byte
	t := v.e
	t.Normalize()
	t.Bytes(&out)
	return out
}

// Add sets v = a + b mod p and returns v. Constant time.
func (v *FieldElement) Add(a, b *FieldElement) *FieldElement {
	v.e.Add(&a.e, &b.e).NormalizeWeak()
	return v
}

// Subtract sets v = a − b mod p and returns v. Constant time.
func (v *FieldElement) Subtract(a, b *FieldElement) *FieldElement {
	v.e.Sub(&a.e, &b.e, 1).NormalizeWeak()
	return v
}

// Negate sets v = −a mod p and returns v. Constant time.
func (v *FieldElement) Negate(a *FieldElement) *FieldElement {
	v.e.Negate(&a.e, 1).NormalizeWeak()
	return v
}

// Multiply sets v = a·b mod p and returns v. Constant time.
func (v *FieldElement) Multiply(a, b *FieldElement) *FieldElement {
	v.e.Mul(&a.e, &b.e)
	return v
}

// Square sets v = a² mod p and returns v. Constant time.
func (v *FieldElement) Square(a *FieldElement) *FieldElement {
	v.e.Square(&a.e)
	return v
}

// Invert sets v = 1/a mod p and returns v; the inverse of 0 is 0.
// Constant time (safegcd with a fixed number of divsteps).
func (v *FieldElement) Invert(a *FieldElement) *FieldElement {
	v.e.Invert(&a.e)
	return v
}

// InvertVarTime sets v = 1/a mod p and returns v; the inverse of 0 is 0.
// Variable time: for public a only.
func (v *FieldElement) InvertVarTime(a *FieldElement) *FieldElement {
	v.e.InvertVar(&a.e)
	return v
}

// SquareRoot sets v to a square root of a and returns v and 1 if a is a
// square mod p; otherwise it returns v set to a square root of −a (which is
// then a square, since p ≡ 3 mod 4) and 0. Which of the two roots is
// returned is unspecified: pick one by parity with IsOdd and Negate.
// Constant time (a fixed addition chain for a^((p+1)/4)).
func (v *FieldElement) SquareRoot(a *FieldElement) (*FieldElement, int) {
	_, ok := v.e.Sqrt(&a.e)
	return v, ok
}

// IsSquareVarTime returns 1 if a is a square mod p (0 included), else 0,
// by a Jacobi symbol computation. Variable time: for public v only.
func (v *FieldElement) IsSquareVarTime() int {
	return v.e.IsSquareVar()
}

// Equal returns 1 if v and a are equal mod p, else 0. Constant time.
func (v *FieldElement) Equal(a *FieldElement) int {
	return v.e.Equal(&a.e)
}

// IsZero returns 1 if v is 0 mod p, else 0. Constant time.
func (v *FieldElement) IsZero() int {
	return v.e.NormalizesToZero()
}

// IsOdd returns 1 if the canonical value of v (in [0, p)) is odd, else 0.
// Constant time.
func (v *FieldElement) IsOdd() int {
	t := v.e
	t.Normalize()
	return t.IsOdd()
}

// Select sets v to a if cond is 1 and to b if cond is 0, and returns v.
// cond must be 0 or 1. Constant time.
func (v *FieldElement) Select(a, b *FieldElement, cond int) *FieldElement {
	v.e.Select(&a.e, &b.e, cond)
	return v
}

// CondNegate sets v to −a if cond is 1 and to a if cond is 0, and returns
// v. cond must be 0 or 1. Constant time.
func (v *FieldElement) CondNegate(a *FieldElement, cond int) *FieldElement {
	var n field.Element
	n.Negate(&a.e, 1).NormalizeWeak()
	v.e.Select(&n, &a.e, cond)
	return v
}
