package p256k1_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/p256k1"
)

// A Taproot script-path verifier checks many output keys against their
// internal keys and tweaks at once, and finds the ones that do not match.
func ExampleVerifyTweakAddChecks() {
	var items []p256k1.TweakCheckItem
	for i := range 3 {
		seed := sha256.Sum256([]byte{byte(i)})
		priv, _ := p256k1.NewPrivateKey(seed[:])
		pub := priv.PublicKey()
		internal, _ := pub.XOnly()
		// The BIP-341 tweak would be the TapTweak hash of the internal key
		// and the script tree's Merkle root.
		tweak := sha256.Sum256(seed[:])
		q, _ := internal.TweakAdd(&tweak)
		output, parity := q.XOnly()
		out := output.Bytes()
		items = append(items, p256k1.TweakCheckItem{
			Internal: &internal, Tweak: &tweak, Output: &out, Parity: parity,
		})
	}
	fmt.Println(p256k1.VerifyTweakAddChecks(items))

	items[1].Parity ^= 1 // a wrong parity bit
	fmt.Println(p256k1.VerifyTweakAddChecks(items))
	fmt.Println(p256k1.FindInvalidTweakAddChecks(items))
	// Output:
	// true
	// false
	// [1]
}
