package musig2_test

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
)

// A 2-of-2 Taproot key-path signature with SigningSession: each signer
// keeps its session (and the secret nonce inside it) and sends only its
// public nonce, then its partial signature; each session verifies what it
// receives and returns the final BIP-340 signature under the Taproot output
// key of the two signers' aggregate key.
func ExampleSigningSession() {
	alice, _ := p256k1.GeneratePrivateKey()
	bob, _ := p256k1.GeneratePrivateKey()
	aPub, bPub := alice.PublicKey(), bob.PublicKey()
	keys := []p256k1.PublicKey{aPub, bPub}
	sighash := sha256.Sum256([]byte("BIP-341 signature message"))
	opts := &musig2.SigningSessionOptions{Sort: true, Taproot: true, Msg: sighash[:]}

	a, err := musig2.NewSigningSession(&alice, keys, opts) // on Alice's machine
	if err != nil {
		panic(err)
	}
	b, err := musig2.NewSigningSession(&bob, keys, opts) // on Bob's
	if err != nil {
		panic(err)
	}
	fmt.Println(a.CanSign())

	// Round 1: public nonces.
	aNonce, bNonce := a.PublicNonce(), b.PublicNonce()
	a.AddNonce(&bPub, &bNonce)
	b.AddNonce(&aPub, &aNonce)
	fmt.Println(a.CanSign(), b.CanSign())

	// Round 2: partial signatures, each verified on receipt.
	aSig, _ := a.Sign(nil) // nil: the message fixed in the options
	bSig, _ := b.Sign(nil)
	done, err := a.AddPartialSig(&bPub, &bSig)
	fmt.Println(done, err)
	b.AddPartialSig(&aPub, &aSig)

	sig, _ := a.FinalSig()
	output := a.AggregateKey() // the Taproot output key
	fmt.Println(schnorr.Verify(&output, sighash[:], &sig))

	// A session signs once, and names a signer at fault.
	_, err = a.Sign(nil)
	fmt.Println(errors.Is(err, musig2.ErrNonceReused))
	_, err = b.AddPartialSig(&aPub, &aSig) // a second one from Alice
	var se *musig2.SignerError
	if errors.As(err, &se) {
		fmt.Println(se.Index == a.Index(), se.Contrib, errors.Is(err, musig2.ErrDuplicatePartialSig))
	}
	// Output:
	// false
	// true true
	// true <nil>
	// true
	// true
	// true psig true
}
