package bench

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

// p256k1Lib is this repository, through its public packages.
var p256k1Lib = &Lib{
	Name: "p256k1",
	Note: "this module: packages p256k1, ecdsa, schnorr, ecdh",
	PubKey: func(sec *[32]byte, out *[33]byte) error {
		k, err := p256k1.NewPrivateKey(sec[:])
		if err != nil {
			return err
		}
		pub := k.PublicKey()
		*out = pub.SerializeCompressed()
		return nil
	},
	ECDSASign: func(sec, hash *[32]byte, out *[64]byte) error {
		k, err := p256k1.NewPrivateKey(sec[:])
		if err != nil {
			return err
		}
		sig, err := ecdsa.Sign(&k, hash)
		if err != nil {
			return err
		}
		*out = sig.SerializeCompact()
		return nil
	},
	ECDSAVerify: func(pub *[33]byte, hash *[32]byte, sig *[64]byte) bool {
		pk, err := p256k1.ParsePublicKey(pub[:])
		if err != nil {
			return false
		}
		s, err := ecdsa.ParseCompact(sig)
		if err != nil {
			return false
		}
		return ecdsa.Verify(&pk, hash, &s)
	},
	ECDSARecover: func(hash *[32]byte, sig *[65]byte, out *[33]byte) error {
		s, err := ecdsa.ParseRecoverable((*[64]byte)(sig[:64]), int(sig[64]))
		if err != nil {
			return err
		}
		pk, err := ecdsa.RecoverPublicKey(hash, &s)
		if err != nil {
			return err
		}
		*out = pk.SerializeCompressed()
		return nil
	},
	SchnorrSign: func(sec, msg, aux *[32]byte, out *[64]byte) error {
		k, err := p256k1.NewPrivateKey(sec[:])
		if err != nil {
			return err
		}
		sig, err := schnorr.Sign(&k, msg[:], aux)
		if err != nil {
			return err
		}
		*out = sig
		return nil
	},
	SchnorrKeypair: func(sec *[32]byte) (func(msg, aux *[32]byte, out *[64]byte) error, error) {
		k, err := p256k1.NewPrivateKey(sec[:])
		if err != nil {
			return nil, err
		}
		kp, err := schnorr.NewKeypair(&k)
		if err != nil {
			return nil, err
		}
		return func(msg, aux *[32]byte, out *[64]byte) error {
			sig, err := schnorr.SignKeypair(&kp, msg[:], aux)
			if err != nil {
				return err
			}
			*out = sig
			return nil
		}, nil
	},
	// The key's bytes in, as the C library's xonly_pubkey_parse and
	// schnorrsig_verify: VerifyBytes lifts the key and R together.
	SchnorrVerify: func(pub, msg *[32]byte, sig *[64]byte) bool {
		return schnorr.VerifyBytes(pub[:], msg[:], sig[:])
	},
	ECDH: func(sec *[32]byte, peer *[33]byte, out *[32]byte) error {
		k, err := p256k1.NewPrivateKey(sec[:])
		if err != nil {
			return err
		}
		// The peer's encoding straight in: its square root and the
		// inversion to affine are one exponentiation (ecdh.SharedSecretBytes).
		s, err := ecdh.SharedSecretBytes(&k, peer[:])
		if err != nil {
			return err
		}
		*out = s
		return nil
	},
}

// RecoverableSig is the recoverable ECDSA signature (r ‖ s ‖ recid) of an
// input's message under its secret, made with p256k1: what the
// ECDSARecover benchmarks and checks recover from (the correctness check
// shows every library recovers the same key, the secret's).
func RecoverableSig(in *Input) ([65]byte, error) {
	var out [65]byte
	k, err := p256k1.NewPrivateKey(in.Secret[:])
	if err != nil {
		return out, err
	}
	s, err := ecdsa.SignRecoverable(&k, &in.Msg)
	if err != nil {
		return out, err
	}
	rs, recid := s.SerializeCompact()
	copy(out[:64], rs[:])
	out[64] = byte(recid)
	return out, nil
}
