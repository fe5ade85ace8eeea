package main

import (
	"github.com/p256k1/p256k1"
)

// Cases for the root package: keys and their tweaks.

func init() {
	register("p256k1.NewPrivateKey", caseNewPrivateKey)
	register("p256k1.GeneratePrivateKeyFromReader", caseGenerateFromReader)
	register("p256k1.PrivateKey.PublicKey", casePublicKey)
	register("p256k1.PrivateKey.Equal", casePrivateKeyEqual)
	register("p256k1.PrivateKey.Negate", caseNegate)
	register("p256k1.PrivateKey.TweakAdd", caseTweakAdd)
	register("p256k1.PrivateKey.TweakMul", caseTweakMul)
	register("p256k1.PrivateKey.TweakAddXOnly", caseTweakAddXOnly)
	register("p256k1.PublicKey.TweakAdd", casePublicTweakAdd)
	register("p256k1.PublicKey.TweakMul", casePublicTweakMul)
	register("p256k1.XOnlyPublicKey.TweakAdd", caseXOnlyTweakAdd)
	register("p256k1.Randomize", caseRandomize)
}

// caseNewPrivateKey: parsing (libsecp256k1's seckey_verify) of secret bytes;
// only the validity result may be public.
func caseNewPrivateKey(in *inputs) error {
	b := in.secret32()
	k, err := p256k1.NewPrivateKey(b[:])
	if err != nil {
		return err // probability < 2^−127
	}
	kb := k.Bytes()
	public(&kb) // checked for correctness only
	public(b)   // checked for correctness only
	if kb != *b {
		return errWrong
	}
	return nil
}

// caseGenerateFromReader: key generation from a reader whose bytes are
// secret (secretReader, case_ecdsa.go).
func caseGenerateFromReader(in *inputs) error {
	k, err := p256k1.GeneratePrivateKeyFromReader(secretReader{in})
	if err != nil {
		return err
	}
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	if !pub.IsValid() {
		return errWrong
	}
	return nil
}

// casePublicKey: d·G through the blinded comb; the public key is public.
func casePublicKey(in *inputs) error {
	k := in.privateKey()
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	if !pub.IsValid() {
		return errWrong
	}
	// (−d)·G = −(d·G).
	neg := k.Negate()
	npub := neg.PublicKey()
	public(&npub) // a public key is public by design
	if want := pub.Negate(); !npub.Equal(&want) {
		return errWrong
	}
	return nil
}

// casePrivateKeyEqual: the constant-time comparison of two secret keys,
// equal and different.
func casePrivateKeyEqual(in *inputs) error {
	a, b := in.privateKey(), in.privateKey()
	c := a
	eq1, eq2 := a.Equal(&b), a.Equal(&c)
	public(&eq1) // checked for correctness only
	public(&eq2) // checked for correctness only
	if eq1 || !eq2 {
		return errWrong
	}
	return nil
}

// caseNegate: n − d.
func caseNegate(in *inputs) error {
	k := in.privateKey()
	n := k.Negate()
	nn := n.Negate()
	eq := k.Equal(&nn)
	public(&eq) // checked for correctness only
	if !eq {
		return errWrong
	}
	return nil
}

// caseTweakAdd: d + t with a secret tweak (BIP-32 private derivation).
func caseTweakAdd(in *inputs) error {
	k := in.privateKey()
	t := in.secret32()
	r, err := k.TweakAdd(t)
	if err != nil {
		return err // probability < 2^−126
	}
	// Check: (d + t)·G = d·G + t·G.
	got := r.PublicKey()
	public(&got) // a public key is public by design
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	public(t)    // checked for correctness only
	want, err := pub.TweakAdd(t)
	if err != nil || !got.Equal(&want) {
		return errWrong
	}
	return nil
}

// caseTweakMul: d·t with a secret tweak.
func caseTweakMul(in *inputs) error {
	k := in.privateKey()
	t := in.secret32()
	r, err := k.TweakMul(t)
	if err != nil {
		return err // probability < 2^−127
	}
	got := r.PublicKey()
	public(&got) // a public key is public by design
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	public(t)    // checked for correctness only
	want, err := pub.TweakMul(t)
	if err != nil || !got.Equal(&want) {
		return errWrong
	}
	return nil
}

// caseTweakAddXOnly: the BIP-341 tweak of a secret key with a secret tweak.
func caseTweakAddXOnly(in *inputs) error {
	k := in.privateKey()
	t := in.secret32()
	r, err := k.TweakAddXOnly(t)
	if err != nil {
		return err // probability < 2^−126
	}
	got := r.PublicKey()
	public(&got) // a public key is public by design
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	public(t)    // checked for correctness only
	x, _ := pub.XOnly()
	want, err := x.TweakAdd(t)
	if err != nil || !got.Equal(&want) {
		return errWrong
	}
	return nil
}

// casePublicTweakAdd: P + t·G with a secret tweak t (the function is
// documented constant time in t; libsecp256k1 does not require it).
func casePublicTweakAdd(in *inputs) error {
	pub := in.publicKey()
	t := in.secret32()
	got, err := pub.TweakAdd(t)
	public(&got) // a public key is public by design
	if err != nil {
		return err
	}
	return nil
}

// casePublicTweakMul: t·P with a secret tweak t.
func casePublicTweakMul(in *inputs) error {
	pub := in.publicKey()
	t := in.secret32()
	got, err := pub.TweakMul(t)
	public(&got) // a public key is public by design
	if err != nil {
		return err
	}
	return nil
}

// caseXOnlyTweakAdd: the BIP-341 output key P + t·G with a secret tweak.
func caseXOnlyTweakAdd(in *inputs) error {
	pub := in.publicKey()
	x, _ := pub.XOnly()
	t := in.secret32()
	got, err := x.TweakAdd(t)
	public(&got) // a public key is public by design
	if err != nil {
		return err
	}
	return nil
}

// caseRandomize: re-blinding the shared k·G context with a secret seed.
// The context stays blinded with secret values, so the k·G of every later
// case runs with classified blinding values too.
func caseRandomize(in *inputs) error {
	p256k1.Randomize(in.secret32())
	k := in.privateKey()
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	if !pub.IsValid() {
		return errWrong
	}
	return nil
}
