package bench

import (
	"crypto/sha256"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
)

// decred: github.com/decred/dcrd/dcrec/secp256k1/v4 and its ecdsa package.
// Its schnorr package is EC-Schnorr-DCRv0, not BIP-340, so there is no
// Schnorr row.
func init() {
	register(&Lib{
		Name: "decred",
		Note: "no BIP-340 (its schnorr package is EC-Schnorr-DCRv0); ECDH hashes the point from ScalarMultNonConst",
		PubKey: func(sec *[32]byte, out *[33]byte) error {
			k := secp256k1.PrivKeyFromBytes(sec[:])
			copy(out[:], k.PubKey().SerializeCompressed())
			return nil
		},
		ECDSASign: func(sec, hash *[32]byte, out *[64]byte) error {
			k := secp256k1.PrivKeyFromBytes(sec[:])
			sig := ecdsa.Sign(k, hash[:])
			r, s := sig.R(), sig.S()
			r.PutBytesUnchecked(out[:32])
			s.PutBytesUnchecked(out[32:])
			return nil
		},
		ECDSAVerify: func(pub *[33]byte, hash *[32]byte, sig *[64]byte) bool {
			pk, err := secp256k1.ParsePubKey(pub[:])
			if err != nil {
				return false
			}
			var r, s secp256k1.ModNScalar
			if r.SetByteSlice(sig[:32]) || s.SetByteSlice(sig[32:]) || r.IsZero() || s.IsZero() {
				return false
			}
			return ecdsa.NewSignature(&r, &s).Verify(hash[:], pk)
		},
		ECDSARecover: func(hash *[32]byte, sig *[65]byte, out *[33]byte) error {
			// decred's compact form: header 27 + recid + 4 (compressed), r, s.
			var c [65]byte
			c[0] = 27 + 4 + sig[64]
			copy(c[1:], sig[:64])
			pk, _, err := ecdsa.RecoverCompact(c[:], hash[:])
			if err != nil {
				return err
			}
			copy(out[:], pk.SerializeCompressed())
			return nil
		},
		ECDH: func(sec *[32]byte, peer *[33]byte, out *[32]byte) error {
			k := secp256k1.PrivKeyFromBytes(sec[:])
			pk, err := secp256k1.ParsePubKey(peer[:])
			if err != nil {
				return err
			}
			// What GenerateSharedSecret does, keeping y for the
			// compressed encoding that libsecp256k1 hashes.
			var p, r secp256k1.JacobianPoint
			pk.AsJacobian(&p)
			secp256k1.ScalarMultNonConst(&k.Key, &p, &r)
			r.ToAffine()
			*out = hashPoint(&r.X, &r.Y)
			return nil
		},
	})
}

// hashPoint is libsecp256k1's default ECDH hash: SHA-256 of the compressed
// point. x and y must be normalized.
func hashPoint(x, y *secp256k1.FieldVal) [32]byte {
	var buf [33]byte
	buf[0] = 0x02 | byte(y.IsOddBit())
	x.PutBytesUnchecked(buf[1:])
	return sha256.Sum256(buf[:])
}
