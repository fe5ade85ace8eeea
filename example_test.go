package p256k1_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/p256k1"
)

// Generating a key pair and publishing the public key.
func ExampleGeneratePrivateKey() {
	priv, err := p256k1.GeneratePrivateKey()
	if err != nil {
		panic(err)
	}
	defer priv.Zero()

	pub := priv.PublicKey()
	compressed := pub.SerializeCompressed()     // 33 bytes: 02/03 ‖ x
	uncompressed := pub.SerializeUncompressed() // 65 bytes: 04 ‖ x ‖ y
	xonly, _ := pub.XOnly()                     // 32 bytes: x (BIP-340)
	xb := xonly.Bytes()
	fmt.Println(len(compressed), len(uncompressed), len(xb))
	// Output: 33 65 32
}

// Restoring a private key from its 32 bytes and deriving its public key.
func ExampleNewPrivateKey() {
	b, _ := hex.DecodeString("1111111111111111111111111111111111111111111111111111111111111111")
	priv, err := p256k1.NewPrivateKey(b)
	if err != nil {
		panic(err)
	}
	pub := priv.PublicKey()
	c := pub.SerializeCompressed()
	fmt.Println(hex.EncodeToString(c[:]))

	// Zero and values ≥ n are not keys.
	_, err = p256k1.NewPrivateKey(make([]byte, 32))
	fmt.Println(err)
	// Output:
	// 034f355bdcb7cc0af728ef3cceb9615d90684bb5b2ca5f859ab0f0b704075871aa
	// p256k1: invalid private key
}

// Parsing a public key in any SEC 1 form and re-serializing it.
func ExampleParsePublicKey() {
	b, _ := hex.DecodeString("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	pub, err := p256k1.ParsePublicKey(b)
	if err != nil {
		panic(err)
	}
	u := pub.SerializeUncompressed()
	fmt.Println(hex.EncodeToString(u[:]))

	// The same key from its uncompressed form.
	pub2, err := p256k1.ParsePublicKey(u[:])
	fmt.Println(pub2.Equal(&pub), err)

	// A point that is not on the curve.
	u[64] ^= 1
	_, err = p256k1.ParsePublicKey(u[:])
	fmt.Println(err)
	// Output:
	// 0479be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8
	// true <nil>
	// p256k1: invalid public key
}

// BIP-32-style additive derivation: the private and the public side agree,
// (d + t)·G = P + t·G.
func ExamplePrivateKey_TweakAdd() {
	priv, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{0x11}, 32))
	pub := priv.PublicKey()
	tweak := sha256.Sum256([]byte("child 0"))

	childPriv, err := priv.TweakAdd(&tweak)
	if err != nil {
		panic(err) // tweak ≥ n or d + t = 0: negligible for a hash
	}
	childPub, err := pub.TweakAdd(&tweak)
	if err != nil {
		panic(err)
	}
	fromPriv := childPriv.PublicKey()
	fmt.Println(fromPriv.Equal(&childPub))
	// Output: true
}

// A BIP-341 Taproot output key for key-path spending only: the internal key
// is tweaked by t = hash_TapTweak(x), the output commits to Q's x, and the
// spender signs with the matching tweaked private key. (The key is the one
// of BIP-341's test vectors.)
func ExampleXOnlyPublicKey_TweakAdd() {
	b, _ := hex.DecodeString("6b973d88838f27366ed61c9ad6367663045cb456e28335c109e30717ae0c6baa")
	priv, _ := p256k1.NewPrivateKey(b)
	pub := priv.PublicKey()
	internal, _ := pub.XOnly()
	ib := internal.Bytes()

	tag := sha256.Sum256([]byte("TapTweak"))
	h := sha256.New()
	h.Write(tag[:])
	h.Write(tag[:])
	h.Write(ib[:])
	var tweak [32]byte
	h.Sum(tweak[:0])

	outPub, err := internal.TweakAdd(&tweak)
	if err != nil {
		panic(err)
	}
	output, parity := outPub.XOnly()
	ob := output.Bytes()
	fmt.Println(hex.EncodeToString(ob[:]), parity)

	// A script-path verifier checks the output key against the internal key.
	fmt.Println(internal.TweakAddCheck(&ob, parity, &tweak))

	// The signer's key for the output key.
	outPriv, _ := priv.TweakAddXOnly(&tweak)
	fromPriv := outPriv.PublicKey()
	fmt.Println(fromPriv.Equal(&outPub))
	// Output:
	// 53a1f6e454df1aa2776a2814a721372d6258050de330b3c6d10ee8f4e0dda343 1
	// true
	// true
}

// Summing public keys (libsecp256k1's ec_pubkey_combine).
func ExampleCombinePublicKeys() {
	one, _ := p256k1.NewPrivateKey(append(make([]byte, 31), 1))
	two, _ := p256k1.NewPrivateKey(append(make([]byte, 31), 2))
	three, _ := p256k1.NewPrivateKey(append(make([]byte, 31), 3))
	p1, p2, p3 := one.PublicKey(), two.PublicKey(), three.PublicKey()

	sum, err := p256k1.CombinePublicKeys(&p1, &p2)
	fmt.Println(sum.Equal(&p3), err)

	neg := p1.Negate()
	_, err = p256k1.CombinePublicKeys(&p1, &neg) // the point at infinity
	fmt.Println(err)
	// Output:
	// true <nil>
	// p256k1: invalid public key
}

// Re-blinding the fixed-base multiplication with fresh randomness, as a
// long-running signer would at startup. Results do not change.
func ExampleRandomize() {
	priv, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{0x11}, 32))
	before := priv.PublicKey()

	var seed [32]byte
	copy(seed[:], "use 32 bytes from crypto/rand!!!") // crypto/rand.Read(seed[:]) in real code
	p256k1.Randomize(&seed)
	after := priv.PublicKey()
	p256k1.Randomize(nil) // back to the default blinding

	fmt.Println(before.Equal(&after))
	// Output: true
}
