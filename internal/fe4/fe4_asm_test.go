//go:build (amd64 || arm64) && !purego

package fe4

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// The 4×64 operations against math/big (the field kernels, on values below
// 2^256, p and above included) and against package group (the point
// operations: the same points for random points in random representations,
// with every special case of the formulas, and with r aliasing a).

func requireAsm(t testing.TB) {
	t.Helper()
	if !Enabled {
		t.Skip("no assembly: on amd64 the processor lacks BMI1, BMI2 or ADX")
	}
}

func TestKernels(t *testing.T) {
	requireAsm(t)
	in := inputs(rand.New(rand.NewPCG(1, 2)), 400)
	for i, a := range in {
		for j := i % 7; j < len(in); j += 11 {
			if i < numEdges && j < numEdges {
				continue // below
			}
			b := in[j]
			want := new(big.Int).Mul(toBig(&a), toBig(&b))
			var r Element
			Mul(&r, &a, &b)
			checkValue(t, "Mul", &r, want)
			r = a
			Mul(&r, &r, &b)
			checkValue(t, "Mul r=a", &r, want)
		}
		var r Element
		Square(&r, &a)
		checkValue(t, "Square", &r, new(big.Int).Mul(toBig(&a), toBig(&a)))
		r = a
		Square(&r, &r)
		checkValue(t, "Square r=a", &r, new(big.Int).Mul(toBig(&a), toBig(&a)))
	}
	// Every pair of the edge values.
	for _, a := range in[:numEdges] {
		for _, b := range in[:numEdges] {
			var r Element
			Mul(&r, &a, &b)
			checkValue(t, "Mul (edges)", &r, new(big.Int).Mul(toBig(&a), toBig(&b)))
		}
	}
}

func TestConversions(t *testing.T) {
	in := inputs(rand.New(rand.NewPCG(3, 4)), 200)
	for _, a := range in {
		var e field.Element
		a.ToField(&e)
		var b [32]byte
		e.Bytes(&b) // ToField normalizes
		if new(big.Int).SetBytes(b[:]).Cmp(new(big.Int).Mod(toBig(&a), reference.P)) != 0 {
			t.Fatalf("ToField(%x) wrong", a)
		}
		var back Element
		back.FromField(&e)
		checkValue(t, "FromField", &back, toBig(&a))
		if toBig(&back).Cmp(reference.P) >= 0 {
			t.Fatalf("FromField(%x) not reduced", a)
		}
	}
}

func TestPointOps(t *testing.T) {
	requireAsm(t)
	checkPointOps(t, pointOps{Double, AddAffine, AddStorageVar, AddStorageZInvVar})
}

func TestNegateIf(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 100 {
		p := randPoint(rng)
		var a group.Affine
		a.X, a.Y = fe(p.X), fe(p.Y)
		var s group.AffineStorage
		s.FromAffine(&a)
		n := s
		NegateIf(&n, 0)
		if n != s {
			t.Fatal("NegateIf(0) changed Y")
		}
		NegateIf(&n, 1)
		y := Element(n.Y)
		if toBig(&y).Cmp(new(big.Int).Sub(reference.P, p.Y)) != 0 {
			t.Fatal("NegateIf(1) is not p − Y")
		}
	}
}

// FuzzPointOps feeds fuzzer-chosen scalars: a = k·G, b = m·G.
func FuzzPointOps(f *testing.F) {
	f.Add([]byte{1}, []byte{1}, uint64(0))
	f.Add([]byte{2}, []byte{1}, uint64(3))
	f.Fuzz(func(t *testing.T, kb, mb []byte, seed uint64) {
		requireAsm(t)
		k := new(big.Int).SetBytes(kb)
		m := new(big.Int).SetBytes(mb)
		pa, pb := reference.ScalarBaseMult(k), reference.ScalarBaseMult(m)
		if pa.Inf || pb.Inf {
			return
		}
		rng := rand.New(rand.NewPCG(seed, 9))
		a := randJacobian(rng, pa)
		a4 := of(&a)
		var ba group.Affine
		ba.X, ba.Y = fe(pb.X), fe(pb.Y)
		var s group.AffineStorage
		s.FromAffine(&ba)
		var w group.Jacobian
		w.AddAffine(&a, &ba)
		var r4 Jacobian
		AddAffine(&r4, &a4, &s)
		if !samePoint(&r4, &w) {
			t.Fatal("AddAffine differs")
		}
		w.Double(&a)
		Double(&r4, &a4)
		if !samePoint(&r4, &w) {
			t.Fatal("Double differs")
		}
	})
}

// TestAddAffineIncomplete compares AddAffineIncomplete with package
// group's complete addition on every pair of pairs() but a = ±b (outside
// its contract), r aliasing a or not.
func TestAddAffineIncomplete(t *testing.T) {
	requireAsm(t)
	rng := rand.New(rand.NewPCG(21, 22))
	n := 0
	for _, pq := range pairs(rng, 300) {
		if pq[0].X.Cmp(pq[1].X) == 0 {
			continue // a = ±b
		}
		n++
		a := randJacobian(rng, pq[0])
		a4 := of(&a)
		var ba group.Affine
		ba.X, ba.Y = fe(pq[1].X), fe(pq[1].Y)
		var s group.AffineStorage
		s.FromAffine(&ba)
		var w group.Jacobian
		w.AddAffine(&a, &ba)
		var r4 Jacobian
		AddAffineIncomplete(&r4, &a4, &s)
		if !samePoint(&r4, &w) {
			t.Fatalf("AddAffineIncomplete differs from group's (a=%v b=%v)", pq[0], pq[1])
		}
		r4 = a4
		AddAffineIncomplete(&r4, &r4, &s)
		if !samePoint(&r4, &w) {
			t.Fatal("AddAffineIncomplete (r = a) differs")
		}
	}
	if n < 300 {
		t.Fatalf("only %d pairs checked", n)
	}
}
