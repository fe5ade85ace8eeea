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
	var p, r group.Affine
	point.LoadXOnly(&p, pub)
	if !batch.LiftXVar(&r, &rx, false) {
		return false
	}
	px := pub.Bytes()
	return verify(&r, &s, (*[32]byte)(sig[:32]), &px, &p, msg)
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
	// The cheap signature checks before the square roots of lift_x.
	var xs [2]field.Element // the key's x and r
	var s scalar.Scalar
	if !parseSig(&xs[1], &s, (*[64]byte)(sig)) || xs[0].SetBytes((*[32]byte)(pub)) != 0 {
		return false
	}
	// P and R at once (their square roots interleaved).
	var p, r group.Affine
	if ok := batch.LiftXVar2(&[2]*group.Affine{&p, &r}, &xs, false); !ok[0] || !ok[1] {
		return false
	}
	return verify(&r, &s, (*[32]byte)(sig[:32]), (*[32]byte)(pub), &p, msg)
}

// parseSig reads r (as a field element) and s (as a scalar) from sig,
// reporting false if r ≥ p or s ≥ n.
func parseSig(rx *field.Element, s *scalar.Scalar, sig *[64]byte) bool {
	return rx.SetBytes((*[32]byte)(sig[:32])) == 0 && s.SetBytes((*[32]byte)(sig[32:])) == 0
}

// verify checks the signature (r, s) of msg under the point p with x
// coordinate bytes px: s·G − e·P must equal r, the point with x = r and an
// even Y (lifted by the caller; a signature whose r is no point's x
// coordinate is invalid, as no s·G − e·P can then have x = r). rb is r's
// 32-byte encoding (for the challenge hash). The check is
// ecmult.EqualDoubleBaseVar's, which needs neither R = s·G − e·P itself
// nor an inversion. Variable time.
func verify(r *group.Affine, s *scalar.Scalar, rb, px *[32]byte, p *group.Affine, msg []byte) bool {
	var eb [32]byte
	var e scalar.Scalar
	tagged.BIP340Challenge.Sum(&eb, rb[:], px[:], msg)
	e.SetBytes(&eb)
	e.Negate(&e)
	return ecmult.EqualDoubleBaseVar(r, &e, p, s)
}
