package ecdsa

import "github.com/p256k1/p256k1/internal/scalar"

// Signature is an ECDSA signature (r, s), two integers modulo the group
// order n, as libsecp256k1's secp256k1_ecdsa_signature holds it.
//
// Every Signature that this package produces, or that ParseDER and
// ParseCompact accept, has r and s in [1, n−1]; only ParseDERLax may give
// the all-zero signature (as libsecp256k1's lax parser does), and
// RecoverableSignature.Signature one with r or s zero (ParseRecoverable
// accepts those, as libsecp256k1 does); neither ever verifies. The zero value is the all-zero signature, which
// never verifies. Signature is a comparable value type: == compares the
// values. Signatures are public; its methods run in variable time.
type Signature struct {
	r, s scalar.Scalar
}

// zeroSignature is the zero Signature, read-only: what the methods of a nil
// *Signature read.
var zeroSignature Signature

// CompactSize is the length of the compact encoding r ‖ s.
const CompactSize = 64

// ParseCompact parses the 64-byte compact encoding r ‖ s (32 bytes each,
// big endian). It returns ErrInvalidSignature if r or s is zero or ≥ n
// (libsecp256k1's parse_compact lets zero through, to fail at
// verification; the verification outcome is the same). The signature may be
// high-S. Variable time; it does not
// allocate.
func ParseCompact(b *[CompactSize]byte) (Signature, error) {
	var sig Signature
	if b == nil {
		return Signature{}, ErrInvalidSignature
	}
	over := sig.r.SetBytes((*[32]byte)(b[:32]))
	over |= sig.s.SetBytes((*[32]byte)(b[32:]))
	if over|sig.r.IsZero()|sig.s.IsZero() != 0 {
		return Signature{}, ErrInvalidSignature
	}
	return sig, nil
}

// SerializeCompact returns the 64-byte compact encoding r ‖ s
// (secp256k1_ecdsa_signature_serialize_compact); 64 zero bytes for a nil
// sig. Variable time (public data).
func (sig *Signature) SerializeCompact() [CompactSize]byte {
	var out [CompactSize]byte
	if sig == nil {
		return out
	}
	sig.r.Bytes((*[32]byte)(out[:32]))
	sig.s.Bytes((*[32]byte)(out[32:]))
	return out
}

// IsLowS reports whether s ≤ n/2, the form Verify requires (Bitcoin's
// LOW_S policy, BIP-146). A nil sig reads as the zero Signature (s = 0,
// low). Variable time (public data).
func (sig *Signature) IsLowS() bool {
	if sig == nil {
		return true
	}
	return sig.s.IsHigh() == 0
}

// NormalizeS replaces s by n − s if s > n/2, and reports whether it did
// (secp256k1_ecdsa_signature_normalize). Both forms are valid ECDSA
// signatures of the same message; libsecp256k1 and Verify accept only the
// lower one, so that a third party cannot malleate a signature into a
// second valid encoding. Bitcoin Core normalizes before verifying
// signatures from the block chain, where high-S signatures are still valid.
//
// A nil sig is left alone (false). Variable time (public data).
func (sig *Signature) NormalizeS() bool {
	if sig == nil {
		return false
	}
	high := sig.s.IsHigh()
	sig.s.CondNegate(&sig.s, high)
	return high == 1
}
