package dleq_test

import (
	"crypto/rand"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/dleq"
)

// A sender proves that the ECDH share C = a·B was made with the key behind
// A = a·G, without revealing a (as BIP-375 silent payments do).
func Example() {
	a, _ := p256k1.GeneratePrivateKey()
	b, _ := p256k1.GeneratePrivateKey()
	A, B := a.PublicKey(), b.PublicKey()
	ab := a.Bytes()
	C, _ := B.TweakMul(&ab) // C = a·B

	var aux [32]byte
	rand.Read(aux[:])
	proof, err := dleq.Prove(&a, &B, &aux, nil)
	if err != nil {
		panic(err)
	}
	fmt.Println(dleq.Verify(&A, &B, &C, &proof, nil))
	// Output: true
}

// ProveWithGenerator binds the proof to another generator and to a 32-byte
// message.
func ExampleProveWithGenerator() {
	a, _ := p256k1.GeneratePrivateKey()
	g, _ := p256k1.GeneratePrivateKey()
	b, _ := p256k1.GeneratePrivateKey()
	G, B := g.PublicKey(), b.PublicKey()
	ab := a.Bytes()
	A, _ := G.TweakMul(&ab) // A = a·G
	C, _ := B.TweakMul(&ab) // C = a·B

	var aux, msg [32]byte
	copy(msg[:], "bound into the proof")
	proof, _ := dleq.ProveWithGenerator(&a, &B, &aux, &G, &msg)
	fmt.Println(dleq.VerifyWithGenerator(&A, &B, &C, &proof, &G, &msg))
	fmt.Println(dleq.VerifyWithGenerator(&A, &B, &C, &proof, &G, nil))
	// Output:
	// true
	// false
}
