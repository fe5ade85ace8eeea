package schnorr

import (
	"fmt"
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/redact"
	"github.com/p256k1/p256k1/internal/scalar"
	"log/slog"
)

// Keypair is a secret key prepared for BIP-340 signing, like libsecp256k1's
// secp256k1_keypair: it holds the secret scalar already negated if needed so
// that its public key has an even Y, together with that x-only public key,
// so that each SignKeypair costs one fixed-base multiplication and no
// public-key derivation.
//
// The zero value is not a valid keypair (SignKeypair returns
// p256k1.ErrInvalidPrivateKey). Keypair is a value type: copying it copies
// the secret, so call Zero on copies you no longer need. A Keypair is safe
// for concurrent use by several signers as long as none calls Zero.
type Keypair struct {
	d      scalar.Scalar         // the secret, negated if the key's Y was odd
	pub    p256k1.XOnlyPublicKey // d·G, Y even
	px     [32]byte              // pub's x coordinate, as the hashes take it
	parity int                   // 1 if the original key's Y was odd
}

// NewKeypair derives the keypair of k: the public key d·G (by the
// constant-time, blinded fixed-base multiplication) and its x-only form.
// It returns p256k1.ErrInvalidPrivateKey if k is not valid (the zero value).
// Constant time in the secret key. It does not allocate.
func NewKeypair(k *p256k1.PrivateKey) (Keypair, error) {
	var kp Keypair
	if err := kp.set(k); err != nil {
		return Keypair{}, err
	}
	return kp, nil
}

// set fills kp from k; on error kp is left zero.
func (kp *Keypair) set(k *p256k1.PrivateKey) error {
	if k == nil || !k.IsValid() {
		return p256k1.ErrInvalidPrivateKey
	}
	b := k.Bytes()
	kp.d.SetBytes(&b) // below n: k is valid
	clear(b[:])
	pub := k.PublicKey()
	kp.pub, kp.parity = pub.XOnly()
	kp.px = kp.pub.Bytes()
	kp.d.CondNegate(&kp.d, kp.parity)
	return nil
}

// IsValid reports whether kp holds a key (is not the zero value or zeroed).
// Constant time.
// A nil kp is not valid.
func (kp *Keypair) IsValid() bool { return kp != nil && kp.pub.IsValid() }

// XOnlyPublicKey returns the BIP-340 public key that SignKeypair's
// signatures verify under (the zero key for a nil kp). Constant time.
func (kp *Keypair) XOnlyPublicKey() p256k1.XOnlyPublicKey {
	if kp == nil {
		return p256k1.XOnlyPublicKey{}
	}
	return kp.pub
}

// PublicKey returns the full public key of the private key kp was made from
// (with its original Y parity), like libsecp256k1's secp256k1_keypair_pub.
// A zero Keypair (or a nil kp) gives the zero PublicKey. Variable time in the (public)
// parity only.
func (kp *Keypair) PublicKey() p256k1.PublicKey {
	if kp == nil {
		return p256k1.PublicKey{}
	}
	p := kp.pub.PublicKey()
	if kp.parity == 1 {
		p = p.Negate()
	}
	return p
}

// TweakAddXOnly returns the keypair of the BIP-341 tweaked key, like
// libsecp256k1's secp256k1_keypair_xonly_tweak_add: the secret becomes
// d + t (d being kp's secret already negated to the even-Y key, as
// PrivateKey.TweakAddXOnly negates it) and the public key Q = P + t·G,
// P being kp's x-only key, so that SignKeypair on the result signs for the
// Taproot output key Q. The returned keypair's PublicKey is Q with its Y
// parity (the parity a Taproot output commits to).
//
// Unlike PrivateKey.TweakAddXOnly followed by NewKeypair, it does not
// recompute d·G: Q comes from the public key kp already holds, with one
// multiplication t·G instead of two (d·G, then (d + t)·G).
//
// It returns p256k1.ErrInvalidTweak if t is nil or ≥ n or Q is the point
// at infinity, and p256k1.ErrInvalidPrivateKey if kp is nil or not valid.
// Constant time in the secret and in t: t·G is the constant-time, blinded
// fixed-base multiplication (XOnlyPublicKey.TweakAdd), so t may be secret
// too (a Taproot tweak is public, a silent-payments tweak is not); only the
// resulting public key's Y parity (public) is branched on. It does not
// allocate.
func (kp *Keypair) TweakAddXOnly(t *[32]byte) (Keypair, error) {
	if !kp.IsValid() {
		return Keypair{}, p256k1.ErrInvalidPrivateKey
	}
	q, err := kp.pub.TweakAdd(t) // validates t; Q at infinity iff d + t = 0
	if err != nil {
		return Keypair{}, err
	}
	var tw scalar.Scalar
	tw.SetBytes(t) // below n: TweakAdd checked it
	var r Keypair
	r.d.Add(&kp.d, &tw)
	tw.Zero()
	r.pub, r.parity = q.XOnly()
	r.px = r.pub.Bytes()
	r.d.CondNegate(&r.d, r.parity)
	return r, nil
}

// Zero overwrites kp with the zero (invalid) keypair. Go gives no guarantee
// that no other copy of the secret remains in memory; this clears the one
// you hold. On a nil kp it does nothing. Constant time.
func (kp *Keypair) Zero() {
	if kp == nil {
		return
	}
	kp.d.Zero()
	*kp = Keypair{}
}

// Format prints schnorr.Keypair(REDACTED) for every fmt verb (%v, %+v, %#v, %s,
// %x, ...): a Keypair never prints its secret, in messages, logs or %v of a
// struct holding it. It does not read the secret (constant time).
func (Keypair) Format(f fmt.State, _ rune) { redact.Format(f, "schnorr.Keypair") }

// String returns "schnorr.Keypair(REDACTED)", never the secret.
func (Keypair) String() string { return redact.Placeholder("schnorr.Keypair") }

// GoString returns "schnorr.Keypair(REDACTED)", never the secret.
func (Keypair) GoString() string { return redact.Placeholder("schnorr.Keypair") }

// LogValue makes log/slog print "schnorr.Keypair(REDACTED)".
func (Keypair) LogValue() slog.Value { return slog.StringValue(redact.Placeholder("schnorr.Keypair")) }

// MarshalJSON refuses with an error wrapping p256k1.ErrSecretNotSerializable:
// JSON of a struct holding a Keypair fails instead of leaking it.
func (Keypair) MarshalJSON() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalText refuses (as MarshalJSON).
func (Keypair) MarshalText() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalBinary refuses (as MarshalJSON); encoding/gob uses it too.
func (Keypair) MarshalBinary() ([]byte, error) { return nil, redact.ErrSecret }
