package schnorr_test

import (
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/schnorr"
)

// Verifying many signatures at once, and finding the bad ones when the
// batch fails.
func ExampleVerifyBatch() {
	var items []schnorr.BatchItem
	for i := 1; i <= 10; i++ {
		k, _ := p256k1.NewPrivateKey(append(make([]byte, 31), byte(i)))
		kp, _ := schnorr.NewKeypair(&k)
		pub := kp.XOnlyPublicKey()
		msg := []byte(fmt.Sprintf("message %d", i))
		sig, _ := schnorr.SignKeypair(&kp, msg, &[32]byte{})
		items = append(items, schnorr.BatchItem{PublicKey: &pub, Message: msg, Signature: &sig})
	}
	fmt.Println(schnorr.VerifyBatch(items))

	items[3].Message = []byte("tampered")
	items[7].Signature[63] ^= 1
	fmt.Println(schnorr.VerifyBatch(items))
	fmt.Println(schnorr.FindInvalid(items))
	// Output:
	// true
	// false
	// [3 7]
}

// A BatchVerifier reuses its memory: verifying a stream of batches of
// similar size allocates nothing after the first.
func ExampleBatchVerifier() {
	k, _ := p256k1.NewPrivateKey(append(make([]byte, 31), 1))
	kp, _ := schnorr.NewKeypair(&k)
	pub := kp.XOnlyPublicKey()
	var v schnorr.BatchVerifier
	for round := 0; round < 3; round++ {
		var items []schnorr.BatchItem
		for i := 0; i < 4; i++ {
			msg := []byte{byte(round), byte(i)}
			sig, _ := schnorr.SignKeypair(&kp, msg, &[32]byte{})
			items = append(items, schnorr.BatchItem{PublicKey: &pub, Message: msg, Signature: &sig})
		}
		fmt.Println(v.Verify(items), v.FindInvalid(nil, items))
	}
	// Output:
	// true []
	// true []
	// true []
}
