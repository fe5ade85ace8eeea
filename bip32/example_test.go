package bip32_test

import (
	"encoding/hex"
	"fmt"

	"github.com/p256k1/p256k1/bip32"
)

// A master key from a seed (BIP-32 test vector 1), printed explicitly.
func ExampleNewMaster() {
	seed, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	m, err := bip32.NewMaster(seed, bip32.Mainnet)
	if err != nil {
		panic(err)
	}
	xprv, _ := m.XPrv()
	fmt.Println(xprv)
	fmt.Println(m.XPub())
	fmt.Println(m) // a private key never prints itself
	// Output:
	// xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi
	// xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8
	// bip32.ExtendedKey(REDACTED)
}

// Deriving a path from the master key.
func ExampleExtendedKey_DerivePathString() {
	seed, _ := hex.DecodeString("000102030405060708090a0b0c0d0e0f")
	m, _ := bip32.NewMaster(seed, bip32.Mainnet)
	k, err := m.DerivePathString("m/0'/1/2'/2/1000000000")
	if err != nil {
		panic(err)
	}
	fmt.Println(k.Depth(), k.XPub())
	// Output:
	// 5 xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy
}

// The xpub of an xprv, and public derivation from it.
func ExampleExtendedKey_Neuter() {
	x, _ := bip32.ParseExtendedKey("xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi")
	pub := x.Neuter()
	fmt.Println(pub) // a public key prints as its xpub
	c, _ := pub.Child(0)
	fmt.Println(c.XPub())
	_, err := pub.Child(bip32.Hardened(0))
	fmt.Println(err)
	// Output:
	// xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8
	// xpub68Gmy5EVb2BdFbj2LpWrk1M7obNuaPTpT5oh9QCCo5sRfqSHVYWex97WpDZzszdzHzxXDAzPLVSwybe4uPYkSk4G3gnrPqqkV9RyNzAcNJ1
	// bip32: cannot derive a hardened child from a public key
}

// Parsing a serialized key and a path.
func ExampleParseExtendedKey() {
	x, err := bip32.ParseExtendedKey("xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8")
	if err != nil {
		panic(err)
	}
	fp := x.Fingerprint()
	pk := x.PublicKey()
	fmt.Println(x.IsPrivate(), x.Depth(), hex.EncodeToString(fp[:]))
	fmt.Printf("%x\n", pk.SerializeCompressed())
	p, _ := bip32.ParsePath("m/86h/0h/0h/0/5")
	fmt.Println(p, p.Indices)
	// Output:
	// false 0 3442193e
	// 0339a36013301597daef41fbe593a02cc513d0b55527ec2df1050e2e8ff49c85c2
	// m/86'/0'/0'/0/5 [2147483734 2147483648 2147483648 0 5]
}
