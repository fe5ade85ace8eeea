package ecmult8

import (
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// TestDoubleRCBComplete checks Proj8.Double against package group, the
// point at infinity included.
func TestDoubleRCBComplete(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for round := 0; round < 20; round++ {
		var a Proj8
		var aj [Lanes]group.Jacobian
		for j := 0; j < Lanes; j++ {
			if (round+j)%4 == 3 {
				aj[j].Infinity = 1
				var one group.Affine
				one.Y.SetInt(1)
				a.Y.SetLane(j, &one.Y)
				continue
			}
			p := randPoint(r)
			aj[j].SetAffine(&p)
			z := randPoint(r).X
			x, y := p.X, p.Y
			x.Mul(&x, &z)
			y.Mul(&y, &z)
			a.X.SetLane(j, &x)
			a.Y.SetLane(j, &y)
			a.Z.SetLane(j, &z)
		}
		var d, d3 Proj8
		d.Double(&a)
		d3.DoubleN(&a, 3)
		for j := 0; j < Lanes; j++ {
			var want group.Jacobian
			want.Double(&aj[j])
			if got := projLane(&d, j); !sameJacobian(&got, &want) {
				t.Fatalf("round %d lane %d: Double differs", round, j)
			}
			want.Double(&want).Double(&want)
			if got := projLane(&d3, j); !sameJacobian(&got, &want) {
				t.Fatalf("round %d lane %d: DoubleN(3) differs", round, j)
			}
		}
	}
}

func TestConstAsmMatchesGeneric(t *testing.T) {
	if !useAsm {
		t.Skip("no AVX-512 IFMA")
	}
	r := rand.New(rand.NewPCG(53, 54))
	var p [Lanes]group.Affine
	for j := range p {
		p[j] = randPoint(r)
	}
	var e Engine
	e.buildTables(&p, genEntries)
	tab := (*[genEntries]Affine8)(e.tab[:genEntries])
	for round := 0; round < 2000; round++ {
		var a Proj8
		for j := 0; j < Lanes; j++ {
			var n [5]uint64
			for i := range n {
				n[i] = r.Uint64N(1 << 53)
			}
			a.X.SetLimbs(j, n)
			a.Y.SetLimbs(j, n)
			n[0] ^= 12345
			a.Z.SetLimbs(j, n)
		}
		var s scratch
		var g, m Proj8
		doubleRCBGeneric(&g, &a, &s)
		doubleRCBAsm(&m, &a, 1, &s)
		if g != m {
			t.Fatal("doubleRCB: assembly and generic differ")
		}
		m = a
		doubleRCBAsm(&m, &m, 1, &s)
		if g != m {
			t.Fatal("doubleRCB with r = a differs")
		}
		var d [Lanes]int32
		for j := range d {
			d[j] = int32(2*r.IntN(16) - 15)
		}
		neg := uint8(r.Uint32())
		var ga, ma Affine8
		scanGeneric(&ga, tab, &d, neg)
		scanAsm(&ma, tab, &d, uint64(neg))
		if ga != ma {
			t.Fatalf("scan: assembly and generic differ (digits %v neg %08b)", d, neg)
		}
	}
}

// TestMulConst compares every lane of MulConst with ecmultconst, on random
// and special scalars (1, 2, n − 1, λ-related halves that are even or
// high) and points.
func TestMulConst(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 56))
	var e ConstEngine
	specials := []scalar.Scalar{}
	for _, v := range []uint32{1, 2, 3, 16, 1 << 20} {
		var s, n scalar.Scalar
		s.SetInt(v)
		n.Negate(&s)
		specials = append(specials, s, n)
	}
	rounds := 20
	if testing.Short() {
		rounds = 5
	}
	for round := 0; round < rounds; round++ {
		var k [Lanes]scalar.Scalar
		var p [Lanes]group.Affine
		for j := range k {
			k[j], p[j] = randScalar(r), randPoint(r)
			if round < 2 || r.IntN(3) == 0 {
				k[j] = specials[(round*Lanes+j)%len(specials)]
			}
		}
		var out Affine8
		e.MulConst(&out, &k, &p)
		for j := 0; j < Lanes; j++ {
			var want group.Jacobian
			ecmultconst.Mul(&want, &p[j], &k[j])
			var wa group.Affine
			wa.SetJacobian(&want)
			wa.X.Normalize()
			wa.Y.Normalize()
			var got group.Affine
			out.X.Lane(j, &got.X)
			out.Y.Lane(j, &got.Y)
			if !got.EqualVar(&wa) {
				t.Fatalf("round %d lane %d: MulConst differs from ecmultconst", round, j)
			}
		}
	}
}

func TestMulConstAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(57, 58))
	var k [Lanes]scalar.Scalar
	var p [Lanes]group.Affine
	for j := range k {
		k[j], p[j] = randScalar(r), randPoint(r)
	}
	e := new(ConstEngine)
	var out Affine8
	if n := testing.AllocsPerRun(5, func() { e.MulConst(&out, &k, &p) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func BenchmarkMulConst(b *testing.B) {
	r := rand.New(rand.NewPCG(59, 60))
	var k [Lanes]scalar.Scalar
	var p [Lanes]group.Affine
	for j := range k {
		k[j], p[j] = randScalar(r), randPoint(r)
	}
	e := new(ConstEngine)
	var out Affine8
	cputime.Bench(b, func() { e.MulConst(&out, &k, &p) })
}
