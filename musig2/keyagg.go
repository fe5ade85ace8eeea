package musig2

import (
	"bytes"
	"slices"
	"sync"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

// The BIP-327 tagged hashes (BIP0340/challenge comes from internal/tagged).
var (
	tagKeyAggList  = tagged.New("KeyAgg list")
	tagKeyAggCoef  = tagged.New("KeyAgg coefficient")
	tagAux         = tagged.New("MuSig/aux")
	tagNonce       = tagged.New("MuSig/nonce")
	tagNonceCoef   = tagged.New("MuSig/noncecoef")
	tagDetNonce    = tagged.New("MuSig/deterministic/nonce")
	scalarOne      = *new(scalar.Scalar).One()
	scalarMinusOne = *new(scalar.Scalar).Negate(&scalarOne)
)

// KeySort sorts keys in place by their 33-byte compressed encodings
// (BIP-327's KeySort, libsecp256k1's ec_pubkey_sort). Sorting is optional:
// KeyAgg of the sorted list gives a key that does not depend on the order
// in which the signers' keys arrived. Zero (invalid) keys sort first.
func KeySort(keys []p256k1.PublicKey) {
	slices.SortFunc(keys, func(a, b p256k1.PublicKey) int {
		ab, bb := a.SerializeCompressed(), b.SerializeCompressed()
		return bytes.Compare(ab[:], bb[:])
	})
}

// KeySortBytes sorts 33-byte encodings lexicographically, as KeySort, without
// parsing them (BIP-327's KeySort on byte strings).
func KeySortBytes(keys [][33]byte) {
	slices.SortFunc(keys, func(a, b [33]byte) int { return bytes.Compare(a[:], b[:]) })
}

// ParsePublicKeys parses signers' 33-byte compressed public keys, as KeyAgg
// takes them in BIP-327. An invalid encoding (wrong length or prefix, x ≥ p,
// not on the curve) gives a *SignerError naming its index, contribution
// "pubkey", wrapping ErrInvalidPublicKey.
func ParsePublicKeys(encodings [][]byte) ([]p256k1.PublicKey, error) {
	keys := make([]p256k1.PublicKey, len(encodings))
	for i, b := range encodings {
		var err error
		if len(b) != 33 {
			err = ErrInvalidPublicKey
		} else {
			keys[i], err = p256k1.ParsePublicKey(b)
		}
		if err != nil {
			return nil, &SignerError{Index: i, Contrib: ContribPubKey, Err: ErrInvalidPublicKey}
		}
	}
	return keys, nil
}

// KeyAggContext is BIP-327's key generation context (libsecp256k1's
// musig_keyagg_cache): the aggregate public key Q with the accumulated
// tweak state (gacc, tacc), and what signing needs about the key list: its
// hash L = hash_KeyAgg list(pk1 ‖ … ‖ pku), the second distinct key (whose
// coefficient is 1), and the list itself (so that Sign and
// PartialSigVerify can reject a key that was not aggregated, as BIP-327
// requires).
//
// Make one with KeyAgg; tweak it with ApplyTweak. The zero value is not
// valid. Everything in it is public. A KeyAggContext is a value: copies
// share the (never modified) key list, and ApplyTweak on one copy does not
// change another. It is safe for concurrent use as long as none is being
// tweaked.
type KeyAggContext struct {
	q      group.Affine  // Q after the tweaks, finite, coordinates normalized
	gacc   scalar.Scalar // ±1
	tacc   scalar.Scalar // accumulated tweak
	pkHash [32]byte      // L
	second [33]byte      // the first key different from pk1, or 33 zero bytes
	keys   []byte        // pk1 ‖ … ‖ pku, 33 bytes each; shared, read-only
	ok     bool
}

// msmPool holds the multi-scalar multiplication scratch of KeyAgg.
var msmPool = sync.Pool{New: func() any { return new(ecmult.Multi) }}

// KeyAgg aggregates the signers' public keys, in the order given
// (BIP-327's KeyAgg; sort them first with KeySort for an order-independent
// key): Q = Σ aᵢ·Pᵢ with aᵢ = hash_KeyAgg coefficient(L ‖ pkᵢ) mod n, except
// that every occurrence of the second distinct key gets aᵢ = 1. Repeated
// keys are allowed. It returns ErrNoKeys for an empty list, a *SignerError
// (contribution "pubkey", ErrInvalidPublicKey) naming the first zero
// (invalid) key, and ErrAggregateInfinity if Q is the point at infinity.
//
// The sum is one multi-scalar multiplication (Strauss–wNAF for a few keys,
// Pippenger's bucket method for many), so n keys cost far less than n
// scalar multiplications. Variable time: public keys only. It allocates
// the context's copy of the key list (33 bytes a key).
func KeyAgg(keys []p256k1.PublicKey) (KeyAggContext, error) {
	if len(keys) == 0 {
		return KeyAggContext{}, ErrNoKeys
	}
	flat := make([]byte, 33*len(keys))
	for i := range keys {
		if !keys[i].IsValid() {
			return KeyAggContext{}, &SignerError{Index: i, Contrib: ContribPubKey, Err: ErrInvalidPublicKey}
		}
		b := keys[i].SerializeCompressed()
		copy(flat[33*i:], b[:])
	}
	var c KeyAggContext
	c.keys = flat
	tagKeyAggList.Sum(&c.pkHash, flat)
	for i := 33; i < len(flat); i += 33 {
		if !bytes.Equal(flat[i:i+33], flat[:33]) {
			copy(c.second[:], flat[i:i+33])
			break
		}
	}

	m := msmPool.Get().(*ecmult.Multi)
	defer msmPool.Put(m)
	m.Reset()
	var a scalar.Scalar
	var p group.Affine
	for i := range keys {
		point.Load(&p, &keys[i])
		if c.coeffVar(&a, (*[33]byte)(flat[33*i:])) {
			m.AddHalfVar(&p, &a) // a = 1: half the cost of a general term
		} else {
			m.AddVar(&p, &a)
		}
	}
	var q group.Jacobian
	m.EvalVar(&q)
	if q.Infinity != 0 {
		return KeyAggContext{}, ErrAggregateInfinity
	}
	point.ToAffineVar(&c.q, &q)
	c.gacc.One()
	c.ok = true
	return c, nil
}

// coeffVar sets a to the key aggregation coefficient of pk
// (KeyAggCoeffInternal) and reports whether it is the second key's 1.
// Variable time (public keys).
func (c *KeyAggContext) coeffVar(a *scalar.Scalar, pk *[33]byte) bool {
	if *pk == c.second {
		a.One()
		return true
	}
	var h [32]byte
	tagKeyAggCoef.Sum(&h, c.pkHash[:], pk[:])
	a.SetBytes(&h)
	return false
}

// memberCoeffVar is coeffVar for a signer's key, after checking that pk is
// in the aggregated list (BIP-327's GetSessionKeyAggCoeff); false if not.
// Variable time (public keys).
func (c *KeyAggContext) memberCoeffVar(a *scalar.Scalar, pk *[33]byte) bool {
	found := false
	for i := 0; i < len(c.keys); i += 33 {
		if [33]byte(c.keys[i:i+33]) == *pk {
			found = true
			break
		}
	}
	if !found {
		return false
	}
	c.coeffVar(a, pk)
	return true
}

// ApplyTweak adds a tweak to the aggregate key (BIP-327's ApplyTweak,
// libsecp256k1's musig_pubkey_ec_tweak_add and musig_pubkey_xonly_tweak_add):
// Q' = g·Q + t·G, where g = −1 if xonly is true and Q has an odd Y, else 1.
// A plain tweak (xonly false) is BIP-32 derivation of the plain aggregate
// key; an x-only tweak is BIP-341's Taproot tweak of the x-only key. Tweaks
// apply in order and are public (variable time). It returns
// ErrInvalidTweak if t ≥ n or Q' is the point at infinity, leaving c
// unchanged, and ErrInvalidSession for the zero context.
func (c *KeyAggContext) ApplyTweak(t *[32]byte, xonly bool) error {
	if !c.ok {
		return ErrInvalidSession
	}
	var tw scalar.Scalar
	if tw.SetBytes(t) != 0 {
		return ErrInvalidTweak
	}
	neg := xonly && c.q.Y.IsOdd() == 1
	var q group.Affine
	q = c.q
	if neg {
		q.Negate(&q)
	}
	var qj group.Jacobian
	qj.SetAffine(&q)
	ecmult.DoubleBaseVar(&qj, &scalarOne, &qj, &tw)
	if qj.Infinity != 0 {
		return ErrInvalidTweak
	}
	point.ToAffineVar(&c.q, &qj)
	if neg {
		c.gacc.Negate(&c.gacc)
		c.tacc.Negate(&c.tacc)
	}
	c.tacc.Add(&c.tacc, &tw)
	return nil
}

// IsValid reports whether c was made by KeyAgg (is not the zero value);
// false for a nil c. Public data.
func (c *KeyAggContext) IsValid() bool { return c != nil && c.ok }

// Len returns the number of keys aggregated.
func (c *KeyAggContext) Len() int { return len(c.keys) / 33 }

// XOnly returns the aggregate key as a BIP-340 x-only public key
// (GetXonlyPk), the key the final signatures verify under.
func (c *KeyAggContext) XOnly() p256k1.XOnlyPublicKey {
	pk := c.PublicKey()
	x, _ := pk.XOnly()
	return x
}

// XOnlyBytes returns the 32-byte x coordinate of the aggregate key, as
// NonceGenOptions.AggPubKey takes it. Zero bytes for the zero context.
func (c *KeyAggContext) XOnlyBytes() [32]byte {
	var b [32]byte
	if c.ok {
		c.q.X.Bytes(&b)
	}
	return b
}

// PublicKey returns the plain aggregate key Q with its Y parity
// (GetPlainPk), as BIP-32 derivation of the aggregate key (BIP-328) uses
// it. The zero context gives the zero PublicKey.
func (c *KeyAggContext) PublicKey() p256k1.PublicKey {
	if !c.ok {
		return p256k1.PublicKey{}
	}
	var b [65]byte
	b[0] = 4
	c.q.X.Bytes((*[32]byte)(b[1:33]))
	c.q.Y.Bytes((*[32]byte)(b[33:65]))
	pk, _ := p256k1.ParsePublicKey(b[:]) // on the curve by construction
	return pk
}
