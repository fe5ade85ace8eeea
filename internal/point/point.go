// Package point converts between p256k1's public key types and the internal
// curve types, and encodes internal points in SEC 1 compressed form, for the
// protocol packages (ecdsa, ecdh, schnorr, dleq, ...). The keys' points are
// read and written directly through internal/keyaccess (as package curve
// does), not through their encodings. Every function states its
// side-channel behaviour.
package point

import (
	"unsafe"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/batch"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/keyaccess"
)

// Load sets q to the point of pub (finite, coordinates normalized) and
// reports whether pub is a valid (non-zero) key. It copies the key's point:
// no encoding and decoding (before, it went through the 65-byte
// uncompressed encoding). Not secret-dependent beyond validity.
func Load(q *group.Affine, pub *p256k1.PublicKey) bool {
	m := keyaccess.Pub(unsafe.Pointer(pub))
	if m == nil || !m.OK {
		return false
	}
	*q = m.P
	return true
}

// LoadXOnly sets q to the point of the x-only key pub (the x with an even
// y; finite, coordinates normalized) and reports whether pub is a valid
// key. No square root and no encoding. Not secret-dependent beyond
// validity.
func LoadXOnly(q *group.Affine, pub *p256k1.XOnlyPublicKey) bool {
	m := keyaccess.XOnly(unsafe.Pointer(pub))
	if m == nil || !m.OK {
		return false
	}
	*q = m.P
	return true
}

// PublicKey returns the PublicKey of the finite point a, whose coordinates
// must be normalized and on the curve (as ToAffine or ToAffineVar leave
// them): no encoding and parsing. A point at infinity gives the zero
// (invalid) PublicKey. Variable time only in whether a is infinity.
func PublicKey(a *group.Affine) p256k1.PublicKey {
	var k p256k1.PublicKey
	if a.Infinity != 0 {
		return k
	}
	m := keyaccess.Pub(unsafe.Pointer(&k))
	m.P = *a
	m.OK = true
	return k
}

// FromUncompressed sets q to the point whose uncompressed SEC 1 encoding
// (0x04 ‖ x ‖ y) is b, as a valid PublicKey serializes it: the coordinates
// are below p and on the curve, so nothing is checked. Constant time.
func FromUncompressed(q *group.Affine, b *[65]byte) {
	var x, y field.Element
	x.SetBytes((*[32]byte)(b[1:33]))
	y.SetBytes((*[32]byte)(b[33:65]))
	q.SetXY(&x, &y)
}

// Compress writes the 33-byte SEC 1 compressed encoding of a: 0x02 or 0x03
// by the parity of y, then x. a's coordinates must be normalized (as
// SetJacobian followed by Normalize leaves them). The point at infinity,
// whose coordinates are zero in this library, comes out as 0x02 followed by
// 32 zero bytes, which is also what decred's secp256k1 package writes for
// it. Constant time.
func Compress(out *[33]byte, a *group.Affine) {
	out[0] = 0x02 | byte(a.Y.IsOdd())
	a.X.Bytes((*[32]byte)(out[1:]))
}

// ToAffine sets a to the affine form of j with normalized coordinates,
// (0, 0) with Infinity set for the point at infinity. Constant time.
func ToAffine(a *group.Affine, j *group.Jacobian) {
	a.SetJacobian(j)
	a.X.Normalize()
	a.Y.Normalize()
}

// ToAffineVar is ToAffine in variable time, for public points.
func ToAffineVar(a *group.Affine, j *group.Jacobian) {
	a.SetJacobianVar(j)
	a.X.NormalizeVar()
	a.Y.NormalizeVar()
}

// Decompress parses a 33-byte compressed encoding (prefix 0x02 or 0x03,
// x < p, on the curve) into a, with normalized coordinates. Variable time
// (public input).
func Decompress(a *group.Affine, b []byte) bool {
	if len(b) != 33 || (b[0] != 0x02 && b[0] != 0x03) {
		return false
	}
	var x field.Element
	if x.SetBytes((*[32]byte)(b[1:])) != 0 {
		return false
	}
	if !batch.LiftXVar(a, &x, b[0] == 0x03) {
		return false
	}
	a.X.NormalizeVar()
	a.Y.NormalizeVar()
	return true
}
