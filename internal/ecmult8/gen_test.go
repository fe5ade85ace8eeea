package ecmult8

import (
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// projLane returns lane j of p as a group.Jacobian (X·Z, Y·Z², Z).
func projLane(p *Proj8, j int) group.Jacobian {
	var x, y, z group.Jacobian
	_ = x
	_ = y
	p.X.Lane(j, &z.X)
	p.Y.Lane(j, &z.Y)
	p.Z.Lane(j, &z.Z)
	var r group.Jacobian
	if z.Z.IsZero() == 1 {
		r.Infinity = 1
		return r
	}
	r.X.Mul(&z.X, &z.Z)
	var z2 = z.Z
	z2.Square(&z.Z)
	r.Y.Mul(&z.Y, &z2)
	r.Z = z.Z
	return r
}

// TestAddRCBComplete checks Proj8.AddAffine against package group lane by
// lane, with the accumulator at infinity, equal to b (doubling) and to −b
// in some lanes.
func TestAddRCBComplete(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for round := 0; round < 40; round++ {
		var a Proj8
		var b Affine8
		var aj [Lanes]group.Jacobian
		var bs [Lanes]group.Affine
		for j := 0; j < Lanes; j++ {
			pa, pb := randPoint(r), randPoint(r)
			switch (round + j) % 5 {
			case 1:
				pb = pa
			case 2:
				pb = pa
				pb.Y.Negate(&pb.Y, 1).Normalize()
			}
			bs[j] = pb
			b.SetLane(j, &pb)
			if (round+j)%5 == 3 {
				aj[j].Infinity = 1
				var zero, one = group.Affine{}, group.Affine{}
				_ = one
				a.X.SetLane(j, &zero.X)
				var o group.Affine
				o.Y.SetInt(1)
				a.Y.SetLane(j, &o.Y)
				a.Z.SetLane(j, &zero.X)
				continue
			}
			aj[j].SetAffine(&pa)
			// Projective with a random Z.
			z := randPoint(r).X
			var x, y = pa.X, pa.Y
			x.Mul(&x, &z)
			y.Mul(&y, &z)
			a.X.SetLane(j, &x)
			a.Y.SetLane(j, &y)
			a.Z.SetLane(j, &z)
		}
		var s Proj8
		s.AddAffine(&a, &b)
		for j := 0; j < Lanes; j++ {
			var want group.Jacobian
			want.AddAffineVar(&aj[j], &bs[j], nil)
			got := projLane(&s, j)
			if !sameJacobian(&got, &want) {
				t.Fatalf("round %d lane %d (case %d): complete addition differs", round, j, (round+j)%5)
			}
		}
	}
}

// TestAddRCBAsmMatchesGeneric and the selection: limb for limb.
func TestGenAsmMatchesGeneric(t *testing.T) {
	if !useAsm {
		t.Skip("no AVX-512 IFMA")
	}
	r := rand.New(rand.NewPCG(33, 34))
	randEl := func(mag uint64) field8.Element {
		var e field8.Element
		for j := 0; j < Lanes; j++ {
			var n [5]uint64
			for i := range n {
				b := uint64(1<<52 - 1)
				if i == 4 {
					b = 1<<48 - 1
				}
				if r.IntN(4) == 0 {
					n[i] = 2 * mag * b
				} else {
					n[i] = r.Uint64N(2*mag*b + 1)
				}
			}
			e.SetLimbs(j, n)
		}
		return e
	}
	genTabOnce.Do(makeGenTable)
	for round := 0; round < 2000; round++ {
		a := Proj8{X: randEl(3), Y: randEl(2), Z: randEl(1)}
		b := Affine8{X: randEl(1), Y: randEl(2)}
		var s scratch
		var g, m Proj8
		addRCBGeneric(&g, &a, &b, &s)
		addRCBAsm(&m, &a, &b, &s)
		if g != m {
			t.Fatal("addRCB: assembly and generic differ")
		}
		m = a
		addRCBAsm(&m, &m, &b, &s)
		if g != m {
			t.Fatal("addRCB with r = a differs")
		}
		var d [Lanes]int32
		for j := range d {
			d[j] = int32(2*r.IntN(16) - 15)
		}
		var ga, ma Affine8
		w := r.IntN(genWindows)
		genSelectGeneric(&ga, &genTab[w], &d)
		genSelectAsm(&ma, &genTab[w], &d)
		if ga != ma {
			t.Fatalf("genSelect: assembly and generic differ (digits %v)", d)
		}
	}
}

func TestGenDigits(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 36))
	for k := 0; k < 300; k++ {
		m := randScalar(r)
		if m.IsEven() == 1 {
			m.CondNegate(&m, 1)
		}
		var d [genWindows]int32
		genDigits(&d, &m)
		// Σ d_i·16^i + 16^64 as a scalar.
		var sum, pow, tt scalar.Scalar
		pow.SetInt(1)
		sixteen := scalar.Scalar{}
		sixteen.SetInt(16)
		for i := 0; i < genWindows; i++ {
			if d[i]&1 == 0 || d[i] < -15 || d[i] > 15 {
				t.Fatalf("digit %d = %d", i, d[i])
			}
			v := d[i]
			tt.SetInt(uint32(abs32(v)))
			tt.Mul(&tt, &pow)
			if v < 0 {
				tt.Negate(&tt)
			}
			sum.Add(&sum, &tt)
			pow.Mul(&pow, &sixteen)
		}
		sum.Add(&sum, &pow)
		if sum.Equal(&m) != 1 {
			t.Fatalf("recoding does not sum to m")
		}
	}
}

func abs32(v int32) int32 {
	if v < 0 {
		return -v
	}
	return v
}

// TestMulGen compares every lane of MulGen with ecmultgen, on random keys
// and on 1, 2, n − 1, n − 2, small and even keys.
func TestMulGen(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 38))
	var e GenEngine
	specials := []scalar.Scalar{}
	for _, v := range []uint32{1, 2, 3, 15, 16, 17} {
		var s scalar.Scalar
		s.SetInt(v)
		specials = append(specials, s)
		var n scalar.Scalar
		n.Negate(&s)
		specials = append(specials, n)
	}
	rounds := 20
	if testing.Short() {
		rounds = 5
	}
	for round := 0; round < rounds; round++ {
		var k [Lanes]scalar.Scalar
		for j := range k {
			k[j] = randScalar(r)
			if round < 2 || r.IntN(3) == 0 {
				k[j] = specials[(round*Lanes+j)%len(specials)]
			}
		}
		var out Affine8
		e.MulGen(&out, &k)
		for j := 0; j < Lanes; j++ {
			var want group.Jacobian
			ecmultgen.Shared().Mul(&want, &k[j])
			var wa group.Affine
			wa.SetJacobian(&want)
			wa.X.Normalize()
			wa.Y.Normalize()
			var got group.Affine
			out.X.Lane(j, &got.X)
			out.Y.Lane(j, &got.Y)
			if !got.EqualVar(&wa) {
				t.Fatalf("round %d lane %d: MulGen differs from ecmultgen", round, j)
			}
		}
	}
}

func TestMulGenAllocs(t *testing.T) {
	var e GenEngine
	var k [Lanes]scalar.Scalar
	r := rand.New(rand.NewPCG(39, 40))
	for j := range k {
		k[j] = randScalar(r)
	}
	var out Affine8
	e.MulGen(&out, &k)
	if n := testing.AllocsPerRun(5, func() { e.MulGen(&out, &k) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func BenchmarkMulGen(b *testing.B) {
	var e GenEngine
	var k [Lanes]scalar.Scalar
	r := rand.New(rand.NewPCG(41, 42))
	for j := range k {
		k[j] = randScalar(r)
	}
	var out Affine8
	cputime.Bench(b, func() { e.MulGen(&out, &k) })
}
