package ecdh_test

import (
	"bytes"
	"crypto/sha512"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
)

// Two parties each derive the same secret from their own private key and
// the other's public key. (The keys here are the BOLT 8 test keys; real keys
// come from p256k1.GeneratePrivateKey.)
func Example() {
	alicePriv, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{0x12}, 32))
	bobPriv, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{0x21}, 32))

	// Each publishes the 33-byte compressed public key.
	alicePubBytes := alicePriv.PublicKey()
	bobPubBytes := bobPriv.PublicKey()
	aEnc := alicePubBytes.SerializeCompressed()
	bEnc := bobPubBytes.SerializeCompressed()

	// Each parses the other's key and computes the secret.
	bobPub, err := p256k1.ParsePublicKey(bEnc[:])
	if err != nil {
		panic(err)
	}
	alicePub, err := p256k1.ParsePublicKey(aEnc[:])
	if err != nil {
		panic(err)
	}
	s1, _ := ecdh.SharedSecret(&alicePriv, &bobPub)
	s2, _ := ecdh.SharedSecret(&bobPriv, &alicePub)

	fmt.Println(s1 == s2)
	fmt.Println(hex.EncodeToString(s1[:]))
	// Output:
	// true
	// 1e2fb3c8fe8fb9f262f649f64d26ecf0f2c0a805a767cf02dc2d77a6ef1fdcc3
}

// SharedX gives the raw x coordinate of the shared point, for protocols that
// run their own key derivation on it (Nostr's NIP-44, for instance, feeds it
// to HKDF).
func ExampleSharedX() {
	priv, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{0x12}, 32))
	peerBytes, _ := hex.DecodeString("028d7500dd4c12685d1f568b4c2b5048e8534b873319f3a8daa612b469132ec7f7")
	peer, err := p256k1.ParsePublicKey(peerBytes)
	if err != nil {
		panic(err)
	}
	x, err := ecdh.SharedX(&priv, &peer)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(x))
	// Output: 32
}

// A custom hash, like libsecp256k1's hashfp: here SHA-512 of x ‖ y. The
// result comes back by value, in the hash's own type.
func ExampleSharedSecretFunc() {
	priv, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{0x12}, 32))
	peerBytes, _ := hex.DecodeString("028d7500dd4c12685d1f568b4c2b5048e8534b873319f3a8daa612b469132ec7f7")
	peer, _ := p256k1.ParsePublicKey(peerBytes)

	sha512xy := func(x, y [32]byte) ([sha512.Size]byte, error) {
		var buf [64]byte
		copy(buf[:32], x[:])
		copy(buf[32:], y[:])
		defer clear(buf[:])
		return sha512.Sum512(buf[:]), nil
	}
	secret, err := ecdh.SharedSecretFunc(&priv, &peer, sha512xy)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(secret))
	// Output: 64
}

// A peer key as it arrives on the wire goes straight in: for a 33-byte
// compressed key, SharedSecretBytes takes the peer's y and the result's
// inverse Z from one exponentiation, where parsing and SharedSecret take a
// square root and an inversion. The secret is SharedSecret's.
func ExampleSharedSecretBytes() {
	priv, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{0x12}, 32))
	peerBytes, _ := hex.DecodeString("028d7500dd4c12685d1f568b4c2b5048e8534b873319f3a8daa612b469132ec7f7")
	s, err := ecdh.SharedSecretBytes(&priv, peerBytes)
	if err != nil {
		panic(err)
	}
	peer, _ := p256k1.ParsePublicKey(peerBytes)
	s2, _ := ecdh.SharedSecret(&priv, &peer)
	fmt.Println(s == s2)
	// Output: true
}
