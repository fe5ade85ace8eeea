//go:build cgo

package bench

import (
	"crypto/sha256"
	"math/big"

	"github.com/ethereum/go-ethereum/crypto/secp256k1"
)

// geth: github.com/ethereum/go-ethereum/crypto/secp256k1, cgo around a
// vendored libsecp256k1 (v0.6.1 in go-ethereum v1.17). It offers ECDSA
// (recoverable signatures only) and a constant-time ScalarMult, which is
// what go-ethereum's own crypto.ToECDSA and ECIES use.
func init() {
	register(&Lib{
		Name: "geth",
		Note: "cgo; signs 65-byte recoverable signatures (the compact 64 bytes are compared); PubKey is S256().ScalarBaseMult + CompressPubkey as crypto.ToECDSA does; ECDH is ScalarMult on the decompressed peer key, then SHA-256 of the compressed point",
		PubKey: func(sec *[32]byte, out *[33]byte) error {
			x, y := secp256k1.S256().ScalarBaseMult(sec[:])
			if x == nil {
				return errFailed
			}
			copy(out[:], secp256k1.CompressPubkey(x, y))
			return nil
		},
		ECDSASign: func(sec, hash *[32]byte, out *[64]byte) error {
			sig, err := secp256k1.Sign(hash[:], sec[:])
			if err != nil {
				return err
			}
			copy(out[:], sig[:64])
			return nil
		},
		ECDSAVerify: func(pub *[33]byte, hash *[32]byte, sig *[64]byte) bool {
			return secp256k1.VerifySignature(pub[:], hash[:], sig[:])
		},
		ECDSARecover: func(hash *[32]byte, sig *[65]byte, out *[33]byte) error {
			// What go-ethereum's crypto.SigToPub does: the 65-byte
			// uncompressed key, then compressed as the other rows return it.
			pub, err := secp256k1.RecoverPubkey(hash[:], sig[:])
			if err != nil {
				return err
			}
			x, y := new(big.Int).SetBytes(pub[1:33]), new(big.Int).SetBytes(pub[33:])
			copy(out[:], secp256k1.CompressPubkey(x, y))
			return nil
		},
		ECDH: func(sec *[32]byte, peer *[33]byte, out *[32]byte) error {
			x, y := secp256k1.DecompressPubkey(peer[:])
			if x == nil {
				return errFailed
			}
			sx, sy := secp256k1.S256().ScalarMult(x, y, sec[:])
			if sx == nil {
				return errFailed
			}
			*out = sha256.Sum256(secp256k1.CompressPubkey(sx, sy))
			return nil
		},
	})
}
