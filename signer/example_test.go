package signer_test

import (
	"encoding/hex"
	"fmt"

	"github.com/p256k1/p256k1/signer"
)

// A Nostr-style key holder: sign an event id, verify it with a verify-only
// signer made from the public key, and agree on a NIP-04/NIP-44 shared x.
func ExampleP256K1Signer() {
	var alice, bob signer.P256K1Signer
	if err := alice.Generate(); err != nil {
		panic(err)
	}
	defer alice.Zero()
	_ = bob.Generate()
	defer bob.Zero()

	id, _ := hex.DecodeString("5e1f42e7f8bcd7a6d3bd9dc54bb2f31d20e1ea0fcbd1d4b1f3bde0fa8b0f8a11")
	sig, _ := alice.Sign(id)

	var verifier signer.P256K1Signer
	_ = verifier.InitPublic(alice.Public())
	ok, _ := verifier.Verify(id, sig)
	_, err := verifier.Sign(id)

	ab, _ := alice.ECDHX(bob.Public())
	ba, _ := bob.ECDHX(alice.Public())
	fmt.Println(ok, err, hex.EncodeToString(ab) == hex.EncodeToString(ba))
	// Output: true signer: verify-only signer has no secret key true
}
