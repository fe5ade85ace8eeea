package p256k1_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

// Example_readme is the README's "Use" snippet, compiled and run. Its body
// and its imports must stay equal to the README's go block: TestREADMEGoBlocks
// compares them.
func Example_readme() {
	key, _ := p256k1.GeneratePrivateKey()
	pub := key.PublicKey() // constant time, blinded, 0 allocations
	hash := sha256.Sum256([]byte("hello"))

	sig, _ := ecdsa.Sign(&key, &hash)            // RFC 6979, low-S, byte-identical to libsecp256k1
	fmt.Println(ecdsa.Verify(&pub, &hash, &sig)) // true

	kp, _ := schnorr.NewKeypair(&key)                 // BIP-340
	ssig, _ := schnorr.SignKeypair(&kp, hash[:], nil) // nil aux: fresh randomness from crypto/rand
	xonly := kp.XOnlyPublicKey()
	fmt.Println(schnorr.Verify(&xonly, hash[:], &ssig)) // true
	// Output:
	// true
	// true
}
