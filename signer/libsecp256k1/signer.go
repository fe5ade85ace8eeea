package libsecp256k1

import (
	"crypto/rand"
	"fmt"
	"log/slog"
	"unsafe"

	"github.com/p256k1/p256k1/internal/dl"
	"github.com/p256k1/p256k1/internal/redact"
	"github.com/p256k1/p256k1/signer"
)

// Signer is signer.Signer over libsecp256k1 (the issue's
// LibSecp256k1Signer): it holds a secp256k1_keypair for signing, the secret
// key as loaded for ECDH, and the parsed x-only public key for verification,
// all in Go memory that C reads during each call.
//
// Make one with New (or Library.NewSigner), then give it a key with
// Generate, InitSecret or InitPublic. Once initialised it is safe for
// concurrent use: Sign, SignAux, Verify, ECDH, ECDHX, Secret and Public only
// read it, and the shared libsecp256k1 context is only read by these calls.
// Errors are package signer's sentinels, as for signer.P256K1Signer.
type Signer struct {
	lib       *Library
	kp        [sizeKeypair]byte
	sec       [32]byte // as loaded, for Secret
	ecdhSec   [32]byte // sec, negated if its public key has an odd Y, for ECDH
	xonly     [sizePubkey]byte
	pub       [32]byte
	hasSecret bool
	hasPublic bool
}

var _ signer.AuxSigner = (*Signer)(nil)

// New loads the library (Load) and returns a signer without a key.
func New() (*Signer, error) {
	l, err := Load()
	if err != nil {
		return nil, err
	}
	return l.NewSigner(), nil
}

// NewSigner returns a signer without a key that uses l.
func (l *Library) NewSigner() *Signer { return &Signer{lib: l} }

// Generate replaces the key with a new one from crypto/rand (drawing again
// in the negligible case that 32 random bytes are not a valid key).
// Constant time in the key.
func (s *Signer) Generate() error {
	var b [32]byte
	defer clear(b[:])
	for {
		if _, err := rand.Read(b[:]); err != nil {
			return err
		}
		if err := s.InitSecret(b[:]); err == nil {
			return nil
		}
	}
}

// InitSecret loads the 32-byte secret key sec
// (secp256k1_keypair_create). It returns signer.ErrInvalidSecretKey, leaving
// the signer unchanged, unless sec is 32 bytes in [1, n−1]. Constant time in
// sec apart from the validity result.
func (s *Signer) InitSecret(sec []byte) error {
	if len(sec) != 32 {
		return signer.ErrInvalidSecretKey
	}
	if s.lib == nil {
		return signer.ErrNoKey
	}
	l := s.lib
	t := new(struct {
		kp    [sizeKeypair]byte
		sec   [32]byte
		ecdh  [32]byte
		xonly [sizePubkey]byte
		pub   [32]byte
		odd   int32
	})
	t.sec = [32]byte(sec)
	if !ok(dl.Call(l.keypairCreate, l.ctx, uintptr(unsafe.Pointer(&t.kp)), uintptr(unsafe.Pointer(&t.sec)))) {
		clear(t.sec[:])
		return signer.ErrInvalidSecretKey
	}
	dl.Call(l.keypairXonlyPub, l.ctx, uintptr(unsafe.Pointer(&t.xonly)), uintptr(unsafe.Pointer(&t.odd)), uintptr(unsafe.Pointer(&t.kp)))
	dl.Call(l.xonlySerialize, l.ctx, uintptr(unsafe.Pointer(&t.pub)), uintptr(unsafe.Pointer(&t.xonly)))
	t.ecdh = t.sec
	if t.odd == 1 { // the parity of a public key is public
		dl.Call(l.seckeyNegate, l.ctx, uintptr(unsafe.Pointer(&t.ecdh)))
	}
	s.Zero()
	s.lib = l
	s.kp, s.sec, s.ecdhSec, s.xonly, s.pub = t.kp, t.sec, t.ecdh, t.xonly, t.pub
	clear(t.kp[:])
	clear(t.sec[:])
	clear(t.ecdh[:])
	s.hasSecret, s.hasPublic = true, true
	return nil
}

// InitPublic loads a 32-byte x-only public key (secp256k1_xonly_pubkey_parse)
// and makes the signer verify-only, wiping any secret it held. It returns
// signer.ErrInvalidPublicKey, leaving the signer unchanged, for a wrong
// length, x ≥ p or an x not on the curve. Variable time (public data).
func (s *Signer) InitPublic(pub []byte) error {
	if len(pub) != 32 {
		return signer.ErrInvalidPublicKey
	}
	if s.lib == nil {
		return signer.ErrNoKey
	}
	l := s.lib
	t := new(struct {
		xonly [sizePubkey]byte
		pub   [32]byte
	})
	t.pub = [32]byte(pub)
	if !ok(dl.Call(l.xonlyParse, l.ctx, uintptr(unsafe.Pointer(&t.xonly)), uintptr(unsafe.Pointer(&t.pub)))) {
		return signer.ErrInvalidPublicKey
	}
	s.Zero()
	s.lib = l
	s.xonly, s.pub = t.xonly, t.pub
	s.hasPublic = true
	return nil
}

// Secret returns a copy of the 32-byte secret key, or nil for a verify-only
// or uninitialised signer. Constant time in the key.
func (s *Signer) Secret() []byte {
	if !s.hasSecret {
		return nil
	}
	b := s.sec
	return b[:]
}

// Public returns the 32-byte x-only public key, or nil when uninitialised.
func (s *Signer) Public() []byte {
	if !s.hasPublic {
		return nil
	}
	b := s.pub
	return b[:]
}

func (s *Signer) needSecret() error {
	switch {
	case s.hasSecret:
		return nil
	case s.hasPublic:
		return signer.ErrVerifyOnly
	default:
		return signer.ErrNoKey
	}
}

// Sign returns the BIP-340 signature of msg (any length) with fresh
// auxiliary randomness (secp256k1_schnorrsig_sign_custom). Constant time in
// the secret key (libsecp256k1's own guarantee).
func (s *Signer) Sign(msg []byte) ([]byte, error) { return s.SignAux(msg, nil) }

// SignAux is Sign with the 32 bytes of auxiliary randomness given (nil:
// fresh from crypto/rand).
func (s *Signer) SignAux(msg []byte, aux *[32]byte) ([]byte, error) {
	if err := s.needSecret(); err != nil {
		return nil, err
	}
	sig, err := s.lib.signKeypair(&s.kp, msg, aux)
	if err != nil {
		return nil, err
	}
	return sig[:], nil
}

// Verify reports whether sig is a valid BIP-340 signature of msg under the
// signer's public key (secp256k1_schnorrsig_verify). It returns
// signer.ErrInvalidSignature if sig is not 64 bytes and signer.ErrNoKey for
// an uninitialised signer. Variable time (public data).
func (s *Signer) Verify(msg, sig []byte) (bool, error) {
	if !s.hasPublic {
		return false, signer.ErrNoKey
	}
	if len(sig) != 64 {
		return false, signer.ErrInvalidSignature
	}
	return s.lib.verifyParsed(&s.xonly, msg, (*[64]byte)(sig)), nil
}

// ECDH returns secp256k1_ecdh's default shared secret with pub (32-byte
// x-only with even Y, or 33 or 65 bytes SEC 1); signer.ErrInvalidPublicKey
// for anything else. As in signer.P256K1Signer, the secret used is the one of
// the x-only identity (the loaded key, negated if its Y is odd). Constant
// time in the secret key.
func (s *Signer) ECDH(pub []byte) ([]byte, error) {
	if err := s.needSecret(); err != nil {
		return nil, err
	}
	out, err := s.lib.ECDH(&s.ecdhSec, pub)
	if err != nil {
		return nil, signer.ErrInvalidPublicKey
	}
	return out[:], nil
}

// ECDHX returns the raw x coordinate of the shared point with pub (see
// Library.ECDHX). Inputs and errors as ECDH; constant time in the secret
// key.
func (s *Signer) ECDHX(pub []byte) ([]byte, error) {
	if err := s.needSecret(); err != nil {
		return nil, err
	}
	out, err := s.lib.ECDHX(&s.ecdhSec, pub)
	if err != nil {
		return nil, signer.ErrInvalidPublicKey
	}
	return out[:], nil
}

// Zero wipes the secret key and the keypair and forgets the public key; the
// signer is uninitialised afterwards (but keeps its library). On a nil s
// it does nothing. Constant time.
func (s *Signer) Zero() {
	if s == nil {
		return
	}
	clear(s.kp[:])
	clear(s.sec[:])
	clear(s.ecdhSec[:])
	clear(s.xonly[:])
	clear(s.pub[:])
	s.hasSecret, s.hasPublic = false, false
}

// Format prints libsecp256k1.Signer(REDACTED) for every fmt verb (%v, %+v, %#v, %s,
// %x, ...): a Signer never prints its secret, in messages, logs or %v of a
// struct holding it. It does not read the secret (constant time).
func (Signer) Format(f fmt.State, _ rune) { redact.Format(f, "libsecp256k1.Signer") }

// String returns "libsecp256k1.Signer(REDACTED)", never the secret.
func (Signer) String() string { return redact.Placeholder("libsecp256k1.Signer") }

// GoString returns "libsecp256k1.Signer(REDACTED)", never the secret.
func (Signer) GoString() string { return redact.Placeholder("libsecp256k1.Signer") }

// LogValue makes log/slog print "libsecp256k1.Signer(REDACTED)".
func (Signer) LogValue() slog.Value {
	return slog.StringValue(redact.Placeholder("libsecp256k1.Signer"))
}

// MarshalJSON refuses with an error wrapping p256k1.ErrSecretNotSerializable:
// JSON of a struct holding a Signer fails instead of leaking it.
func (Signer) MarshalJSON() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalText refuses (as MarshalJSON).
func (Signer) MarshalText() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalBinary refuses (as MarshalJSON); encoding/gob uses it too.
func (Signer) MarshalBinary() ([]byte, error) { return nil, redact.ErrSecret }
