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
// verification: the decoded commitments, the first failing bit, and one
// batch scratch per worker.
type verifierState struct {
	proof   *Proof
	cSecp   [Bits]group.Affine
	cEd     [Bits]ed.Point
	failed  [Bits]uint8 // 0 ok, 1 commitment encoding, 2 ring signature
	scratch []verifyBatch
}

// verifyBatch holds the per-bit values of one batch of bits (index k for
// bit lo + k).
type verifyBatch struct {
	e0S, a0, a1, eS [batchBits]scalar.Scalar
	e0E, b0, b1, eE [batchBits]edwards25519.Scalar
	in              [batchBits]challengeInput
	jac             [batchBits]group.Jacobian // step outputs
	aff             [batchBits]group.Affine   // the same in affine form; the points D
	edq             [batchBits]ed.Point
	zi              [batchBits]field.Element
	tSecp           [batchBits]secp.VarTable
	tEd             [batchBits]ed.VarTable
	c127            [batchBits]ed.Point // 2^127·C on ed25519
	add             [batchBits]secp.AddScratch
	p2              [batchBits]group.Affine
	ptr             [3 * batchBits]*group.Affine
}

// newVerifierState allocates the state with one batch scratch per worker,
// in one allocation for a single worker.
func newVerifierState(p *Proof, workers int) *verifierState {
	if workers <= 1 {
		one := new(struct {
			st verifierState
			b  [1]verifyBatch
		})
		one.st.proof, one.st.scratch = p, one.b[:]
		return &one.st
	}
	return &verifierState{proof: p, scratch: make([]verifyBatch, workers)}
}

// verifyRange verifies bits lo ≤ i < hi with worker w's scratch, a batch
// at a time.
func (st *verifierState) verifyRange(w, lo, hi int) {
	for b := lo; b < hi; b += batchBits {
		st.verifyBatch(&st.scratch[w], b, min(b+batchBits, hi))
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

	w := opts.workers()
	st := newVerifierState(p, w)
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
	if st.scratch == nil {
		st.scratch = make([]verifyBatch, 1)
	}
	st.verifyBatch(&st.scratch[0], i, i+1)
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
// step is run for the whole batch before the next: the tables of C (then
// of D) for all bits, the multiplications, then one inversion per curve to
// encode all the points, then the hashes.
func (st *verifierState) verifyBatch(s *verifyBatch, lo, hi int) {
	n := hi - lo
	tabs := verifierTables()
	for k := range n {
		i := lo + k
		bp := &st.proof.bits[i]
		if !point.Decompress(&st.cSecp[i], bp[offCommitSecp:offCommitSecp+33]) || !edDecodeVar(&st.cEd[i], bp[offCommitEd:]) {
			// Carry on with placeholder points: the bit has failed.
			st.failed[i] = 1
			st.cSecp[i] = secpG
			st.cEd[i] = edGPoint
		}
		s.e0S[k].SetBytes((*[32]byte)(bp[offESecp:]))
		s.a0[k].SetBytes((*[32]byte)(bp[offA0:]))
		s.a1[k].SetBytes((*[32]byte)(bp[offA1:]))
		_, err0 := s.e0E[k].SetCanonicalBytes(bp[offEEd : offEEd+32])
		_, err1 := s.b0[k].SetCanonicalBytes(bp[offB0 : offB0+32])
		_, err2 := s.b1[k].SetCanonicalBytes(bp[offB1 : offB1+32])
		if (err0 != nil || err1 != nil || err2 != nil) && st.failed[i] == 0 {
			st.failed[i] = 2 // ParseProof rejects these; a Proof never has them
		}
		copy(s.in[k][:65], bp[:65])
	}

	// Step 1: e1 from a1·H − e0·C and b1·H − e0·C.
	for k := range n {
		s.tEd[k].Init(&st.cEd[lo+k], &s.c127[k])
	}
	secp.BatchVarTables(s.tSecp[:n], st.cSecp[lo:hi], s.add[:], s.p2[:], s.ptr[:])
	for k := range n {
		var neg scalar.Scalar
		var negE edwards25519.Scalar
		neg.Negate(&s.e0S[k])
		secp.MulAddVar(&s.jac[k], &s.a1[k], tabs.secpH, &neg, &s.tSecp[k])
		negE.Negate(&s.e0E[k])
		s.edq[k].DoubleMulVar(&s.b1[k], tabs.edH, &negE, &s.tEd[k])
	}
	s.encodeAndHash(n)

	// Step 2: e0 from a0·H − e1·D and b0·H − e1·D, D = C − G (and on
	// ed25519 2^127·D = 2^127·C − 2^127·G).
	out, a, b := s.ptr[:n], s.ptr[n:2*n], s.ptr[2*n:3*n]
	for k := range n {
		var d, d127 ed.Point
		d.Subtract(&st.cEd[lo+k], &edGPoint)
		d127.Subtract(&s.c127[k], &edG127)
		s.tEd[k].InitPair(&d, &d127)
		out[k], a[k], b[k] = &s.aff[k], &st.cSecp[lo+k], &secpNegG
	}
	secp.AddBatchVar(out, a, b, s.add[:n])
	secp.BatchVarTables(s.tSecp[:n], s.aff[:n], s.add[:], s.p2[:], s.ptr[:])
	for k := range n {
		var neg scalar.Scalar
		var negE edwards25519.Scalar
		neg.Negate(&s.eS[k])
		secp.MulAddVar(&s.jac[k], &s.a0[k], tabs.secpH, &neg, &s.tSecp[k])
		negE.Negate(&s.eE[k])
		s.edq[k].DoubleMulVar(&s.b0[k], tabs.edH, &negE, &s.tEd[k])
	}
	s.encodeAndHash(n)
	for k := range n {
		if (s.eS[k].Equal(&s.e0S[k]) != 1 || s.eE[k].Equal(&s.e0E[k]) != 1) && st.failed[lo+k] == 0 {
			st.failed[lo+k] = 2
		}
	}
}

// encodeAndHash encodes the step's points s.jac[k] and s.edq[k] into the
// challenge inputs (one inversion per curve for the batch) and sets
// s.eS[k], s.eE[k] to the challenges. Variable time.
func (s *verifyBatch) encodeAndHash(n int) {
	group.BatchToAffineVar(s.aff[:n], s.jac[:n])
	ed.BatchInvertZ(s.zi[:n], s.edq[:n])
	for k := range n {
		a := &s.aff[k]
		a.X.NormalizeVar()
		a.Y.NormalizeVar()
		point.Compress((*[33]byte)(s.in[k][65:98]), a)
		ed.EncodeZInv((*[32]byte)(s.in[k][98:]), &s.edq[k], &s.zi[k])
		hashChallenge(&s.eS[k], &s.eE[k], &s.in[k])
	}
}

// secpEncodeVar writes the compressed encoding of the public point j
// (infinity as 0x02 and zeros, like go-dleq's decred backend).
func secpEncodeVar(out []byte, j *group.Jacobian) {
	var a group.Affine
	point.ToAffineVar(&a, j)
	point.Compress((*[33]byte)(out[:33]), &a)
}
