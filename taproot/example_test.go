package taproot_test

import (
	"crypto/pbkdf2"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/bip32"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/taproot"
)

// A BIP-86 wallet's first receiving address, from its BIP-39 mnemonic (the
// seed is PBKDF2-HMAC-SHA512 of the words, salt "mnemonic" + passphrase).
func Example_bip86() {
	mnemonic := "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about"
	seed, _ := pbkdf2.Key(sha512.New, mnemonic, []byte("mnemonic"), 2048, 64)
	master, _ := bip32.NewMaster(seed, bip32.Mainnet)
	key, _ := master.DerivePathString("m/86'/0'/0'/0/0")

	pub := key.PublicKey()
	internal, _ := pub.XOnly()
	output, _, _ := taproot.OutputKey(&internal, nil) // nil: no script tree
	addr, _ := taproot.Address(&output, taproot.Mainnet)
	spk := taproot.ScriptPubKey(&output)
	fmt.Println(addr)
	fmt.Println(hex.EncodeToString(spk[:]))
	// Output:
	// bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr
	// 5120a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c
}

// Signing a key-path spend: the internal key's keypair is tweaked once and
// signs the sighash a transaction library computed.
func ExampleTweakKeypair() {
	k, _ := p256k1.NewPrivateKey(bytes32(0x6b))
	kp, _ := schnorr.NewKeypair(&k)
	signer, _ := taproot.TweakKeypair(&kp, nil) // nil: no script tree (BIP-86)
	defer signer.Zero()

	sighash := sha256.Sum256([]byte("the BIP-341 sighash of the input"))
	sig, _ := schnorr.SignKeypair(&signer, sighash[:], nil)

	internal := kp.XOnlyPublicKey()
	output, _, _ := taproot.OutputKey(&internal, nil)
	fmt.Println(schnorr.Verify(&output, sighash[:], &sig))
	// Output: true
}

// An output with a key path and two scripts; the control block that
// spends through the second script, checked as a node checks it.
func ExampleNewTree() {
	internal, _ := p256k1.ParseXOnlyPublicKey(mustHex("ee4fe085983462a184015d1f782d6a5f8b9c2b60130aff050ce221ecf3786592"))
	tree, err := taproot.NewTree(taproot.NewBranch(
		taproot.NewLeaf(taproot.LeafVersionTapscript, mustHex("20387671353e273264c495656e27e39ba899ea8fee3bb69fb2a680e22093447d48ac")),
		taproot.NewLeaf(0xfa, mustHex("06424950333431")),
	))
	if err != nil {
		panic(err)
	}
	root := tree.MerkleRoot()
	output, _, _ := taproot.OutputKey(&internal, &root)
	addr, _ := taproot.Address(&output, taproot.Mainnet)
	fmt.Println(addr)

	cb, _ := tree.ControlBlock(1, &internal)
	b, _ := cb.Bytes()
	fmt.Println(hex.EncodeToString(b))

	q := output.Bytes()
	fmt.Println(taproot.VerifyScriptPath(q[:], tree.Leaf(1).Script, b))
	fmt.Println(taproot.VerifyScriptPath(q[:], tree.Leaf(0).Script, b) != nil)
	// Output:
	// bc1pwyjywgrd0ffr3tx8laflh6228dj98xkjj8rum0zfpd6h0e930h6saqxrrm
	// faee4fe085983462a184015d1f782d6a5f8b9c2b60130aff050ce221ecf37865928ad69ec7cf41c2a4001fd1f738bf1e505ce2277acdcaa63fe4765192497f47a7
	// <nil>
	// true
}

// Parsing an address back to its output key, with the network checked.
func ExampleParseAddress() {
	q, err := taproot.ParseAddress("bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr", taproot.Mainnet)
	fmt.Println(err)
	b := q.Bytes()
	fmt.Println(hex.EncodeToString(b[:]))

	_, err = taproot.ParseAddress("bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr", taproot.Testnet)
	fmt.Println(err)
	_, err = taproot.ParseAddress("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", taproot.Mainnet)
	fmt.Println(err)
	// Output:
	// <nil>
	// a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c
	// taproot: address of another network: the address is for "bc" (mainnet), want "tb" (testnet or signet)
	// taproot: not a Taproot output (witness version 1, 32-byte key): a witness version 0 address (P2WPKH or P2WSH, BIP-173)
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func bytes32(v byte) []byte {
	b := make([]byte, 32)
	b[31] = v
	return b
}
