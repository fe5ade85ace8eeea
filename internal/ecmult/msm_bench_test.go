package ecmult

import (
	"fmt"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// msmBenchMulti returns a Multi loaded like a batch verification of
// nsig signatures: per signature one 128-bit half term and one full term
// (two half terms), plus G.
func msmBenchMulti(b testing.TB, nsig int) *Multi {
	rng := emRng(12)
	var m Multi
	for i := 0; i < nsig; i++ {
		p := msmAffine(emRandPoint(rng))
		q := msmAffine(emRandPoint(rng))
		k := emScalar(msmRandScalar(rng))
		h := emScalar(msmRandHalf(rng))
		m.AddHalfVar(&p, &h)
		m.AddVar(&q, &k)
	}
	g := emScalar(msmRandScalar(rng))
	m.AddGVar(&g)
	return &m
}

// BenchmarkMultiChoice compares Strauss and Pippenger (at the chosen
// window) on batch-verification-shaped sums, per signature (3 half
// terms), to place straussMax.
func BenchmarkMultiChoice(b *testing.B) {
	for _, nsig := range []int{8, 16, 32, 48, 64, 96, 128} {
		m := msmBenchMulti(b, nsig)
		n := m.Len() + 2
		for _, alg := range []string{"strauss", "pippenger"} {
			b.Run(fmt.Sprintf("sigs=%d/%s", nsig, alg), func(b *testing.B) {
				var r group.Jacobian
				for b.Loop() {
					if alg == "strauss" {
						m.straussVar(&r)
					} else {
						m.pippengerVar(&r, pippengerWindow(n))
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nsig), "ns/sig")
			})
		}
	}
}

// BenchmarkPippengerWindow measures Pippenger with affine and with
// Jacobian buckets at the windows around the chosen one, per signature,
// to place pippengerWindow's thresholds.
func BenchmarkPippengerWindow(b *testing.B) {
	for _, nsig := range []int{16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192} {
		m := msmBenchMulti(b, nsig)
		c0 := pippengerWindow(m.Len() + 2)
		for c := c0 - 1; c <= c0+1; c++ {
			for _, alg := range []string{"affine", "jacobian"} {
				b.Run(fmt.Sprintf("sigs=%d/c=%d/%s", nsig, c, alg), func(b *testing.B) {
					var r group.Jacobian
					for b.Loop() {
						if alg == "affine" {
							m.pippengerAffineVar(&r, c)
						} else {
							m.pippengerJacobianVar(&r, c)
						}
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nsig), "ns/sig")
				})
			}
		}
	}
}

// BenchmarkMulti measures EvalVar on general sums of n points with full
// scalars, per point.
func BenchmarkMulti(b *testing.B) {
	rng := emRng(13)
	for _, n := range []int{1, 16, 128, 1024} {
		pts := make([]group.Affine, n)
		ks := make([]scalar.Scalar, n)
		for i := range pts {
			pts[i] = msmAffine(emRandPoint(rng))
			ks[i] = emScalar(msmRandScalar(rng))
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			var m Multi
			var r group.Jacobian
			b.ReportAllocs()
			for b.Loop() {
				m.Reset()
				for i := range pts {
					m.AddVar(&pts[i], &ks[i])
				}
				m.EvalVar(&r)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/point")
		})
	}
}

// BenchmarkPippengerRound measures the affine strategy with several round
// sizes, per signature, to choose defaultMaxRound and defaultMinRound.
func BenchmarkPippengerRound(b *testing.B) {
	for _, nsig := range []int{256, 1024, 8192} {
		m := msmBenchMulti(b, nsig)
		c := pippengerWindow(m.Len() + 2)
		for _, k := range []int{32, 64, 128, 256} {
			for _, mr := range []int{24} {
				b.Run(fmt.Sprintf("sigs=%d/c=%d/max=%d/min=%d", nsig, c, k, mr), func(b *testing.B) {
					m.pip.maxRound, m.pip.minRound = k, mr
					defer func() { m.pip.maxRound, m.pip.minRound = 0, 0 }()
					var r group.Jacobian
					for b.Loop() {
						m.pippengerAffineVar(&r, c)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(nsig), "ns/sig")
				})
			}
		}
	}
}
