package musig2

import (
	"fmt"
	"io"
	"log/slog"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/redact"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Keypair is a signer's secret key together with its compressed public
// key, derived once, for SignKeypair (as libsecp256k1's musig_partial_sign
// takes a secp256k1_keypair): Sign with a PrivateKey derives the public
// key on every call.
//
// The zero value is not valid. Keypair is a value type: copying it copies
// the secret, so call Zero on copies you no longer need. It is never
// printed (Format writes "musig2.Keypair(REDACTED)") and never serialized
// (MarshalJSON and MarshalText return ErrKeypairMarshal).
type Keypair struct {
	d  scalar.Scalar
	pk [33]byte
	ok bool
}

// ErrKeypairMarshal: a Keypair was given to an encoder (JSON, text).
var ErrKeypairMarshal = fmt.Errorf("musig2: a Keypair is never serialized: %w", redact.ErrSecret)

// NewKeypair derives sk's public key (constant time, blinded) and returns
// the pair. ErrInvalidPrivateKey for a zero sk.
func NewKeypair(sk *p256k1.PrivateKey) (Keypair, error) {
	var kp Keypair
	if err := kp.set(sk); err != nil {
		return Keypair{}, err
	}
	return kp, nil
}

func (kp *Keypair) set(sk *p256k1.PrivateKey) error {
	if sk == nil || !sk.IsValid() {
		return ErrInvalidPrivateKey
	}
	pub := sk.PublicKey() // constant time; the public key is declassified
	kp.pk = pub.SerializeCompressed()
	b := sk.Bytes()
	kp.d.SetBytes(&b)
	clear(b[:])
	kp.ok = true
	return nil
}

// PublicKey returns the signer's public key, as NonceGen and KeyAgg take
// it. The zero Keypair gives the zero PublicKey.
func (kp *Keypair) PublicKey() p256k1.PublicKey {
	if !kp.ok {
		return p256k1.PublicKey{}
	}
	pk, _ := p256k1.ParsePublicKey(kp.pk[:])
	return pk
}

// Zero overwrites kp with the zero (invalid) keypair; on a nil kp it does
// nothing. Constant time.
func (kp *Keypair) Zero() {
	if kp == nil {
		return
	}
	kp.d.Zero()
	*kp = Keypair{}
}

// Format prints a placeholder, never the secret, for every verb.
func (Keypair) Format(f fmt.State, _ rune) { io.WriteString(f, "musig2.Keypair(REDACTED)") }

// MarshalJSON refuses: a secret key is not serialized through a Keypair.
func (Keypair) MarshalJSON() ([]byte, error) { return nil, ErrKeypairMarshal }

// MarshalText refuses: a secret key is not serialized through a Keypair.
func (Keypair) MarshalText() ([]byte, error) { return nil, ErrKeypairMarshal }

// MarshalBinary refuses (as MarshalJSON); encoding/gob uses it too.
func (Keypair) MarshalBinary() ([]byte, error) { return nil, ErrKeypairMarshal }

// String returns "musig2.Keypair(REDACTED)", never the secret.
func (Keypair) String() string { return redact.Placeholder("musig2.Keypair") }

// GoString returns "musig2.Keypair(REDACTED)", never the secret.
func (Keypair) GoString() string { return redact.Placeholder("musig2.Keypair") }

// LogValue makes log/slog print "musig2.Keypair(REDACTED)".
func (Keypair) LogValue() slog.Value { return slog.StringValue(redact.Placeholder("musig2.Keypair")) }
