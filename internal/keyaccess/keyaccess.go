// Package keyaccess gives the packages of this module that need it (the
// public curve package, internal/point) the representation of the root
// package's key types, so that a key converts to a point or a scalar and
// back without an encode/parse round trip.
//
// The root package p256k1 cannot expose its unexported fields, and it
// cannot import the packages above it without an import cycle. So this
// package declares structs with the same fields, and p256k1 (keyaccess.go)
// checks at compile time that its PublicKey, XOnlyPublicKey and PrivateKey
// have exactly these sizes and field offsets; the callers then convert a
// *p256k1.PublicKey to a *PublicKey with unsafe.Pointer (rule 1 of package
// unsafe: the two types share an equivalent memory layout). A field added to,
// removed from or reordered in a key type breaks the build of the root
// package until this package follows.
//
// Invariants the root package keeps and the callers must keep when they
// write a key: a valid PublicKey (OK true) holds a finite point with
// normalized coordinates; a valid XOnlyPublicKey likewise, with Y even; an
// invalid one is the zero value. A PrivateKey holds d with 0 ≤ d < n, zero
// meaning "not a key".
package keyaccess

import (
	"unsafe"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// PublicKey mirrors p256k1.PublicKey.
type PublicKey struct {
	P  group.Affine
	OK bool
}

// XOnlyPublicKey mirrors p256k1.XOnlyPublicKey.
type XOnlyPublicKey struct {
	P  group.Affine
	OK bool
}

// PrivateKey mirrors p256k1.PrivateKey.
type PrivateKey struct {
	D scalar.Scalar
}

// Pub returns k, a *p256k1.PublicKey, as a *PublicKey (nil for nil).
func Pub(k unsafe.Pointer) *PublicKey { return (*PublicKey)(k) }

// XOnly returns k, a *p256k1.XOnlyPublicKey, as a *XOnlyPublicKey.
func XOnly(k unsafe.Pointer) *XOnlyPublicKey { return (*XOnlyPublicKey)(k) }

// Priv returns k, a *p256k1.PrivateKey, as a *PrivateKey.
func Priv(k unsafe.Pointer) *PrivateKey { return (*PrivateKey)(k) }

// Keypair mirrors schnorr.Keypair (package schnorr checks the layout at
// compile time, schnorr/keyaccess.go): the secret d, already negated so
// that its point has an even Y, the x-only public key, its x as bytes and
// the original key's parity. Package gpu reads d and Px to sign batches
// of keypairs.
type Keypair struct {
	D      scalar.Scalar
	Pub    XOnlyPublicKey
	Px     [32]byte
	Parity int
}

// KP returns k, a *schnorr.Keypair, as a *Keypair.
func KP(k unsafe.Pointer) *Keypair { return (*Keypair)(k) }
