package crossgroup

import (
	"crypto/sha256"
	"crypto/sha512"
	"fmt"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"

	"github.com/p256k1/p256k1/dleq/crossgroup/internal/ed"
	"github.com/p256k1/p256k1/dleq/crossgroup/internal/secp"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// batchBits is the number of bits whose ring checks run in lockstep: each
// step of their rings is computed for all of them, then all their points
// are converted to affine form (secp256k1) or encoded (ed25519) with one
// field inversion per curve, and so are the tables of their commitments.
// 252 = 6 · 42.
const batchBits = 42

// verifierState is the verifier's scratch space, allocated once per
// verification whatever the number of workers (about 0.5 MB): the decoded
// commitments, the per-bit values of the ring checks, the secp256k1
// tables of the commitments, and the first failing bit. Each worker uses
// the entries of its own bits.
type verifierState struct {
	proof  *Proof
	cSecp  [Bits]group.Affine
	cEd    [Bits]ed.Point
	failed [Bits]uint8 // 0 ok, 1 commitment encoding, 2 ring signature

	e0S, a0, a1, eS [Bits]scalar.Scalar
	e0E, b0, b1, eE [Bits]edwards25519.Scalar
	in              [Bits]challengeInput
	jac             [Bits]group.Jacobian // a step's secp256k1 points
	aff             [Bits]group.Affine   // the same in affine form; the points D
	edq             [Bits]ed.Point       // a step's ed25519 points
	zi              [Bits]field.Element  // their inverted Z
	c127            [Bits]ed.Point       // 2^127·C on ed25519
	tSecp           [Bits]secp.VarTable  // odd multiples of C, then of D
	add             [Bits]secp.AddScratch
	p2              [Bits]group.Affine
	ptr             [3 * Bits]*group.Affine
}

// verifyRange verifies bits lo ≤ i < hi, a batch at a time.
func (st *verifierState) verifyRange(_, lo, hi int) {
	for b := lo; b < hi; b += batchBits {
		st.verifyBatch(b, min(b+batchBits, hi))
	}
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
// independent of the number of bits and of workers.
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

	w := opts.workers()
	st := &verifierState{proof: p}
	if w <= 1 {
		st.verifyRange(0, 0, Bits)
	} else {
		parallelRanges(w, st.verifyRange)
	}
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
	var accE, xe ed.Point
	accE.Identity()
	for i := Bits - 1; i >= 0; i-- {
		accE.Double(&accE)
		accE.Add(&accE, &st.cEd[i])
	}
	if accE.Equal(xe.FromEdwards(&XE)) != 1 {
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

// checkBit verifies bit i alone (for tests): its commitments decode and
// its ring closes.
func (st *verifierState) checkBit(i int) bool {
	st.verifyBatch(i, i+1)
	return st.failed[i] == 0
}

// verifyBatch decodes the commitments of bits lo ≤ i < hi, checks their ring
// signatures on both curves in lockstep, and records failures in
// st.failed. Variable time.
//
// Each ring is, with C the bit's commitment and D = C − G,
//
//	e1 = Hash(C, a1·H − e0·C, b1·H − e0·C)
//	e0 = Hash(C, a0·H − e1·D, b0·H − e1·D)  (must equal the proof's e0)
//
// on secp256k1 and ed25519 (the a on secp256k1, the b on ed25519). Each
// step is run for the whole batch before the next: the secp256k1 tables of
// C (then of D) for all bits, built in affine coordinates with one shared
// inversion per multiple, the multiplications, then one inversion per
// curve to encode all the points, then the hashes. The ed25519 tables need
// no inversion and are made per bit.
func (st *verifierState) verifyBatch(lo, hi int) {
	n := hi - lo
	tabs := verifierTables()
	for i := lo; i < hi; i++ {
		bp := &st.proof.bits[i]
		if !point.Decompress(&st.cSecp[i], bp[offCommitSecp:offCommitSecp+33]) || !edDecodeVar(&st.cEd[i], bp[offCommitEd:]) {
			// Carry on with placeholder points: the bit has failed.
			st.failed[i] = 1
			st.cSecp[i] = secpG
			st.cEd[i] = edGPoint
		}
		st.e0S[i].SetBytes((*[32]byte)(bp[offESecp:]))
		st.a0[i].SetBytes((*[32]byte)(bp[offA0:]))
		st.a1[i].SetBytes((*[32]byte)(bp[offA1:]))
		_, err0 := st.e0E[i].SetCanonicalBytes(bp[offEEd : offEEd+32])
		_, err1 := st.b0[i].SetCanonicalBytes(bp[offB0 : offB0+32])
		_, err2 := st.b1[i].SetCanonicalBytes(bp[offB1 : offB1+32])
		if (err0 != nil || err1 != nil || err2 != nil) && st.failed[i] == 0 {
			st.failed[i] = 2 // ParseProof rejects these; a Proof never has them
		}
		copy(st.in[i][:65], bp[:65])
	}
	ptr := st.ptr[3*lo : 3*hi]

	// Step 1: e1 from a1·H − e0·C and b1·H − e0·C.
	secp.BatchVarTables(st.tSecp[lo:hi], st.cSecp[lo:hi], st.add[lo:hi], st.p2[lo:hi], ptr)
	for i := lo; i < hi; i++ {
		var neg scalar.Scalar
		var negE edwards25519.Scalar
		var t ed.VarTable
		neg.Negate(&st.e0S[i])
		secp.MulAddVar(&st.jac[i], &st.a1[i], tabs.secpH, &neg, &st.tSecp[i])
		t.Init(&st.cEd[i], &st.c127[i])
		negE.Negate(&st.e0E[i])
		st.edq[i].DoubleMulVar(&st.b1[i], tabs.edH, &negE, &t)
	}
	st.encodeAndHash(lo, hi)

	// Step 2: e0 from a0·H − e1·D and b0·H − e1·D, D = C − G (and on
	// ed25519 2^127·D = 2^127·C − 2^127·G).
	out, a, b := ptr[:n], ptr[n:2*n], ptr[2*n:]
	for k := range n {
		out[k], a[k], b[k] = &st.aff[lo+k], &st.cSecp[lo+k], &secpNegG
	}
	secp.AddBatchVar(out, a, b, st.add[lo:hi])
	secp.BatchVarTables(st.tSecp[lo:hi], st.aff[lo:hi], st.add[lo:hi], st.p2[lo:hi], ptr)
	for i := lo; i < hi; i++ {
		var neg scalar.Scalar
		var negE edwards25519.Scalar
		var d, d127 ed.Point
		var t ed.VarTable
		neg.Negate(&st.eS[i])
		secp.MulAddVar(&st.jac[i], &st.a0[i], tabs.secpH, &neg, &st.tSecp[i])
		d.Subtract(&st.cEd[i], &edGPoint)
		d127.Subtract(&st.c127[i], &edG127)
		t.InitPair(&d, &d127)
		negE.Negate(&st.eE[i])
		st.edq[i].DoubleMulVar(&st.b0[i], tabs.edH, &negE, &t)
	}
	st.encodeAndHash(lo, hi)
	for i := lo; i < hi; i++ {
		if (st.eS[i].Equal(&st.e0S[i]) != 1 || st.eE[i].Equal(&st.e0E[i]) != 1) && st.failed[i] == 0 {
			st.failed[i] = 2
		}
	}
}

// encodeAndHash encodes the step's points st.jac[i] and st.edq[i] of bits
// lo ≤ i < hi into their challenge inputs (one inversion per curve for the
// batch) and sets st.eS[i], st.eE[i] to the challenges. Variable time.
func (st *verifierState) encodeAndHash(lo, hi int) {
	group.BatchToAffineVar(st.aff[lo:hi], st.jac[lo:hi])
	ed.BatchInvertZ(st.zi[lo:hi], st.edq[lo:hi])
	for i := lo; i < hi; i++ {
		a := &st.aff[i]
		a.X.NormalizeVar()
		a.Y.NormalizeVar()
		point.Compress((*[33]byte)(st.in[i][65:98]), a)
		ed.EncodeZInv((*[32]byte)(st.in[i][98:]), &st.edq[i], &st.zi[i])
		hashChallenge(&st.eS[i], &st.eE[i], &st.in[i])
	}
}

// secpEncodeVar writes the compressed encoding of the public point j
// (infinity as 0x02 and zeros, like go-dleq's decred backend).
func secpEncodeVar(out []byte, j *group.Jacobian) {
	var a group.Affine
	point.ToAffineVar(&a, j)
	point.Compress((*[33]byte)(out[:33]), &a)
}
