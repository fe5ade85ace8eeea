package ecmult

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// msmCase is one multi-scalar multiplication: points, scalars (full or
// half), and the scalar of G.
type msmCase struct {
	pts  []reference.Point
	ks   []*big.Int
	half []bool // add with AddHalfVar instead of AddVar
	g    *big.Int
}

// want computes the sum with the reference implementation.
func (c *msmCase) want() reference.Point {
	acc := reference.ScalarBaseMult(new(big.Int).Mod(c.g, reference.N))
	for i, p := range c.pts {
		acc = reference.Add(acc, reference.ScalarMult(new(big.Int).Mod(c.ks[i], reference.N), p))
	}
	return acc
}

// msmAffine returns p as a group.Affine.
func msmAffine(p reference.Point) group.Affine {
	var a group.Affine
	if p.Inf {
		a.SetInfinity()
		return a
	}
	x, y := emFe(p.X), emFe(p.Y)
	a.SetXY(&x, &y)
	return a
}

// load fills m with the case.
func (c *msmCase) load(m *Multi) {
	m.Reset()
	for i, p := range c.pts {
		a := msmAffine(p)
		k := emScalar(c.ks[i])
		if c.half != nil && c.half[i] {
			m.AddHalfVar(&a, &k)
		} else {
			m.AddVar(&a, &k)
		}
	}
	g := emScalar(c.g)
	m.AddGVar(&g)
}

// msmEvaluators are the evaluation strategies under test: the automatic
// choice, Strauss and Pippenger at several windows.
var msmEvaluators = []struct {
	name string
	f    func(m *Multi, r *group.Jacobian)
}{
	{"auto", (*Multi).EvalVar},
	{"strauss", (*Multi).straussVar},
	{"pippenger2", func(m *Multi, r *group.Jacobian) { m.pippengerVar(r, 2) }},
	{"pippenger5", func(m *Multi, r *group.Jacobian) { m.pippengerVar(r, 5) }},
	{"pippenger8", func(m *Multi, r *group.Jacobian) { m.pippengerVar(r, 8) }},
	{"pippenger13", func(m *Multi, r *group.Jacobian) { m.pippengerVar(r, 13) }},
}

// check evaluates the case with every strategy and compares with the
// reference.
func (c *msmCase) check(t *testing.T, m *Multi, name string) {
	t.Helper()
	want := c.want()
	for _, ev := range msmEvaluators {
		c.load(m)
		var r group.Jacobian
		ev.f(m, &r)
		emCheckJacobian(t, &r)
		if got := emPoint(&r); !got.Equal(want) {
			t.Fatalf("%s, %s (n=%d): got %v, want %v", name, ev.name, len(c.pts), got, want)
		}
	}
}

func msmRandScalar(rng *rand.Rand) *big.Int {
	return new(big.Int).Mod(emRandBig(rng), reference.N)
}

func msmRandHalf(rng *rand.Rand) *big.Int {
	k := new(big.Int).Rsh(emRandBig(rng), 128)
	if rng.IntN(2) == 0 {
		k.Sub(reference.N, k)
	}
	return k
}

func TestMultiRandom(t *testing.T) {
	rng := emRng(8)
	var m Multi
	sizes := []int{0, 1, 2, 3, 5, 8, 17, 33, 50, 51, 80, 130}
	for _, n := range sizes {
		c := msmCase{g: msmRandScalar(rng)}
		for i := 0; i < n; i++ {
			c.pts = append(c.pts, emRandPoint(rng))
			h := rng.IntN(2) == 0
			c.half = append(c.half, h)
			if h {
				c.ks = append(c.ks, msmRandHalf(rng))
			} else {
				c.ks = append(c.ks, msmRandScalar(rng))
			}
		}
		c.check(t, &m, fmt.Sprintf("random n=%d", n))
		c.g = big.NewInt(0)
		c.check(t, &m, fmt.Sprintf("random n=%d g=0", n))
	}
}

func TestMultiAdversarial(t *testing.T) {
	rng := emRng(9)
	var m Multi
	p := emRandPoint(rng)
	q := emRandPoint(rng)
	k := msmRandScalar(rng)
	nk := new(big.Int).Sub(reference.N, k)
	gen := reference.ScalarBaseMult(big.NewInt(1))
	cases := map[string]msmCase{
		"empty":             {g: big.NewInt(0)},
		"G only":            {g: k},
		"n=1":               {pts: []reference.Point{p}, ks: []*big.Int{k}, g: big.NewInt(0)},
		"n=1 zero scalar":   {pts: []reference.Point{p}, ks: []*big.Int{big.NewInt(0)}, g: big.NewInt(0)},
		"n=1 scalar 1":      {pts: []reference.Point{p}, ks: []*big.Int{big.NewInt(1)}, g: big.NewInt(0)},
		"n=1 scalar n-1":    {pts: []reference.Point{p}, ks: []*big.Int{new(big.Int).Sub(reference.N, big.NewInt(1))}, g: big.NewInt(0)},
		"infinity point":    {pts: []reference.Point{reference.Infinity(), p}, ks: []*big.Int{k, k}, g: big.NewInt(3)},
		"P and -P":          {pts: []reference.Point{p, reference.Neg(p)}, ks: []*big.Int{k, k}, g: big.NewInt(0)},
		"P twice, k and -k": {pts: []reference.Point{p, p}, ks: []*big.Int{k, nk}, g: big.NewInt(0)},
		"G cancels":         {pts: []reference.Point{gen}, ks: []*big.Int{k}, g: nk},
		"G doubles":         {pts: []reference.Point{gen}, ks: []*big.Int{k}, g: k},
		"half cancels":      {pts: []reference.Point{q, reference.Neg(q)}, ks: []*big.Int{big.NewInt(12345), big.NewInt(12345)}, half: []bool{true, true}, g: big.NewInt(0)},
		"half 2^128-1":      {pts: []reference.Point{q}, ks: []*big.Int{new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))}, half: []bool{true}, g: big.NewInt(0)},
		"half not short":    {pts: []reference.Point{q}, ks: []*big.Int{k}, half: []bool{true}, g: big.NewInt(5)},
	}
	// Many copies of the same point with the same scalar, with equal
	// scalars on distinct points, and repeated points whose sum cancels.
	copies := []int{2, 7, 60, 200}
	if testing.Short() {
		copies = copies[:len(copies)-1] // the math/big reference is the slow part
	}
	for _, n := range copies {
		var same, eq, cancel, zeros msmCase
		same.g, eq.g, cancel.g, zeros.g = big.NewInt(0), k, big.NewInt(0), big.NewInt(0)
		for i := 0; i < n; i++ {
			same.pts = append(same.pts, p)
			same.ks = append(same.ks, k)
			eq.pts = append(eq.pts, emRandPoint(rng))
			eq.ks = append(eq.ks, k)
			cancel.pts = append(cancel.pts, p, reference.Neg(p))
			kk := msmRandScalar(rng)
			cancel.ks = append(cancel.ks, kk, kk)
			zeros.pts = append(zeros.pts, emRandPoint(rng))
			zeros.ks = append(zeros.ks, big.NewInt(0))
		}
		cases[fmt.Sprintf("same point and scalar x%d", n)] = same
		cases[fmt.Sprintf("equal scalars x%d", n)] = eq
		cases[fmt.Sprintf("cancelling pairs x%d", n)] = cancel
		cases[fmt.Sprintf("zero scalars x%d", n)] = zeros
	}
	for name, c := range cases {
		c.check(t, &m, name)
	}
}

// TestRecodeSigned checks that the signed digits recompose the value and
// stay in range, at every window.
func TestRecodeSigned(t *testing.T) {
	rng := emRng(10)
	vals := [][2]uint64{{0, 0}, {1, 0}, {^uint64(0), ^uint64(0)}, {0, 1 << 63}, {^uint64(0), 0}}
	for i := 0; i < 200; i++ {
		vals = append(vals, [2]uint64{rng.Uint64(), rng.Uint64()})
	}
	for c := uint(2); c <= 15; c++ {
		nw := int(128/c) + 1
		d := make([]int16, nw)
		for _, v := range vals {
			recodeSigned(d, 1, v[0], v[1], c)
			sum := new(big.Int)
			for j := nw - 1; j >= 0; j-- {
				lim := int16(1) << (c - 1)
				if d[j] < -lim || d[j] > lim || (j < nw-1 && d[j] == lim) {
					t.Fatalf("c=%d: digit %d = %d out of range", c, j, d[j])
				}
				sum.Lsh(sum, c)
				sum.Add(sum, big.NewInt(int64(d[j])))
			}
			want := new(big.Int).Lsh(new(big.Int).SetUint64(v[1]), 64)
			want.Add(want, new(big.Int).SetUint64(v[0]))
			if sum.Cmp(want) != 0 {
				t.Fatalf("c=%d: digits of %x give %x", c, want, sum)
			}
		}
	}
}

func TestMultiAllocs(t *testing.T) {
	rng := emRng(11)
	for _, n := range []int{10, 300} {
		pts := make([]group.Affine, n)
		ks := make([]scalar.Scalar, n)
		for i := range pts {
			pts[i] = msmAffine(emRandPoint(rng))
			ks[i] = emScalar(msmRandScalar(rng))
		}
		g := emScalar(msmRandScalar(rng))
		var m Multi
		run := func() {
			m.Reset()
			for i := range pts {
				m.AddVar(&pts[i], &ks[i])
			}
			m.AddGVar(&g)
			var r group.Jacobian
			m.EvalVar(&r)
		}
		run()
		if a := testing.AllocsPerRun(5, run); a != 0 {
			t.Errorf("n=%d: %v allocations per evaluation, want 0", n, a)
		}
	}
}
