package crossgroup

import (
	"crypto/sha256"
	"crypto/sha512"
	"fmt"

	"filippo.io/edwards25519"

	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// verifierState is the verifier's scratch space, allocated once per
// verification: the decoded commitments, and the first failing bit.
type verifierState struct {
	proof  *Proof
	cSecp  [Bits]group.Affine
	cEd    [Bits]edwards25519.Point
	failed [Bits]uint8 // 0 ok, 1 commitment encoding, 2 ring signature
}

// Verify checks p exactly as go-dleq does, and a little more strictly: every
// commitment must decode (canonically, on ed25519), the commitments weighted
// by 2^i must sum to the public points on both curves, both signatures of
// knowledge of x must verify (the secp256k1 ECDSA signature may be high-S,
// as go-dleq's are), every bit's ring signature must close on both curves,
// and the ed25519 public point must lie in the prime-order subgroup (go-dleq
// does not check this; its honest proofs always pass it). It returns nil or
// an error wrapping ErrInvalidProof and one of ErrInvalidPoint,
// ErrSignature, ErrSmallOrder, ErrInvalidCommitment, ErrRingSignature or
// ErrCommitmentSum, naming the failing part.
//
// After Verify succeeds, p.SecpPublicKey() and p.EdPublicKey() are x·G on
// their curves for one x < 2^252, known to the prover.
//
// Variable time: the proof is public. The per-bit work is spread over
// opts.Workers goroutines. Verify allocates a fixed amount of scratch space,
// independent of the number of bits.
func (p *Proof) Verify(opts *Options) error {
	// The public points and the signatures of knowledge of x first: they
	// are cheap, and they catch any change to the points or signatures
	// before the per-bit work. go-dleq signs each public point's encoding
	// with x: ECDSA over SHA-256 on secp256k1 (high-S allowed, as go-dleq
	// makes them), its Schnorr-style signature on ed25519.
	var X group.Affine
	var XE edwards25519.Point
	if !point.Decompress(&X, p.secpPub[:]) || !edDecode(&XE, p.edPub[:]) {
		return fmt.Errorf("%w: public point: %w", ErrInvalidProof, ErrInvalidPoint)
	}
	pub := p.SecpPublicKey()
	sig, err := ecdsa.ParseDER(p.sigSecp[:p.sigLen])
	if err != nil {
		return fmt.Errorf("%w: secp256k1", ErrSignature)
	}
	sig.NormalizeS()
	h := sha256.Sum256(p.secpPub[:])
	if !ecdsa.Verify(&pub, &h, &sig) {
		return fmt.Errorf("%w: secp256k1", ErrSignature)
	}
	if !edVerify(&p.sigEd, &XE, p.edPub[:]) {
		return fmt.Errorf("%w: ed25519", ErrSignature)
	}
	if !edTorsionFree(&XE) {
		return ErrSmallOrder
	}

	st := new(verifierState)
	st.proof = p
	parallel(opts.workers(), st.verifyBit)
	for i, bad := range st.failed {
		switch bad {
		case 1:
			return fmt.Errorf("%w: bit %d", ErrInvalidCommitment, i)
		case 2:
			return fmt.Errorf("%w: bit %d", ErrRingSignature, i)
		}
	}

	// Σ 2^i·C_i = X on secp256k1 (Horner from the top bit), and on ed25519.
	var acc group.Jacobian
	acc.SetInfinity()
	for i := Bits - 1; i >= 0; i-- {
		acc.DoubleVar(&acc, nil)
		acc.AddAffineVar(&acc, &st.cSecp[i], nil)
	}
	if !acc.EqualAffineVar(&X) {
		return fmt.Errorf("%w: secp256k1", ErrCommitmentSum)
	}
	var accE edwards25519.Point
	accE.Set(edwards25519.NewIdentityPoint())
	for i := Bits - 1; i >= 0; i-- {
		accE.Add(&accE, &accE)
		accE.Add(&accE, &st.cEd[i])
	}
	if accE.Equal(&XE) != 1 {
		return fmt.Errorf("%w: ed25519", ErrCommitmentSum)
	}
	return nil
}

// edVerify checks go-dleq's ed25519 signature R ‖ s of msg under X:
// s·G = R + c·X with c = SHA-512(R ‖ X ‖ msg) mod ℓ, R and s canonical.
// Variable time.
func edVerify(sig *[edSigSize]byte, X *edwards25519.Point, msg []byte) bool {
	var R, check edwards25519.Point
	var s, c edwards25519.Scalar
	if !edDecode(&R, sig[:32]) {
		return false
	}
	if _, err := s.SetCanonicalBytes(sig[32:]); err != nil {
		return false
	}
	var buf [96]byte
	copy(buf[:32], sig[:32])
	edBytes(buf[32:64], X)
	copy(buf[64:], msg)
	h := sha512.Sum512(buf[:])
	c.SetUniformBytes(h[:])
	c.Negate(&c)
	check.VarTimeDoubleScalarBaseMult(&c, X, &s) // s·G − c·X
	return check.Equal(&R) == 1
}

// edTorsionFree reports whether ℓ·P is the identity, as (ℓ − 1)·P = −P.
// Variable time.
func edTorsionFree(p *edwards25519.Point) bool {
	var lm1 edwards25519.Scalar
	lm1.Subtract(&lm1, &edOne) // 0 − 1 = ℓ − 1
	var q, neg edwards25519.Point
	q.VarTimeDoubleScalarBaseMult(&lm1, p, new(edwards25519.Scalar))
	neg.Negate(p)
	return q.Equal(&neg) == 1
}

// edOne is the scalar 1.
var edOne = func() (s edwards25519.Scalar) {
	s.SetCanonicalBytes([]byte{1, 31: 0})
	return s
}()

// verifyBit decodes bit i's commitments and checks its ring signature on
// both curves, recording a failure in st.failed[i]. Variable time.
func (st *verifierState) verifyBit(i int) {
	if st.checkBit(i) {
		return
	}
	// Failure path only: tell a bad commitment from a bad ring.
	bp := &st.proof.bits[i]
	var a group.Affine
	var e edwards25519.Point
	if !point.Decompress(&a, bp[offCommitSecp:offCommitSecp+33]) || !edDecode(&e, bp[offCommitEd:]) {
		st.failed[i] = 1
	} else {
		st.failed[i] = 2
	}
}

func (st *verifierState) checkBit(i int) bool {
	bp := &st.proof.bits[i]
	cS, cE := &st.cSecp[i], &st.cEd[i]
	if !point.Decompress(cS, bp[offCommitSecp:offCommitSecp+33]) || !edDecode(cE, bp[offCommitEd:]) {
		return false
	}
	var e0S, a0, a1, e1S, neg scalar.Scalar
	var e0E, b0, b1, e1E, negE edwards25519.Scalar
	e0S.SetBytes((*[32]byte)(bp[offESecp:]))
	a0.SetBytes((*[32]byte)(bp[offA0:]))
	a1.SetBytes((*[32]byte)(bp[offA1:]))
	if _, err := e0E.SetCanonicalBytes(bp[offEEd : offEEd+32]); err != nil {
		return false
	}
	if _, err := b0.SetCanonicalBytes(bp[offB0 : offB0+32]); err != nil {
		return false
	}
	if _, err := b1.SetCanonicalBytes(bp[offB1 : offB1+32]); err != nil {
		return false
	}
	var in challengeInput
	copy(in[:65], bp[:65])
	var zero scalar.Scalar
	var r group.Jacobian
	var q edwards25519.Point

	// e1 = Hash(a1·H − e0·C, b1·H − e0·C).
	neg.Negate(&e0S)
	ecmult.TwoPointVar(&r, &a1, &secpH, &neg, cS, &zero)
	secpEncodeVar(in[65:], &r)
	negE.Negate(&e0E)
	edMul2(&q, &b1, edH, &negE, cE)
	edBytes(in[98:], &q)
	hashChallenge(&e1S, &e1E, &in)

	// e0' = Hash(a0·H − e1·(C − G), b0·H − e1·(C − G)) must equal e0.
	neg.Negate(&e1S)
	ecmult.TwoPointVar(&r, &a0, &secpH, &neg, cS, &e1S)
	secpEncodeVar(in[65:], &r)
	var d edwards25519.Point
	d.Subtract(cE, edG)
	negE.Negate(&e1E)
	edMul2(&q, &b0, edH, &negE, &d)
	edBytes(in[98:], &q)
	var e0S2 scalar.Scalar
	var e0E2 edwards25519.Scalar
	hashChallenge(&e0S2, &e0E2, &in)
	return e0S2.Equal(&e0S) == 1 && e0E2.Equal(&e0E) == 1
}

// secpEncodeVar writes the compressed encoding of the public point j
// (infinity as 0x02 and zeros, like go-dleq's decred backend).
func secpEncodeVar(out []byte, j *group.Jacobian) {
	var a group.Affine
	point.ToAffineVar(&a, j)
	point.Compress((*[33]byte)(out[:33]), &a)
}

// edMul2 sets q = a·P + b·Q. It uses edwards25519's constant-time
// MultiScalarMult, which for two points shares the doublings and does not
// allocate (its variable-time counterpart allocates on every call).
func edMul2(q *edwards25519.Point, a *edwards25519.Scalar, p *edwards25519.Point, b *edwards25519.Scalar, pq *edwards25519.Point) {
	q.MultiScalarMult([]*edwards25519.Scalar{a, b}, []*edwards25519.Point{p, pq})
}
