package main

import (
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/taproot"
)

// Cases for package taproot: the key-path signing key (the BIP-341 tweaked
// secret) from a secret key, with and without a script tree. The merkle
// root is public (it is committed to on chain when a script path is used);
// the internal key's Y parity is public (it comes from the public key,
// declassified where it is derived).

func init() {
	register("taproot.TweakKeypair", caseTaprootTweakKeypair)
	register("taproot.TweakPrivateKey", caseTaprootTweakPrivateKey)
}

// caseTaprootTweakKeypair: the internal key's keypair tweaked for its
// output key; the result must sign for OutputKey's key.
func caseTaprootTweakKeypair(in *inputs) error {
	k := in.privateKey()
	kp, err := schnorr.NewKeypair(&k)
	if err != nil {
		return err
	}
	var root *[32]byte
	if in.rng.Uint64()&1 == 1 {
		root = in.public32()
	}
	tkp, err := taproot.TweakKeypair(&kp, root)
	if err != nil {
		return err // probability < 2^−126
	}
	msg := in.publicBytes(32)
	sig, err := schnorr.SignKeypair(&tkp, msg, in.secret32())
	if err != nil {
		return err
	}
	public(&sig) // a signature is public by design
	p := kp.XOnlyPublicKey()
	public(&p) // a public key is public by design
	q, _, err := taproot.OutputKey(&p, root)
	if err != nil {
		return err
	}
	if got := tkp.XOnlyPublicKey(); !got.Equal(&q) || !schnorr.Verify(&q, msg, &sig) {
		return errWrong
	}
	return nil
}

// caseTaprootTweakPrivateKey: BIP-341's taproot_tweak_seckey (negation on
// the public parity, then the tweak added); its public key must be the
// output key with the output key's parity.
func caseTaprootTweakPrivateKey(in *inputs) error {
	k := in.privateKey()
	var root *[32]byte
	if in.rng.Uint64()&1 == 1 {
		root = in.public32()
	}
	tk, err := taproot.TweakPrivateKey(&k, root)
	if err != nil {
		return err // probability < 2^−126
	}
	tpub := tk.PublicKey()
	public(&tpub) // a public key is public by design
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	p, _ := pub.XOnly()
	q, parity, err := taproot.OutputKey(&p, root)
	if err != nil {
		return err
	}
	if x, par := tpub.XOnly(); !x.Equal(&q) || par != parity {
		return errWrong
	}
	return nil
}
