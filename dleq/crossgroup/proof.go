package crossgroup

import (
	"errors"
	"fmt"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/dleq/crossgroup/internal/ed"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Bits is the number of witness bits: the smaller of go-dleq's bit sizes
// for the two curves (255 for secp256k1, 252 for ed25519). Secrets are
// below 2^Bits.
const Bits = 252

// Sizes of the encoding.
const (
	// bitProofSize is one bit's proof: the two commitments (33 + 32 bytes)
	// and six 32-byte scalars.
	bitProofSize = 33 + 32 + 6*32
	// edSigSize is the length of the ed25519 signature R ‖ s.
	edSigSize = 64
	// MinSize and MaxSize bound the length of an encoded proof; it varies
	// only with the length of the DER-encoded secp256k1 signature.
	MinSize = 33 + 32 + 1 + Bits*bitProofSize + 1 + 8 + 1 + edSigSize
	MaxSize = MinSize - 8 + ecdsa.MaxDERSize
)

// Offsets inside one bit's proof.
const (
	offCommitSecp = 0
	offCommitEd   = 33
	offESecp      = 65  // challenge on secp256k1
	offEEd        = 97  // challenge on ed25519
	offA0         = 129 // secp256k1 responses
	offA1         = 161
	offB0         = 193 // ed25519 responses
	offB1         = 225
)

// Errors. Compare with errors.Is; Verify wraps ErrInvalidProof with the
// failing part.
var (
	// ErrInvalidSecret: a secret that is zero or not below 2^252.
	ErrInvalidSecret = errors.New("crossgroup: secret must be in [1, 2^252)")
	// ErrMalformedProof: bytes that are not a proof in go-dleq's encoding
	// for these curves with a 252-bit witness.
	ErrMalformedProof = errors.New("crossgroup: malformed proof")
	// ErrInvalidProof: a well-formed proof that does not verify.
	ErrInvalidProof = errors.New("crossgroup: invalid proof")
)

// Specific errors. Each wraps ErrMalformedProof (those ParseProof returns)
// or ErrInvalidProof (those Verify returns), so errors.Is matches both the
// specific error and its family.
var (
	// ErrTruncated: fewer bytes than the proof's fields need.
	ErrTruncated = fmt.Errorf("%w: truncated", ErrMalformedProof)
	// ErrTrailingBytes: bytes after the ed25519 signature (go-dleq ignores
	// them; we do not).
	ErrTrailingBytes = fmt.Errorf("%w: trailing bytes", ErrMalformedProof)
	// ErrBitCount: a bit-count byte other than 252. go-dleq panics on 0
	// and, for 253, accepts a forged proof: the extra commitment enters the
	// commitment sums but its ring signature is never checked.
	ErrBitCount = fmt.Errorf("%w: bit count is not 252", ErrMalformedProof)
	// ErrNonCanonicalScalar: a scalar not below its group's order.
	ErrNonCanonicalScalar = fmt.Errorf("%w: non-canonical scalar", ErrMalformedProof)
	// ErrInvalidPoint: a public point or signature point that is not the
	// canonical encoding of a point on its curve, or the identity.
	ErrInvalidPoint = fmt.Errorf("%w: invalid point encoding", ErrMalformedProof)
	// ErrSignatureEncoding: a secp256k1 signature that is not strict DER
	// with r, s in [1, n−1], or an ed25519 signature length byte other
	// than 64.
	ErrSignatureEncoding = fmt.Errorf("%w: signature encoding", ErrMalformedProof)

	// ErrInvalidCommitment: a bit commitment that does not decode
	// (off-curve or, on ed25519, non-canonical).
	ErrInvalidCommitment = fmt.Errorf("%w: bit commitment encoding", ErrInvalidProof)
	// ErrRingSignature: a bit's ring signature does not close.
	ErrRingSignature = fmt.Errorf("%w: bit ring signature", ErrInvalidProof)
	// ErrCommitmentSum: the bit commitments weighted by 2^i do not sum to
	// the public point.
	ErrCommitmentSum = fmt.Errorf("%w: commitments do not sum to the public point", ErrInvalidProof)
	// ErrSignature: a signature of knowledge of x does not verify.
	ErrSignature = fmt.Errorf("%w: signature", ErrInvalidProof)
	// ErrSmallOrder: the ed25519 public point has a small-order component.
	ErrSmallOrder = fmt.Errorf("%w: ed25519 public point has a small-order component", ErrInvalidProof)
)

// Proof is a cross-group DLEQ proof that a secp256k1 point and an ed25519
// point are x·G on their curves for one secret x < 2^252, in go-dleq's
// encoding. It holds the encoded form (about 65 KB); parse it with
// ParseProof and check it with Verify before trusting the points.
//
// A Proof is public data: its methods run in variable time.
type Proof struct {
	secpPub [33]byte // x·G on secp256k1, compressed
	edPub   [32]byte // x·G on ed25519
	bits    [Bits][bitProofSize]byte
	sigSecp [ecdsa.MaxDERSize]byte // DER ECDSA signature by x of SHA-256(secpPub)
	sigLen  int
	sigEd   [edSigSize]byte // go-dleq's Schnorr-style ed25519 signature
}

// Size returns the length of p's encoding.
func (p *Proof) Size() int { return MinSize - 8 + p.sigLen }

// Bytes returns go-dleq's serialization of p: the secp256k1 point
// (33 bytes, compressed), the ed25519 point (32 bytes), the number of bits
// (one byte, 252), for each bit from the least significant its secp256k1
// and ed25519 commitments, the challenges on secp256k1 and ed25519, the two
// secp256k1 responses and the two ed25519 responses (secp256k1 scalars big
// endian, ed25519 scalars little endian), then a length byte and the DER
// ECDSA signature, and a length byte and the 64-byte ed25519 signature.
func (p *Proof) Bytes() []byte {
	return p.AppendBytes(make([]byte, 0, p.Size()))
}

// AppendBytes appends the encoding of p (see Bytes) to dst.
func (p *Proof) AppendBytes(dst []byte) []byte {
	dst = append(dst, p.secpPub[:]...)
	dst = append(dst, p.edPub[:]...)
	dst = append(dst, Bits)
	for i := range p.bits {
		dst = append(dst, p.bits[i][:]...)
	}
	dst = append(dst, byte(p.sigLen))
	dst = append(dst, p.sigSecp[:p.sigLen]...)
	dst = append(dst, edSigSize)
	return append(dst, p.sigEd[:]...)
}

// SecpPublicKey returns the proof's secp256k1 point x·G. The point is only
// known to share its secret with EdPublicKey after Verify succeeds.
func (p *Proof) SecpPublicKey() p256k1.PublicKey {
	k, _ := p256k1.ParsePublicKey(p.secpPub[:]) // checked by ParseProof
	return k
}

// EdPublicKey returns the encoding of the proof's ed25519 point x·G (see
// SecpPublicKey).
func (p *Proof) EdPublicKey() [32]byte { return p.edPub }

// ParseProof parses go-dleq's serialization (see Proof.Bytes). It checks
// the structure strictly: the exact length, a bit count of 252, both
// public points valid and canonically encoded, every scalar canonical
// (below n or ℓ), a strict-DER ECDSA signature with r and s in [1, n−1]
// and a 64-byte ed25519 signature. Anything else is an error wrapping
// ErrMalformedProof that says which: ErrTruncated, ErrTrailingBytes,
// ErrBitCount, ErrInvalidPoint, ErrNonCanonicalScalar or
// ErrSignatureEncoding. The
// per-bit commitments are decoded and checked by Verify, which has to
// decode them anyway and does so in parallel. Variable time; it allocates
// the Proof.
//
// go-dleq's own decoder is laxer (it reduces secp256k1 scalars ≥ n,
// accepts non-canonical ed25519 point encodings, ignores trailing bytes,
// panics on a bit count of 0 and accepts a forged proof with 253 bits; see
// the package documentation); go-dleq never produces such encodings.
func ParseProof(b []byte) (*Proof, error) {
	const hdr = 33 + 32 + 1
	if len(b) < hdr {
		return nil, ErrTruncated
	}
	p := new(Proof)
	pos := 0
	pos += copy(p.secpPub[:], b[pos:])
	pos += copy(p.edPub[:], b[pos:])
	if _, err := p256k1.ParsePublicKey(p.secpPub[:]); err != nil || !edCanonicalPoint(p.edPub[:]) || p.edPub == edIdentity {
		return nil, ErrInvalidPoint
	}
	// The bit count before the length: a proof with another count has
	// another length, and the count is the precise complaint.
	if b[pos] != Bits {
		return nil, ErrBitCount
	}
	pos++
	if len(b) < MinSize {
		return nil, ErrTruncated
	}
	if len(b) > MaxSize {
		return nil, ErrTrailingBytes
	}
	for i := range p.bits {
		bp := &p.bits[i]
		pos += copy(bp[:], b[pos:pos+bitProofSize])
		if !secpCanonicalScalar(bp[offESecp:]) || !secpCanonicalScalar(bp[offA0:]) || !secpCanonicalScalar(bp[offA1:]) ||
			!edCanonicalScalar(bp[offEEd:]) || !edCanonicalScalar(bp[offB0:]) || !edCanonicalScalar(bp[offB1:]) {
			return nil, ErrNonCanonicalScalar
		}
	}
	n := int(b[pos])
	pos++
	if n > ecdsa.MaxDERSize {
		return nil, ErrSignatureEncoding
	}
	switch want := pos + n + 1 + edSigSize; {
	case len(b) < want:
		return nil, ErrTruncated
	case len(b) > want:
		return nil, ErrTrailingBytes
	}
	if _, err := ecdsa.ParseDER(b[pos : pos+n]); err != nil {
		return nil, ErrSignatureEncoding
	}
	p.sigLen = copy(p.sigSecp[:], b[pos:pos+n])
	pos += n
	if b[pos] != edSigSize {
		return nil, ErrSignatureEncoding
	}
	pos++
	copy(p.sigEd[:], b[pos:])
	if !edCanonicalPoint(p.sigEd[:32]) {
		return nil, ErrInvalidPoint
	}
	if !edCanonicalScalar(p.sigEd[32:]) {
		return nil, ErrNonCanonicalScalar
	}
	return p, nil
}

// edIdentity is the encoding of the ed25519 identity, which is never x·G
// for x in [1, 2^252).
var edIdentity = [32]byte{0: 1}

// secpCanonicalScalar reports whether the 32 big-endian bytes at b are
// below n. Variable time.
func secpCanonicalScalar(b []byte) bool {
	var s scalar.Scalar
	return s.SetBytes((*[32]byte)(b[:32])) == 0
}

// edCanonicalScalar reports whether the 32 little-endian bytes at b are
// below ℓ.
func edCanonicalScalar(b []byte) bool {
	var s edwards25519.Scalar
	_, err := s.SetCanonicalBytes(b[:32])
	return err == nil
}

// edCanonicalPoint reports whether b[:32] is the canonical encoding of a
// point on edwards25519. Variable time.
func edCanonicalPoint(b []byte) bool {
	var p edwards25519.Point
	return edDecode(&p, b)
}

// edDecode decodes the canonical encoding b[:32] into p: the point must be
// on the curve and b must be the encoding that p.Bytes() gives back: y
// below 2^255 − 19, and the sign bit clear when x = 0 (y = ±1), the
// "negative zero" that edwards25519's SetBytes accepts. Variable time.
func edDecode(p *edwards25519.Point, b []byte) bool {
	if _, err := p.SetBytes(b[:32]); err != nil || !edCanonicalY(b) {
		return false
	}
	if b[31]&0x80 != 0 {
		X, _, _, _ := p.ExtendedCoordinates()
		if X.Equal(new(field.Element)) == 1 {
			return false
		}
	}
	return true
}

// edDecodeVar is edDecode into the internal representation.
func edDecodeVar(p *ed.Point, b []byte) bool {
	var q edwards25519.Point
	if !edDecode(&q, b) {
		return false
	}
	p.FromEdwards(&q)
	return true
}

// edCanonicalY reports whether the 255-bit little-endian y of the
// encoding b[:32] (its top bit, the sign of x, cleared) is below
// p = 2^255 − 19, whose bytes are ed ff … ff 7f.
func edCanonicalY(b []byte) bool {
	if b[31]&0x7f != 0x7f {
		return true
	}
	for i := 30; i >= 1; i-- {
		if b[i] != 0xff {
			return true
		}
	}
	return b[0] < 0xed
}
