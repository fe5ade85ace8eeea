package crossgroup

import (
	"errors"

	"filippo.io/edwards25519"

	"github.com/p256k1/p256k1"
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
// and a 64-byte ed25519 signature; anything else is ErrMalformedProof. The
// per-bit commitments are decoded and checked by Verify, which has to
// decode them anyway and does so in parallel. Variable time; it allocates
// the Proof.
//
// go-dleq's own decoder is laxer (it reduces secp256k1 scalars ≥ n,
// accepts non-canonical ed25519 point encodings and ignores trailing
// bytes); go-dleq never produces such encodings.
func ParseProof(b []byte) (*Proof, error) {
	if len(b) < MinSize || len(b) > MaxSize {
		return nil, ErrMalformedProof
	}
	p := new(Proof)
	pos := 0
	pos += copy(p.secpPub[:], b[pos:])
	pos += copy(p.edPub[:], b[pos:])
	if _, err := p256k1.ParsePublicKey(p.secpPub[:]); err != nil || !edCanonicalPoint(p.edPub[:]) {
		return nil, ErrMalformedProof
	}
	if b[pos] != Bits {
		return nil, ErrMalformedProof
	}
	pos++
	for i := range p.bits {
		bp := &p.bits[i]
		pos += copy(bp[:], b[pos:pos+bitProofSize])
		if !secpCanonicalScalar(bp[offESecp:]) || !secpCanonicalScalar(bp[offA0:]) || !secpCanonicalScalar(bp[offA1:]) ||
			!edCanonicalScalar(bp[offEEd:]) || !edCanonicalScalar(bp[offB0:]) || !edCanonicalScalar(bp[offB1:]) {
			return nil, ErrMalformedProof
		}
	}
	n := int(b[pos])
	pos++
	if n > ecdsa.MaxDERSize || len(b) != pos+n+1+edSigSize {
		return nil, ErrMalformedProof
	}
	if _, err := ecdsa.ParseDER(b[pos : pos+n]); err != nil {
		return nil, ErrMalformedProof
	}
	p.sigLen = copy(p.sigSecp[:], b[pos:pos+n])
	pos += n
	if b[pos] != edSigSize {
		return nil, ErrMalformedProof
	}
	pos++
	copy(p.sigEd[:], b[pos:])
	if !edCanonicalPoint(p.sigEd[:32]) || !edCanonicalScalar(p.sigEd[32:]) {
		return nil, ErrMalformedProof
	}
	return p, nil
}

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
// on the curve and b must be the encoding that p.Bytes() gives back (y
// below p, and no "negative zero" x). Variable time.
func edDecode(p *edwards25519.Point, b []byte) bool {
	if _, err := p.SetBytes(b[:32]); err != nil {
		return false
	}
	return [32]byte(p.Bytes()) == [32]byte(b[:32])
}
