package p256k1

import (
	"crypto"

	"github.com/p256k1/p256k1/internal/batch"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// PublicKey is a point on secp256k1 other than the point at infinity.
//
// The zero value is not a valid key: functions given one return
// ErrInvalidPublicKey (verification returns false). Public keys are public:
// parsing and comparison may run in variable time; operations that take a
// secret (TweakMul's tweak) are constant time in it.
type PublicKey struct {
	p  group.Affine // finite, coordinates normalized
	ok bool
}

// Encoding prefixes of SEC 1 (and the "hybrid" forms libsecp256k1 accepts).
const (
	prefixEven         = 0x02
	prefixOdd          = 0x03
	prefixUncompressed = 0x04
	prefixHybridEven   = 0x06
	prefixHybridOdd    = 0x07
)

// ParsePublicKey parses a 33-byte compressed (0x02/0x03 ‖ x) or 65-byte
// uncompressed (0x04 ‖ x ‖ y) public key. Like libsecp256k1's
// ec_pubkey_parse it also accepts the 65-byte hybrid forms 0x06/0x07 ‖ x ‖ y
// whose prefix parity matches y, and rejects coordinates ≥ p and points not
// on the curve with ErrInvalidPublicKey. Variable time (public input).
func ParsePublicKey(b []byte) (PublicKey, error) {
	var k PublicKey
	var x, y field.Element
	switch {
	case len(b) == 33 && (b[0] == prefixEven || b[0] == prefixOdd):
		if x.SetBytes((*[32]byte)(b[1:33])) != 0 {
			return PublicKey{}, ErrInvalidPublicKey
		}
		if !batch.LiftXVar(&k.p, &x, b[0] == prefixOdd) {
			return PublicKey{}, ErrInvalidPublicKey
		}
	case len(b) == 65 && (b[0] == prefixUncompressed || b[0] == prefixHybridEven || b[0] == prefixHybridOdd):
		if x.SetBytes((*[32]byte)(b[1:33])) != 0 || y.SetBytes((*[32]byte)(b[33:65])) != 0 {
			return PublicKey{}, ErrInvalidPublicKey
		}
		if b[0] != prefixUncompressed && y.IsOdd() != int(b[0]&1) {
			return PublicKey{}, ErrInvalidPublicKey
		}
		k.p.SetXY(&x, &y)
		if !k.p.IsValidVar() {
			return PublicKey{}, ErrInvalidPublicKey
		}
	default:
		return PublicKey{}, ErrInvalidPublicKey
	}
	k.p.X.NormalizeVar()
	k.p.Y.NormalizeVar()
	k.ok = true
	return k, nil
}

// setJacobian sets k from a Jacobian point (constant-time conversion); an
// infinity point leaves the zero (invalid) key.
func (k *PublicKey) setJacobian(j *group.Jacobian) {
	k.p.SetJacobian(j)
	k.p.X.Normalize()
	k.p.Y.Normalize()
	// A public key is public by design, even when derived from a secret
	// (libsecp256k1 declassifies such points, as schnorrsig's R and
	// keypair_load's public key, before branching on them).
	ctime.Declassify(&k.p)
	k.ok = k.p.Infinity == 0
	if !k.ok {
		*k = PublicKey{}
	}
}

// IsValid reports whether k holds a key (is not nil, nor the zero value).
// Constant time.
func (k *PublicKey) IsValid() bool { return k != nil && k.ok }

// SerializeCompressed returns the 33-byte SEC 1 compressed encoding
// (0x02 or 0x03 by the parity of y, then x). The zero PublicKey gives 33
// zero bytes, as does a nil k. Variable time only in whether k is valid.
func (k *PublicKey) SerializeCompressed() [33]byte {
	var out [33]byte
	if !k.IsValid() {
		return out
	}
	out[0] = prefixEven | byte(k.p.Y.IsOdd())
	k.p.X.Bytes((*[32]byte)(out[1:33]))
	return out
}

// SerializeUncompressed returns the 65-byte SEC 1 uncompressed encoding
// 0x04 ‖ x ‖ y. The zero PublicKey (or a nil k) gives 65 zero bytes.
// Variable time only in whether k is valid.
func (k *PublicKey) SerializeUncompressed() [65]byte {
	var out [65]byte
	if !k.IsValid() {
		return out
	}
	out[0] = prefixUncompressed
	k.p.X.Bytes((*[32]byte)(out[1:33]))
	k.p.Y.Bytes((*[32]byte)(out[33:65]))
	return out
}

// Equal reports whether x is a *PublicKey for the same point (two zero
// values are equal; false if k or x is nil). Variable time.
func (k *PublicKey) Equal(x crypto.PublicKey) bool {
	o, ok := x.(*PublicKey)
	if !ok || o == nil || k == nil || k.ok != o.ok {
		return false
	}
	return !k.ok || (k.p.X.EqualVar(&o.p.X) && k.p.Y.EqualVar(&o.p.Y))
}

// XOnly returns the BIP-340 x-only form of k and the parity of its Y
// coordinate (1 if odd). The x-only key stands for the point with the same
// x and an even Y. A nil or zero k gives the zero XOnlyPublicKey and 0.
// Variable time (public data).
func (k *PublicKey) XOnly() (XOnlyPublicKey, int) {
	if !k.IsValid() {
		return XOnlyPublicKey{}, 0
	}
	x := XOnlyPublicKey{p: k.p, ok: true}
	parity := k.p.Y.IsOdd()
	if parity == 1 {
		x.p.Y.Negate(&x.p.Y, 1).Normalize()
	}
	return x, parity
}

// Negate returns −k (the same x, the other y) (libsecp256k1's
// ec_pubkey_negate); the zero PublicKey for a nil or zero k. Variable time
// (public data).
func (k *PublicKey) Negate() PublicKey {
	if !k.IsValid() {
		return PublicKey{}
	}
	r := *k
	r.p.Y.Negate(&r.p.Y, 1).Normalize()
	return r
}

// loadTweak sets s to the tweak t and reports 1 if t ≥ n (the tweak is then
// invalid). Constant time in t apart from the result, which the callers
// report as ErrInvalidTweak: it is public, as libsecp256k1's tweak
// functions return it (its ctime test declassifies their results).
func loadTweak(s *scalar.Scalar, t *[32]byte) int {
	if t == nil {
		return 1
	}
	bad := s.SetBytes(t)
	ctime.Declassify(&bad)
	return bad
}

// loadTweakNonzero is loadTweak that also reports 1 if t is zero (invalid for
// multiplication). Constant time in t apart from the result.
func loadTweakNonzero(s *scalar.Scalar, t *[32]byte) int {
	if t == nil {
		return 1
	}
	bad := s.SetBytes(t) | s.IsZero()
	ctime.Declassify(&bad)
	return bad
}

// addTweakG returns p + t·G (t·G by the constant-time fixed-base engine),
// or ErrInvalidTweak if t ≥ n or the sum is infinity.
func addTweakG(p *group.Affine, t *[32]byte) (PublicKey, error) {
	var tw scalar.Scalar
	defer tw.Zero()
	if loadTweak(&tw, t) != 0 {
		return PublicKey{}, ErrInvalidTweak
	}
	var j group.Jacobian
	ecmultgen.Shared().Mul(&j, &tw)
	j.AddAffine(&j, p)
	var r PublicKey
	r.setJacobian(&j)
	if !r.ok {
		return PublicKey{}, ErrInvalidTweak
	}
	return r, nil
}

// TweakAdd returns k + t·G, as BIP-32 public derivation needs
// (libsecp256k1's ec_pubkey_tweak_add). It returns ErrInvalidTweak if t ≥ n
// (or nil) or the result is the point at infinity, and ErrInvalidPublicKey
// if k is nil or the zero value. Constant time in t.
func (k *PublicKey) TweakAdd(t *[32]byte) (PublicKey, error) {
	if !k.IsValid() {
		return PublicKey{}, ErrInvalidPublicKey
	}
	return addTweakG(&k.p, t)
}

// TweakMul returns t·k (libsecp256k1's ec_pubkey_tweak_mul). It returns
// ErrInvalidTweak if t is nil, zero or ≥ n, and ErrInvalidPublicKey if k is
// nil or the zero value. Constant time in t.
func (k *PublicKey) TweakMul(t *[32]byte) (PublicKey, error) {
	if !k.IsValid() {
		return PublicKey{}, ErrInvalidPublicKey
	}
	var tw scalar.Scalar
	defer tw.Zero()
	if loadTweakNonzero(&tw, t) != 0 {
		return PublicKey{}, ErrInvalidTweak
	}
	var j group.Jacobian
	ecmultconst.Mul(&j, &k.p, &tw)
	var r PublicKey
	r.setJacobian(&j)
	return r, nil
}

// CombinePublicKeys returns the sum of keys (libsecp256k1's
// ec_pubkey_combine). It returns ErrInvalidPublicKey if there are no keys,
// if one is the zero value, or if the sum is the point at infinity.
// Variable time.
func CombinePublicKeys(keys ...*PublicKey) (PublicKey, error) {
	if len(keys) == 0 {
		return PublicKey{}, ErrInvalidPublicKey
	}
	var j group.Jacobian
	j.SetInfinity()
	for _, k := range keys {
		if k == nil || !k.ok {
			return PublicKey{}, ErrInvalidPublicKey
		}
		j.AddAffineVar(&j, &k.p, nil)
	}
	if j.Infinity != 0 {
		return PublicKey{}, ErrInvalidPublicKey
	}
	var r PublicKey
	r.p.SetJacobianVar(&j)
	r.p.X.NormalizeVar()
	r.p.Y.NormalizeVar()
	r.ok = true
	return r, nil
}
