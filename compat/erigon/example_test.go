package secp256k1_test

import (
	"bytes"
	"crypto/sha256"
	"fmt"

	"github.com/erigontech/secp256k1"
)

// Recover senders into one reused buffer, one context per worker, as
// erigon's sender recovery does: no allocation per signature.
func ExampleRecoverPubkeyWithContext() {
	ctx := secp256k1.ContextForThread(0)
	buf := make([]byte, 0, 65)
	for i := range 2 {
		msg := sha256.Sum256([]byte{byte(i)})
		sig, _ := secp256k1.Sign(msg[:], bytes.Repeat([]byte{byte(i + 1)}, 32))
		pub, err := secp256k1.RecoverPubkeyWithContext(ctx, msg[:], sig, buf[:0])
		if err != nil {
			panic(err)
		}
		fmt.Printf("%x…\n", pub[:9])
	}
	// Output:
	// 041b84c5567b126440…
	// 044d4b6cd1361032ca…
}
