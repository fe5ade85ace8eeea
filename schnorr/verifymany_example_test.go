package schnorr_test

import (
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/schnorr"
)

// Verify many BIP-340 signatures with one call and get one answer per
// signature (eight at a time on processors with AVX-512 IFMA).
func ExampleVerifyMany() {
	items := make([]schnorr.BatchItem, 10)
	for i := range items {
		k, _ := p256k1.NewPrivateKey(append(make([]byte, 31), byte(i+1)))
		kp, _ := schnorr.NewKeypair(&k)
		pub := kp.XOnlyPublicKey()
		msg := []byte(fmt.Sprintf("message %d", i))
		sig, _ := schnorr.SignKeypair(&kp, msg, &[32]byte{})
		items[i] = schnorr.BatchItem{PublicKey: &pub, Message: msg, Signature: &sig}
	}
	items[2].Message = []byte("tampered")
	items[9].Signature[63] ^= 1
	results := make([]bool, len(items))
	if err := schnorr.VerifyMany(items, results); err != nil {
		panic(err)
	}
	fmt.Println(results)
	// Output:
	// [true true false true true true true true true false]
}
