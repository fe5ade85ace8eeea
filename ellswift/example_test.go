package ellswift_test

import (
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ellswift"
)

// Two parties exchange ElligatorSwift encodings of their public keys, which
// look like random bytes on the wire, and derive BIP-324's shared secret.
func Example() {
	alice, _ := p256k1.GeneratePrivateKey()
	bob, _ := p256k1.GeneratePrivateKey()

	ellA, _ := ellswift.Create(&alice, nil) // the initiator's 64 bytes
	ellB, _ := ellswift.Create(&bob, nil)   // the responder's 64 bytes

	// Each side passes its own encoding first, then the peer's, and whether
	// it opened the connection (as bip324.NewCipher).
	sa, _ := ellswift.XDHBIP324(&alice, &ellA, &ellB, true)
	sb, _ := ellswift.XDHBIP324(&bob, &ellB, &ellA, false)
	fmt.Println(sa == sb)
	// Output: true
}

// Any 64 bytes decode to a public key; an encoding of a key decodes back to
// it.
func ExampleDecode() {
	k, _ := p256k1.GeneratePrivateKey()
	pub := k.PublicKey()
	enc, _ := ellswift.Encode(&pub, nil) // randomness from crypto/rand
	got := ellswift.Decode(&enc)
	fmt.Println(got.Equal(&pub))

	var zeros [64]byte
	x := ellswift.DecodeX(&zeros)
	fmt.Printf("%x\n", x)
	// Output:
	// true
	// edd1fd3e327ce90cc7a3542614289aee9682003e9cf7dcc9cf2ca9743be5aa0c
}
