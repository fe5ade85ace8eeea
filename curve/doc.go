// Package curve is secp256k1's arithmetic in public: scalars modulo the
// group order n (Scalar), field elements modulo p (FieldElement) and points
// (Point), for building protocols — Pedersen commitments, ring signatures,
// DLEQ proofs, FROST, adaptor signatures — on the same engines that
// p256k1's keys and signatures use.
//
// The API follows filippo.io/edwards25519 and Go's crypto/internal/nistec:
// methods set the receiver to the result and return it (p.Add(a, b) sets
// p = a + b), arguments may alias the receiver and each other, zero values
// are ready to use (0, 0 and the identity), and nothing allocates.
// Predicates return an int 0 or 1 so that constant-time code can combine
// them without branching, and Select, CondNegate take such an int.
//
// # Constant time
//
// Every function and method is constant time — no branch and no memory
// address depends on a scalar, a field element or a point — unless its name
// says VarTime. The VarTime ones are faster and must only see public data
// (signature verification, public keys). Encoders branch only on whether a
// point is the identity (whose encoding has another length) and decoders
// only on their public input; functions that return an error for an
// invalid value (a non-canonical encoding, a zero private key) branch only
// on that outcome.
//
// Where the work happens:
//
//   - Point.ScalarBaseMult is the blinded signed-digit comb of key
//     generation and signing (internal/ecmultgen; p256k1.Randomize
//     re-blinds it).
//   - Point.ScalarMult is the constant-time variable-base engine of ECDH
//     (internal/ecmultconst).
//   - Point.VarTimeScalarMult and Point.VarTimeDoubleScalarBaseMult are the
//     Strauss-wNAF engine of verification (internal/ecmult).
//   - Point.VarTimeMultiScalarMult is the multi-scalar multiplication engine
//     of batch verification (Strauss or Pippenger by size).
//   - Double, Negate and the field and scalar operations are
//     internal/group's, internal/field's and internal/scalar's (MULX/ADX
//     assembly on amd64).
//   - Point.Add is a complete constant-time Jacobian addition (one unified
//     formula for sums and doublings); VarTimeAdd is the faster variable-time
//     one of verification.
//
// # Encodings and coordinates
//
// SetBytes, Bytes and BytesCompressed are SEC 1 (the identity is the single
// byte 0x00); SetXOnlyBytes and BytesX are BIP-340's x-only form;
// AffineCoordinates, SetAffineCoordinates, JacobianCoordinates and
// SetJacobianCoordinates give the coordinates as FieldElements (Jacobian ones
// without an inversion); BatchBytes and BatchBytesCompressed encode many
// points with one inversion.
//
// # Keys
//
// Point.SetPublicKey, Point.PublicKey, Point.SetXOnlyPublicKey,
// Point.XOnlyPublicKey, Scalar.SetPrivateKey, Scalar.PrivateKey,
// NewPublicKey and PublicKeyCoordinates convert to and from p256k1's key
// types without encoding and parsing.
//
// # Hashing to the curve
//
// HashToCurve and EncodeToCurve are RFC 9380's suites
// secp256k1_XMD:SHA-256_SSWU_RO_ and secp256k1_XMD:SHA-256_SSWU_NU_, built from
// ExpandMessageXMD, HashToField and MapToCurve (simplified SWU on a
// 3-isogenous curve, then the isogeny); Scalar.HashToScalar hashes to a
// scalar the same way. They are constant time in the message (only its
// length shows), so secret messages are fine.
package curve
