package ecmult8

import (
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

var genG = func() group.Affine {
	var g group.Affine
	g.SetGenerator()
	return g
}()

func randScalar(r *rand.Rand) scalar.Scalar {
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	var s scalar.Scalar
	s.SetBytes(&b)
	return s
}

// gMul returns k·G as an affine point.
func gMul(k *scalar.Scalar) group.Affine {
	var g, r group.Jacobian
	g.SetAffine(&genG)
	ecmult.MulVar(&r, k, &g)
	var a group.Affine
	a.SetJacobian(&r)
	a.X.Normalize()
	a.Y.Normalize()
	return a
}

func randPoint(r *rand.Rand) group.Affine {
	k := randScalar(r)
	return gMul(&k)
}

func sameJacobian(a, b *group.Jacobian) bool {
	if a.Infinity != 0 || b.Infinity != 0 {
		return a.Infinity == b.Infinity
	}
	var x, y group.Affine
	x.SetJacobian(a)
	y.SetJacobian(b)
	return x.EqualVar(&y)
}

// TestPointOpsAgainstGroup checks Double, AddAffine and Add, in whichever
// engine runs, against package group lane by lane, and that a lane adding a
// point to itself or its negation ends with Z = 0.
func TestPointOpsAgainstGroup(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 30; round++ {
		var a8, d8, s8, j8 Jacobian8
		var b8 Affine8
		var a, b [Lanes]group.Affine
		for j := 0; j < Lanes; j++ {
			a[j], b[j] = randPoint(r), randPoint(r)
			switch j {
			case 6:
				b[j] = a[j] // doubling through the addition: Z = 0
			case 7:
				b[j] = a[j]
				b[j].Y.Negate(&b[j].Y, 1).Normalize() // a + (−a): Z = 0
			}
			var aj group.Jacobian
			aj.SetAffine(&a[j])
			// A random Z, so that the inputs are not all Z = 1.
			var z, z2, z3 = randPoint(r).X, randPoint(r).X, randPoint(r).X
			z2.Square(&z)
			z3.Mul(&z2, &z)
			aj.X.Mul(&aj.X, &z2)
			aj.Y.Mul(&aj.Y, &z3)
			aj.Z = z
			a8.SetLane(j, &aj)
			b8.SetLane(j, &b[j])
		}
		d8.Double(&a8)
		s8.AddAffine(&a8, &b8)
		var bj8 Jacobian8
		for j := 0; j < Lanes; j++ {
			var bj group.Jacobian
			bj.SetAffine(&b[j])
			bj8.SetLane(j, &bj)
		}
		j8.Add(&a8, &bj8)
		for j := 0; j < Lanes; j++ {
			var aj, want, got group.Jacobian
			aj.SetAffine(&a[j])
			want.Double(&aj)
			if !sameJacobian(d8.Lane(j, &got), &want) {
				t.Fatalf("round %d lane %d: Double differs", round, j)
			}
			if j >= 6 {
				if s8.Z.IsZeroMask()>>j&1 != 1 || j8.Z.IsZeroMask()>>j&1 != 1 {
					t.Fatalf("lane %d: special case without Z = 0", j)
				}
				continue
			}
			want.AddAffineVar(&aj, &b[j], nil)
			if !sameJacobian(s8.Lane(j, &got), &want) {
				t.Fatalf("round %d lane %d: AddAffine differs", round, j)
			}
			if !sameJacobian(j8.Lane(j, &got), &want) {
				t.Fatalf("round %d lane %d: Add differs", round, j)
			}
		}
	}
}

// TestPointAsmMatchesGeneric checks the assembly point operations against
// their Go twins limb for limb, with inputs at the largest magnitudes the
// formulas accept, and with r aliasing a.
func TestPointAsmMatchesGeneric(t *testing.T) {
	if !useAsm {
		t.Skip("no AVX-512 IFMA (or assembly disabled)")
	}
	r := rand.New(rand.NewPCG(3, 4))
	randEl := func(mag uint64) field8.Element {
		var e field8.Element
		for j := 0; j < Lanes; j++ {
			var n [5]uint64
			for i := range n {
				b := uint64(1<<52 - 1)
				if i == 4 {
					b = 1<<48 - 1
				}
				switch r.IntN(4) {
				case 0:
					n[i] = 2 * mag * b
				default:
					n[i] = r.Uint64N(2*mag*b + 1)
				}
			}
			e.SetLimbs(j, n)
		}
		return e
	}
	for round := 0; round < 2000; round++ {
		a := Jacobian8{X: randEl(6), Y: randEl(3), Z: randEl(1)}
		b := Affine8{X: randEl(1), Y: randEl(2)}
		var s scratch
		var g, m Jacobian8
		doubleGeneric(&g, &a, &s)
		doubleAsm(&m, &a, &s)
		if g != m {
			t.Fatalf("double: assembly and generic differ")
		}
		n := 1 + r.IntN(4)
		g, m = a, a
		for i := 0; i < n; i++ {
			doubleGeneric(&g, &g, &s)
		}
		doubleNAsm(&m, n, &s)
		if g != m {
			t.Fatalf("doubleN(%d): assembly and generic differ", n)
		}
		addAffineGeneric(&g, &a, &b, &s)
		addAffineAsm(&m, &a, &b, &s)
		if g != m {
			t.Fatalf("addAffine: assembly and generic differ")
		}
		m = a
		addAffineAsm(&m, &m, &b, &s)
		if g != m {
			t.Fatalf("addAffine with r = a differs")
		}
	}
}

func TestRecode(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, w := range []int{4, 5, 8, 12, 14} {
		n := digitCount(w)
		d := make([]int32, n)
		for k := 0; k < 2000; k++ {
			lo, hi := r.Uint64()|1, r.Uint64()
			switch k {
			case 0:
				lo, hi = 1, 0
			case 1:
				lo, hi = ^uint64(0), ^uint64(0)
			}
			recode(d, lo, hi, w)
			// Σ d_i·2^(w·i) back in 192 bits.
			var s [3]uint64
			for i := n - 1; i >= 0; i-- {
				// s = s·2^w + d_i
				s[2] = s[2]<<w | s[1]>>(64-w)
				s[1] = s[1]<<w | s[0]>>(64-w)
				s[0] <<= w
				v := int64(d[i])
				if v&1 == 0 || v >= 1<<w || v <= -(1<<w) {
					t.Fatalf("w %d: digit %d = %d", w, i, v)
				}
				if v >= 0 {
					var c uint64
					s[0], c = add64(s[0], uint64(v))
					s[1], c = add64(s[1], c)
					s[2] += c
				} else {
					var b uint64
					s[0], b = sub64(s[0], uint64(-v))
					s[1], b = sub64(s[1], b)
					s[2] -= b
				}
			}
			if s[0] != lo || s[1] != hi || s[2] != 0 {
				t.Fatalf("w %d: recoding of %x:%x sums to %x", w, hi, lo, s)
			}
			if d[n-1] <= 0 {
				t.Fatalf("w %d: top digit %d", w, d[n-1])
			}
		}
	}
}

// checkEngine runs DoubleBaseVar on the lanes and compares every lane with
// the one-at-a-time ecmult.DoubleBaseVar; lanes the engine hands back must
// be exactly those... at least include every infinity result.
func checkEngine(t *testing.T, e *Engine, a, b *[Lanes]scalar.Scalar, p *[Lanes]group.Affine) uint8 {
	t.Helper()
	var r Jacobian8
	bad := e.DoubleBaseVar(&r, a, p, b)
	for j := 0; j < Lanes; j++ {
		var pj, want, got group.Jacobian
		pj.SetAffine(&p[j])
		ecmult.DoubleBaseVar(&want, &a[j], &pj, &b[j])
		if bad>>j&1 == 1 {
			continue
		}
		if want.Infinity != 0 {
			t.Fatalf("lane %d: infinity not handed back", j)
		}
		if !sameJacobian(r.Lane(j, &got), &want) {
			t.Fatalf("lane %d: engine differs from ecmult.DoubleBaseVar (a %v b %v)", j, a[j], b[j])
		}
	}
	return bad
}

func TestDoubleBaseVarRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var e Engine
	rounds := 40
	if testing.Short() {
		rounds = 8
	}
	for round := 0; round < rounds; round++ {
		var a, b [Lanes]scalar.Scalar
		var p [Lanes]group.Affine
		for j := 0; j < Lanes; j++ {
			a[j], b[j], p[j] = randScalar(r), randScalar(r), randPoint(r)
		}
		if bad := checkEngine(t, &e, &a, &b, &p); bad != 0 {
			t.Fatalf("random inputs handed back lanes %08b", bad)
		}
	}
}

// TestDoubleBaseVarEdges: zero and small multipliers, even and odd, P = ±G
// with a = ±b (the ladder adds a point to itself or its negation), results
// at infinity, n − 1, and lanes mixing them.
func TestDoubleBaseVarEdges(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var e Engine
	small := func(v uint32) scalar.Scalar {
		var s scalar.Scalar
		s.SetInt(v)
		return s
	}
	var nm1 scalar.Scalar
	nm1.SetInt(1)
	nm1.Negate(&nm1)
	negG := genG
	negG.Y.Negate(&negG.Y, 1).Normalize()
	cases := []func(j int) (scalar.Scalar, scalar.Scalar, group.Affine){
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) { return small(0), small(0), randPoint(r) },
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) { return small(1), small(0), randPoint(r) },
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) { return small(0), small(1), randPoint(r) },
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) { return small(2), small(2), randPoint(r) },
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) { return small(1), small(1), genG },
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) { return small(1), small(1), negG },
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) { k := randScalar(r); return k, k, genG },
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) { k := randScalar(r); return k, k, negG },
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) {
			k := randScalar(r)
			var m scalar.Scalar
			m.Negate(&k)
			return k, m, genG // k·G − k·G = infinity
		},
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) { return nm1, nm1, randPoint(r) },
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) { return nm1, small(1), genG },
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) {
			// P = 3G, a = 5, b = −15 (infinity), and b = 3 (P's and G's
			// streams meet mid-ladder).
			three := small(3)
			p := gMul(&three)
			return small(5), small(3), p
		},
		func(int) (scalar.Scalar, scalar.Scalar, group.Affine) {
			return randScalar(r), randScalar(r), randPoint(r)
		},
	}
	rounds := 60
	if testing.Short() {
		rounds = 10
	}
	handed := 0
	for round := 0; round < rounds; round++ {
		var a, b [Lanes]scalar.Scalar
		var p [Lanes]group.Affine
		for j := 0; j < Lanes; j++ {
			c := cases[r.IntN(len(cases))]
			if round < len(cases) && j == round%Lanes {
				c = cases[round]
			}
			a[j], b[j], p[j] = c(j)
		}
		bad := checkEngine(t, &e, &a, &b, &p)
		for ; bad != 0; bad &= bad - 1 {
			handed++
		}
	}
	t.Logf("%d lanes handed back to the one-at-a-time code", handed)
}

func TestDoubleBaseVarAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var a, b [Lanes]scalar.Scalar
	var p [Lanes]group.Affine
	for j := 0; j < Lanes; j++ {
		a[j], b[j], p[j] = randScalar(r), randScalar(r), randPoint(r)
	}
	e := new(Engine)
	var out Jacobian8
	if n := testing.AllocsPerRun(5, func() { e.DoubleBaseVar(&out, &a, &p, &b) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func BenchmarkDoubleBaseVar(b *testing.B) {
	r := rand.New(rand.NewPCG(13, 14))
	var a, c [Lanes]scalar.Scalar
	var p [Lanes]group.Affine
	for j := 0; j < Lanes; j++ {
		a[j], c[j], p[j] = randScalar(r), randScalar(r), randPoint(r)
	}
	e := new(Engine)
	var out Jacobian8
	cputime.Bench(b, func() { e.DoubleBaseVar(&out, &a, &p, &c) })
}

func BenchmarkDouble(b *testing.B) {
	r := rand.New(rand.NewPCG(15, 16))
	var a Jacobian8
	for j := 0; j < Lanes; j++ {
		p := randPoint(r)
		var pj group.Jacobian
		pj.SetAffine(&p)
		a.SetLane(j, &pj)
	}
	cputime.Bench(b, func() { a.Double(&a) })
}

func BenchmarkAddAffine(b *testing.B) {
	r := rand.New(rand.NewPCG(17, 18))
	var a Jacobian8
	var q Affine8
	for j := 0; j < Lanes; j++ {
		p := randPoint(r)
		var pj group.Jacobian
		pj.SetAffine(&p)
		a.SetLane(j, &pj)
		p = randPoint(r)
		q.SetLane(j, &p)
	}
	cputime.Bench(b, func() { a.AddAffine(&a, &q) })
}
