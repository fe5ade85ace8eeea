package secp256k1_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/p256k1/compat/geth/secp256k1"
)

// Sign a hash, recover the signer's key from the signature, verify it: the
// calls of go-ethereum's crypto/secp256k1, without cgo.
func Example() {
	seckey := bytes.Repeat([]byte{0x42}, 32)
	msg := sha256.Sum256([]byte("transfer 1 ether"))

	sig, err := secp256k1.Sign(msg[:], seckey) // R ‖ S ‖ V, 65 bytes
	if err != nil {
		panic(err)
	}
	pub, err := secp256k1.RecoverPubkey(msg[:], sig) // 0x04 ‖ X ‖ Y
	if err != nil {
		panic(err)
	}
	x, y := secp256k1.S256().ScalarBaseMult(seckey)
	fmt.Println(bytes.Equal(pub, secp256k1.S256().Marshal(x, y)))
	fmt.Println(secp256k1.VerifySignature(pub, msg[:], sig[:64]))
	fmt.Printf("%x\n", secp256k1.CompressPubkey(x, y))
	// Output:
	// true
	// true
	// 0324653eac434488002cc06bbfb7f10fe18991e35f9fe4302dbea6d2353dc0ab1c
}

// Recover the senders of many signatures at once, on all cores.
func ExampleRecoverPubkeys() {
	var msgs, sigs [][]byte
	for i := range 3 {
		seckey := bytes.Repeat([]byte{byte(i + 1)}, 32)
		msg := sha256.Sum256([]byte{byte(i)})
		sig, _ := secp256k1.Sign(msg[:], seckey)
		msgs, sigs = append(msgs, msg[:]), append(sigs, sig)
	}
	sigs[1] = sigs[1][:64] // no recovery id
	pubs, errs := secp256k1.RecoverPubkeys(msgs, sigs)
	for i := range pubs {
		if errs != nil && errs[i] != nil {
			fmt.Println(i, errs[i])
			continue
		}
		fmt.Printf("%d %x…\n", i, pubs[i][:9])
	}
	// Output:
	// 0 041b84c5567b126440…
	// 1 invalid signature length
	// 2 04531fe6068134503d…
}

// ScalarMult works without cgo, in constant time (geth's build without cgo
// panics here): a Diffie-Hellman agreement.
func ExampleBitCurve_ScalarMult() {
	curve := secp256k1.S256()
	a, b := bytes.Repeat([]byte{7}, 32), bytes.Repeat([]byte{9}, 32)
	ax, ay := curve.ScalarBaseMult(a)
	bx, by := curve.ScalarBaseMult(b)
	s1, _ := curve.ScalarMult(bx, by, a)
	s2, _ := curve.ScalarMult(ax, ay, b)
	fmt.Println(s1.Cmp(s2) == 0)
	// Output: true
}
