package ecmult

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// emAffine returns the finite point p as a group.Affine.
func emAffine(p reference.Point) group.Affine {
	var a group.Affine
	x, y := emFe(p.X), emFe(p.Y)
	a.SetXY(&x, &y)
	return a
}

// emCheckEqual checks EqualDoubleBaseVar(Q, a, P, b) for Q = a·P + b·G
// (true) and for the near misses −Q, Q + G and Q − G (false), and that the
// short-relation check agreed with the long way wherever it answered.
func emCheckEqual(t *testing.T, a *big.Int, p reference.Point, b *big.Int) (answered bool) {
	t.Helper()
	want := reference.LinComb(a, p, b)
	if want.Inf {
		return false // Q must be finite
	}
	as, bs := emScalar(a), emScalar(b)
	pa := emAffine(p)
	gneg := reference.Point{X: reference.G.X, Y: new(big.Int).Sub(reference.P, reference.G.Y)}
	cases := []struct {
		q    reference.Point
		want bool
	}{
		{want, true},
		{reference.Point{X: want.X, Y: new(big.Int).Sub(reference.P, want.Y)}, false},
		{reference.Add(want, reference.G), false},
		{reference.Add(want, gneg), false},
	}
	answered = true
	for _, c := range cases {
		if c.q.Inf {
			continue
		}
		qa := emAffine(c.q)
		if got := EqualDoubleBaseVar(&qa, &as, &pa, &bs); got != c.want {
			t.Fatalf("EqualDoubleBaseVar(a=%x, b=%x) = %v, want %v", a, b, got, c.want)
		}
		if fe4.Enabled {
			eq, ok := equal4(&qa, &as, &pa, &bs, windowR)
			if ok && eq != c.want {
				t.Fatalf("equal4(a=%x, b=%x) = %v, want %v", a, b, eq, c.want)
			}
			answered = answered && ok
		}
	}
	return answered
}

func TestEqualDoubleBaseVar(t *testing.T) {
	rng := emRng(340)
	n := 300
	if emShort() {
		n = 60
	}
	declined := 0
	for range n {
		a := new(big.Int).Mod(emRandBig(rng), reference.N)
		b := new(big.Int).Mod(emRandBig(rng), reference.N)
		if !emCheckEqual(t, a, emRandPoint(rng), b) {
			declined++
		}
	}
	if fe4.Enabled && declined != 0 {
		t.Errorf("the 4×64 check declined %d of %d random relations", declined, n)
	}
	// Edge scalars for a and for b, P = G (so that the G digit strings and
	// P's meet the same points) and P = −G.
	p := emRandPoint(rng)
	gneg := reference.Point{X: reference.G.X, Y: new(big.Int).Sub(reference.P, reference.G.Y)}
	for _, e := range emEdgeScalars() {
		r := new(big.Int).Mod(emRandBig(rng), reference.N)
		emCheckEqual(t, e, p, r)
		emCheckEqual(t, r, p, e)
		emCheckEqual(t, e, reference.G, r)
		emCheckEqual(t, e, gneg, e)
		emCheckEqual(t, e, p, e)
	}
}

// TestEqualDoubleBaseVarCancel makes the accumulator meet ± a table entry
// mid-loop: P = G with a = −b cancels exactly (Q would be infinity, so Q
// is taken as a·P + b·G + G, b + 1 for G), and P = k·G for small k.
func TestEqualDoubleBaseVarCancel(t *testing.T) {
	rng := emRng(341)
	for i := range 40 {
		k := big.NewInt(int64(i + 1))
		p := reference.ScalarBaseMult(k)
		a := new(big.Int).Mod(emRandBig(rng), reference.N)
		// b = −k·a + 1: a·P + b·G = G.
		b := new(big.Int).Mul(k, a)
		b.Neg(b).Add(b, big.NewInt(1)).Mod(b, reference.N)
		emCheckEqual(t, a, p, b)
		emCheckEqual(t, a, p, new(big.Int).Add(b, big.NewInt(int64(i))))
	}
}

func FuzzEqualDoubleBaseVar(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 32), uint64(1))
	f.Add([]byte{1}, []byte{2}, uint64(7))
	f.Fuzz(func(t *testing.T, ab, bb []byte, seed uint64) {
		a := new(big.Int).Mod(new(big.Int).SetBytes(ab), reference.N)
		b := new(big.Int).Mod(new(big.Int).SetBytes(bb), reference.N)
		emCheckEqual(t, a, emRandPoint(emRng(seed)), b)
	})
}

// TestEqualDoubleBaseVarAllocs: no allocation.
func TestEqualDoubleBaseVarAllocs(t *testing.T) {
	rng := emRng(5)
	a, b := emScalar(emRandBig(rng)), emScalar(emRandBig(rng))
	p := emAffine(emRandPoint(rng))
	q := emAffine(emRandPoint(rng))
	if n := testing.AllocsPerRun(20, func() { EqualDoubleBaseVar(&q, &a, &p, &b) }); n != 0 {
		t.Errorf("EqualDoubleBaseVar allocates %v times", n)
	}
}

// BenchmarkEqualDoubleBase times the check beside DoubleBaseVar followed by
// the affine comparison BIP-340 verification made before (X = r·Z², then
// the inversion for Y's parity).
func BenchmarkEqualDoubleBase(b *testing.B) {
	rng := emRng(6)
	type item struct {
		a, s scalar.Scalar
		p, q group.Affine
	}
	var items [32]item
	for i := range items {
		a := new(big.Int).Mod(emRandBig(rng), reference.N)
		s := new(big.Int).Mod(emRandBig(rng), reference.N)
		p := emRandPoint(rng)
		q := reference.LinComb(a, p, s)
		items[i] = item{emScalar(a), emScalar(s), emAffine(p), emAffine(q)}
	}
	b.Run("relation", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			it := &items[i%len(items)]
			if !EqualDoubleBaseVar(&it.q, &it.a, &it.p, &it.s) {
				b.Fatal("false")
			}
		}
	})
	for _, w := range []uint{3, 4, 5} {
		b.Run(fmt.Sprintf("w=%d", w), func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				it := &items[i%len(items)]
				if eq, ok := equal4(&it.q, &it.a, &it.p, &it.s, w); !eq || !ok {
					b.Fatal("false")
				}
			}
		})
	}
	b.Run("doublebase", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			it := &items[i%len(items)]
			var pj, r group.Jacobian
			pj.SetAffine(&it.p)
			DoubleBaseVar(&r, &it.a, &pj, &it.s)
			var a group.Affine
			a.SetJacobianVar(&r)
			if !a.X.EqualVar(&it.q.X) {
				b.Fatal("false")
			}
		}
	})
}
