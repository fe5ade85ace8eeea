package main

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/dleq"
	"github.com/p256k1/p256k1/dleq/crossgroup"
	"github.com/p256k1/p256k1/internal/ctime"
)

// Cases for DLEQ proofs: BIP-374's secret a, aux randomness and (inside) the
// nonce; the cross-group secret x and (inside) every blinder and nonce.

func init() {
	register("dleq.Prove", caseDleqProve)
	register("dleq.ProveWithGenerator", caseDleqProveWithGenerator)
	register("crossgroup.Prove", caseCrossgroupProve)
}

func caseDleqProve(in *inputs) error {
	a := in.privateKey()
	B := in.publicKey()
	m := in.public32()
	proof, err := dleq.Prove(&a, &B, in.secret32(), m)
	if err != nil {
		return err
	}
	public(&proof) // a proof is public by design
	return checkDleq(&a, &B, nil, &proof, m)
}

func caseDleqProveWithGenerator(in *inputs) error {
	a := in.privateKey()
	B, G := in.publicKey(), in.publicKey()
	proof, err := dleq.ProveWithGenerator(&a, &B, in.secret32(), &G, nil)
	if err != nil {
		return err
	}
	public(&proof) // a proof is public by design
	return checkDleq(&a, &B, &G, &proof, nil)
}

// checkDleq verifies a BIP-374 proof for A = a·G and C = a·B (G nil: the
// standard generator), the points computed with the public-key API, which
// declassifies them.
func checkDleq(a *p256k1.PrivateKey, B, G *p256k1.PublicKey, proof *dleq.Proof, m *[32]byte) error {
	var A, C p256k1.PublicKey
	var err error
	ab := a.Bytes()
	defer clear(ab[:])
	if G == nil {
		A = a.PublicKey()
	} else if A, err = G.TweakMul(&ab); err != nil {
		return err
	}
	if C, err = B.TweakMul(&ab); err != nil {
		return err
	}
	if G == nil && !dleq.Verify(&A, B, &C, proof, m) || G != nil && !dleq.VerifyWithGenerator(&A, B, &C, proof, G, m) {
		return errWrong
	}
	return nil
}

// crossgroupRuns limits the cross-group case to its first iteration: one
// proof is 252 bit proofs (about 40 ms natively, about 20 s under
// valgrind), and every proof runs the same operation sequence on the
// secret, whose 252 bits cover both values of a bit (with probability
// 1 − 2^−251). The proof goes through every constant-time routine of
// dleq/crossgroup/internal/{secp,ed} (the fixed-base combs and windows, the
// batch inversions), which ctimecheck cannot import itself. It runs on the
// calling goroutine (Workers: 1), whose stack main grew up front: a worker
// goroutine starts with a small stack that the runtime copies while the
// proof runs, and memcheck mis-tracks a copied stack (.ci/ctime.sh fails on
// that rather than pass blind). The workers run the same batch function.
var crossgroupRuns int

func caseCrossgroupProve(in *inputs) error {
	x := in.secret32()
	if crossgroupRuns >= 1 {
		return nil
	}
	crossgroupRuns++
	x[31] &= 0x0f // below 2^252 (masking a classified byte is fine)
	x[0] |= 1     // nonzero
	opts := &crossgroup.Options{Workers: 1, Rand: detRand{in}}
	p, err := crossgroup.Prove(x, opts)
	if err != nil {
		return err
	}
	public(p) // a proof is public by design
	if err := p.Verify(&crossgroup.Options{Workers: 1}); err != nil {
		return err
	}
	// The proof must be for x: its points are x·G on each curve.
	public(x) // checked for correctness only
	secp, ed, err := crossgroup.PublicKeys(x)
	if err != nil {
		return err
	}
	if pk := p.SecpPublicKey(); !secp.Equal(&pk) || ed != p.EdPublicKey() {
		return errWrong
	}
	return nil
}

// detRand feeds the prover's seed from the case's input stream, marked
// secret (it keys every blinder and nonce).
type detRand struct{ in *inputs }

func (d detRand) Read(b []byte) (int, error) {
	d.in.fill(b)
	ctime.ClassifyBytes(b)
	return len(b), nil
}
