package musig2

import (
	"fmt"
	"testing"

	"github.com/p256k1/p256k1"
)

// BenchmarkKeyAgg: n keys in one multi-scalar multiplication;
// BenchmarkKeyAggNaive computes the same sum with one variable-time scalar
// multiplication per key (p256k1.MultiScalarMulVar of a single term), for
// scale: what aggregation would cost without the MSM engine.
func BenchmarkKeyAgg(b *testing.B) {
	for _, n := range []int{2, 100, 1000} {
		_, pks := genKeys(b, n)
		b.Run(fmt.Sprint("n=", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := KeyAgg(pks); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkKeyAggNaive(b *testing.B) {
	for _, n := range []int{100, 1000} {
		_, pks := genKeys(b, n)
		ctx, _ := KeyAgg(pks)
		coeffs := make([][32]byte, n)
		for i := range pks {
			pkb := pks[i].SerializeCompressed()
			coeffs[i] = scalarOf(&ctx, &pkb)
		}
		b.Run(fmt.Sprint("n=", n), func(b *testing.B) {
			terms := make([]p256k1.PublicKey, n)
			ptrs := make([]*p256k1.PublicKey, n)
			for b.Loop() {
				for i := range pks {
					terms[i], _ = p256k1.MultiScalarMulVar(pks[i:i+1], coeffs[i:i+1], nil)
					ptrs[i] = &terms[i]
				}
				sum, _ := p256k1.CombinePublicKeys(ptrs...)
				want := ctx.PublicKey()
				if !sum.Equal(&want) {
					b.Fatal("naive sum differs")
				}
			}
		})
	}
}

func BenchmarkNonceGen(b *testing.B) {
	sks, pks := genKeys(b, 1)
	agg := [32]byte{1}
	msg := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		sn, _, err := NonceGen(&pks[0], &NonceGenOptions{SecretKey: &sks[0], AggPubKey: &agg, Msg: msg})
		if err != nil {
			b.Fatal(err)
		}
		sn.Zero()
	}
}

func BenchmarkNonceAgg(b *testing.B) {
	_, pks := genKeys(b, 2)
	ctx, _ := KeyAgg(pks)
	_, pns, _ := session(b, &ctx, pks, nil, nil)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NonceAgg(pns); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNewSession(b *testing.B) {
	_, pks := genKeys(b, 2)
	ctx, _ := KeyAgg(pks)
	_, pns, _ := session(b, &ctx, pks, nil, nil)
	an, _ := NonceAgg(pns)
	msg := make([]byte, 32)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := NewSession(&ctx, &an, msg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSign(b *testing.B) {
	sks, pks := genKeys(b, 2)
	ctx, _ := KeyAgg(pks)
	_, _, s := session(b, &ctx, pks, make([]byte, 32), nil)
	sn, _, _ := NonceGen(&pks[0], nil)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		tmp := cloneNonce(sn) // a fresh nonce for each iteration: never do this outside a benchmark
		b.StartTimer()
		if _, err := Sign(tmp, &sks[0], &s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPartialSigVerify(b *testing.B) {
	sks, pks := genKeys(b, 2)
	ctx, _ := KeyAgg(pks)
	sns, pns, s := session(b, &ctx, pks, make([]byte, 32), nil)
	psig, _ := Sign(sns[0], &sks[0], &s)
	b.ReportAllocs()
	for b.Loop() {
		if !PartialSigVerify(&s, &psig, &pns[0], &pks[0]) {
			b.Fatal("invalid")
		}
	}
}

func BenchmarkPartialSigAgg(b *testing.B) {
	sks, pks := genKeys(b, 2)
	ctx, _ := KeyAgg(pks)
	sns, _, s := session(b, &ctx, pks, make([]byte, 32), nil)
	psigs := make([]PartialSig, 2)
	for i := range psigs {
		psigs[i], _ = Sign(sns[i], &sks[i], &s)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PartialSigAgg(&s, psigs); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSignKeypair(b *testing.B) {
	sks, pks := genKeys(b, 2)
	ctx, _ := KeyAgg(pks)
	_, _, s := session(b, &ctx, pks, make([]byte, 32), nil)
	sn, _, _ := NonceGen(&pks[0], nil)
	kp, _ := NewKeypair(&sks[0])
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		tmp := cloneNonce(sn) // a fresh nonce for each iteration: never do this outside a benchmark
		b.StartTimer()
		if _, err := SignKeypair(tmp, &kp, &s); err != nil {
			b.Fatal(err)
		}
	}
}
