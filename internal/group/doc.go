// Package group implements the points of the secp256k1 curve
// y² = x³ + 7 over the field of package field, in the manner of
// libsecp256k1's group.h: affine points, Jacobian points and a compact
// storage form for precomputed tables.
//
// # Types
//
//   - Affine is a point (X, Y) or the point at infinity.
//   - Jacobian is a point (X/Z², Y/Z³) or the point at infinity; it is the
//     form used while adding and doubling, because it needs no inversion.
//   - AffineStorage is the normalized, compact (64-byte) form of a finite
//     affine point, for tables; it cannot represent infinity.
//
// # Infinity
//
// Both Affine and Jacobian carry an explicit Infinity field, an int that is
// always 0 (a finite point) or 1 (the point at infinity); any other value is
// invalid. An int rather than a bool lets constant-time code compute, move and
// combine the flag with masks (see CMove) instead of branching on it. When
// Infinity is 1 the coordinates carry no meaning: SetInfinity sets them to
// zero, but points produced by constant-time arithmetic may carry arbitrary
// (still magnitude-bounded) values. Code must look at Infinity, never at the
// coordinates, to recognize infinity. For a finite Jacobian point Z is never
// zero.
//
// # Magnitudes
//
// Coordinates are lazily reduced field elements (see package field). This
// package maintains, and every function accepts and produces, these bounds:
//
//   - Affine: X and Y have magnitude ≤ 4.
//   - Jacobian: X and Y have magnitude ≤ 4, Z has magnitude ≤ 1.
//
// Points built by callers from their own coordinates (SetXY, or writing the
// exported fields) must respect the same bounds; elements read from bytes,
// results of Mul/Square, and normalized elements all qualify. Individual
// functions document tighter output bounds where they give them. Nothing is
// normalized unless stated; use Normalize/NormalizeVar on a copy before
// serializing a coordinate.
//
// # Constant time
//
// Functions whose names end in Var branch on their inputs (on infinity
// flags, and on whether two points are equal or opposite) and may use
// variable-time inversion; they are for public data only. All other
// functions perform the same sequence of operations and memory accesses
// whatever the values of their inputs (slice lengths and the documented
// contract aside), provided the underlying field operations are constant
// time:
//
//   - constant time: SetGenerator, SetInfinity, Clear, Set, SetXY, SetXO,
//     Negate, SetAffine, SetJacobian, SetJacobianZInv, Double, AddAffine
//     (b finite), Rescale, MulLambda, FromAffine, FromStorage, every CMove,
//     BatchToAffine, TableSetGlobalZ;
//   - variable time: SetXOVar, IsValidVar, EqualVar, EqualAffineVar,
//     SetJacobianVar, DoubleVar, AddVar, AddAffineVar, AddZInvVar,
//     BatchToAffineVar.
//
// # Conventions
//
// As in package field, methods set the receiver to the result and return it,
// and arguments may alias the receiver (and each other) unless a function
// says otherwise. No function allocates.
package group
