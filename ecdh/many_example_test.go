package ecdh_test

import (
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
)

// Compute the shared secrets of many pairs in one call (eight at a time on
// processors with AVX-512 IFMA); both sides get the same secret.
func ExampleSharedSecretsMany() {
	var pairs, mirrored []ecdh.Pair
	for i := 1; i <= 10; i++ {
		a, _ := p256k1.NewPrivateKey(append(make([]byte, 31), byte(i)))
		b, _ := p256k1.NewPrivateKey(append(make([]byte, 31), byte(100+i)))
		pa, pb := a.PublicKey(), b.PublicKey()
		pairs = append(pairs, ecdh.Pair{Key: &a, Peer: &pb})
		mirrored = append(mirrored, ecdh.Pair{Key: &b, Peer: &pa})
	}
	s1 := make([][32]byte, len(pairs))
	s2 := make([][32]byte, len(pairs))
	if err := ecdh.SharedSecretsMany(pairs, s1); err != nil {
		panic(err)
	}
	if err := ecdh.SharedSecretsMany(mirrored, s2); err != nil {
		panic(err)
	}
	same := true
	for i := range s1 {
		same = same && s1[i] == s2[i]
	}
	fmt.Println(same)
	// Output: true
}
