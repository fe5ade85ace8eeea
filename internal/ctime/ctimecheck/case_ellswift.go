package main

import (
	"github.com/p256k1/p256k1/ellswift"
)

// Cases for ElligatorSwift: the private keys, the auxiliary randomness and
// the ECDH secret are secret. ellswift.Create declassifies the public key
// and the tagged hashes of the private key that choose its encoding (the
// encoding is published, as in libsecp256k1's secp256k1_ellswift_create).
//
// bip324 has no case: its key derivation (crypto/hkdf) allocates, and
// valgrind then reports the Go allocator reading memory that held secrets,
// and x/crypto's ChaCha20-Poly1305 Open branches on the (public) outcome of
// the tag check; neither is in this module's code.

func init() {
	register("ellswift.Create", caseEllswiftCreate)
	register("ellswift.XDH", caseEllswiftXDH)
}

func caseEllswiftCreate(in *inputs) error {
	k := in.privateKey()
	aux := in.secret32()
	enc, err := ellswift.Create(&k, aux)
	if err != nil {
		return err
	}
	public(&enc) // an encoding of a public key is public by design
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	if got := ellswift.Decode(&enc); !got.Equal(&pub) {
		return errWrong
	}
	return nil
}

func caseEllswiftXDH(in *inputs) error {
	a, b := in.privateKey(), in.privateKey()
	ea, err := ellswift.Create(&a, nil)
	if err != nil {
		return err
	}
	eb, err := ellswift.Create(&b, nil)
	if err != nil {
		return err
	}
	public(&ea) // an encoding of a public key is public by design
	public(&eb) // an encoding of a public key is public by design
	sa, err1 := ellswift.XDHBIP324(&a, &ea, &eb, true)
	sb, err2 := ellswift.XDHBIP324(&b, &eb, &ea, false)
	if err1 != nil || err2 != nil {
		return errWrong
	}
	public(&sa) // checked for correctness only
	public(&sb) // checked for correctness only
	if sa != sb {
		return errWrong
	}
	return nil
}
