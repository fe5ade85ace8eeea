package ecdh

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/scalar"
)

// SharedSecretBytes is SharedSecret for a peer key given in its encoding,
// any that p256k1.ParsePublicKey accepts: SHA-256 of the compressed shared
// point, libsecp256k1's default. Invalid encodings and points off the curve
// give p256k1.ErrInvalidPublicKey, exactly where ParsePublicKey fails.
//
// For a 33-byte compressed key (the common case: BOLT 8, most protocols) it
// is faster than ParsePublicKey followed by SharedSecret: the square root
// that decompression takes and the inversion back to affine coordinates are
// one exponentiation (internal/ecmultconst's MulLiftX). Other encodings are
// parsed and passed to SharedSecret.
//
// Constant time in k and in the shared point; the peer key is public. It
// does not allocate.
func SharedSecretBytes(k *p256k1.PrivateKey, peer []byte) ([32]byte, error) {
	var x, y [32]byte
	defer clear(x[:])
	defer clear(y[:])
	if err := sharedPointBytes(&x, &y, k, peer); err != nil {
		return [32]byte{}, err
	}
	return hashCompressed(&x, &y), nil
}

// SharedXBytes is SharedX for a peer key given in its encoding, as
// SharedSecretBytes: the raw x coordinate of the shared point, with the
// same errors and the same fast path for 33-byte compressed keys. Constant
// time in k and in the shared point; it does not allocate.
func SharedXBytes(k *p256k1.PrivateKey, peer []byte) ([32]byte, error) {
	var x, y [32]byte
	defer clear(y[:])
	if err := sharedPointBytes(&x, &y, k, peer); err != nil {
		return [32]byte{}, err
	}
	return x, nil
}

// sharedPointBytes is sharedPoint for an encoded peer key: MulLiftX for the
// compressed forms, ParsePublicKey and sharedPoint for the others.
func sharedPointBytes(x, y *[32]byte, k *p256k1.PrivateKey, peer []byte) error {
	if !k.IsValid() {
		return p256k1.ErrInvalidPrivateKey
	}
	if len(peer) != 33 || peer[0]&^1 != 0x02 {
		pub, err := p256k1.ParsePublicKey(peer)
		if err != nil {
			return err
		}
		return sharedPoint(x, y, k, &pub)
	}
	var px field.Element
	if px.SetBytes((*[32]byte)(peer[1:33])) != 0 {
		return p256k1.ErrInvalidPublicKey // x ≥ p
	}

	var s scalar.Scalar
	loadScalar(&s, k)
	var rx, ry field.Element
	ok := ecmultconst.MulLiftX(&rx, &ry, &px, int(peer[0]&1), &s)
	s.Zero()
	// Whether x is on the curve depends on the public peer key alone.
	ctime.Declassify(&ok)
	if ok == 0 {
		return p256k1.ErrInvalidPublicKey
	}
	rx.Bytes(x)
	ry.Bytes(y)
	rx.Zero()
	ry.Zero()
	return nil
}
