package ecdsa_test

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
)

// Recover the signers of many recoverable signatures at once (on all
// cores); an item that does not recover leaves an invalid key.
func ExampleRecoverPublicKeys() {
	key := exampleKey()
	var hashes [][32]byte
	var sigs []ecdsa.RecoverableSignature
	for i := range 3 {
		h := sha256.Sum256([]byte{byte(i)})
		rs, err := ecdsa.SignRecoverable(&key, &h)
		if err != nil {
			panic(err)
		}
		hashes, sigs = append(hashes, h), append(sigs, rs)
	}
	sigs[2] = ecdsa.RecoverableSignature{} // r = s = 0: does not recover
	keys := make([]p256k1.PublicKey, len(sigs))
	err := ecdsa.RecoverPublicKeys(keys, hashes, sigs)
	fmt.Println(errors.Is(err, ecdsa.ErrRecoveryFailed))
	want := key.PublicKey()
	for i := range keys {
		fmt.Println(i, keys[i].IsValid() && keys[i].Equal(&want))
	}
	// Output:
	// true
	// 0 true
	// 1 true
	// 2 false
}
