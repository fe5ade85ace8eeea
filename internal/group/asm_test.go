//go:build amd64 && !purego

package group

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
)

// The point operations of point_amd64.s perform the same field operations
// as their generic twins in add.go, in the same order, so the tests below
// require identical limbs (which the value checks of group_test.go do not
// see), on random points in random representations at the largest
// magnitudes the package accepts, on every special case of the formulas,
// and with the result aliasing an input.

func requireAsm(t testing.TB) {
	t.Helper()
	if !useAsm {
		t.Skip("the processor lacks BMI1, BMI2 or ADX; the generic code runs")
	}
}

// asmPairs returns pairs (a, b) of points for the additions: random ones,
// and every special case (infinity, a = b, a = −b, b = λ·a and λ²·a, which
// have the same y or the same x³, and a = ±2·b).
func asmPairs(rng *rand.Rand, n int) [][2]grPoint {
	var out [][2]grPoint
	lam := func(p grPoint) grPoint {
		return grPoint{X: grMod(new(big.Int).Mul(p.X, grBeta)), Y: p.Y}
	}
	for i := 0; i < n; i++ {
		a, b := grRandPoint(rng), grRandPoint(rng)
		out = append(out, [2]grPoint{a, b})
		switch i % 8 {
		case 0:
			out = append(out, [2]grPoint{grInf(), b}, [2]grPoint{a, grInf()}, [2]grPoint{grInf(), grInf()})
		case 1:
			out = append(out, [2]grPoint{a, a})
		case 2:
			out = append(out, [2]grPoint{a, grNeg(a)})
		case 3:
			out = append(out, [2]grPoint{a, lam(a)}, [2]grPoint{a, lam(lam(a))})
		case 4:
			out = append(out, [2]grPoint{grNeg(lam(a)), a}, [2]grPoint{grDouble(a), a}, [2]grPoint{grNeg(grDouble(a)), a})
		}
	}
	return out
}

func checkSame(t *testing.T, what string, got, want *Jacobian) {
	t.Helper()
	if *got != *want {
		t.Fatalf("%s: assembly gives %+v, generic %+v", what, *got, *want)
	}
}

func TestAsmDoubleMatchesGeneric(t *testing.T) {
	requireAsm(t)
	rng := rand.New(rand.NewSource(31))
	for _, pq := range asmPairs(rng, 400) {
		a := grRandJacobian(rng, pq[0])
		var want, got Jacobian
		want.doubleGeneric(&a)
		doubleAsm(&got, &a)
		checkSame(t, "Double", &got, &want)
		got = a
		doubleAsm(&got, &got)
		checkSame(t, "Double r=a", &got, &want)
		// Chains keep the output magnitudes as inputs.
		for k := 0; k < 3; k++ {
			want.doubleGeneric(&want)
			doubleAsm(&got, &got)
		}
		checkSame(t, "Double^4", &got, &want)
	}
}

func TestAsmAddAffineMatchesGeneric(t *testing.T) {
	requireAsm(t)
	rng := rand.New(rand.NewSource(32))
	for _, pq := range asmPairs(rng, 400) {
		if pq[1].Inf {
			continue // AddAffine requires a finite b
		}
		a := grRandJacobian(rng, pq[0])
		b := grRandAffine(rng, pq[1])
		var want, got Jacobian
		want.addAffineGeneric(&a, &b)
		addAffineAsm(&got, &a, &b)
		checkSame(t, "AddAffine", &got, &want)
		grCheckJ(t, "AddAffine", &got, grAdd(pq[0], pq[1]))
		got = a
		addAffineAsm(&got, &got, &b)
		checkSame(t, "AddAffine r=a", &got, &want)
	}
}

// withGeneric runs f with the assembly switched off.
func withGeneric(f func()) {
	useAsm = false
	defer func() { useAsm = true }()
	f()
}

// checkVarAdds compares AddVar, AddAffineVar and AddZInvVar, with and
// without rzr and with r aliasing an input, against their generic forms.
func checkVarAdds(t *testing.T, a, bJ *Jacobian, bA *Affine) {
	t.Helper()
	var bZ Affine
	bZ.X, bZ.Y, bZ.Infinity = bJ.X, bJ.Y, bJ.Infinity
	var bzinv field.Element
	if bJ.Infinity == 0 {
		bzinv.Set(&bJ.Z).Normalize()
		bzinv.InvertVar(&bzinv)
		bzinv.Mul(&bzinv, &feOne) // magnitude 1, not normalized
	}
	type op struct {
		name string
		f    func(r *Jacobian, rz *field.Element)
	}
	ops := []op{
		{"AddVar", func(r *Jacobian, rz *field.Element) { r.AddVar(a, bJ, rz) }},
		{"AddVar r=a", func(r *Jacobian, rz *field.Element) { *r = *a; r.AddVar(r, bJ, rz) }},
		{"AddVar r=b", func(r *Jacobian, rz *field.Element) { *r = *bJ; r.AddVar(a, r, rz) }},
		{"AddAffineVar", func(r *Jacobian, rz *field.Element) { r.AddAffineVar(a, bA, rz) }},
		{"AddAffineVar r=a", func(r *Jacobian, rz *field.Element) { *r = *a; r.AddAffineVar(r, bA, rz) }},
		{"AddZInvVar", func(r *Jacobian, _ *field.Element) { r.AddZInvVar(a, &bZ, &bzinv) }},
		{"AddZInvVar r=a", func(r *Jacobian, _ *field.Element) { *r = *a; r.AddZInvVar(r, &bZ, &bzinv) }},
	}
	for _, o := range ops {
		for _, withRz := range []bool{false, true} {
			if withRz && a.Infinity != 0 {
				continue // rzr requires a finite a
			}
			var want, got Jacobian
			var wz, gz field.Element
			wp, gp := &wz, &gz
			if !withRz {
				wp, gp = nil, nil
			}
			withGeneric(func() { o.f(&want, wp) })
			o.f(&got, gp)
			checkSame(t, o.name, &got, &want)
			if wz != gz {
				t.Fatalf("%s: rzr %+v, generic %+v", o.name, gz, wz)
			}
		}
	}
}

// checkTableAdds compares AddAffineNegVar and AddStorageZInvVar (b finite,
// normalized) with their generic forms, for both signs.
func checkTableAdds(t *testing.T, a *Jacobian, b grPoint, zinv *field.Element) {
	t.Helper()
	bA := grToAffine(b)
	var s AffineStorage
	s.FromAffine(&bA)
	for _, neg := range []bool{false, true} {
		var want, got Jacobian
		withGeneric(func() { want.AddAffineNegVar(a, &bA, neg) })
		got.AddAffineNegVar(a, &bA, neg)
		checkSame(t, "AddAffineNegVar", &got, &want)
		got = *a
		got.AddAffineNegVar(&got, &bA, neg)
		checkSame(t, "AddAffineNegVar r=a", &got, &want)
		withGeneric(func() { want.AddStorageZInvVar(a, &s, neg, zinv) })
		got.AddStorageZInvVar(a, &s, neg, zinv)
		checkSame(t, "AddStorageZInvVar", &got, &want)
		got = *a
		got.AddStorageZInvVar(&got, &s, neg, zinv)
		checkSame(t, "AddStorageZInvVar r=a", &got, &want)
	}
}

func TestAsmVarAddsMatchGeneric(t *testing.T) {
	requireAsm(t)
	rng := rand.New(rand.NewSource(33))
	for _, pq := range asmPairs(rng, 400) {
		a := grRandJacobian(rng, pq[0])
		bJ := grRandJacobian(rng, pq[1])
		bA := grRandAffine(rng, pq[1])
		checkVarAdds(t, &a, &bJ, &bA)
		if !pq[1].Inf {
			zinv := grFe(grRandFe(rng))
			grStress1(&zinv)
			checkTableAdds(t, &a, pq[1], &zinv)
		}
	}
}

// FuzzAsmPoint feeds arbitrary scalars to the assembly and generic point
// operations: a = k·G and b = m·G in random representations.
func FuzzAsmPoint(f *testing.F) {
	f.Add(uint64(1), uint64(1), int64(0))
	f.Add(uint64(3), uint64(2), int64(7))
	f.Add(uint64(0), uint64(5), int64(1))
	f.Fuzz(func(t *testing.T, k, m uint64, seed int64) {
		requireAsm(t)
		rng := rand.New(rand.NewSource(seed))
		pa := grMulG(new(big.Int).SetUint64(k))
		pb := grMulG(new(big.Int).SetUint64(m))
		a := grRandJacobian(rng, pa)
		var want, got Jacobian
		want.doubleGeneric(&a)
		doubleAsm(&got, &a)
		checkSame(t, "Double", &got, &want)
		if !pb.Inf {
			b := grRandAffine(rng, pb)
			want.addAffineGeneric(&a, &b)
			addAffineAsm(&got, &a, &b)
			checkSame(t, "AddAffine", &got, &want)
		}
		bJ := grRandJacobian(rng, pb)
		bA := grRandAffine(rng, pb)
		checkVarAdds(t, &a, &bJ, &bA)
		if !pb.Inf {
			zinv := grFe(grRandFe(rng))
			checkTableAdds(t, &a, pb, &zinv)
		}
	})
}

// Benchmarks of each assembly routine beside its generic twin, for the
// measurements in docs/ARCHITECTURE.md.
func BenchmarkAsmTwins(b *testing.B) {
	a0, _, c := grBenchPoints()
	b.Run("Double/generic", func(b *testing.B) {
		a := a0
		for b.Loop() {
			a.doubleGeneric(&a)
		}
	})
	b.Run("Double/asm", func(b *testing.B) {
		requireAsm(b)
		a := a0
		for b.Loop() {
			doubleAsm(&a, &a)
		}
	})
	b.Run("AddAffine/generic", func(b *testing.B) {
		a := a0
		for b.Loop() {
			a.addAffineGeneric(&a, &c)
		}
	})
	b.Run("AddAffine/asm", func(b *testing.B) {
		requireAsm(b)
		a := a0
		for b.Loop() {
			addAffineAsm(&a, &a, &c)
		}
	})
}
