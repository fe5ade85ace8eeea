package schnorr

import (
	"crypto/rand"
	"errors"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

// ErrZeroNonce is returned when the derived nonce is zero modulo n, where
// BIP-340 signing fails. The hash output would have to be 0 or n, which has
// probability about 2^−255: it is never seen in practice, and no inputs that
// produce it are known. Signing again with a different aux succeeds.
var ErrZeroNonce = errors.New("schnorr: nonce is zero")

// Sign returns the BIP-340 signature of msg (any length) by k, as
// SignKeypair with the keypair of k. It first derives k's public key, so it
// costs about twice SignKeypair; when signing repeatedly with one key, make a
// Keypair once.
//
// aux is BIP-340's 32 bytes of auxiliary randomness; nil draws fresh bytes
// from crypto/rand (recommended). A fixed aux gives deterministic signatures;
// an all-zero aux gives libsecp256k1's signature for aux_rand32 = NULL.
//
// It returns p256k1.ErrInvalidPrivateKey if k is not valid. Constant time
// in the secret key and the nonce; does not allocate.
func Sign(k *p256k1.PrivateKey, msg []byte, aux *[32]byte) ([64]byte, error) {
	var kp Keypair
	if err := kp.set(k); err != nil {
		return [64]byte{}, err
	}
	sig, err := SignKeypair(&kp, msg, aux)
	kp.Zero()
	return sig, err
}

// SignKeypair returns the BIP-340 signature of msg (any length) under kp's
// x-only public key, byte-identical to libsecp256k1's
// secp256k1_schnorrsig_sign_custom with the default nonce function
// (secp256k1_schnorrsig_sign32 for 32-byte messages):
//
//	t  = bytes(d) ⊕ hash_BIP0340/aux(aux)
//	k  = hash_BIP0340/nonce(t ‖ P.x ‖ msg) mod n    (ErrZeroNonce if 0)
//	R  = k·G; k = −k if R.y is odd
//	e  = hash_BIP0340/challenge(R.x ‖ P.x ‖ msg) mod n
//	signature = R.x ‖ (k + e·d mod n)
//
// aux as for Sign: nil draws 32 bytes from crypto/rand. The signature is not
// verified after signing (libsecp256k1 does not verify it either).
//
// It returns p256k1.ErrInvalidPrivateKey if kp is not valid (the zero value).
// Constant time in the secret key and the nonce (the running time depends
// only on len(msg)); does not allocate.
func SignKeypair(kp *Keypair, msg []byte, aux *[32]byte) ([64]byte, error) {
	return signKeypair(kp, msg, aux, nil)
}

// signKeypair is SignKeypair; a non-nil nonce replaces the derived
// hash_BIP0340/nonce output (before the reduction mod n), so that tests can
// drive the zero-nonce path, which no real input reaches (probability
// 2^−255). Production callers pass nil.
func signKeypair(kp *Keypair, msg []byte, aux, nonce *[32]byte) ([64]byte, error) {
	if kp == nil || !kp.IsValid() {
		return [64]byte{}, p256k1.ErrInvalidPrivateKey
	}
	var sig [64]byte
	var fail int
	if aux == nil {
		fail = signFreshAux(&sig, kp, msg, nonce)
	} else {
		fail = sign(&sig, &kp.d, &kp.px, msg, aux, nonce)
	}
	if fail != 0 {
		return [64]byte{}, ErrZeroNonce
	}
	return sig, nil
}

// signFreshAux is sign with 32 bytes of auxiliary randomness from
// crypto/rand. (A separate function, so that the buffer the randomness is
// read into, which the race detector's instrumentation moves to the heap,
// only exists on this path.)
func signFreshAux(sig *[64]byte, kp *Keypair, msg []byte, nonce *[32]byte) int {
	var aux [32]byte
	rand.Read(aux[:]) // never fails (Go ≥ 1.24 crashes the program instead)
	fail := sign(sig, &kp.d, &kp.px, msg, &aux, nonce)
	clear(aux[:])
	return fail
}

// scalarOne is the scalar 1, read-only.
var scalarOne = *new(scalar.Scalar).One()

// sign writes the BIP-340 signature of msg by the secret d (whose point has
// an even Y and the x coordinate px) with auxiliary randomness aux to sig,
// and returns 1 if the nonce was zero (sig is then zeroed), else 0.
// Constant time in d and in the nonce, as libsecp256k1's
// schnorrsig_sign_internal: a zero nonce is replaced by 1 with a
// conditional move so that the same operations run either way.
//
// nonce is nil except in tests (see signKeypair): non-nil, it replaces the
// nonce hash. Branching on whether it is nil is on a pointer, not a secret.
func sign(sig *[64]byte, d *scalar.Scalar, px *[32]byte, msg []byte, aux, nonce *[32]byte) int {
	var t, buf [32]byte

	// t = bytes(d) ⊕ hash_aux(aux).
	tagged.BIP340Aux.Sum(&t, aux[:])
	d.Bytes(&buf)
	for i := range t {
		t[i] ^= buf[i]
	}

	// k = hash_nonce(t ‖ P.x ‖ m) mod n, and 1 in its place if it is 0.
	tagged.BIP340Nonce.Sum(&buf, t[:], px[:], msg)
	if nonce != nil {
		buf = *nonce
	}
	var k scalar.Scalar
	k.SetBytes(&buf)
	fail := k.IsZero()
	k.CMove(&scalarOne, fail)

	// R = k·G in affine coordinates, constant time; negate k if R.y is odd.
	var rj group.Jacobian
	var r group.Affine
	ecmultgen.Shared().Mul(&rj, &k)
	r.SetJacobian(&rj)
	r.X.Normalize()
	r.Y.Normalize()
	k.CondNegate(&k, r.Y.IsOdd())
	rx := (*[32]byte)(sig[:32])
	r.X.Bytes(rx)

	// s = k + e·d with e = hash_challenge(R.x ‖ P.x ‖ m) mod n.
	var e scalar.Scalar
	tagged.BIP340Challenge.Sum(&buf, rx[:], px[:], msg)
	e.SetBytes(&buf)
	e.Mul(&e, d)
	e.Add(&e, &k)
	e.Bytes((*[32]byte)(sig[32:]))

	// Zero the signature if the nonce was zero (constant time), and clear
	// the secrets.
	m := byte(fail) - 1 // 0xff when fail == 0
	for i := range sig {
		sig[i] &= m
	}
	k.Zero()
	e.Zero()
	rj.Clear()
	r.Clear()
	clear(t[:])
	clear(buf[:])
	// A zero nonce (probability 2^−255) is reported by the returned error,
	// as by libsecp256k1's return value; the signature is public.
	ctime.Declassify(&fail)
	ctime.Declassify(sig)
	return fail
}
