package crossgroup

import (
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
)

// The goal: single-core prove and verify at least 5× faster than
// AthanorLabs' go-dleq (d6fd7c0, decred backend) measured side by side
// (see the package documentation for the numbers). With Workers: 1 the
// whole proof runs on the calling goroutine, so besides the wall-clock
// ns/op the benchmarks report that thread's CPU time per operation
// (cpu-ns/op), which a shared machine disturbs much less.

func benchSecret(b *testing.B) [32]byte {
	return loadVectors(b)[0].secret
}

// benchOp runs f in a b.Loop with allocation reporting; for a single
// worker the whole proof runs on the calling thread, so it also reports
// cpu-ns/op (cputime.Bench).
func benchOp(b *testing.B, workers int, f func()) {
	if workers == 1 {
		cputime.Bench(b, f)
		return
	}
	b.ReportAllocs()
	for b.Loop() {
		f()
	}
}

var benchWorkers = []struct {
	name string
	n    int
}{{"workers=1", 1}, {"workers=all", 0}}

func BenchmarkProve(b *testing.B) {
	x := benchSecret(b)
	proverTables() // built once per process, outside the timing
	for _, w := range benchWorkers {
		b.Run(w.name, func(b *testing.B) {
			benchOp(b, w.n, func() {
				if _, err := Prove(&x, &Options{Workers: w.n}); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

func BenchmarkVerify(b *testing.B) {
	p, err := ParseProof(loadVectors(b)[0].proof)
	if err != nil {
		b.Fatal(err)
	}
	verifierTables()
	for _, w := range benchWorkers {
		b.Run(w.name, func(b *testing.B) {
			benchOp(b, w.n, func() {
				if err := p.Verify(&Options{Workers: w.n}); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

func BenchmarkParseProof(b *testing.B) {
	enc := loadVectors(b)[0].proof
	benchOp(b, 1, func() {
		if _, err := ParseProof(enc); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkTables is the one-time cost of the precomputed tables: the
// prover's (constant-time combs and windows for H and G on both curves)
// and the verifier's (odd multiples of H and 2^127·H).
func BenchmarkTables(b *testing.B) {
	b.Run("prover", func(b *testing.B) {
		benchOp(b, 1, func() { buildProverTables() })
	})
	b.Run("verifier", func(b *testing.B) {
		benchOp(b, 1, func() { buildVerifierTables() })
	})
}
