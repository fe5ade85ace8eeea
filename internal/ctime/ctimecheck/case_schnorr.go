package main

import (
	"github.com/p256k1/p256k1/schnorr"
)

// Cases for BIP-340: the key, aux and (inside) the nonce are secret.

func init() {
	register("schnorr.NewKeypair", caseNewKeypair)
	register("schnorr.Sign", caseSchnorrSign)
	register("schnorr.SignKeypair", caseSchnorrSignKeypair)
}

func caseNewKeypair(in *inputs) error {
	k := in.privateKey()
	kp, err := schnorr.NewKeypair(&k)
	if err != nil {
		return err
	}
	x := kp.XOnlyPublicKey()
	public(&x) // a public key is public by design
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	if px, _ := pub.XOnly(); !px.Equal(&x) {
		return errWrong
	}
	return nil
}

func caseSchnorrSign(in *inputs) error {
	k := in.privateKey()
	msg := in.publicBytes(32)
	sig, err := schnorr.Sign(&k, msg, in.secret32())
	if err != nil {
		return err
	}
	public(&sig) // a signature is public by design
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	x, _ := pub.XOnly()
	if !schnorr.Verify(&x, msg, &sig) {
		return errWrong
	}
	return nil
}

func caseSchnorrSignKeypair(in *inputs) error {
	k := in.privateKey()
	kp, err := schnorr.NewKeypair(&k)
	if err != nil {
		return err
	}
	x := kp.XOnlyPublicKey()
	public(&x) // a public key is public by design
	msg := in.publicBytes(int(in.rng.Uint64() % 100))
	for range 2 {
		sig, err := schnorr.SignKeypair(&kp, msg, in.secret32())
		if err != nil {
			return err
		}
		public(&sig) // a signature is public by design
		if !schnorr.Verify(&x, msg, &sig) {
			return errWrong
		}
	}
	return nil
}
