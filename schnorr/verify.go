package schnorr

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/batch"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

// Verify reports whether sig is a valid BIP-340 signature of msg (any
// length) under pub, with the result of libsecp256k1's
// secp256k1_schnorrsig_verify: it returns false if pub is nil or not valid
// (the zero value), if sig's r is not below the field size p or s not below
// the group order n, or if R = s·G − e·P is the point at infinity, has an
// odd Y, or an x coordinate other than r. It never panics.
//
// Variable time (all inputs are public); does not allocate.
func Verify(pub *p256k1.XOnlyPublicKey, msg []byte, sig *[64]byte) bool {
	if pub == nil || sig == nil || !pub.IsValid() {
		return false
	}
	var rx field.Element
	var s scalar.Scalar
	if !parseSig(&rx, &s, sig) {
		return false
	}
	// The key's (already validated) point, copied without an encoding.
	var p group.Affine
	point.LoadXOnly(&p, pub)
	px := pub.Bytes()
	return verify(&rx, &s, (*[32]byte)(sig[:32]), &px, &p, msg)
}

// VerifyBytes is Verify with the public key given as its 32-byte BIP-340
// encoding (the x coordinate) and the signature as a slice. It returns false
// if pub is not 32 bytes encoding the x coordinate of a curve point (as
// p256k1.ParseXOnlyPublicKey would reject) or sig is not 64 bytes.
//
// Variable time (all inputs are public); does not allocate.
func VerifyBytes(pub, msg, sig []byte) bool {
	if len(pub) != 32 || len(sig) != 64 {
		return false
	}
	// The cheap signature checks before the square root of lift_x.
	var rx field.Element
	var s scalar.Scalar
	if !parseSig(&rx, &s, (*[64]byte)(sig)) {
		return false
	}
	var x field.Element
	var p group.Affine
	if x.SetBytes((*[32]byte)(pub)) != 0 || !batch.LiftXVar(&p, &x, false) {
		return false
	}
	return verify(&rx, &s, (*[32]byte)(sig[:32]), (*[32]byte)(pub), &p, msg)
}

// parseSig reads r (as a field element) and s (as a scalar) from sig,
// reporting false if r ≥ p or s ≥ n.
func parseSig(rx *field.Element, s *scalar.Scalar, sig *[64]byte) bool {
	return rx.SetBytes((*[32]byte)(sig[:32])) == 0 && s.SetBytes((*[32]byte)(sig[32:])) == 0
}

// verify checks the signature (r, s) of msg under the point p with x
// coordinate bytes px: R = s·G − e·P must be finite with x = r and an even
// Y. rb is r's 32-byte encoding (for the challenge hash). Variable time.
func verify(rx *field.Element, s *scalar.Scalar, rb, px *[32]byte, p *group.Affine, msg []byte) bool {
	var eb [32]byte
	var e scalar.Scalar
	tagged.BIP340Challenge.Sum(&eb, rb[:], px[:], msg)
	e.SetBytes(&eb)
	e.Negate(&e)

	var pj, rj group.Jacobian
	pj.SetAffine(p)
	ecmult.DoubleBaseVar(&rj, &e, &pj, s)
	if rj.Infinity != 0 {
		return false
	}

	// x(R) = X/Z² = r, checked as r·Z² = X without an inversion, which also
	// rejects most invalid signatures before the inversion below.
	var z2, t field.Element
	z2.Square(&rj.Z)
	t.Mul(rx, &z2)
	if !t.EqualVar(&rj.X) {
		return false
	}

	// y(R) = Y/Z³ must be even: this needs the inverse of Z.
	var zi field.Element
	zi.InvertVar(&rj.Z)
	z2.Square(&zi)
	zi.Mul(&zi, &z2)
	t.Mul(&rj.Y, &zi)
	t.NormalizeVar()
	return t.IsOdd() == 0
}
