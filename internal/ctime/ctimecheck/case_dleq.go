//go:build ctgrind_dleq

// Built only with the tag ctgrind_dleq until its valgrind reports are
// triaged (see the DLEQ report): .ci/ctime.sh would fail on them today.

package main

import (
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
	proof, err := dleq.Prove(&a, &B, in.secret32(), in.public32())
	if err != nil {
		return err
	}
	public(&proof) // a proof is public by design
	return nil
}

func caseDleqProveWithGenerator(in *inputs) error {
	a := in.privateKey()
	B, G := in.publicKey(), in.publicKey()
	proof, err := dleq.ProveWithGenerator(&a, &B, in.secret32(), &G, nil)
	if err != nil {
		return err
	}
	public(&proof) // a proof is public by design
	return nil
}

// crossgroupRuns limits the cross-group case to its first iterations: one
// proof is 252 bit proofs (about 150 ms natively, minutes under valgrind),
// and every iteration runs the same operation sequence anyway.
var crossgroupRuns int

func caseCrossgroupProve(in *inputs) error {
	x := in.secret32()
	if crossgroupRuns >= 1 {
		return nil
	}
	crossgroupRuns++
	x[31] &= 0x0f // below 2^252 (masking a classified byte is fine)
	x[0] |= 1     // nonzero
	p, err := crossgroup.Prove(x, &crossgroup.Options{Workers: 1, Rand: detRand{in}})
	if err != nil {
		return err
	}
	public(p) // a proof is public by design
	return p.Verify(&crossgroup.Options{Workers: 1})
}

// detRand feeds the prover's seed from the case's input stream, marked
// secret (it keys every blinder and nonce).
type detRand struct{ in *inputs }

func (d detRand) Read(b []byte) (int, error) {
	d.in.fill(b)
	ctime.ClassifyBytes(b)
	return len(b), nil
}
