package ecdsa

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ecdsacore"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Sign returns the ECDSA signature of the 32-byte message hash under k,
// byte-identical to libsecp256k1's secp256k1_ecdsa_sign with the default
// nonce function and no extra data: the nonce is RFC 6979's deterministic
// HMAC-SHA256 nonce (keyed with k ‖ (hash mod n)), and s is always low
// (s ≤ n/2). Signing the same hash with the same key always gives the same
// signature.
//
// It returns p256k1.ErrInvalidPrivateKey if k is nil or the zero (unset)
// key and p256k1.ErrInvalidDigest if hash is nil. Constant time in the key and the nonce (see the package
// documentation); it does not allocate.
func Sign(k *p256k1.PrivateKey, hash *[32]byte) (Signature, error) {
	sig, _, err := sign(k, hash, nil)
	return sig, err
}

// SignWithEntropy is Sign with 32 bytes of extra entropy mixed into the
// RFC 6979 nonce derivation (RFC 6979 section 3.6 "additional data"),
// byte-identical to secp256k1_ecdsa_sign with the default nonce function
// and ndata = extra: the generator is keyed with k ‖ (hash mod n) ‖ extra.
// With fresh random bytes the signature is no longer deterministic, which
// protects against fault attacks; with a counter it lets a signer grind for
// a shorter signature, as Bitcoin Core does. A nil extra is the same as
// Sign. Errors as Sign. Constant time in the key, the nonce and extra; it
// does not allocate.
func SignWithEntropy(k *p256k1.PrivateKey, hash, extra *[32]byte) (Signature, error) {
	sig, _, err := sign(k, hash, extra)
	return sig, err
}

// sign loads the key and runs the signing core, returning the recovery id.
func sign(k *p256k1.PrivateKey, hash, extra *[32]byte) (Signature, int, error) {
	var d scalar.Scalar
	defer d.Zero()
	if !loadPrivateKey(&d, k) {
		return Signature{}, 0, p256k1.ErrInvalidPrivateKey
	}
	if hash == nil {
		return Signature{}, 0, p256k1.ErrInvalidDigest
	}
	var sig Signature
	recid := ecdsacore.Sign(&sig.r, &sig.s, &d, hash, extra)
	return sig, recid, nil
}

// loadPrivateKey sets d from k, reporting false for a nil or zero key.
// Constant time apart from the validity result (public: see
// PrivateKey.IsValid).
func loadPrivateKey(d *scalar.Scalar, k *p256k1.PrivateKey) bool {
	if k == nil || !k.IsValid() {
		return false
	}
	b := k.Bytes()
	d.SetBytes(&b) // a valid key is below n
	clear(b[:])
	return true
}

// Verify reports whether sig is a valid signature of the 32-byte message
// hash under pub, exactly as libsecp256k1's secp256k1_ecdsa_verify: r and s
// must be in [1, n−1] and s must be low (s ≤ n/2; use NormalizeS first to
// accept high-S signatures), and x(u1·G + u2·Q) ≡ r (mod n) with
// u1 = hash·s⁻¹, u2 = r·s⁻¹, compared without an inversion.
//
// It returns false for nil arguments and for the zero PublicKey; it never
// panics. Variable time (all inputs are public); it does not allocate.
func Verify(pub *p256k1.PublicKey, hash *[32]byte, sig *Signature) bool {
	if hash == nil || sig == nil || sig.s.IsHigh() != 0 {
		return false
	}
	var q group.Affine
	if !point.Load(&q, pub) {
		return false
	}
	var m scalar.Scalar
	m.SetBytes(hash)
	return verify(&sig.r, &sig.s, &q, &m)
}

// VerifyDER parses der with ParseDER and verifies it with Verify. It
// returns false for any encoding ParseDER rejects, for high-S signatures
// and for nil arguments. Variable time (public inputs); it does not
// allocate.
func VerifyDER(pub *p256k1.PublicKey, hash *[32]byte, der []byte) bool {
	sig, err := ParseDER(der)
	return err == nil && Verify(pub, hash, &sig)
}

// The group order n as a field element, and p − n: an x coordinate x ≥ n
// of R gives r = x − n, possible only for r < p − n.
var orderAsField, pMinusOrder field.Element

func init() {
	n := [32]byte{
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
		0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b,
		0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
	}
	pn := [32]byte{
		15: 0x01,
		16: 0x45, 0x51, 0x23, 0x19, 0x50, 0xb7, 0x5f, 0xc4,
		0x40, 0x2d, 0xa1, 0x72, 0x2f, 0xc9, 0xba, 0xee,
	}
	orderAsField.SetBytes(&n)
	pMinusOrder.SetBytes(&pn)
}

// verify is libsecp256k1's secp256k1_ecdsa_sig_verify (without the high-S
// check, which the callers make). Variable time.
func verify(r, s *scalar.Scalar, q *group.Affine, m *scalar.Scalar) bool {
	if r.IsZero() != 0 || s.IsZero() != 0 {
		return false
	}
	var sn, u1, u2 scalar.Scalar
	sn.InvertVar(s)
	u1.Mul(&sn, m)
	u2.Mul(&sn, r)
	var qj, pr group.Jacobian
	qj.SetAffine(q)
	ecmult.DoubleBaseVar(&pr, &u2, &qj, &u1)
	if pr.Infinity != 0 {
		return false
	}
	// x(pr) mod n == r ⟺ r·Z² == X, or r + n < p and (r + n)·Z² == X
	// (2n > p, so x(pr) is r or r + n).
	var rb [32]byte
	r.Bytes(&rb)
	var xr field.Element
	xr.SetBytes(&rb) // r < n < p: no reduction
	if eqXVar(&xr, &pr) {
		return true
	}
	if xr.CmpVar(&pMinusOrder) >= 0 {
		return false
	}
	xr.Add(&xr, &orderAsField)
	return eqXVar(&xr, &pr)
}

// eqXVar reports whether the affine x coordinate of the finite point a is
// x (magnitude ≤ 8), that is whether x·Z² == X (libsecp256k1's
// secp256k1_gej_eq_x_var). Variable time.
func eqXVar(x *field.Element, a *group.Jacobian) bool {
	var t field.Element
	t.Square(&a.Z)
	t.Mul(&t, x)
	return t.EqualVar(&a.X)
}
