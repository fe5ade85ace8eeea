package musig2_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
)

// A 2-of-2 session: Alice and Bob aggregate their keys, exchange public
// nonces, then partial signatures; the result is an ordinary BIP-340
// signature under the aggregate key. In practice each signer runs its own
// half on its own machine and sends only public values: keys, PubNonce
// (66 bytes), PartialSig (32 bytes).
func Example() {
	alice, _ := p256k1.GeneratePrivateKey()
	bob, _ := p256k1.GeneratePrivateKey()
	keys := []p256k1.PublicKey{alice.PublicKey(), bob.PublicKey()}
	musig2.KeySort(keys) // optional: the same aggregate key in any order

	ctx, err := musig2.KeyAgg(keys)
	if err != nil {
		panic(err)
	}
	msg := sha256.Sum256([]byte("pay 1 BTC to Carol"))

	// Round 1: nonces. Each keeps its *SecretNonce, sends its PubNonce.
	aPub, bPub := alice.PublicKey(), bob.PublicKey()
	aSec, aNonce, _ := musig2.NonceGen(&aPub, &musig2.NonceGenOptions{SecretKey: &alice, Msg: msg[:]})
	bSec, bNonce, _ := musig2.NonceGen(&bPub, &musig2.NonceGenOptions{SecretKey: &bob, Msg: msg[:]})
	aggNonce, _ := musig2.NonceAgg([]musig2.PubNonce{aNonce, bNonce})

	// Round 2: partial signatures (each Sign consumes its SecretNonce).
	session, _ := musig2.NewSession(&ctx, &aggNonce, msg[:])
	aSig, _ := musig2.Sign(aSec, &alice, &session)
	bSig, _ := musig2.Sign(bSec, &bob, &session)

	// The aggregator checks each partial signature, then combines.
	fmt.Println(musig2.PartialSigVerify(&session, &aSig, &aNonce, &aPub))
	fmt.Println(musig2.PartialSigVerify(&session, &bSig, &bNonce, &bPub))
	sig, _ := musig2.PartialSigAgg(&session, []musig2.PartialSig{aSig, bSig})

	agg := ctx.XOnly()
	fmt.Println(schnorr.Verify(&agg, msg[:], &sig))

	// A secret nonce signs once.
	_, err = musig2.Sign(aSec, &alice, &session)
	fmt.Println(err)
	// Output:
	// true
	// true
	// true
	// musig2: secret nonce already used or not made by NonceGen
}

// A Taproot key-path spend by a 2-of-2 MuSig2 internal key: the output key
// is the aggregate key tweaked with the BIP-341 tweak (an x-only tweak),
// and the signers sign for the tweaked key with no other change.
// SigningSessionOptions.Taproot does the same in a SigningSession.
func Example_taproot() {
	alice, _ := p256k1.GeneratePrivateKey()
	bob, _ := p256k1.GeneratePrivateKey()
	keys := []p256k1.PublicKey{alice.PublicKey(), bob.PublicKey()}
	musig2.KeySort(keys)
	ctx, _ := musig2.KeyAgg(keys)

	// BIP-341: t = hash_TapTweak(P.x ‖ merkle root); here with no script
	// tree (BIP-86).
	internal := ctx.XOnlyBytes()
	tweak, err := ctx.ApplyTaprootTweak(nil)
	if err != nil {
		panic(err)
	}
	output := ctx.XOnly() // the key in the Taproot output

	// The output key is the internal key tweaked as BIP-341 says.
	ik, _ := p256k1.ParseXOnlyPublicKey(internal[:])
	ob := output.Bytes()
	plain := ctx.PublicKey()
	_, parity := plain.XOnly()
	fmt.Println(ik.TweakAddCheck(&ob, parity, &tweak))

	sighash := sha256.Sum256([]byte("BIP-341 signature message"))
	aPub, bPub := alice.PublicKey(), bob.PublicKey()
	aSec, aNonce, _ := musig2.NonceGen(&aPub, nil)
	bSec, bNonce, _ := musig2.NonceGen(&bPub, nil)
	aggNonce, _ := musig2.NonceAgg([]musig2.PubNonce{aNonce, bNonce})
	session, _ := musig2.NewSession(&ctx, &aggNonce, sighash[:])
	aSig, _ := musig2.Sign(aSec, &alice, &session)
	bSig, _ := musig2.Sign(bSec, &bob, &session)
	sig, _ := musig2.PartialSigAgg(&session, []musig2.PartialSig{aSig, bSig})
	fmt.Println(schnorr.Verify(&output, sighash[:], &sig))
	// Output:
	// true
	// true
}

// Adaptor signatures for an atomic swap. Alice and Bob each hold a 2-of-2
// MuSig2 output on two chains. Alice picks a secret t and T = t·G; both
// sessions use T as the adaptor point. Bob signs both; Alice's claim on
// chain B publishes a completed signature, from which Bob extracts t and
// completes the pre-signature that pays him on chain A: either both
// transfers happen or neither.
func Example_adaptor() {
	alice, _ := p256k1.GeneratePrivateKey()
	bob, _ := p256k1.GeneratePrivateKey()
	aPub, bPub := alice.PublicKey(), bob.PublicKey()
	ctx, _ := musig2.KeyAgg([]p256k1.PublicKey{aPub, bPub})
	agg := ctx.XOnly()

	t, _ := p256k1.GeneratePrivateKey() // Alice's adaptor secret
	T := t.PublicKey()                  // shared with Bob

	// presign runs an adaptor session on msg and returns the pre-signature
	// and the nonce parity that Adapt and ExtractAdaptor need.
	presign := func(msg []byte) ([64]byte, int) {
		aSec, aNonce, _ := musig2.NonceGen(&aPub, nil)
		bSec, bNonce, _ := musig2.NonceGen(&bPub, nil)
		aggNonce, _ := musig2.NonceAgg([]musig2.PubNonce{aNonce, bNonce})
		s, _ := musig2.NewAdaptorSession(&ctx, &aggNonce, msg, &T)
		aSig, _ := musig2.Sign(aSec, &alice, &s)
		bSig, _ := musig2.Sign(bSec, &bob, &s)
		pre, _ := musig2.PartialSigAgg(&s, []musig2.PartialSig{aSig, bSig})
		return pre, s.NonceParity()
	}
	msgA := sha256.Sum256([]byte("chain A: pay Bob"))
	msgB := sha256.Sum256([]byte("chain B: pay Alice"))
	preA, parityA := presign(msgA[:])
	preB, parityB := presign(msgB[:])
	fmt.Println("pre-signature valid:", schnorr.Verify(&agg, msgB[:], &preB))

	// Alice completes her claim on chain B with t and publishes it.
	tb := t.Bytes()
	sigB, _ := musig2.Adapt(&preB, &tb, parityB)
	fmt.Println("Alice's claim valid:", schnorr.Verify(&agg, msgB[:], &sigB))

	// Bob sees sigB on chain B, extracts t, and completes his claim on A.
	extracted, _ := musig2.ExtractAdaptor(&sigB, &preB, parityB)
	sigA, _ := musig2.Adapt(&preA, &extracted, parityA)
	fmt.Println("Bob's claim valid:", schnorr.Verify(&agg, msgA[:], &sigA))
	// Output:
	// pre-signature valid: false
	// Alice's claim valid: true
	// Bob's claim valid: true
}
