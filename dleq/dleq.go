package dleq

import (
	"crypto/subtle"
	"errors"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

// Proof is a BIP-374 proof: the 32-byte challenge e (big endian, not reduced
// modulo n) followed by the 32-byte response s (big endian, below n).
type Proof [64]byte

// Errors returned by the proving functions. Compare with errors.Is.
var (
	// ErrInvalidInput: the secret is the zero PrivateKey, or B (or the
	// generator) is the zero PublicKey, which stands for the point at
	// infinity and for unset keys alike.
	ErrInvalidInput = errors.New("dleq: invalid input (zero secret or point at infinity)")
	// ErrProofFailed: the derived nonce was zero (probability about
	// 2^−256), or the proof did not verify after it was made (a
	// computation fault). BIP-374 says to fail in both cases.
	ErrProofFailed = errors.New("dleq: proof generation failed")
	// ErrNilRandomness: the auxiliary randomness r was nil. BIP-374 takes
	// 32 bytes: fresh random ones at best, though any value (even zeros)
	// gives a sound proof. It wraps p256k1.ErrNilArgument.
	ErrNilRandomness = fmt.Errorf("dleq: nil auxiliary randomness r (pass 32 bytes, fresh random ones at best): %w", p256k1.ErrNilArgument)
)

// The BIP-374 tags.
var (
	tagAux       = tagged.New("BIP0374/aux")
	tagNonce     = tagged.New("BIP0374/nonce")
	tagChallenge = tagged.New("BIP0374/challenge")
)

// generator is the standard G in affine form, for the challenge encoding.
var generator = func() (g group.Affine) {
	g.SetGenerator()
	g.X.Normalize()
	g.Y.Normalize()
	return g
}()

// Prove is ProveWithGenerator with the standard generator G: it proves that
// A = a·G and C = a·B have the same discrete logarithm a, as BIP-374's
// GenerateProof(a, B, r, G, m). See ProveWithGenerator for the arguments,
// errors and side channels.
func Prove(a *p256k1.PrivateKey, B *p256k1.PublicKey, r *[32]byte, m *[32]byte) (Proof, error) {
	return prove(a, B, r, nil, m)
}

// ProveWithGenerator returns a BIP-374 proof that A = a·G and C = a·B share
// the secret a, for the generator G (GenerateProof(a, B, r, G, m)). r is 32
// bytes of auxiliary randomness (fresh random bytes are best; any value,
// even all zeros, still gives a sound proof, with a nonce derived from the
// key and the points only). m is the optional 32-byte message bound into the
// proof; nil means no message, which differs from 32 zero bytes.
//
// It returns ErrInvalidInput if a is the zero PrivateKey or B or G is the
// zero PublicKey (the point at infinity; nil pointers stand for these),
// ErrNilRandomness if r is nil, and ErrProofFailed if the nonce is
// zero or the proof fails its own verification (BIP-374's final check,
// which guards against computation faults).
//
// Constant time in a and in the nonce: the multiplications are the
// constant-time engines (the blinded comb for the standard G, the
// constant-time variable-base engine for any other generator and for B),
// affine conversions use constant-time inversions, and SHA-256 runs in
// time independent of its input. The final self-check verifies the public
// proof in variable time. It does not allocate.
func ProveWithGenerator(a *p256k1.PrivateKey, B *p256k1.PublicKey, r *[32]byte, G *p256k1.PublicKey, m *[32]byte) (Proof, error) {
	if G == nil || !G.IsValid() {
		return Proof{}, ErrInvalidInput
	}
	return prove(a, B, r, G, m)
}

// prove implements ProveWithGenerator; G nil means the standard generator.
func prove(a *p256k1.PrivateKey, B *p256k1.PublicKey, r *[32]byte, G *p256k1.PublicKey, m *[32]byte) (Proof, error) {
	var g, b group.Affine
	if a == nil || !a.IsValid() || !point.Load(&b, B) {
		return Proof{}, ErrInvalidInput
	}
	std := G == nil
	if std {
		g = generator
	} else if !point.Load(&g, G) {
		return Proof{}, ErrInvalidInput
	}
	if r == nil {
		return Proof{}, ErrNilRandomness
	}

	var d, k, e, s scalar.Scalar
	var ab [32]byte
	defer func() {
		d.Zero()
		k.Zero()
		s.Zero()
		clear(ab[:])
	}()
	ab = a.Bytes()
	d.SetBytes(&ab) // valid key: 1 ≤ d < n

	// A = a·G, C = a·B, kept in affine form for the final check; R1 and
	// R2 pass through rp (cleared at the end).
	var encA, encB, encC, encG, encR1, encR2 [33]byte
	var A, C, rp group.Affine
	defer rp.Clear()
	mulG(&encA, &A, &d, &g, std)
	mulPoint(&encC, &C, &d, &b)
	point.Compress(&encB, &b)
	point.Compress(&encG, &g)

	// t = bytes(a) xor hash_aux(r); rand = hash_nonce(t ‖ A ‖ C ‖ m).
	var t [32]byte
	tagAux.Sum(&t, r[:])
	subtle.XORBytes(t[:], t[:], ab[:])
	var rnd [32]byte
	if m != nil {
		tagNonce.Sum(&rnd, t[:], encA[:], encC[:], m[:])
	} else {
		tagNonce.Sum(&rnd, t[:], encA[:], encC[:])
	}
	clear(t[:])
	k.SetBytes(&rnd) // reduced mod n
	clear(rnd[:])
	kZero := k.IsZero()
	ctime.Declassify(&kZero) // probability ~2^−256; reveals only this event
	if kZero != 0 {
		return Proof{}, ErrProofFailed
	}

	// R1 = k·G, R2 = k·B, e = hash_challenge(A ‖ B ‖ C ‖ G ‖ R1 ‖ R2 ‖ m).
	mulG(&encR1, &rp, &k, &g, std)
	mulPoint(&encR2, &rp, &k, &b)
	var proof Proof
	challenge((*[32]byte)(proof[:32]), &encA, &encB, &encC, &encG, &encR1, &encR2, m)

	// s = k + e·a mod n.
	e.SetBytes((*[32]byte)(proof[:32]))
	s.Mul(&e, &d)
	s.Add(&s, &k)
	s.Bytes((*[32]byte)(proof[32:]))

	// BIP-374: verify before returning. The proof and the points are the
	// public output; the check runs in variable time on them.
	ctime.Declassify(&proof) // the proof: returned to the caller
	ctime.Declassify(&A)     // A = a·G: the public key the proof is for
	ctime.Declassify(&C)     // C = a·B: the other public point of the statement
	if !verify(&A, &b, &C, &proof, &g, std, m) {
		return Proof{}, ErrProofFailed
	}
	return proof, nil
}

// mulG sets a to k·g and writes its compressed encoding: the blinded comb
// when g is the standard generator (std), else the constant-time
// variable-base engine. Constant time in k.
func mulG(out *[33]byte, a *group.Affine, k *scalar.Scalar, g *group.Affine, std bool) {
	if std {
		var j group.Jacobian
		ecmultgen.Shared().Mul(&j, k)
		encode(out, a, &j)
		return
	}
	mulPoint(out, a, k, g)
}

// mulPoint sets a to k·p and writes its compressed encoding, constant time
// in k.
func mulPoint(out *[33]byte, a *group.Affine, k *scalar.Scalar, p *group.Affine) {
	var j group.Jacobian
	ecmultconst.Mul(&j, p, k)
	encode(out, a, &j)
}

// encode sets a to the affine form of j (normalized, converted in constant
// time), writes its compressed encoding and clears j. k·P is never
// infinity here (1 ≤ k < n, P finite, n prime).
func encode(out *[33]byte, a *group.Affine, j *group.Jacobian) {
	point.ToAffine(a, j)
	point.Compress(out, a)
	j.Clear()
}

// challenge computes BIP-374's e = hash_challenge(A ‖ B ‖ C ‖ G ‖ R1 ‖ R2 ‖ m)
// (m omitted when nil). Constant time in its inputs.
func challenge(out *[32]byte, A, B, C, G, R1, R2 *[33]byte, m *[32]byte) {
	if m != nil {
		tagChallenge.Sum(out, A[:], B[:], C[:], G[:], R1[:], R2[:], m[:])
	} else {
		tagChallenge.Sum(out, A[:], B[:], C[:], G[:], R1[:], R2[:])
	}
}

// Verify is VerifyWithGenerator with the standard generator G: it reports
// whether proof shows that A = a·G and C = a·B for one a (BIP-374's
// VerifyProof(A, B, C, proof, G, m)). m is the optional message (nil: none).
// Variable time: every input is public. It does not allocate.
func Verify(A, B, C *p256k1.PublicKey, proof *Proof, m *[32]byte) bool {
	var a, b, c group.Affine
	if proof == nil || !point.Load(&a, A) || !point.Load(&b, B) || !point.Load(&c, C) {
		return false
	}
	return verify(&a, &b, &c, proof, &generator, true, m)
}

// VerifyWithGenerator reports whether proof is a valid BIP-374 proof that
// A = a·G and C = a·B share one discrete logarithm a, for the generator G
// and the optional 32-byte message m (nil: no message), exactly as
// BIP-374's VerifyProof: s must be below n, R1 = s·G − e·A and
// R2 = s·B − e·C must not be the point at infinity, and e must equal the
// challenge hash of A, B, C, G, R1, R2 and m, compared as 32 bytes (e is not
// reduced modulo n). Zero PublicKeys (the point at infinity) and nil
// arguments give false; it never panics.
//
// Variable time: every input is public. It does not allocate.
func VerifyWithGenerator(A, B, C *p256k1.PublicKey, proof *Proof, G *p256k1.PublicKey, m *[32]byte) bool {
	var a, b, c, g group.Affine
	if proof == nil || !point.Load(&a, A) || !point.Load(&b, B) || !point.Load(&c, C) || !point.Load(&g, G) {
		return false
	}
	return verify(&a, &b, &c, proof, &g, false, m)
}

// verify checks proof for finite points with normalized coordinates; std
// says that g is the standard generator, whose fixed tables then serve
// s·G − e·A. Variable time.
func verify(a, b, c *group.Affine, proof *Proof, g *group.Affine, std bool, m *[32]byte) bool {
	var e, s, negE, zero scalar.Scalar
	e.SetBytes((*[32]byte)(proof[:32])) // e mod n; the hash check uses the bytes
	if s.SetBytes((*[32]byte)(proof[32:])) != 0 {
		return false
	}
	negE.Negate(&e)

	var r1, r2 group.Jacobian
	if std {
		var aj group.Jacobian
		aj.SetAffine(a)
		ecmult.DoubleBaseVar(&r1, &negE, &aj, &s) // s·G − e·A
	} else {
		ecmult.TwoPointVar(&r1, &s, g, &negE, a, &zero)
	}
	ecmult.TwoPointVar(&r2, &s, b, &negE, c, &zero) // s·B − e·C
	if r1.Infinity != 0 || r2.Infinity != 0 {
		return false
	}
	var p group.Affine
	var encA, encB, encC, encG, encR1, encR2 [33]byte
	point.ToAffineVar(&p, &r1)
	point.Compress(&encR1, &p)
	point.ToAffineVar(&p, &r2)
	point.Compress(&encR2, &p)
	point.Compress(&encA, a)
	point.Compress(&encB, b)
	point.Compress(&encC, c)
	point.Compress(&encG, g)
	var want [32]byte
	challenge(&want, &encA, &encB, &encC, &encG, &encR1, &encR2, m)
	return want == [32]byte(proof[:32])
}
