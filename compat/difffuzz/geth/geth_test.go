// Package geth holds the differential targets of compat/geth/secp256k1
// against go-ethereum v1.17.10's crypto/secp256k1 (cgo, libsecp256k1).
package geth

import (
	"testing"

	theirs "github.com/ethereum/go-ethereum/crypto/secp256k1"
	"github.com/p256k1/p256k1/compat/difffuzz/internal/gethapi"
	ours "github.com/p256k1/p256k1/compat/geth/secp256k1"
)

var (
	oursAPI = gethapi.API{Name: "p256k1", Sign: ours.Sign, RecoverPubkey: ours.RecoverPubkey,
		VerifySignature: ours.VerifySignature, DecompressPubkey: ours.DecompressPubkey,
		CompressPubkey: ours.CompressPubkey, S256: ours.S256()}
	theirAPI = gethapi.API{Name: "geth", Sign: theirs.Sign, RecoverPubkey: theirs.RecoverPubkey,
		VerifySignature: theirs.VerifySignature, DecompressPubkey: theirs.DecompressPubkey,
		CompressPubkey: theirs.CompressPubkey, S256: theirs.S256()}
)

// FuzzGethSign: Sign, RecoverPubkey, VerifySignature, DecompressPubkey.
func FuzzGethSign(f *testing.F) {
	gethapi.SeedSign(f, theirAPI)
	f.Fuzz(func(t *testing.T, seckey, msg, sig, pub []byte) {
		gethapi.FuzzSign(t, oursAPI, theirAPI, seckey, msg, sig, pub)
	})
}

// FuzzGethCurve: the BitCurve methods, CompressPubkey, DecompressPubkey.
func FuzzGethCurve(f *testing.F) {
	gethapi.SeedCurve(f)
	f.Fuzz(func(t *testing.T, x1, y1, x2, y2, k []byte) {
		gethapi.FuzzCurve(t, oursAPI, theirAPI, x1, y1, x2, y2, k)
	})
}
