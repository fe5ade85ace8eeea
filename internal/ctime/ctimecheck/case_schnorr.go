package main

import (
	"github.com/p256k1/p256k1/schnorr"
)

// Cases for BIP-340: the key, aux and (inside) the nonce are secret.

func init() {
	register("schnorr.NewKeypair", caseNewKeypair)
	register("schnorr.Sign", caseSchnorrSign)
	register("schnorr.SignKeypair", caseSchnorrSignKeypair)
	register("schnorr.Keypair.TweakAddXOnly", caseKeypairTweakAddXOnly)
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

// caseKeypairTweakAddXOnly: the BIP-341 tweak of a keypair (secret key)
// with a secret tweak (constant time in both, like PrivateKey.TweakAddXOnly);
// the result must be the keypair of PrivateKey.TweakAddXOnly's key.
func caseKeypairTweakAddXOnly(in *inputs) error {
	k := in.privateKey()
	kp, err := schnorr.NewKeypair(&k)
	if err != nil {
		return err
	}
	t := in.secret32()
	r, err := kp.TweakAddXOnly(t)
	if err != nil {
		return err // probability < 2^−126
	}
	got := r.PublicKey()
	public(&got) // a public key is public by design
	wk, err := k.TweakAddXOnly(t)
	if err != nil {
		return err
	}
	want := wk.PublicKey()
	public(&want) // a public key is public by design
	wx, _ := want.XOnly()
	gx := r.XOnlyPublicKey()
	public(&gx) // a public key is public by design
	if !gx.Equal(&wx) {
		return errWrong
	}
	return nil
}
