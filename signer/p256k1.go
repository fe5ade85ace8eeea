package signer

import (
	"crypto/subtle"
	"fmt"
	"log/slog"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
	"github.com/p256k1/p256k1/internal/redact"
	"github.com/p256k1/p256k1/schnorr"
)

// P256K1Signer is the pure-Go Signer: it holds a precomputed schnorr.Keypair
// (so each Sign costs one fixed-base multiplication), the secret key as given
// (for ECDH) and the parsed x-only public key (so Verify parses nothing).
//
// The zero value is an uninitialised signer; call Generate, InitSecret or
// InitPublic. Once initialised it is safe for concurrent use: Sign, SignAux,
// Verify, ECDH, ECDHX, Secret and Public only read the signer and keep no
// result buffers in it. Verify does not allocate; Sign, ECDH and ECDHX
// allocate only the slice they return.
//
// Like every key in this module, a P256K1Signer holds its secret by value:
// copying the struct copies the secret. Use it through a pointer and call
// Zero when done.
type P256K1Signer struct {
	kp        schnorr.Keypair       // even-Y secret and x-only key, for signing
	sec       p256k1.PrivateKey     // the secret as loaded, for Secret
	ecdhKey   p256k1.PrivateKey     // sec or n − sec: the secret of the even-Y key, for ECDH
	pub       p256k1.XOnlyPublicKey // for verification
	pubBytes  [32]byte
	hasSecret bool
	hasPublic bool
}

var _ AuxSigner = (*P256K1Signer)(nil)

// Generate replaces the signer's key with a new one from crypto/rand.
// Constant time in the new key.
func (s *P256K1Signer) Generate() error {
	k, err := p256k1.GeneratePrivateKey()
	if err != nil {
		return err
	}
	defer k.Zero()
	return s.setSecret(&k)
}

// InitSecret loads the 32-byte big-endian secret key sec and derives its
// keypair. It returns ErrInvalidSecretKey (and leaves the signer unchanged)
// unless sec is 32 bytes in [1, n−1]. Constant time in sec apart from the
// validity result.
func (s *P256K1Signer) InitSecret(sec []byte) error {
	k, err := p256k1.NewPrivateKey(sec)
	if err != nil {
		return ErrInvalidSecretKey
	}
	defer k.Zero()
	return s.setSecret(&k)
}

func (s *P256K1Signer) setSecret(k *p256k1.PrivateKey) error {
	kp, err := schnorr.NewKeypair(k)
	if err != nil {
		return ErrInvalidSecretKey
	}
	s.Zero()
	s.kp = kp
	kp.Zero()
	s.sec = *k
	// The ECDH secret is k or n − k, whichever has the even-Y public key;
	// chosen by a constant-time copy, since an x-only key does not publish
	// the parity.
	full := s.kp.PublicKey()
	_, odd := full.XOnly()
	neg := k.Negate()
	kb, nb := k.Bytes(), neg.Bytes()
	subtle.ConstantTimeCopy(odd, kb[:], nb[:])
	s.ecdhKey, _ = p256k1.NewPrivateKey(kb[:]) // k is valid, so is n − k
	clear(kb[:])
	clear(nb[:])
	neg.Zero()
	s.pub = s.kp.XOnlyPublicKey()
	s.pubBytes = s.pub.Bytes()
	s.hasSecret, s.hasPublic = true, true
	return nil
}

// InitPublic loads a 32-byte x-only public key and makes the signer
// verify-only (any secret it held is wiped). It returns ErrInvalidPublicKey,
// leaving the signer unchanged, for a wrong length, x ≥ p or an x with no
// point on the curve. Variable time (public data).
func (s *P256K1Signer) InitPublic(pub []byte) error {
	pk, err := p256k1.ParseXOnlyPublicKey(pub)
	if err != nil {
		return ErrInvalidPublicKey
	}
	s.Zero()
	s.pub = pk
	s.pubBytes = pk.Bytes()
	s.hasPublic = true
	return nil
}

// Secret returns a copy of the 32-byte secret key, or nil for a verify-only
// or uninitialised signer. Constant time in the key. The caller owns the
// copy and should clear it after use.
func (s *P256K1Signer) Secret() []byte {
	if !s.hasSecret {
		return nil
	}
	b := s.sec.Bytes()
	return b[:]
}

// Public returns the 32-byte x-only public key, or nil when uninitialised.
// Variable time (public data).
func (s *P256K1Signer) Public() []byte {
	if !s.hasPublic {
		return nil
	}
	b := s.pubBytes
	return b[:]
}

// XOnlyPublicKey returns the parsed public key (the zero value when
// uninitialised). Variable time (public data).
func (s *P256K1Signer) XOnlyPublicKey() p256k1.XOnlyPublicKey { return s.pub }

// Sign returns the BIP-340 signature of msg (any length) with auxiliary
// randomness from crypto/rand. It returns ErrVerifyOnly for a verify-only
// signer and ErrNoKey for an uninitialised one. Constant time in the secret
// key and the nonce (see package schnorr); it allocates the returned slice
// only.
func (s *P256K1Signer) Sign(msg []byte) ([]byte, error) { return s.SignAux(msg, nil) }

// SignAux is Sign with the 32 bytes of BIP-340 auxiliary randomness given
// (nil: fresh randomness from crypto/rand). The same key, message and aux
// always give the same signature, byte-identical to libsecp256k1's
// secp256k1_schnorrsig_sign_custom. Constant time in the secret key, the
// nonce and aux.
func (s *P256K1Signer) SignAux(msg []byte, aux *[32]byte) ([]byte, error) {
	if err := s.needSecret(); err != nil {
		return nil, err
	}
	sig, err := schnorr.SignKeypair(&s.kp, msg, aux)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 64)
	copy(out, sig[:])
	return out, nil
}

// Verify reports whether sig is a valid BIP-340 signature of msg under the
// signer's public key. It returns ErrInvalidSignature if sig is not 64 bytes
// and ErrNoKey for an uninitialised signer; every other invalid signature is
// (false, nil). Variable time (public data); it does not allocate.
func (s *P256K1Signer) Verify(msg, sig []byte) (bool, error) {
	if !s.hasPublic {
		return false, ErrNoKey
	}
	if len(sig) != 64 {
		return false, ErrInvalidSignature
	}
	return schnorr.Verify(&s.pub, msg, (*[64]byte)(sig)), nil
}

// ECDH returns the shared secret with pub as libsecp256k1's secp256k1_ecdh
// computes it by default: SHA-256 of the 33-byte compressed shared point.
// pub is a 32-byte x-only key (taken with even Y), or a 33- or 65-byte SEC 1
// key; anything else gives ErrInvalidPublicKey.
//
// The secret used is the one of the signer's x-only identity: the loaded
// key, negated if its public key has an odd Y (as BIP-340 signing does). So
// two parties that know only each other's x-only keys derive the same
// value. (For the loaded key as it is, use package ecdh.) Constant time in the secret
// key and the shared point (the peer's key is public); it allocates the
// returned slice only.
func (s *P256K1Signer) ECDH(pub []byte) ([]byte, error) {
	return s.ecdh(pub, false)
}

// ECDHX returns the raw 32-byte x coordinate of the shared point with pub
// (NIP-04 and NIP-44 hash it their own way). Inputs, errors and timing as
// ECDH.
func (s *P256K1Signer) ECDHX(pub []byte) ([]byte, error) {
	return s.ecdh(pub, true)
}

func (s *P256K1Signer) ecdh(pub []byte, rawX bool) ([]byte, error) {
	if err := s.needSecret(); err != nil {
		return nil, err
	}
	pk, err := ParsePeerKey(pub)
	if err != nil {
		return nil, err
	}
	var secret [32]byte
	if rawX {
		secret, err = ecdh.SharedX(&s.ecdhKey, &pk)
	} else {
		secret, err = ecdh.SharedSecret(&s.ecdhKey, &pk)
	}
	if err != nil {
		return nil, ErrInvalidPublicKey
	}
	out := make([]byte, 32)
	copy(out, secret[:])
	clear(secret[:])
	return out, nil
}

// ParsePeerKey parses a peer's public key for ECDH as both signers accept
// it: 32 bytes x-only (the point with even Y), or a 33- or 65-byte SEC 1
// encoding as p256k1.ParsePublicKey accepts. It returns ErrInvalidPublicKey
// otherwise. Variable time (public data).
func ParsePeerKey(pub []byte) (p256k1.PublicKey, error) {
	if len(pub) == 32 {
		x, err := p256k1.ParseXOnlyPublicKey(pub)
		if err != nil {
			return p256k1.PublicKey{}, ErrInvalidPublicKey
		}
		return x.PublicKey(), nil
	}
	pk, err := p256k1.ParsePublicKey(pub)
	if err != nil {
		return p256k1.PublicKey{}, ErrInvalidPublicKey
	}
	return pk, nil
}

func (s *P256K1Signer) needSecret() error {
	switch {
	case s.hasSecret:
		return nil
	case s.hasPublic:
		return ErrVerifyOnly
	default:
		return ErrNoKey
	}
}

// Zero wipes the secret key and forgets the public key; the signer is
// uninitialised afterwards. Go gives no guarantee that no other copy of the
// secret remains in memory (registers, spilled stack slots, copies of the
// struct); this clears the one the signer holds. On a nil s it does
// nothing. Constant time.
func (s *P256K1Signer) Zero() {
	if s == nil {
		return
	}
	s.kp.Zero()
	s.sec.Zero()
	s.ecdhKey.Zero()
	s.pub = p256k1.XOnlyPublicKey{}
	s.pubBytes = [32]byte{}
	s.hasSecret, s.hasPublic = false, false
}

// Format prints signer.P256K1Signer(REDACTED) for every fmt verb (%v, %+v, %#v, %s,
// %x, ...): a P256K1Signer never prints its secret, in messages, logs or %v of a
// struct holding it. It does not read the secret (constant time).
func (P256K1Signer) Format(f fmt.State, _ rune) { redact.Format(f, "signer.P256K1Signer") }

// String returns "signer.P256K1Signer(REDACTED)", never the secret.
func (P256K1Signer) String() string { return redact.Placeholder("signer.P256K1Signer") }

// GoString returns "signer.P256K1Signer(REDACTED)", never the secret.
func (P256K1Signer) GoString() string { return redact.Placeholder("signer.P256K1Signer") }

// LogValue makes log/slog print "signer.P256K1Signer(REDACTED)".
func (P256K1Signer) LogValue() slog.Value {
	return slog.StringValue(redact.Placeholder("signer.P256K1Signer"))
}

// MarshalJSON refuses with an error wrapping p256k1.ErrSecretNotSerializable:
// JSON of a struct holding a P256K1Signer fails instead of leaking it.
func (P256K1Signer) MarshalJSON() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalText refuses (as MarshalJSON).
func (P256K1Signer) MarshalText() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalBinary refuses (as MarshalJSON); encoding/gob uses it too.
func (P256K1Signer) MarshalBinary() ([]byte, error) { return nil, redact.ErrSecret }
