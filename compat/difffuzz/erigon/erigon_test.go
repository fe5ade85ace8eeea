// Package erigon holds the differential targets of compat/erigon (renamed
// by ../prepare.sh to gen/erigonp256k1) against github.com/erigontech/secp256k1 v1.3.0 (cgo).
package erigon

import (
	"testing"

	theirs "github.com/erigontech/secp256k1"
	ours "github.com/p256k1/p256k1/compat/difffuzz/gen/erigonp256k1"
	"github.com/p256k1/p256k1/compat/difffuzz/internal/gethapi"
)

var (
	oursAPI = gethapi.API{Name: "p256k1", Sign: ours.Sign, RecoverPubkey: ours.RecoverPubkey,
		VerifySignature: ours.VerifySignature, DecompressPubkey: ours.DecompressPubkey,
		CompressPubkey: ours.CompressPubkey, S256: ours.S256()}
	theirAPI = gethapi.API{Name: "erigon", Sign: theirs.Sign, RecoverPubkey: theirs.RecoverPubkey,
		VerifySignature: theirs.VerifySignature, DecompressPubkey: theirs.DecompressPubkey,
		CompressPubkey: theirs.CompressPubkey, S256: theirs.S256()}
)

// FuzzErigonSign: Sign, RecoverPubkey, VerifySignature, DecompressPubkey.
func FuzzErigonSign(f *testing.F) {
	gethapi.SeedSign(f, theirAPI)
	f.Fuzz(func(t *testing.T, seckey, msg, sig, pub []byte) {
		gethapi.FuzzSign(t, oursAPI, theirAPI, seckey, msg, sig, pub)
	})
}

// FuzzErigonCurve: the BitCurve methods, CompressPubkey, DecompressPubkey.
func FuzzErigonCurve(f *testing.F) {
	gethapi.SeedCurve(f)
	f.Fuzz(func(t *testing.T, x1, y1, x2, y2, k []byte) {
		gethapi.FuzzCurve(t, oursAPI, theirAPI, x1, y1, x2, y2, k)
	})
}
