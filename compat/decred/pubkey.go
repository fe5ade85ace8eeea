package secp256k1

import "fmt"

// Lengths and first bytes of SEC 1 public-key encodings.
const (
	// PubKeyBytesLenCompressed is the length of a compressed key.
	PubKeyBytesLenCompressed = 33

	// PubKeyBytesLenUncompressed is the length of an uncompressed (or
	// hybrid) key.
	PubKeyBytesLenUncompressed = 65

	// PubKeyFormatCompressedEven starts a compressed key with even y.
	PubKeyFormatCompressedEven byte = 0x02

	// PubKeyFormatCompressedOdd starts a compressed key with odd y.
	PubKeyFormatCompressedOdd byte = 0x03

	// PubKeyFormatUncompressed starts an uncompressed key.
	PubKeyFormatUncompressed byte = 0x04

	// PubKeyFormatHybridEven starts a hybrid key (X9.62) with even y:
	// parsed, never produced.
	PubKeyFormatHybridEven byte = 0x06

	// PubKeyFormatHybridOdd starts a hybrid key with odd y: parsed, never
	// produced.
	PubKeyFormatHybridOdd byte = 0x07
)

// PublicKey is a secp256k1 public key: a point given by its affine
// coordinates.
type PublicKey struct {
	x FieldVal
	y FieldVal
}

// NewPublicKey returns the public key (x, y); the coordinates are not
// checked (see IsOnCurve).
func NewPublicKey(x, y *FieldVal) *PublicKey {
	var k PublicKey
	k.x.Set(x)
	k.y.Set(y)
	return &k
}

// ParsePubKey parses a compressed (33 bytes), uncompressed or hybrid (65
// bytes) SEC 1 public key and checks that it is on the curve. Errors wrap
// the ErrorKind that says why, as decred's do.
func ParsePubKey(serialized []byte) (key *PublicKey, err error) {
	var x, y FieldVal
	switch len(serialized) {
	case PubKeyBytesLenUncompressed:
		format := serialized[0]
		hybrid := format == PubKeyFormatHybridEven || format == PubKeyFormatHybridOdd
		if format != PubKeyFormatUncompressed && !hybrid {
			return nil, makeError(ErrPubKeyInvalidFormat,
				fmt.Sprintf("invalid public key: unsupported format: %x", format))
		}
		if x.SetByteSlice(serialized[1:33]) {
			return nil, makeError(ErrPubKeyXTooBig, "invalid public key: x >= field prime")
		}
		if y.SetByteSlice(serialized[33:]) {
			return nil, makeError(ErrPubKeyYTooBig, "invalid public key: y >= field prime")
		}
		if hybrid && y.IsOdd() != (format == PubKeyFormatHybridOdd) {
			return nil, makeError(ErrPubKeyMismatchedOddness, fmt.Sprintf(
				"invalid public key: y oddness does not match specified value of %v",
				format == PubKeyFormatHybridOdd))
		}
		if !isOnCurve(&x, &y) {
			return nil, makeError(ErrPubKeyNotOnCurve, fmt.Sprintf(
				"invalid public key: [%v,%v] not on secp256k1 curve", x, y))
		}
	case PubKeyBytesLenCompressed:
		format := serialized[0]
		if format != PubKeyFormatCompressedEven && format != PubKeyFormatCompressedOdd {
			return nil, makeError(ErrPubKeyInvalidFormat,
				fmt.Sprintf("invalid public key: unsupported format: %x", format))
		}
		if x.SetByteSlice(serialized[1:33]) {
			return nil, makeError(ErrPubKeyXTooBig, "invalid public key: x >= field prime")
		}
		if !DecompressY(&x, format == PubKeyFormatCompressedOdd, &y) {
			return nil, makeError(ErrPubKeyNotOnCurve, fmt.Sprintf(
				"invalid public key: x coordinate %v is not on the secp256k1 curve", x))
		}
	default:
		return nil, makeError(ErrPubKeyInvalidLen,
			fmt.Sprintf("malformed public key: invalid length: %d", len(serialized)))
	}
	return NewPublicKey(&x, &y), nil
}

// SerializeUncompressed returns the 65-byte uncompressed encoding.
func (p PublicKey) SerializeUncompressed() []byte {
	b := make([]byte, PubKeyBytesLenUncompressed)
	b[0] = PubKeyFormatUncompressed
	p.x.PutBytesUnchecked(b[1:33])
	p.y.PutBytesUnchecked(b[33:65])
	return b
}

// SerializeCompressed returns the 33-byte compressed encoding.
func (p PublicKey) SerializeCompressed() []byte {
	b := make([]byte, PubKeyBytesLenCompressed)
	b[0] = PubKeyFormatCompressedEven | byte(p.y.IsOddBit())
	p.x.PutBytesUnchecked(b[1:33])
	return b
}

// IsEqual reports whether p and otherPubKey are the same key.
func (p *PublicKey) IsEqual(otherPubKey *PublicKey) bool {
	return p.x.Equals(&otherPubKey.x) && p.y.Equals(&otherPubKey.y)
}

// AsJacobian sets result to the key's point with Z = 1.
func (p *PublicKey) AsJacobian(result *JacobianPoint) {
	result.X.Set(&p.x)
	result.Y.Set(&p.y)
	result.Z.SetInt(1)
}

// IsOnCurve reports whether the key's point is on the curve.
func (p *PublicKey) IsOnCurve() bool {
	return isOnCurve(&p.x, &p.y)
}
