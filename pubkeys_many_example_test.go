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
