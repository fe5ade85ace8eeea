// Package interop holds differential tests of p256k1 against independent Go
// implementations of secp256k1 — decred's dcrec/secp256k1/v4 and btcec/v2's
// schnorr package — on thousands of random keys and messages and on edge
// cases. It is its own module so that the library itself depends on nothing
// beyond the standard library.
package interop
