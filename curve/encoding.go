package curve

import (
	"errors"

	"github.com/p256k1/p256k1/internal/batch"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

var (
	// ErrInvalidEncoding is returned by the decoders for bytes that are not
	// an encoding of a point: a wrong length or prefix, a coordinate ≥ p,
	// or a point not on the curve.
	ErrInvalidEncoding = errors.New("curve: invalid point encoding")
	// ErrNotOnCurve is returned by SetAffineCoordinates and
	// SetJacobianCoordinates for coordinates that are not a point of the
	// curve.
	ErrNotOnCurve = errors.New("curve: coordinates are not a point on secp256k1")
	// ErrIdentity is returned by the conversions and encodings that have no
	// form for the identity (the point at infinity): x-only and affine
	// coordinates, public keys, and the fixed-size batch encodings.
	ErrIdentity = errors.New("curve: the identity (point at infinity) has no such form")
)

// SetBytes sets p to the point that b encodes in SEC 1 form and returns p:
// 33 bytes 0x02/0x03 ‖ x (compressed), 65 bytes 0x04 ‖ x ‖ y
// (uncompressed), or the single byte 0x00 (the identity). Coordinates must
// be below p and the point on the curve; otherwise it returns nil and
// ErrInvalidEncoding and leaves p unchanged. The hybrid forms 0x06/0x07
// that libsecp256k1 also parses are rejected (p256k1.ParsePublicKey takes
// them). Variable time (public input).
func (p *Point) SetBytes(b []byte) (*Point, error) {
	var a group.Affine
	switch {
	case len(b) == 1 && b[0] == 0:
		return p.SetIdentity(), nil
	case len(b) == 33 && (b[0] == 0x02 || b[0] == 0x03):
		var x field.Element
		if x.SetBytes((*[32]byte)(b[1:33])) != 0 || !batch.LiftXVar(&a, &x, b[0] == 0x03) {
			return nil, ErrInvalidEncoding
		}
	case len(b) == 65 && b[0] == 0x04:
		var x, y field.Element
		if x.SetBytes((*[32]byte)(b[1:33])) != 0 || y.SetBytes((*[32]byte)(b[33:65])) != 0 {
			return nil, ErrInvalidEncoding
		}
		a.SetXY(&x, &y)
		if !a.IsValidVar() {
			return nil, ErrInvalidEncoding
		}
	default:
		return nil, ErrInvalidEncoding
	}
	p.p.SetAffine(&a)
	return p, nil
}

// SetXOnlyBytes sets p to the point with the 32-byte x coordinate b and an
// even y (BIP-340's lift_x) and returns p, or returns nil and
// ErrInvalidEncoding (p unchanged) if b is not 32 bytes, x ≥ p or no point
// has that x. Variable time (public input).
func (p *Point) SetXOnlyBytes(b []byte) (*Point, error) {
	var x field.Element
	var a group.Affine
	if len(b) != 32 || x.SetBytes((*[32]byte)(b)) != 0 || !batch.LiftXVar(&a, &x, false) {
		return nil, ErrInvalidEncoding
	}
	p.p.SetAffine(&a)
	return p, nil
}

// affine sets a to the affine form of p with normalized coordinates
// ((0, 0) for the identity) and returns p's identity flag. Constant time.
func (p *Point) affine(a *group.Affine) int {
	var j group.Jacobian
	p.jacobian(&j)
	a.SetJacobian(&j)
	a.X.Normalize()
	a.Y.Normalize()
	return j.Infinity
}

// Bytes returns the 65-byte uncompressed SEC 1 encoding 0x04 ‖ x ‖ y of p,
// or the single byte 0x00 for the identity. Constant time apart from
// whether p is the identity (one constant-time inversion). No allocation
// when Bytes is inlined and the result does not escape.
func (p *Point) Bytes() []byte {
	var out [65]byte
	return p.bytes(&out)
}

func (p *Point) bytes(out *[65]byte) []byte {
	var a group.Affine
	inf := p.affine(&a)
	// Whether the point is the identity decides the encoding's length.
	ctime.Declassify(&inf)
	if inf != 0 {
		out[0] = 0
		return out[:1]
	}
	out[0] = 0x04
	a.X.Bytes((*[32]byte)(out[1:33]))
	a.Y.Bytes((*[32]byte)(out[33:65]))
	return out[:]
}

// BytesCompressed returns the 33-byte compressed SEC 1 encoding
// 0x02/0x03 ‖ x of p (the prefix by the parity of y), or the single byte
// 0x00 for the identity. Constant time apart from whether p is the
// identity. No allocation when inlined and the result does not escape.
func (p *Point) BytesCompressed() []byte {
	var out [33]byte
	return p.bytesCompressed(&out)
}

func (p *Point) bytesCompressed(out *[33]byte) []byte {
	var a group.Affine
	inf := p.affine(&a)
	// Whether the point is the identity decides the encoding's length.
	ctime.Declassify(&inf)
	if inf != 0 {
		out[0] = 0
		return out[:1]
	}
	out[0] = 0x02 | byte(a.Y.IsOdd())
	a.X.Bytes((*[32]byte)(out[1:33]))
	return out[:]
}

// BytesX returns the 32-byte x coordinate of p, the BIP-340 x-only
// encoding (which stands for the point with this x and an even y), or
// ErrIdentity for the identity. Constant time apart from whether p is the
// identity. No allocation when inlined and the result does not escape.
func (p *Point) BytesX() ([]byte, error) {
	var out [32]byte
	return p.bytesX(&out)
}

func (p *Point) bytesX(out *[32]byte) ([]byte, error) {
	var a group.Affine
	inf := p.affine(&a)
	// Whether the point is the identity is reported as an error.
	ctime.Declassify(&inf)
	if inf != 0 {
		return nil, ErrIdentity
	}
	a.X.Bytes(out)
	return out[:], nil
}

// AffineBytes returns the affine coordinates x and y of p as 32-byte
// big-endian arrays, or ErrIdentity for the identity. Constant time apart
// from whether p is the identity.
func (p *Point) AffineBytes() (x, y [32]byte, err error) {
	var a group.Affine
	inf := p.affine(&a)
	// Whether the point is the identity is reported as an error.
	ctime.Declassify(&inf)
	if inf != 0 {
		return x, y, ErrIdentity
	}
	a.X.Bytes(&x)
	a.Y.Bytes(&y)
	return x, y, nil
}

// AffineCoordinates sets x and y to the affine coordinates of p, or
// returns ErrIdentity (x and y set to 0) for the identity. Constant time
// apart from whether p is the identity (one constant-time inversion).
func (p *Point) AffineCoordinates(x, y *FieldElement) error {
	var a group.Affine
	inf := p.affine(&a)
	x.e, y.e = a.X, a.Y
	// Whether the point is the identity is reported as an error.
	ctime.Declassify(&inf)
	if inf != 0 {
		return ErrIdentity
	}
	return nil
}

// SetAffineCoordinates sets p to the point (x, y) and returns p, or returns
// nil and ErrNotOnCurve (p unchanged) if (x, y) is not on the curve.
// Constant time apart from that outcome.
func (p *Point) SetAffineCoordinates(x, y *FieldElement) (*Point, error) {
	var lhs, rhs, seven field.Element
	lhs.Square(&y.e)
	rhs.Square(&x.e)
	rhs.Mul(&rhs, &x.e)
	seven.SetInt(7)
	rhs.Add(&rhs, &seven)
	ok := lhs.Equal(&rhs)
	// Whether the coordinates are on the curve is the function's result.
	ctime.Declassify(&ok)
	if ok == 0 {
		return nil, ErrNotOnCurve
	}
	p.p.X, p.p.Y = x.e, y.e
	p.p.Z.One()
	p.p.Infinity = 0
	return p, nil
}

// SetJacobianCoordinates sets p to the point (X/Z², Y/Z³), or to the
// identity if Z is 0, and returns p; it returns nil and ErrNotOnCurve
// (p unchanged) if Z ≠ 0 and the point is not on the curve
// (Y² ≠ X³ + 7·Z⁶). Constant time apart from that outcome.
func (p *Point) SetJacobianCoordinates(X, Y, Z *FieldElement) (*Point, error) {
	var lhs, rhs, z2, z6, seven field.Element
	lhs.Square(&Y.e)
	rhs.Square(&X.e)
	rhs.Mul(&rhs, &X.e)
	z2.Square(&Z.e)
	z6.Square(&z2)
	z6.Mul(&z6, &z2)
	seven.SetInt(7)
	z6.Mul(&z6, &seven)
	rhs.Add(&rhs, &z6)
	ok := lhs.Equal(&rhs) | Z.e.NormalizesToZero()
	// Whether the coordinates are on the curve is the function's result.
	ctime.Declassify(&ok)
	if ok == 0 {
		return nil, ErrNotOnCurve
	}
	return p.SetJacobianCoordinatesUnchecked(X, Y, Z), nil
}

// SetJacobianCoordinatesUnchecked sets p to (X/Z², Y/Z³), or to the
// identity if Z is 0, without checking that it is on the curve, and
// returns p: the fast path for a caller whose coordinates come from this
// package (decred's JacobianPoint, whose functions do not check either).
// An off-curve point gives meaningless results, and multiplying a secret
// scalar by one may leak it (invalid-curve attacks): never feed it
// untrusted coordinates. Constant time.
func (p *Point) SetJacobianCoordinatesUnchecked(X, Y, Z *FieldElement) *Point {
	p.p.X, p.p.Y, p.p.Z = X.e, Y.e, Z.e
	p.p.Infinity = Z.e.NormalizesToZero()
	return p
}

// JacobianCoordinates sets X, Y and Z to Jacobian coordinates of p
// (p = (X/Z², Y/Z³); which representative is unspecified), or all three to
// 0 for the identity. No inversion. Constant time.
func (p *Point) JacobianCoordinates(X, Y, Z *FieldElement) {
	inf := p.isInf()
	var zero field.Element
	X.e.Set(&p.p.X).NormalizeWeak()
	Y.e.Set(&p.p.Y).NormalizeWeak()
	Z.e.Set(&p.p.Z).NormalizeWeak()
	X.e.CMove(&zero, inf)
	Y.e.CMove(&zero, inf)
	Z.e.CMove(&zero, inf)
}

// BatchBytesCompressed writes the 33-byte compressed SEC 1 encoding of
// points[i] to out[i], for every i, with one field inversion for all of
// them (Montgomery's trick) instead of one per point. An identity point,
// which has no 33-byte encoding, comes out as 33 zero bytes (as decred
// writes it), and the function then returns ErrIdentity after writing
// every other point. It returns an error without writing if the lengths
// differ. It does not allocate: out serves as scratch space. Constant time
// apart from whether some point is the identity.
func BatchBytesCompressed(out [][33]byte, points []*Point) error {
	if len(out) != len(points) {
		return errBatchLength
	}
	return batchEncode(out, nil, points)
}

// BatchBytes writes the 65-byte uncompressed SEC 1 encoding of points[i]
// to out[i], as BatchBytesCompressed does (an identity point as 65 zero
// bytes, then ErrIdentity). Constant time apart from whether some point is
// the identity.
func BatchBytes(out [][65]byte, points []*Point) error {
	if len(out) != len(points) {
		return errBatchLength
	}
	return batchEncode(nil, out, points)
}

var errBatchLength = errors.New("curve: batch encoding: len(out) != len(points)")

// batchEncode writes the compressed (comp != nil) or uncompressed encoding
// of every point with one constant-time inversion (Montgomery's trick).
// Bytes 1 to 32 of each output hold the prefix product up to that point
// between the two passes. Returns ErrIdentity if some point is the
// identity. Constant time apart from that result.
func batchEncode(comp [][33]byte, unc [][65]byte, points []*Point) error {
	n := len(points)
	if n == 0 {
		return nil
	}
	scratch := func(i int) *[32]byte {
		if comp != nil {
			return (*[32]byte)(comp[i][1:33])
		}
		return (*[32]byte)(unc[i][1:33])
	}
	var acc, one, z field.Element
	one.One()
	anyInf := 0
	// Forward: scratch(i) = Z_0·…·Z_i, with 1 in place of an identity's Z.
	acc.One()
	for i, q := range points {
		inf := q.isInf()
		anyInf |= inf
		z.Select(&one, &q.p.Z, inf)
		acc.Mul(&acc, &z)
		t := acc
		t.Normalize()
		t.Bytes(scratch(i))
	}
	var u field.Element
	u.Invert(&acc) // 1/(Z_0·…·Z_{n−1})
	// Backward: 1/Z_i = u·prefix(i−1) with u = 1/(Z_0·…·Z_i); then
	// u ← u·Z_i. Output i is written after prefix(i) was last read.
	for i := n - 1; i >= 0; i-- {
		q := points[i]
		inf := q.isInf()
		zi := u
		if i > 0 {
			var prev field.Element
			prev.SetBytes(scratch(i - 1))
			zi.Mul(&u, &prev)
		}
		z.Select(&one, &q.p.Z, inf)
		u.Mul(&u, &z)
		var a group.Affine
		a.SetJacobianZInv(&q.p, &zi)
		a.X.Normalize()
		a.Y.Normalize()
		// An identity's output is all zero bytes: masked, not branched.
		m := byte(inf) - 1 // 0xFF for a finite point, 0 for the identity
		if comp != nil {
			o := &comp[i]
			o[0] = 0x02 | byte(a.Y.IsOdd())
			a.X.Bytes((*[32]byte)(o[1:33]))
			for j := range o {
				o[j] &= m
			}
		} else {
			o := &unc[i]
			o[0] = 0x04
			a.X.Bytes((*[32]byte)(o[1:33]))
			a.Y.Bytes((*[32]byte)(o[33:65]))
			for j := range o {
				o[j] &= m
			}
		}
	}
	// Whether some point was the identity is reported as an error.
	ctime.Declassify(&anyInf)
	if anyInf != 0 {
		return ErrIdentity
	}
	return nil
}
