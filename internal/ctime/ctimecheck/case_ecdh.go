package main

import (
	"crypto/sha256"

	"github.com/p256k1/p256k1/ecdh"
)

// Cases for ECDH: the private key and the shared point are secret.

func init() {
	register("ecdh.SharedSecret", caseSharedSecret)
	register("ecdh.SharedX", caseSharedX)
	register("ecdh.SharedSecretFunc", caseSharedSecretFunc)
	register("ecdh.SharedSecretBytes", caseSharedSecretBytes)
}

// caseSharedSecretBytes runs the compressed-key path (one exponentiation
// for the peer's y and the inverse Z, internal/ecmultconst.MulLiftX) and
// the uncompressed one, against SharedSecret.
func caseSharedSecretBytes(in *inputs) error {
	a := in.privateKey()
	pub := in.publicKey()
	enc, encU := pub.SerializeCompressed(), pub.SerializeUncompressed()
	s1, err1 := ecdh.SharedSecretBytes(&a, enc[:])
	x1, err2 := ecdh.SharedXBytes(&a, enc[:])
	s2, err3 := ecdh.SharedSecretBytes(&a, encU[:])
	s, err4 := ecdh.SharedSecret(&a, &pub)
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
		return errWrong
	}
	x, err := ecdh.SharedX(&a, &pub)
	if err != nil {
		return err
	}
	public(&s1) // checked for correctness only
	public(&s2) // checked for correctness only
	public(&s)  // checked for correctness only
	public(&x1) // checked for correctness only
	public(&x)  // checked for correctness only
	if s1 != s || s2 != s || x1 != x {
		return errWrong
	}
	return nil
}

func caseSharedSecret(in *inputs) error {
	a, b := in.privateKey(), in.privateKey()
	pa, pb := a.PublicKey(), b.PublicKey()
	public(&pa) // a public key is public by design
	public(&pb) // a public key is public by design
	s1, err1 := ecdh.SharedSecret(&a, &pb)
	s2, err2 := ecdh.SharedSecret(&b, &pa)
	if err1 != nil || err2 != nil {
		return errWrong
	}
	public(&s1) // checked for correctness only
	public(&s2) // checked for correctness only
	if s1 != s2 {
		return errWrong
	}
	return nil
}

func caseSharedX(in *inputs) error {
	a := in.privateKey()
	pub := in.publicKey()
	x, err := ecdh.SharedX(&a, &pub)
	if err != nil {
		return err
	}
	// Check: SHA-256 of the compressed point has x at bytes 1..32, so
	// compare with SharedSecretFunc's view of the same point.
	x2, err := ecdh.SharedSecretFunc(&a, &pub, func(x, y [32]byte) ([32]byte, error) { return x, nil })
	if err != nil {
		return err
	}
	public(&x)  // checked for correctness only
	public(&x2) // checked for correctness only
	if x != x2 {
		return errWrong
	}
	return nil
}

func caseSharedSecretFunc(in *inputs) error {
	a := in.privateKey()
	pub := in.publicKey()
	// The default hash through the generic entry point must give
	// SharedSecret's value.
	h, err := ecdh.SharedSecretFunc(&a, &pub, func(x, y [32]byte) ([32]byte, error) {
		var buf [33]byte
		buf[0] = 0x02 | y[31]&1
		copy(buf[1:], x[:])
		return sha256.Sum256(buf[:]), nil
	})
	if err != nil {
		return err
	}
	s, err := ecdh.SharedSecret(&a, &pub)
	if err != nil {
		return err
	}
	public(&h) // checked for correctness only
	public(&s) // checked for correctness only
	if h != s {
		return errWrong
	}
	return nil
}
