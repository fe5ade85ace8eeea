package ecdsa_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
)

// Verify many signatures with one call and get one answer per signature
// (eight at a time on processors with AVX-512 IFMA).
func ExampleVerifyMany() {
	items := make([]ecdsa.Item, 10)
	for i := range items {
		k, _ := p256k1.NewPrivateKey(append(make([]byte, 31), byte(i+1)))
		pub := k.PublicKey()
		hash := sha256.Sum256([]byte(fmt.Sprintf("message %d", i)))
		sig, _ := ecdsa.Sign(&k, &hash)
		items[i] = ecdsa.Item{PublicKey: &pub, Hash: &hash, Signature: &sig}
	}
	items[4].Hash = &[32]byte{1} // a signature of another hash
	results := make([]bool, len(items))
	if err := ecdsa.VerifyMany(items, results); err != nil {
		panic(err)
	}
	fmt.Println(results)
	// Output:
	// [true true true true false true true true true true]
}
