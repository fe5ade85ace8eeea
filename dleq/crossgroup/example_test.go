package crossgroup_test

import (
	"fmt"

	"github.com/p256k1/p256k1/dleq/crossgroup"
)

// One side of an atomic swap proves that its secp256k1 and ed25519 keys
// share a secret; the other side parses and verifies the proof (go-dleq
// reads the same bytes).
func Example() {
	x, _ := crossgroup.GenerateSecret(nil)
	proof, err := crossgroup.Prove(&x, nil) // all cores
	if err != nil {
		panic(err)
	}
	wire := proof.Bytes()

	received, err := crossgroup.ParseProof(wire)
	if err != nil {
		panic(err)
	}
	fmt.Println(received.Verify(&crossgroup.Options{Workers: 2}))
	secp, ed, _ := crossgroup.PublicKeys(&x)
	got := received.SecpPublicKey()
	fmt.Println(got.Equal(&secp), received.EdPublicKey() == ed)
	// Output:
	// <nil>
	// true true
}
