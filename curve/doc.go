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
//   - Point.Add is a complete constant-time Jacobian addition; Double,
//     Negate and the field and scalar operations are internal/group's,
//     internal/field's and internal/scalar's (MULX/ADX assembly on amd64).
//
// # Keys
//
// Point.SetPublicKey, Point.PublicKey, Point.SetXOnlyPublicKey,
// Point.XOnlyPublicKey, Scalar.SetPrivateKey and Scalar.PrivateKey convert
// to and from p256k1's key types without encoding and parsing.
package curve
