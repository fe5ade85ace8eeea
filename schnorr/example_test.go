package schnorr_test

import (
	"encoding/hex"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/schnorr"
)

// The secret key of BIP-340 test vector 1.
func exampleKey() p256k1.PrivateKey {
	b, _ := hex.DecodeString("b7e151628aed2a6abf7158809cf4f3c762e7160f38b4da56a784d9045190cfef")
	k, err := p256k1.NewPrivateKey(b)
	if err != nil {
		panic(err)
	}
	return k
}

func ExampleSign() {
	k := exampleKey()
	msg := []byte("hello, taproot")

	// nil aux: fresh randomness from crypto/rand, as BIP-340 recommends.
	sig, err := schnorr.Sign(&k, msg, nil)
	if err != nil {
		panic(err)
	}

	pub := k.PublicKey()
	xonly, _ := pub.XOnly()
	fmt.Println(schnorr.Verify(&xonly, msg, &sig))
	// Output: true
}

func ExampleSignKeypair() {
	k := exampleKey()
	kp, err := schnorr.NewKeypair(&k) // derive the public key once
	if err != nil {
		panic(err)
	}
	defer kp.Zero()

	// BIP-340 test vector 1: a fixed aux gives a deterministic signature.
	msg, _ := hex.DecodeString("243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89")
	aux := [32]byte{31: 1}
	sig, err := schnorr.SignKeypair(&kp, msg, &aux)
	if err != nil {
		panic(err)
	}
	pub := kp.XOnlyPublicKey()
	pb := pub.Bytes()
	fmt.Printf("public key %x\n", pb)
	fmt.Printf("signature  %x\n", sig)
	// Output:
	// public key dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659
	// signature  6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a
}

func ExampleVerify() {
	pk, _ := hex.DecodeString("dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659")
	msg, _ := hex.DecodeString("243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89")
	sb, _ := hex.DecodeString("6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a")

	pub, err := p256k1.ParseXOnlyPublicKey(pk) // parse once, verify many
	if err != nil {
		panic(err)
	}
	sig := [64]byte(sb)
	fmt.Println(schnorr.Verify(&pub, msg, &sig))
	sig[63] ^= 1
	fmt.Println(schnorr.Verify(&pub, msg, &sig))
	// Output:
	// true
	// false
}

func ExampleVerifyBytes() {
	// A Nostr event: the id (a 32-byte SHA-256) signed by an x-only key.
	pk, _ := hex.DecodeString("dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659")
	id, _ := hex.DecodeString("243f6a8885a308d313198a2e03707344a4093822299f31d0082efa98ec4e6c89")
	sig, _ := hex.DecodeString("6896bd60eeae296db48a229ff71dfe071bde413e6d43f917dc8dcf8c78de33418906d11ac976abccb20b091292bff4ea897efcb639ea871cfa95f6de339e4b0a")
	fmt.Println(schnorr.VerifyBytes(pk, id, sig))
	fmt.Println(schnorr.VerifyBytes(pk[:31], id, sig)) // wrong length
	// Output:
	// true
	// false
}
