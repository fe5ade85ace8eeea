package p256k1_test

import (
	"fmt"

	"github.com/p256k1/p256k1"
)

// Derive the public keys of many private keys in one call (eight at a time
// on processors with AVX-512 IFMA).
func ExamplePublicKeysMany() {
	keys := make([]p256k1.PrivateKey, 3)
	for i := range keys {
		keys[i], _ = p256k1.NewPrivateKey(append(make([]byte, 31), byte(i+1)))
	}
	pubs := make([]p256k1.PublicKey, len(keys))
	if err := p256k1.PublicKeysMany(keys, pubs); err != nil {
		panic(err)
	}
	for _, p := range pubs {
		c := p.SerializeCompressed()
		fmt.Printf("%x\n", c[:9])
	}
	// Output:
	// 0279be667ef9dcbbac
	// 02c6047f9441ed7d6d
	// 02f9308a019258c310
}

// Parse many compressed public keys in one call (their square roots eight
// at a time on processors with AVX-512 IFMA); invalid encodings give the
// zero key and an error naming the first of them.
func ExampleParsePublicKeysMany() {
	k, _ := p256k1.NewPrivateKey(append(make([]byte, 31), 1))
	pub := k.PublicKey()
	good := pub.SerializeCompressed()
	bad := append([]byte{0x02}, make([]byte, 31)...)
	bad = append(bad, 5) // x = 5 is not on the curve
	keys := make([]p256k1.PublicKey, 3)
	err := p256k1.ParsePublicKeysMany([][]byte{good[:], bad, good[:]}, keys)
	fmt.Println(keys[0].Equal(&pub), keys[1].IsValid(), keys[2].Equal(&pub))
	fmt.Println(err)
	// Output:
	// true false true
	// p256k1: key 1: p256k1: invalid public key
}
