package main

import (
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/signer"
)

// Cases for the pure-Go Nostr signer: the secret it is initialised with,
// the auxiliary randomness and the ECDH outputs are secret.

func init() {
	register("signer.P256K1Signer", caseNostrSigner)
}

func caseNostrSigner(in *inputs) error {
	var a, b signer.P256K1Signer
	if err := a.InitSecret(in.secret32()[:]); err != nil {
		return err // the key was invalid: probability < 2^−127
	}
	if err := b.InitSecret(in.secret32()[:]); err != nil {
		return err
	}
	msg := in.publicBytes(32)
	sig, err := a.SignAux(msg, in.secret32())
	if err != nil {
		return err
	}
	ctime.DeclassifyBytes(sig) // the signature is public by design
	ok, err := a.Verify(msg, sig)
	if err != nil || !ok {
		return errWrong
	}
	// ECDH between the two signers, hashed and raw x, through their x-only
	// public keys.
	pa, pb := a.Public(), b.Public()
	s1, err1 := a.ECDH(pb)
	s2, err2 := b.ECDH(pa)
	x1, err3 := a.ECDHX(pb)
	x2, err4 := b.ECDHX(pa)
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
		return errWrong
	}
	for _, s := range [][]byte{s1, s2, x1, x2} {
		ctime.DeclassifyBytes(s) // checked for correctness only
	}
	if string(s1) != string(s2) || string(x1) != string(x2) {
		return errWrong
	}
	a.Zero()
	b.Zero()
	return nil
}
