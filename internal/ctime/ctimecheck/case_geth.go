package main

import (
	"bytes"
	"math/big"

	geth "github.com/p256k1/p256k1/compat/geth/secp256k1"
	"github.com/p256k1/p256k1/internal/ctime"
)

// Cases for the go-ethereum drop-in (compat/geth/secp256k1): the secret key
// of Sign and the scalars of ScalarMult and ScalarBaseMult are secret.
// Their big.Int results are declassified inside (math/big normalizes
// lengths in variable time; the API returns big.Int, as geth's).

func init() {
	register("geth.Sign", caseGethSign)
	register("geth.BitCurve.ScalarMult", caseGethScalarMult)
	register("geth.BitCurve.ScalarBaseMult", caseGethScalarBaseMult)
}

// gethKey returns 32 classified bytes that are a valid secret key.
func gethKey(in *inputs) []byte {
	for {
		k := in.secretBytes(32)
		if x, _ := geth.S256().ScalarBaseMult(k); x != nil {
			return k
		}
	}
}

func caseGethSign(in *inputs) error {
	key := gethKey(in)
	msg := in.publicBytes(32)
	sig, err := geth.Sign(msg, key)
	if err != nil {
		return err
	}
	ctime.DeclassifyBytes(sig) // a signature is public by design
	pub, err := geth.RecoverPubkey(msg, sig)
	if err != nil {
		return err
	}
	x, y := geth.S256().ScalarBaseMult(key)
	if !bytes.Equal(pub, geth.S256().Marshal(x, y)) || !geth.VerifySignature(pub, msg, sig[:64]) {
		return errWrong
	}
	return nil
}

func caseGethScalarMult(in *inputs) error {
	// A public point (a multiple of G by a public scalar), a secret scalar.
	px, py := geth.S256().ScalarBaseMult(in.public32()[:])
	if px == nil {
		return nil
	}
	k := gethKey(in)
	x, y := geth.S256().ScalarMult(px, py, k)
	if x == nil || !geth.S256().IsOnCurve(x, y) {
		return errWrong
	}
	return nil
}

func caseGethScalarBaseMult(in *inputs) error {
	k := gethKey(in)
	x, y := geth.S256().ScalarBaseMult(k)
	if x == nil || !geth.S256().IsOnCurve(x, y) || x.Cmp(big.NewInt(0)) == 0 {
		return errWrong
	}
	return nil
}
