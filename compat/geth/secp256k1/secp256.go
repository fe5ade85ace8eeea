// Package secp256k1 is a pure-Go drop-in for go-ethereum's crypto/secp256k1
// package (github.com/ethereum/go-ethereum/crypto/secp256k1), built on
// p256k1: the same exported names, signatures, results and error values,
// without cgo. Sign makes the same 65-byte signatures as geth's vendored
// libsecp256k1 (RFC 6979, low S, R ‖ S ‖ V), RecoverPubkey and
// VerifySignature accept and reject exactly what it accepts and rejects,
// and S256 returns a *BitCurve that is a working crypto/elliptic Curve,
// ScalarMult included (constant time), which geth's own build without cgo
// does not offer.
//
// To switch, change one import line:
//
//	import "github.com/ethereum/go-ethereum/crypto/secp256k1" // before
//	import "github.com/p256k1/p256k1/compat/geth/secp256k1"   // after
//
// (go.mod's replace works on modules, not on one package of
// go-ethereum; erigon's separate module github.com/erigontech/secp256k1 is
// replaced by compat/erigon instead). RecoverPubkeys, not in geth's
// package, recovers many keys at once on all cores.
//
// Differences from geth's package, all on input geth's documentation calls
// invalid: S256().ScalarMult and Unmarshal return nil coordinates for a
// point that is not on the curve (geth computes with it, or returns it),
// and IsOnCurve is false for negative coordinates; the curve methods ignore
// the fields of the BitCurve they are called on and always compute on
// secp256k1. Signing is constant time in the key and the nonce;
// everything that handles only public data (recovery, verification,
// parsing, Add, Double) runs in variable time.
package secp256k1

import (
	"errors"
	"math/big"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
)

// The errors of geth's package, with its texts.
var (
	ErrInvalidMsgLen       = errors.New("invalid message length, need 32 bytes")
	ErrInvalidSignatureLen = errors.New("invalid signature length")
	ErrInvalidRecoveryID   = errors.New("invalid signature recovery id")
	ErrInvalidKey          = errors.New("invalid private key")
	ErrInvalidPubkey       = errors.New("invalid public key")
	ErrSignFailed          = errors.New("signing failed")
	ErrRecoverFailed       = errors.New("recovery failed")
)

// Sign returns the recoverable ECDSA signature of the 32-byte hash msg under
// the 32-byte secret key seckey, in the 65-byte form R ‖ S ‖ V with V the
// recovery id (0 or 1): RFC 6979 nonce, low S, byte for byte what geth's
// libsecp256k1 returns. ErrInvalidMsgLen if msg is not 32 bytes,
// ErrInvalidKey if seckey is not 32 bytes encoding a value in [1, n−1].
// As geth says: msg must be a hash, never data an attacker chooses.
// Constant time in seckey and the nonce; its one allocation is the
// returned slice.
func Sign(msg []byte, seckey []byte) ([]byte, error) {
	if len(msg) != 32 {
		return nil, ErrInvalidMsgLen
	}
	if len(seckey) != 32 {
		return nil, ErrInvalidKey
	}
	key, err := p256k1.NewPrivateKey(seckey)
	if err != nil {
		return nil, ErrInvalidKey
	}
	defer key.Zero()
	rs, err := ecdsa.SignRecoverable(&key, (*[32]byte)(msg))
	if err != nil {
		return nil, ErrSignFailed
	}
	c, recid := rs.SerializeCompact()
	sig := make([]byte, 65)
	copy(sig, c[:])
	sig[64] = byte(recid)
	return sig, nil
}

// RecoverPubkey returns the 65-byte uncompressed public key (0x04 ‖ X ‖ Y)
// of the signer of the 32-byte hash msg, from the 65-byte signature
// R ‖ S ‖ V. High S is accepted (as libsecp256k1's recovery accepts it).
// ErrInvalidMsgLen, ErrInvalidSignatureLen, ErrInvalidRecoveryID (V ≥ 4),
// ErrRecoverFailed (R or S zero or ≥ n, or no key recovers). Variable time
// (public data); its one allocation is the returned slice.
func RecoverPubkey(msg []byte, sig []byte) ([]byte, error) {
	var out [65]byte
	if err := recoverTo(&out, msg, sig); err != nil {
		return nil, err
	}
	pub := make([]byte, 65)
	copy(pub, out[:])
	return pub, nil
}

// RecoverPubkeyAppend is RecoverPubkey appending the key to dst, so that a
// caller with room in dst allocates nothing: it returns dst extended by the
// 65-byte key, or nil and the error (dst's spare capacity may then have
// been written). Not in geth's package; erigon's RecoverPubkeyWithContext
// is built on it. Variable time (public data).
func RecoverPubkeyAppend(dst, msg, sig []byte) ([]byte, error) {
	var out [65]byte
	if err := recoverTo(&out, msg, sig); err != nil {
		return nil, err
	}
	return append(dst, out[:]...), nil
}

// recoverTo checks the input as geth does and recovers the key into out.
func recoverTo(out *[65]byte, msg, sig []byte) error {
	if len(msg) != 32 {
		return ErrInvalidMsgLen
	}
	if err := checkSignature(sig); err != nil {
		return err
	}
	rs, err := ecdsa.ParseRecoverable((*[64]byte)(sig[:64]), int(sig[64]))
	if err != nil {
		return ErrRecoverFailed
	}
	pub, err := ecdsa.RecoverPublicKey((*[32]byte)(msg), &rs)
	if err != nil {
		return ErrRecoverFailed
	}
	*out = pub.SerializeUncompressed()
	return nil
}

// checkSignature is geth's check of a 65-byte recoverable signature.
func checkSignature(sig []byte) error {
	if len(sig) != 65 {
		return ErrInvalidSignatureLen
	}
	if sig[64] >= 4 {
		return ErrInvalidRecoveryID
	}
	return nil
}

// VerifySignature reports whether the 64-byte signature R ‖ S of the
// 32-byte hash msg is valid under pubkey, as geth's libsecp256k1 call
// decides: pubkey is a 33-byte compressed or 65-byte uncompressed (or
// hybrid 0x06/0x07) key on the curve, R and S are in [1, n−1], and S is low
// (S ≤ n/2: malleable high-S signatures are rejected). Variable time
// (public data); it does not allocate.
func VerifySignature(pubkey, msg, signature []byte) bool {
	if len(msg) != 32 || len(signature) != 64 || len(pubkey) == 0 {
		return false
	}
	sig, err := ecdsa.ParseCompact((*[64]byte)(signature))
	if err != nil {
		return false
	}
	pub, err := p256k1.ParsePublicKey(pubkey)
	if err != nil {
		return false
	}
	return ecdsa.Verify(&pub, (*[32]byte)(msg), &sig)
}

// DecompressPubkey parses a 33-byte compressed public key and returns its
// coordinates, or nil, nil if pubkey is not one (a wrong length or prefix,
// x ≥ p, or no point with that x). Variable time (public data).
func DecompressPubkey(pubkey []byte) (x, y *big.Int) {
	if len(pubkey) != 33 {
		return nil, nil
	}
	pub, err := p256k1.ParsePublicKey(pubkey)
	if err != nil {
		return nil, nil
	}
	u := pub.SerializeUncompressed()
	return new(big.Int).SetBytes(u[1:33]), new(big.Int).SetBytes(u[33:])
}

// CompressPubkey returns the 33-byte compressed encoding of the point
// (x, y). As geth's, it panics if the point is not on the curve (the
// caller must pass a valid key, e.g. one from DecompressPubkey,
// RecoverPubkey or ScalarBaseMult). Variable time (public data).
func CompressPubkey(x, y *big.Int) []byte {
	var u [65]byte
	u[0] = 4
	readBits(x, u[1:33])
	readBits(y, u[33:])
	pub, err := p256k1.ParsePublicKey(u[:])
	if err != nil {
		panic("secp256k1: CompressPubkey: " + ErrInvalidPubkey.Error())
	}
	c := pub.SerializeCompressed()
	out := make([]byte, 33)
	copy(out, c[:])
	return out
}
