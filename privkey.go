package p256k1

import (
	"crypto"
	"crypto/rand"
	"fmt"
	"io"
	"log/slog"

	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/redact"
	"github.com/p256k1/p256k1/internal/scalar"
)

// PrivateKey is a secp256k1 secret key: an integer d with 1 ≤ d < n.
//
// The zero value is not a valid key; functions given one return
// ErrInvalidPrivateKey (or false, or a zero PublicKey, as documented).
// Every operation on a PrivateKey is constant time in d. PrivateKey is a
// small value type: copying it copies the secret, so call Zero on copies you
// no longer need.
type PrivateKey struct {
	d scalar.Scalar
}

// NewPrivateKey returns the private key whose big-endian encoding is b. It
// returns ErrInvalidPrivateKey unless b is 32 bytes encoding a value in
// [1, n−1] (libsecp256k1's ec_seckey_verify). Constant time apart from the
// validity result.
func NewPrivateKey(b []byte) (PrivateKey, error) {
	if len(b) != 32 {
		return PrivateKey{}, ErrInvalidPrivateKey
	}
	var k PrivateKey
	bad := k.d.SetBytes((*[32]byte)(b)) | k.d.IsZero()
	// Whether the bytes are a valid key is this function's result, as it is
	// libsecp256k1's seckey_verify result (declassified in its ctime test).
	ctime.Declassify(&bad)
	if bad != 0 {
		k.d.Zero()
		return PrivateKey{}, ErrInvalidPrivateKey
	}
	return k, nil
}

// GeneratePrivateKey returns a new private key drawn from crypto/rand. It
// does not allocate. Constant time in the key: the bytes are checked with
// NewPrivateKey's branch-free comparison, and only the outcome "not a valid
// key" (probability < 2^−127, then drawn again) is branched on, as
// libsecp256k1's keygen loops do.
func GeneratePrivateKey() (PrivateKey, error) {
	var b [32]byte
	defer clear(b[:])
	for range 64 {
		if _, err := rand.Read(b[:]); err != nil {
			return PrivateKey{}, err
		}
		if k, err := NewPrivateKey(b[:]); err == nil {
			return k, nil
		}
	}
	return PrivateKey{}, ErrInvalidPrivateKey
}

// GeneratePrivateKeyFromReader returns a private key made from 32-byte
// blocks read from r, drawing again in the (probability < 2^−127) case that
// a block is not a valid key. r must be a cryptographically secure source;
// a deterministic reader gives a deterministic key, which tests use.
// A nil r gives ErrNilArgument. Constant time in the key, as GeneratePrivateKey
// (the reader's own timing is the reader's business).
func GeneratePrivateKeyFromReader(r io.Reader) (PrivateKey, error) {
	if r == nil {
		return PrivateKey{}, ErrNilArgument
	}
	var b [32]byte
	defer clear(b[:])
	for range 64 {
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return PrivateKey{}, err
		}
		if k, err := NewPrivateKey(b[:]); err == nil {
			return k, nil
		}
	}
	return PrivateKey{}, ErrInvalidPrivateKey
}

// valid returns 1 if k is a usable key (nonzero), else 0. Constant time
// apart from the result.
func (k *PrivateKey) valid() int {
	if k == nil {
		return 0
	}
	v := k.d.IsZero() ^ 1
	// Public: d is zero only in the zero value or after Zero, never for a
	// key made from secret bytes, and every API that takes a key reports it
	// (as libsecp256k1's keypair_seckey_load declassifies its validity).
	ctime.Declassify(&v)
	return v
}

// IsValid reports whether k holds a key (is not nil, nor the zero value).
// Constant time apart from the result.
func (k *PrivateKey) IsValid() bool {
	return k.valid() == 1
}

// Bytes returns the 32-byte big-endian encoding of k (zero bytes for a nil
// or zero key). Constant time.
func (k *PrivateKey) Bytes() [32]byte {
	var b [32]byte
	if k == nil {
		return b
	}
	k.d.Bytes(&b)
	return b
}

// PublicKey returns the public key d·G. It uses the constant-time,
// blinded fixed-base multiplication and does not allocate. The zero
// PrivateKey (or a nil k) gives the zero (invalid) PublicKey.
func (k *PrivateKey) PublicKey() PublicKey {
	if k == nil {
		return PublicKey{}
	}
	var j group.Jacobian
	ecmultgen.Shared().Mul(&j, &k.d)
	var p PublicKey
	p.setJacobian(&j)
	return p
}

// Public returns the public key as a *PublicKey, to satisfy crypto.Signer
// (a pointer to the zero PublicKey for a nil or zero k). Constant time, as
// PublicKey; it allocates the result.
func (k *PrivateKey) Public() crypto.PublicKey {
	p := k.PublicKey()
	return &p
}

// Equal reports whether x is a *PrivateKey holding the same key (false if
// k or x is nil). Constant time in both keys.
func (k *PrivateKey) Equal(x crypto.PrivateKey) bool {
	o, ok := x.(*PrivateKey)
	if !ok || o == nil || k == nil {
		return false
	}
	return k.d.Equal(&o.d) == 1
}

// Zero overwrites k with the zero (invalid) key. Go gives no guarantee that
// no other copy of the secret remains in memory; this clears the one you
// hold. On a nil k it does nothing. Constant time.
func (k *PrivateKey) Zero() {
	if k == nil {
		return
	}
	k.d.Zero()
}

// Negate returns n − d, the key of the negated public key (the zero key
// for a nil or zero k). Constant time.
func (k *PrivateKey) Negate() PrivateKey {
	var r PrivateKey
	if k == nil {
		return r
	}
	r.d.Negate(&k.d)
	return r
}

// TweakAdd returns the key d + t (mod n), as BIP-32 private derivation
// needs (libsecp256k1's ec_seckey_tweak_add). It returns ErrInvalidTweak
// if t ≥ n (or nil) or the sum is zero, and ErrInvalidPrivateKey if k is
// nil or not valid. Constant time in d and t.
func (k *PrivateKey) TweakAdd(t *[32]byte) (PrivateKey, error) {
	var tw scalar.Scalar
	defer tw.Zero()
	if loadTweak(&tw, t) != 0 {
		return PrivateKey{}, ErrInvalidTweak
	}
	if k.valid() == 0 {
		return PrivateKey{}, ErrInvalidPrivateKey
	}
	var r PrivateKey
	r.d.Add(&k.d, &tw)
	zero := r.d.IsZero()
	// Whether d + t = 0 is reported by the returned error, as by
	// libsecp256k1's return value; probability 2^−256 for a random t.
	ctime.Declassify(&zero)
	if zero != 0 {
		r.Zero()
		return PrivateKey{}, ErrInvalidTweak
	}
	return r, nil
}

// TweakMul returns the key d·t (mod n) (libsecp256k1's
// ec_seckey_tweak_mul). It returns ErrInvalidTweak if t is nil, zero or
// ≥ n, and ErrInvalidPrivateKey if k is nil or not valid. Constant time in
// d and t.
func (k *PrivateKey) TweakMul(t *[32]byte) (PrivateKey, error) {
	var tw scalar.Scalar
	defer tw.Zero()
	if loadTweakNonzero(&tw, t) != 0 {
		return PrivateKey{}, ErrInvalidTweak
	}
	if k.valid() == 0 {
		return PrivateKey{}, ErrInvalidPrivateKey
	}
	var r PrivateKey
	r.d.Mul(&k.d, &tw)
	return r, nil
}

// TweakAddXOnly returns the secret key of the BIP-341 tweaked x-only key:
// d is first negated if d·G has an odd Y (so that it matches the x-only
// public key), then t is added (libsecp256k1's keypair_xonly_tweak_add).
// The result's public key equals XOnlyPublicKey.TweakAdd of k's x-only key.
// Errors as TweakAdd. Constant time in d and t.
func (k *PrivateKey) TweakAddXOnly(t *[32]byte) (PrivateKey, error) {
	if k.valid() == 0 {
		return PrivateKey{}, ErrInvalidPrivateKey
	}
	p := k.PublicKey()
	var e PrivateKey
	e.d.CondNegate(&k.d, p.p.Y.IsOdd())
	defer e.Zero()
	return e.TweakAdd(t)
}

// Format prints p256k1.PrivateKey(REDACTED) for every fmt verb (%v, %+v, %#v, %s,
// %x, ...): a PrivateKey never prints its secret, in messages, logs or %v of a
// struct holding it. It does not read the secret (constant time).
func (PrivateKey) Format(f fmt.State, _ rune) { redact.Format(f, "p256k1.PrivateKey") }

// String returns "p256k1.PrivateKey(REDACTED)", never the secret.
func (PrivateKey) String() string { return redact.Placeholder("p256k1.PrivateKey") }

// GoString returns "p256k1.PrivateKey(REDACTED)", never the secret.
func (PrivateKey) GoString() string { return redact.Placeholder("p256k1.PrivateKey") }

// LogValue makes log/slog print "p256k1.PrivateKey(REDACTED)".
func (PrivateKey) LogValue() slog.Value {
	return slog.StringValue(redact.Placeholder("p256k1.PrivateKey"))
}

// MarshalJSON refuses with an error wrapping p256k1.ErrSecretNotSerializable:
// JSON of a struct holding a PrivateKey fails instead of leaking it.
func (PrivateKey) MarshalJSON() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalText refuses (as MarshalJSON).
func (PrivateKey) MarshalText() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalBinary refuses (as MarshalJSON); encoding/gob uses it too.
func (PrivateKey) MarshalBinary() ([]byte, error) { return nil, redact.ErrSecret }
