package bench

import (
	"github.com/btcsuite/btcd/btcec/v2"
	"github.com/btcsuite/btcd/btcec/v2/ecdsa"
	"github.com/btcsuite/btcd/btcec/v2/schnorr"
)

// btcecKey makes a btcec private key without deriving its public key (which
// btcec.PrivKeyFromBytes does).
func btcecKey(sec *[32]byte) *btcec.PrivateKey {
	var s btcec.ModNScalar
	s.SetBytes(sec)
	return btcec.PrivKeyFromScalar(&s)
}

// btcec: github.com/btcsuite/btcd/btcec/v2 (v2.3.5; later versions need a
// newer Go) with its ecdsa and BIP-340 schnorr packages. Its ECDSA and
// curve arithmetic are decred's.
func init() {
	register(&Lib{
		Name: "btcec",
		Note: "ECDSA is decred's code; schnorr.Sign (CustomNonce(aux)) derives the public key and verifies the signature on every call, so SchnorrSignKeypair costs as much as SchnorrSign",
		PubKey: func(sec *[32]byte, out *[33]byte) error {
			_, pk := btcec.PrivKeyFromBytes(sec[:])
			copy(out[:], pk.SerializeCompressed())
			return nil
		},
		ECDSASign: func(sec, hash *[32]byte, out *[64]byte) error {
			sig := ecdsa.Sign(btcecKey(sec), hash[:])
			r, s := sig.R(), sig.S()
			r.PutBytesUnchecked(out[:32])
			s.PutBytesUnchecked(out[32:])
			return nil
		},
		ECDSAVerify: func(pub *[33]byte, hash *[32]byte, sig *[64]byte) bool {
			pk, err := btcec.ParsePubKey(pub[:])
			if err != nil {
				return false
			}
			var r, s btcec.ModNScalar
			if r.SetByteSlice(sig[:32]) || s.SetByteSlice(sig[32:]) || r.IsZero() || s.IsZero() {
				return false
			}
			return ecdsa.NewSignature(&r, &s).Verify(hash[:], pk)
		},
		ECDSARecover: func(hash *[32]byte, sig *[65]byte, out *[33]byte) error {
			// btcec's compact form: header 27 + recid + 4 (compressed), r, s.
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
		SchnorrSign: func(sec, msg, aux *[32]byte, out *[64]byte) error {
			sig, err := schnorr.Sign(btcecKey(sec), msg[:], schnorr.CustomNonce(*aux))
			if err != nil {
				return err
			}
			copy(out[:], sig.Serialize())
			return nil
		},
		SchnorrKeypair: func(sec *[32]byte) (func(msg, aux *[32]byte, out *[64]byte) error, error) {
			k, _ := btcec.PrivKeyFromBytes(sec[:])
			return func(msg, aux *[32]byte, out *[64]byte) error {
				sig, err := schnorr.Sign(k, msg[:], schnorr.CustomNonce(*aux))
				if err != nil {
					return err
				}
				copy(out[:], sig.Serialize())
				return nil
			}, nil
		},
		SchnorrVerify: func(pub, msg *[32]byte, sig *[64]byte) bool {
			pk, err := schnorr.ParsePubKey(pub[:])
			if err != nil {
				return false
			}
			s, err := schnorr.ParseSignature(sig[:])
			if err != nil {
				return false
			}
			return s.Verify(msg[:], pk)
		},
		ECDH: func(sec *[32]byte, peer *[33]byte, out *[32]byte) error {
			k := btcecKey(sec)
			pk, err := btcec.ParsePubKey(peer[:])
			if err != nil {
				return err
			}
			var p, r btcec.JacobianPoint
			pk.AsJacobian(&p)
			btcec.ScalarMultNonConst(&k.Key, &p, &r)
			r.ToAffine()
			*out = hashPoint(&r.X, &r.Y)
			return nil
		},
	})
}
