package musig2

import (
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Adaptor signatures, as secp256k1-zkp's musig module offers them. In a
// session made by NewAdaptorSession with the adaptor point T = t·G, the
// final nonce is R + T and the partial signatures aggregate (PartialSigAgg)
// into a pre-signature R.x ‖ s′ with
//
//	s′·G = ρ·(R1 + b·R2) + e·Q   (ρ = −1 if R + T has an odd Y, else 1)
//
// where e commits to (R + T).x. Adding ρ·t gives s = s′ + ρ·t with
// s·G = ρ·(R + T) + e·Q, a valid BIP-340 signature: (R + T) with its Y made
// even is the point whose x the signature holds. Whoever knows t completes
// the signature (Adapt); whoever sees both the pre-signature and the
// published signature learns t (ExtractAdaptor). ρ is the session's
// NonceParity (1 for −1). This is the atomic-swap primitive: the same T in
// two sessions makes the completion of one reveal what completes the other.

// Adapt completes a pre-signature with the adaptor secret t
// (secp256k1-zkp's musig_adapt): s = s′ + t, or s′ − t if nonceParity is 1.
// It returns ErrInvalidAdaptor if t or the pre-signature's s′ is not below
// n. It does not check that the result verifies (schnorr.Verify does).
// Constant time in t and the result; the signature is declassified when
// returned.
func Adapt(preSig *[64]byte, t *[32]byte, nonceParity int) ([64]byte, error) {
	var s, ts scalar.Scalar
	if s.SetBytes((*[32]byte)(preSig[32:])) != 0 {
		return [64]byte{}, ErrInvalidAdaptor
	}
	bad := ts.SetBytes(t)
	// Whether t is a valid scalar is the function's result, as
	// secp256k1-zkp's return value.
	ctime.Declassify(&bad)
	if bad != 0 {
		ts.Zero()
		return [64]byte{}, ErrInvalidAdaptor
	}
	ts.CondNegate(&ts, nonceParity&1)
	s.Add(&s, &ts)
	ts.Zero()
	var sig [64]byte
	copy(sig[:32], preSig[:32])
	s.Bytes((*[32]byte)(sig[32:]))
	// The adapted signature is public by design (it is published).
	ctime.Declassify(&sig)
	return sig, nil
}

// ExtractAdaptor recovers the adaptor secret t from a completed signature
// and its pre-signature (secp256k1-zkp's musig_extract_adaptor):
// t = s − s′, or s′ − s if nonceParity is 1. It returns ErrInvalidAdaptor if
// either s value is not below n. Inputs are public; the result is the
// secret t.
func ExtractAdaptor(sig, preSig *[64]byte, nonceParity int) ([32]byte, error) {
	var s, sp scalar.Scalar
	if s.SetBytes((*[32]byte)(sig[32:])) != 0 || sp.SetBytes((*[32]byte)(preSig[32:])) != 0 {
		return [32]byte{}, ErrInvalidAdaptor
	}
	s.Sub(&s, &sp)
	s.CondNegate(&s, nonceParity&1)
	var t [32]byte
	s.Bytes(&t)
	s.Zero()
	return t, nil
}
