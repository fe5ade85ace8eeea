package group

import (
	"fmt"
	"math/rand"
	"testing"
)

// grBenchPoints returns two unrelated random points in Jacobian form (with
// random Z) and an affine point.
func grBenchPoints() (a, b Jacobian, c Affine) {
	rng := rand.New(rand.NewSource(42))
	a = grToJacobian(grRandPoint(rng), grRandFe(rng))
	b = grToJacobian(grRandPoint(rng), grRandFe(rng))
	c = grToAffine(grRandPoint(rng))
	return
}

func BenchmarkDouble(b *testing.B) {
	a, _, _ := grBenchPoints()
	b.ReportAllocs()
	for b.Loop() {
		a.Double(&a)
	}
}

func BenchmarkDoubleVar(b *testing.B) {
	a, _, _ := grBenchPoints()
	b.ReportAllocs()
	for b.Loop() {
		a.DoubleVar(&a, nil)
	}
}

func BenchmarkAddVar(b *testing.B) {
	a, c, _ := grBenchPoints()
	b.ReportAllocs()
	for b.Loop() {
		a.AddVar(&a, &c, nil)
	}
}

func BenchmarkAddAffine(b *testing.B) {
	a, _, c := grBenchPoints()
	b.ReportAllocs()
	for b.Loop() {
		a.AddAffine(&a, &c)
	}
}

func BenchmarkAddAffineVar(b *testing.B) {
	a, _, c := grBenchPoints()
	b.ReportAllocs()
	for b.Loop() {
		a.AddAffineVar(&a, &c, nil)
	}
}

func BenchmarkAddZInvVar(b *testing.B) {
	a, _, c := grBenchPoints()
	zi := grFe(grGx)
	b.ReportAllocs()
	for b.Loop() {
		a.AddZInvVar(&a, &c, &zi)
	}
}

func BenchmarkSetJacobian(b *testing.B) {
	a, _, _ := grBenchPoints()
	var r Affine
	b.ReportAllocs()
	for b.Loop() {
		r.SetJacobian(&a)
	}
}

func BenchmarkSetXOVar(b *testing.B) {
	x := grFe(grGx)
	var r Affine
	b.ReportAllocs()
	for b.Loop() {
		r.SetXOVar(&x, true)
	}
}

func grBenchBatch(b *testing.B, f func([]Affine, []Jacobian)) {
	for _, n := range []int{64, 1024} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			a, _, c := grBenchPoints()
			in := make([]Jacobian, n)
			for i := range in {
				a.AddAffineVar(&a, &c, nil)
				in[i] = a
			}
			out := make([]Affine, n)
			b.ReportAllocs()
			for b.Loop() {
				f(out, in)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/point")
		})
	}
}

func BenchmarkBatchToAffineVar(b *testing.B) { grBenchBatch(b, BatchToAffineVar) }
func BenchmarkBatchToAffine(b *testing.B)    { grBenchBatch(b, BatchToAffine) }

// Field baselines, to relate group timings to the field's speed.
func BenchmarkFieldMul(b *testing.B) {
	x, y := grFe(grGx), grFe(grGy)
	b.ReportAllocs()
	for b.Loop() {
		x.Mul(&x, &y)
	}
}

func BenchmarkFieldSquare(b *testing.B) {
	x := grFe(grGx)
	b.ReportAllocs()
	for b.Loop() {
		x.Square(&x)
	}
}
