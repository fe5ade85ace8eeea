package ecdsa_test

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
)

func exampleKey() p256k1.PrivateKey {
	b, _ := hex.DecodeString("cca9fbcc1b41e5a95d369eaa6ddcff73b61a4efaa279cfc6567e8daa39cbaf50")
	k, err := p256k1.NewPrivateKey(b)
	if err != nil {
		panic(err)
	}
	return k
}

// Sign a message hash deterministically, encode the signature in DER, and
// verify it.
func Example() {
	key := exampleKey() // in real use: p256k1.GeneratePrivateKey()
	pub := key.PublicKey()
	hash := sha256.Sum256([]byte("sample"))

	sig, err := ecdsa.Sign(&key, &hash)
	if err != nil {
		panic(err)
	}
	var buf [ecdsa.MaxDERSize]byte
	der := sig.SerializeDER(&buf)
	fmt.Printf("DER: %x\n", der)

	parsed, err := ecdsa.ParseDER(der)
	if err != nil {
		panic(err)
	}
	fmt.Println("valid:", ecdsa.Verify(&pub, &hash, &parsed))

	other := sha256.Sum256([]byte("other"))
	fmt.Println("valid for another message:", ecdsa.Verify(&pub, &other, &parsed))
	// Output:
	// DER: 3045022100af340daf02cc15c8d5d08d7735dfe6b98a474ed373bdb5fbecf7571be52b384202205009fb27f37034a9b24b707b7c6b79ca23ddef9e25f7282e8a797efe53a8f124
	// valid: true
	// valid for another message: false
}

// Verify a signature the way Bitcoin Core verifies signatures from the block
// chain: parse leniently (pre-BIP-66 encodings), normalize s, then verify.
func ExampleParseDERLax() {
	key := exampleKey()
	pub := key.PublicKey()
	hash := sha256.Sum256([]byte("sample"))
	// A valid signature in a non-strict encoding: the length of the
	// SEQUENCE is wrong and r has a superfluous leading zero.
	der, _ := hex.DecodeString("3000" +
		"02220000af340daf02cc15c8d5d08d7735dfe6b98a474ed373bdb5fbecf7571be52b3842" +
		"02205009fb27f37034a9b24b707b7c6b79ca23ddef9e25f7282e8a797efe53a8f124")

	_, err := ecdsa.ParseDER(der)
	fmt.Println("strict parser:", err)

	sig, err := ecdsa.ParseDERLax(der)
	if err != nil {
		panic(err)
	}
	sig.NormalizeS()
	fmt.Println("lax parser, valid:", ecdsa.Verify(&pub, &hash, &sig))
	// Output:
	// strict parser: ecdsa: invalid signature encoding
	// lax parser, valid: true
}

// High-S signatures are valid ECDSA but rejected by Verify, as by
// libsecp256k1; NormalizeS converts them.
func ExampleSignature_NormalizeS() {
	key := exampleKey()
	pub := key.PublicKey()
	hash := sha256.Sum256([]byte("sample"))
	// The signature from Example with s replaced by n − s.
	c, _ := hex.DecodeString("af340daf02cc15c8d5d08d7735dfe6b98a474ed373bdb5fbecf7571be52b3842" +
		"aff604d80c8fcb564db48f848394863496d0ed488951780d3558df8e7c8d501d")
	sig, err := ecdsa.ParseCompact((*[64]byte)(c))
	if err != nil {
		panic(err)
	}
	fmt.Println("as given:", ecdsa.Verify(&pub, &hash, &sig))
	fmt.Println("was high:", sig.NormalizeS())
	fmt.Println("normalized:", ecdsa.Verify(&pub, &hash, &sig))
	// Output:
	// as given: false
	// was high: true
	// normalized: true
}

// Recover the signer's public key from a recoverable signature, as Bitcoin
// message signing and Ethereum do.
func ExampleRecoverPublicKey() {
	key := exampleKey()
	hash := sha256.Sum256([]byte("sample"))

	rs, err := ecdsa.SignRecoverable(&key, &hash)
	if err != nil {
		panic(err)
	}
	sig64, recid := rs.SerializeCompact()

	// The verifier receives sig64 and recid.
	parsed, err := ecdsa.ParseRecoverable(&sig64, recid)
	if err != nil {
		panic(err)
	}
	pub, err := ecdsa.RecoverPublicKey(&hash, &parsed)
	if err != nil {
		panic(err)
	}
	enc := pub.SerializeCompressed()
	fmt.Printf("recid %d, key %x\n", recid, enc)
	// Output:
	// recid 1, key 0391f1ed66d63e12df118095ae010152f6cf65ffee656831f3000c28c4421d8e5b
}

// Mix fresh randomness into the nonce: signatures then differ on each call,
// and still verify.
func ExampleSignWithEntropy() {
	key := exampleKey()
	pub := key.PublicKey()
	hash := sha256.Sum256([]byte("sample"))
	var extra [32]byte // in real use: filled from crypto/rand
	extra[0] = 1
	sig, err := ecdsa.SignWithEntropy(&key, &hash, &extra)
	if err != nil {
		panic(err)
	}
	det, _ := ecdsa.Sign(&key, &hash)
	fmt.Println("valid:", ecdsa.Verify(&pub, &hash, &sig))
	fmt.Println("same as deterministic:", sig == det)
	// Output:
	// valid: true
	// same as deterministic: false
}
