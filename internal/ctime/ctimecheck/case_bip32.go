package main

import (
	"github.com/p256k1/p256k1/bip32"
)

// Cases for package bip32: master key generation from a secret seed, and
// private child derivation (normal and hardened) from a key whose private
// key and chain code are secret.

func init() {
	register("bip32.NewMaster", caseBIP32Master)
	register("bip32.ExtendedKey.Child", caseBIP32Child)
	register("bip32.ExtendedKey.XPrv+ParseExtendedKey", caseBIP32XPrv)
}

// caseBIP32XPrv: the xprv string of a secret key (Base58Check encoding
// with fixed trip counts and arithmetic digit maps; only the length is
// declassified), and parsing it back (decoding, the constant-time checksum
// compare and the key's range check, each declassified only as its
// result). The string is a secret; it is declassified only to compare.
func caseBIP32XPrv(in *inputs) error {
	m, err := bip32.NewMaster(in.secretBytes(32), bip32.Mainnet)
	if err != nil {
		return err
	}
	s, err := m.XPrv()
	if err != nil {
		return err
	}
	p, err := bip32.ParseExtendedKey(s)
	if err != nil {
		return err
	}
	public(&m) // checked for correctness only
	public(&p) // checked for correctness only
	s2, _ := p.XPrv()
	b, b2 := []byte(s), []byte(s2)
	public(&b) // checked for correctness only
	for i := range b {
		public(&b[i]) // checked for correctness only
	}
	for i := range b2 {
		public(&b2[i]) // checked for correctness only
	}
	if string(b) != string(b2) || p.XPub() != m.XPub() {
		return errWrong
	}
	return nil
}

// caseBIP32Master: HMAC-SHA512 of a secret seed, the validity check of IL
// (declassified only as the ErrInvalidMaster outcome) and k·G.
func caseBIP32Master(in *inputs) error {
	seed := in.secretBytes(32)
	m, err := bip32.NewMaster(seed, bip32.Mainnet)
	if err != nil {
		return err // probability < 2^−127
	}
	pub := m.PublicKey()
	public(&pub) // a public key is public by design
	k, _ := m.PrivateKey()
	kp := k.PublicKey()
	public(&kp) // a public key is public by design
	if !pub.IsValid() || !pub.Equal(&kp) {
		return errWrong
	}
	return nil
}

// caseBIP32Child: private derivation, normal (HMAC over the public key)
// and hardened (HMAC over the secret key), each with the secret chain
// code; k + IL mod n with "IL ≥ n or zero" declassified only as
// ErrInvalidChild. The result is checked against public derivation after
// declassifying both keys (checked for correctness only).
func caseBIP32Child(in *inputs) error {
	m, err := bip32.NewMaster(in.secretBytes(32), bip32.Mainnet)
	if err != nil {
		return err
	}
	c, err := m.Child(7)
	if err != nil {
		return err // probability < 2^−127
	}
	h, err := m.Child(bip32.Hardened(7))
	if err != nil {
		return err // probability < 2^−127
	}
	public(&m) // checked for correctness only
	public(&c) // checked for correctness only
	public(&h) // checked for correctness only
	pc, err := m.ChildVar(7)
	if err != nil || pc.XPub() != c.XPub() {
		return errWrong
	}
	if !h.IsPrivate() || h.XPub() == c.XPub() {
		return errWrong
	}
	return nil
}
