package taproot

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/tagged"
	"github.com/p256k1/p256k1/schnorr"
)

// The BIP-341 tagged hashes.
var (
	tagTapLeaf   = tagged.New("TapLeaf")
	tagTapBranch = tagged.New("TapBranch")
	tagTapTweak  = tagged.New("TapTweak")
)

// TweakHash returns BIP-341's tweak t = hash_TapTweak(P ‖ root), with P the
// x coordinate of internal and root the script tree's merkle root, or
// t = hash_TapTweak(P) for an output without scripts (merkleRoot nil, as
// BIP-86 wallets use). A nil or zero internal key hashes 32 zero bytes
// (OutputKey rejects it). It does not allocate. Constant time in its
// inputs (they are public).
func TweakHash(internal *p256k1.XOnlyPublicKey, merkleRoot *[32]byte) [32]byte {
	var px [32]byte
	if internal != nil {
		px = internal.Bytes()
	}
	return tweakHash(&px, merkleRoot)
}

func tweakHash(px, merkleRoot *[32]byte) [32]byte {
	var t [32]byte
	if merkleRoot == nil {
		tagTapTweak.Sum(&t, px[:])
	} else {
		tagTapTweak.Sum(&t, px[:], merkleRoot[:])
	}
	return t
}

// OutputKey returns the Taproot output key Q = P + t·G of the internal key
// P (t from TweakHash, merkleRoot nil for an output without scripts) and
// the parity of Q's Y coordinate (0 even, 1 odd), which a control block
// carries. The output commits to Q's x coordinate: ScriptPubKey and
// Address take the returned key.
//
// It returns p256k1.ErrInvalidPublicKey if internal is nil or the zero
// value, and p256k1.ErrInvalidTweak if t ≥ n or Q is the point at infinity
// (BIP-341's failure cases; probability about 2^−128, found by no one).
// It does not allocate. The multiplication t·G is the constant-time one;
// the inputs are public.
func OutputKey(internal *p256k1.XOnlyPublicKey, merkleRoot *[32]byte) (p256k1.XOnlyPublicKey, int, error) {
	if !internal.IsValid() {
		return p256k1.XOnlyPublicKey{}, 0, p256k1.ErrInvalidPublicKey
	}
	t := TweakHash(internal, merkleRoot)
	q, err := internal.TweakAdd(&t)
	if err != nil {
		return p256k1.XOnlyPublicKey{}, 0, err
	}
	x, parity := q.XOnly()
	return x, parity, nil
}

// TweakKeypair returns the keypair that signs for the output key of kp's
// x-only public key (the internal key) and merkleRoot (nil: no scripts, as
// BIP-86): its secret is d + t, d being kp's secret made even-Y, and its
// public key is OutputKey's Q, so schnorr.SignKeypair with it makes a
// key-path signature. This is libsecp256k1's keypair_xonly_tweak_add with
// the TapTweak hash (schnorr.Keypair.TweakAddXOnly): one fixed-base
// multiplication t·G, since kp already holds its public key.
//
// It returns p256k1.ErrInvalidPrivateKey if kp is nil or not valid, and
// p256k1.ErrInvalidTweak in OutputKey's failure cases. Constant time in the
// secret key (the tweak and the public keys are public). It does not
// allocate. Call Zero on the result when done with it.
func TweakKeypair(kp *schnorr.Keypair, merkleRoot *[32]byte) (schnorr.Keypair, error) {
	if !kp.IsValid() {
		return schnorr.Keypair{}, p256k1.ErrInvalidPrivateKey
	}
	p := kp.XOnlyPublicKey()
	t := TweakHash(&p, merkleRoot)
	return kp.TweakAddXOnly(&t)
}

// TweakPrivateKey returns the tweaked secret key of BIP-341's
// taproot_tweak_seckey: d is negated if d·G has an odd Y, then t (TweakHash
// of d·G's x-only key and merkleRoot) is added. Its public key is Q with
// Q's own parity, so sign with schnorr.Sign (which makes the key even-Y
// again) or, for repeated signing, prefer TweakKeypair. The result equals
// the secret BIP-341's test vectors list as tweakedPrivkey.
//
// It returns p256k1.ErrInvalidPrivateKey if k is nil or not valid, and
// p256k1.ErrInvalidTweak in OutputKey's failure cases. Constant time in k:
// one blinded fixed-base multiplication d·G, then scalar additions; it
// branches only on the Y parity of the public key d·G, which is public
// (libsecp256k1's keypair_xonly_tweak_add does the same). It does not
// allocate. Call Zero on the result when done with it.
func TweakPrivateKey(k *p256k1.PrivateKey, merkleRoot *[32]byte) (p256k1.PrivateKey, error) {
	if !k.IsValid() {
		return p256k1.PrivateKey{}, p256k1.ErrInvalidPrivateKey
	}
	pub := k.PublicKey()
	p, parity := pub.XOnly()
	t := TweakHash(&p, merkleRoot)
	if parity == 0 {
		return k.TweakAdd(&t)
	}
	// The public key's parity is public: branching on it leaks nothing.
	e := k.Negate()
	defer e.Zero()
	return e.TweakAdd(&t)
}

// ScriptPubKey returns the output script of a Taproot output key:
// OP_1 (0x51), a 32-byte push (0x20) and the key's x coordinate. A nil or
// zero key gives 32 zero bytes after the prefix. It does not allocate.
func ScriptPubKey(output *p256k1.XOnlyPublicKey) [34]byte {
	var s [34]byte
	s[0], s[1] = 0x51, 0x20
	if output != nil {
		x := output.Bytes()
		copy(s[2:], x[:])
	}
	return s
}

// ParseScriptPubKey returns the output key of a Taproot output script
// (0x51 0x20 and 32 bytes). It returns an error wrapping ErrNotTaproot for
// any other script, and one wrapping p256k1.ErrInvalidPublicKey when the 32
// bytes are not the x coordinate of a point (such an output is valid but
// can never be spent). Variable time (public data).
func ParseScriptPubKey(script []byte) (p256k1.XOnlyPublicKey, error) {
	if len(script) != 34 || script[0] != 0x51 || script[1] != 0x20 {
		return p256k1.XOnlyPublicKey{}, errNotTaprootScript
	}
	q, err := p256k1.ParseXOnlyPublicKey(script[2:])
	if err != nil {
		return p256k1.XOnlyPublicKey{}, errOffCurve
	}
	return q, nil
}
