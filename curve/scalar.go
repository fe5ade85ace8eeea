package curve

import (
	"errors"

	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Scalar is an integer modulo the group order
// n = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141,
// always fully reduced. The zero value is 0, ready to use.
//
// Every method is constant time in the values unless its name says VarTime.
// Methods set the receiver to the result and return it; arguments may alias
// the receiver and each other.
type Scalar struct {
	s scalar.Scalar
}

// ErrScalarNotCanonical is returned by SetCanonicalBytes for 32 bytes that
// encode a value ≥ n.
var ErrScalarNotCanonical = errors.New("curve: scalar encoding is not below the group order n")

// errScalarLength reports a byte slice of the wrong length for a scalar.
var errScalarLength = errors.New("curve: scalar encoding must be 32 bytes")

// errUniformLength reports a byte slice of the wrong length for
// SetUniformBytes.
var errUniformLength = errors.New("curve: SetUniformBytes needs 64 bytes")

// NewScalar returns a new Scalar set to 0.
func NewScalar() *Scalar { return new(Scalar) }

// Set sets s = a and returns s. Constant time.
func (s *Scalar) Set(a *Scalar) *Scalar {
	*s = *a
	return s
}

// SetUint64 sets s = v and returns s. Constant time.
func (s *Scalar) SetUint64(v uint64) *Scalar {
	var b [32]byte
	putUint64(&b, v)
	s.s.SetBytes(&b)
	return s
}

// putUint64 writes v big-endian into the last 8 bytes of b.
func putUint64(b *[32]byte, v uint64) {
	for i := range 8 {
		b[31-i] = byte(v >> (8 * i))
	}
}

// SetCanonicalBytes sets s to the 32-byte big-endian integer b and returns
// s, or returns nil and an error (leaving s unchanged) if b is not 32 bytes
// or encodes a value ≥ n. Constant time in b apart from that outcome, which
// is the function's result.
func (s *Scalar) SetCanonicalBytes(b []byte) (*Scalar, error) {
	if len(b) != 32 {
		return nil, errScalarLength
	}
	var t scalar.Scalar
	over := t.SetBytes((*[32]byte)(b))
	// Whether b is canonical is this function's result (as libsecp256k1's
	// ec_seckey_verify result).
	ctime.Declassify(&over)
	if over != 0 {
		return nil, ErrScalarNotCanonical
	}
	s.s = t
	return s, nil
}

// SetBytes32 sets s = b mod n, reading b as a 256-bit big-endian integer,
// and returns 1 if b ≥ n (the value was reduced), else 0: the fast path for
// callers that hold arrays (decred's ModNScalar.SetBytes). Constant time.
func (s *Scalar) SetBytes32(b *[32]byte) int {
	return s.s.SetBytes(b)
}

// SetReducedBytes sets s = b mod n for 32 big-endian bytes b and returns s;
// it returns nil and an error (s unchanged) only if b is not 32 bytes.
// Constant time.
func (s *Scalar) SetReducedBytes(b []byte) (*Scalar, error) {
	if len(b) != 32 {
		return nil, errScalarLength
	}
	s.s.SetBytes((*[32]byte)(b))
	return s, nil
}

// r256 is 2^256 mod n = 2^256 − n = 0x1_4551231950B75FC4_402DA1732FC9BEBF,
// for the wide reduction of SetUniformBytes.
var r256 = func() scalar.Scalar {
	b := [32]byte{15: 0x01,
		16: 0x45, 17: 0x51, 18: 0x23, 19: 0x19, 20: 0x50, 21: 0xB7, 22: 0x5F, 23: 0xC4,
		24: 0x40, 25: 0x2D, 26: 0xA1, 27: 0x73, 28: 0x2F, 29: 0xC9, 30: 0xBE, 31: 0xBF}
	var s scalar.Scalar
	s.SetBytes(&b)
	return s
}()

// SetUniformBytes sets s to the 64-byte big-endian integer b reduced
// modulo n and returns s; it returns nil and an error (s unchanged) if b is
// not 64 bytes. With 64 uniformly random bytes the result is uniform within
// a statistical distance of 2^−256 (the wide reduction of RFC 9380's
// hash_to_field, and of hash-to-scalar). Constant time.
func (s *Scalar) SetUniformBytes(b []byte) (*Scalar, error) {
	if len(b) != 64 {
		return nil, errUniformLength
	}
	s.setWide((*[64]byte)(b))
	return s, nil
}

// setWide sets s = b mod n for a 512-bit big-endian b: hi·2^256 + lo ≡
// (hi mod n)·(2^256 mod n) + (lo mod n). Constant time.
func (s *Scalar) setWide(b *[64]byte) {
	var hi, lo scalar.Scalar
	hi.SetBytes((*[32]byte)(b[:32]))
	lo.SetBytes((*[32]byte)(b[32:]))
	hi.Mul(&hi, &r256)
	s.s.Add(&hi, &lo)
}

// Bytes returns the 32-byte big-endian encoding of s. Constant time. The
// slice comes from an array in the caller's frame when Bytes is inlined and
// the result does not escape (no allocation).
func (s *Scalar) Bytes() []byte {
	var out [32]byte
	return s.bytes(&out)
}

func (s *Scalar) bytes(out *[32]byte) []byte {
	s.s.Bytes(out)
	return out[:]
}

// Bytes32 returns the 32-byte big-endian encoding of s as an array.
// Constant time.
func (s *Scalar) Bytes32() [32]byte {
	var out [32]byte
	s.s.Bytes(&out)
	return out
}

// Add sets s = a + b mod n and returns s. Constant time.
func (s *Scalar) Add(a, b *Scalar) *Scalar {
	s.s.Add(&a.s, &b.s)
	return s
}

// Subtract sets s = a − b mod n and returns s. Constant time.
func (s *Scalar) Subtract(a, b *Scalar) *Scalar {
	s.s.Sub(&a.s, &b.s)
	return s
}

// Negate sets s = −a mod n and returns s. Constant time.
func (s *Scalar) Negate(a *Scalar) *Scalar {
	s.s.Negate(&a.s)
	return s
}

// Multiply sets s = a·b mod n and returns s. Constant time.
func (s *Scalar) Multiply(a, b *Scalar) *Scalar {
	s.s.Mul(&a.s, &b.s)
	return s
}

// MultiplyAdd sets s = a·b + c mod n and returns s (a Schnorr response in
// one call). Constant time.
func (s *Scalar) MultiplyAdd(a, b, c *Scalar) *Scalar {
	var t scalar.Scalar
	t.Mul(&a.s, &b.s)
	s.s.Add(&t, &c.s)
	return s
}

// Square sets s = a² mod n and returns s. Constant time.
func (s *Scalar) Square(a *Scalar) *Scalar {
	s.s.Square(&a.s)
	return s
}

// Invert sets s = 1/a mod n and returns s; the inverse of 0 is 0.
// Constant time (safegcd with a fixed number of divsteps).
func (s *Scalar) Invert(a *Scalar) *Scalar {
	s.s.Invert(&a.s)
	return s
}

// InvertVarTime sets s = 1/a mod n and returns s; the inverse of 0 is 0.
// Variable time: for public a only.
func (s *Scalar) InvertVarTime(a *Scalar) *Scalar {
	s.s.InvertVar(&a.s)
	return s
}

// Equal returns 1 if s and t are equal, else 0. Constant time.
func (s *Scalar) Equal(t *Scalar) int {
	return s.s.Equal(&t.s)
}

// IsZero returns 1 if s is 0, else 0. Constant time.
func (s *Scalar) IsZero() int {
	return s.s.IsZero()
}

// IsHigh returns 1 if s > (n−1)/2, else 0 (the "high S" of ECDSA).
// Constant time.
func (s *Scalar) IsHigh() int {
	return s.s.IsHigh()
}

// IsOdd returns 1 if s is odd, else 0. Constant time.
func (s *Scalar) IsOdd() int {
	return s.s.IsEven() ^ 1
}

// Select sets s to a if cond is 1 and to b if cond is 0, and returns s.
// cond must be 0 or 1. Constant time.
func (s *Scalar) Select(a, b *Scalar, cond int) *Scalar {
	s.s.Select(&a.s, &b.s, cond)
	return s
}

// CondNegate sets s to −a if cond is 1 and to a if cond is 0, and returns
// s. cond must be 0 or 1. Constant time.
func (s *Scalar) CondNegate(a *Scalar, cond int) *Scalar {
	s.s.CondNegate(&a.s, cond)
	return s
}
