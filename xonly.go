package p256k1

import (
	"github.com/p256k1/p256k1/internal/batch"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

// XOnlyPublicKey is a BIP-340 x-only public key: the point with the given x
// coordinate and an even Y. It keeps the full point, so using it (to verify
// a Schnorr signature, say) needs no square root.
//
// The zero value is not a valid key. Variable time throughout (public data),
// except TweakAdd, which is constant time in the tweak.
type XOnlyPublicKey struct {
	p  group.Affine // finite, coordinates normalized, Y even
	ok bool
}

// ParseXOnlyPublicKey parses a 32-byte x coordinate as a BIP-340 public key
// (lift_x): it returns ErrInvalidPublicKey if the length is wrong, x ≥ p, or
// no point has that x (libsecp256k1's xonly_pubkey_parse).
func ParseXOnlyPublicKey(b []byte) (XOnlyPublicKey, error) {
	if len(b) != 32 {
		return XOnlyPublicKey{}, ErrInvalidPublicKey
	}
	var x field.Element
	if x.SetBytes((*[32]byte)(b)) != 0 {
		return XOnlyPublicKey{}, ErrInvalidPublicKey
	}
	var k XOnlyPublicKey
	if !batch.LiftXVar(&k.p, &x, false) {
		return XOnlyPublicKey{}, ErrInvalidPublicKey
	}
	k.p.X.NormalizeVar()
	k.p.Y.NormalizeVar()
	k.ok = true
	return k, nil
}

// IsValid reports whether k holds a key (is not nil, nor the zero value).
// Constant time.
func (k *XOnlyPublicKey) IsValid() bool { return k != nil && k.ok }

// Bytes returns the 32-byte x coordinate. The zero value (or a nil k) gives
// zero bytes. Variable time only in whether k is valid.
func (k *XOnlyPublicKey) Bytes() [32]byte {
	var out [32]byte
	if k.IsValid() {
		k.p.X.Bytes(&out)
	}
	return out
}

// PublicKey returns the full public key (x, even y); the zero PublicKey
// for a nil or zero k. Variable time only in whether k is valid.
func (k *XOnlyPublicKey) PublicKey() PublicKey {
	if !k.IsValid() {
		return PublicKey{}
	}
	return PublicKey{p: k.p, ok: true}
}

// Equal reports whether k and o are the same key (two zero values are
// equal; false if k or o is nil). Variable time.
func (k *XOnlyPublicKey) Equal(o *XOnlyPublicKey) bool {
	if k == nil || o == nil {
		return false
	}
	return k.ok == o.ok && (!k.ok || k.p.X.EqualVar(&o.p.X))
}

// TweakAdd returns the BIP-341 tweaked key Q = P + t·G, with P the point of
// k (even Y), as a full public key whose Y parity a Taproot output commits
// to (libsecp256k1's xonly_pubkey_tweak_add). It returns ErrInvalidTweak if
// t ≥ n (or nil) or Q is the point at infinity, and ErrInvalidPublicKey if
// k is nil or the zero value. Constant time in t.
func (k *XOnlyPublicKey) TweakAdd(t *[32]byte) (PublicKey, error) {
	if !k.IsValid() {
		return PublicKey{}, ErrInvalidPublicKey
	}
	return addTweakG(&k.p, t)
}

// TweakAddCheck reports whether tweaked (an x coordinate) and parity (0 or
// 1, the Y parity of the tweaked point) are the result of TweakAdd(t) on k
// (libsecp256k1's xonly_pubkey_tweak_add_check), as a Taproot script-path
// verifier checks an output key against its internal key. It reports
// false if any pointer is nil or k is the zero value. Constant time in t
// (TweakAdd); the comparison is of public values.
func (k *XOnlyPublicKey) TweakAddCheck(tweaked *[32]byte, parity int, t *[32]byte) bool {
	if tweaked == nil {
		return false
	}
	q, err := k.TweakAdd(t)
	if err != nil {
		return false
	}
	var x [32]byte
	q.p.X.Bytes(&x)
	return x == *tweaked && q.p.Y.IsOdd() == parity
}
