package curve

import (
	"unsafe"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/keyaccess"
)

// Conversions between the curve types and the root package's keys. They
// read and write the keys' representation directly (internal/keyaccess,
// whose layout the root package checks at compile time), so no key is
// encoded and parsed on the way.

// SetPublicKey sets p to the point of k and returns p, or returns nil and
// p256k1.ErrInvalidPublicKey (p unchanged) if k is nil or the zero
// PublicKey. Constant time apart from k's validity.
func (p *Point) SetPublicKey(k *p256k1.PublicKey) (*Point, error) {
	m := keyaccess.Pub(unsafe.Pointer(k))
	if m == nil || !m.OK {
		return nil, p256k1.ErrInvalidPublicKey
	}
	p.p.SetAffine(&m.P)
	return p, nil
}

// PublicKey returns p as a PublicKey, or p256k1.ErrInvalidPublicKey if p is
// the identity, which no PublicKey represents. The point is public once it
// is a key: the conversion is constant time (one constant-time inversion),
// and the result is declassified, as p256k1 does for derived public keys.
func (p *Point) PublicKey() (p256k1.PublicKey, error) {
	var k p256k1.PublicKey
	m := keyaccess.Pub(unsafe.Pointer(&k))
	inf := p.affine(&m.P)
	// A public key is public by design (libsecp256k1 declassifies derived
	// public keys the same way).
	ctime.Declassify(&m.P)
	ctime.Declassify(&inf)
	if inf != 0 {
		return p256k1.PublicKey{}, p256k1.ErrInvalidPublicKey
	}
	m.OK = true
	return k, nil
}

// SetXOnlyPublicKey sets p to the point of k (the x-only key's x with an
// even y) and returns p, or returns nil and p256k1.ErrInvalidPublicKey
// (p unchanged) if k is nil or the zero XOnlyPublicKey. Constant time apart
// from k's validity.
func (p *Point) SetXOnlyPublicKey(k *p256k1.XOnlyPublicKey) (*Point, error) {
	m := keyaccess.XOnly(unsafe.Pointer(k))
	if m == nil || !m.OK {
		return nil, p256k1.ErrInvalidPublicKey
	}
	p.p.SetAffine(&m.P)
	return p, nil
}

// XOnlyPublicKey returns the BIP-340 x-only key of p (its x; the key stands
// for the point with that x and an even y) and the parity of p's y (1 if
// odd, when the key stands for −p), or p256k1.ErrInvalidPublicKey if p is
// the identity. Constant time; the result is declassified, as a public key.
func (p *Point) XOnlyPublicKey() (p256k1.XOnlyPublicKey, int, error) {
	var k p256k1.XOnlyPublicKey
	m := keyaccess.XOnly(unsafe.Pointer(&k))
	inf := p.affine(&m.P)
	parity := m.P.Y.IsOdd()
	var neg group.Affine
	neg.Negate(&m.P)
	neg.Y.Normalize()
	m.P.Y.CMove(&neg.Y, parity)
	// A public key and its parity are public by design.
	ctime.Declassify(&m.P)
	ctime.Declassify(&inf)
	ctime.Declassify(&parity)
	if inf != 0 {
		return p256k1.XOnlyPublicKey{}, 0, p256k1.ErrInvalidPublicKey
	}
	m.OK = true
	return k, parity, nil
}

// SetPrivateKey sets s to the secret scalar of k and returns s, or returns
// nil and p256k1.ErrInvalidPrivateKey (s unchanged) if k is nil or the zero
// PrivateKey. Constant time apart from k's validity.
func (s *Scalar) SetPrivateKey(k *p256k1.PrivateKey) (*Scalar, error) {
	m := keyaccess.Priv(unsafe.Pointer(k))
	if m == nil {
		return nil, p256k1.ErrInvalidPrivateKey
	}
	zero := m.D.IsZero()
	// Public: d is zero only for the zero value or after Zero (as
	// PrivateKey.IsValid declassifies it).
	ctime.Declassify(&zero)
	if zero != 0 {
		return nil, p256k1.ErrInvalidPrivateKey
	}
	s.s = m.D
	return s, nil
}

// PrivateKey returns s as a PrivateKey, or p256k1.ErrInvalidPrivateKey if s
// is 0, which is not a key. Constant time apart from that outcome.
func (s *Scalar) PrivateKey() (p256k1.PrivateKey, error) {
	zero := s.s.IsZero()
	// Whether s is a valid key is the function's result (as
	// NewPrivateKey's).
	ctime.Declassify(&zero)
	if zero != 0 {
		return p256k1.PrivateKey{}, p256k1.ErrInvalidPrivateKey
	}
	var k p256k1.PrivateKey
	keyaccess.Priv(unsafe.Pointer(&k)).D = s.s
	return k, nil
}

// NewPublicKey returns the PublicKey with affine coordinates (x, y), or
// p256k1.ErrInvalidPublicKey if (x, y) is not on the curve: the fast path
// from coordinates to a key (as decred's NewPublicKey), with no encoding,
// parsing or inversion. Constant time apart from the returned validity
// (the coordinates of a public key are public).
func NewPublicKey(x, y *FieldElement) (p256k1.PublicKey, error) {
	var p Point
	if _, err := p.SetAffineCoordinates(x, y); err != nil {
		return p256k1.PublicKey{}, p256k1.ErrInvalidPublicKey
	}
	var k p256k1.PublicKey
	m := keyaccess.Pub(unsafe.Pointer(&k))
	m.P.X, m.P.Y = x.e, y.e
	m.P.X.Normalize()
	m.P.Y.Normalize()
	m.P.Infinity = 0
	// A public key is public by design.
	ctime.Declassify(&m.P)
	m.OK = true
	return k, nil
}

// PublicKeyCoordinates sets x and y to the affine coordinates of k, or
// returns p256k1.ErrInvalidPublicKey (x, y unchanged) if k is nil or the
// zero PublicKey. A copy: no inversion. Constant time apart from k's
// validity.
func PublicKeyCoordinates(k *p256k1.PublicKey, x, y *FieldElement) error {
	m := keyaccess.Pub(unsafe.Pointer(k))
	if m == nil || !m.OK {
		return p256k1.ErrInvalidPublicKey
	}
	x.e, y.e = m.P.X, m.P.Y
	return nil
}
