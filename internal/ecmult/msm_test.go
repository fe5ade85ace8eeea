package ecmult

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/fe4"
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
// choice, Strauss, and Pippenger at several windows with Jacobian buckets
// and with affine buckets, the latter with the default round sizes and
// with tiny ones (so that rounds, carried terms and the Jacobian overflow
// all occur on small sums).
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
	{"jacobian2", func(m *Multi, r *group.Jacobian) { m.pippengerJacobianVar(r, 2) }},
	{"jacobian6", func(m *Multi, r *group.Jacobian) { m.pippengerJacobianVar(r, 6) }},
	{"affine3", func(m *Multi, r *group.Jacobian) { m.pippengerAffineVar(r, 3) }},
	{"affine7", func(m *Multi, r *group.Jacobian) { m.pippengerAffineVar(r, 7) }},
	{"affine2 rounds 1", msmAffineRounds(2, 1, 1)},
	{"affine3 rounds 2", msmAffineRounds(3, 2, 1)},
	{"affine4 rounds 3/2", msmAffineRounds(4, 3, 2)},
	{"affine6 rounds 5", msmAffineRounds(6, 5, 1)},
	{"affine9 rounds 16/4", msmAffineRounds(9, 16, 4)},
	{"4×64 c=3", msmAffine4(3, 0, 0)},
	{"4×64 c=7", msmAffine4(7, 0, 0)},
	{"4×64 c=2 rounds 1", msmAffine4(2, 1, 0)},
	{"4×64 c=4 rounds 3 groups of 1", msmAffine4(4, 3, 8)},
	{"4×64 c=6 rounds 5 groups of 3", msmAffine4(6, 5, 96)},
	{"4×64 c=9 rounds 16", msmAffine4(9, 16, 0)},
}

// msmAffine4 returns an evaluator running the 4×64 strategy at window c
// with the given round size and group size (0: the defaults), or the 5×52
// one where the processor lacks the 4×64 assembly.
func msmAffine4(c uint, maxRound, maxBuckets int) func(m *Multi, r *group.Jacobian) {
	return func(m *Multi, r *group.Jacobian) {
		m.pip.maxRound, m.pip.maxBuckets = maxRound, maxBuckets
		defer func() { m.pip.maxRound, m.pip.maxBuckets = 0, 0 }()
		if fe4.Enabled {
			m.pippengerAffine4(r, c)
		} else {
			m.pippengerAffineVar(r, c)
		}
	}
}

// msmAffineRounds returns an evaluator running the affine strategy at
// window c with the given round sizes.
func msmAffineRounds(c uint, maxRound, minRound int) func(m *Multi, r *group.Jacobian) {
	return func(m *Multi, r *group.Jacobian) {
		m.pip.maxRound, m.pip.minRound = maxRound, minRound
		defer func() { m.pip.maxRound, m.pip.minRound = 0, 0 }()
		m.pippengerAffineVar(r, c)
	}
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
	sizes := []int{0, 1, 2, 3, 5, 8, 17, 31, 32, 33, 50, 51, 80, 130}
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
	// Aimed at the affine buckets: equal points meeting in a bucket
	// (doublings), P and −P meeting (an emptied bucket, then refilled), a
	// point with its double, tiny scalars that put everything in one
	// bucket, and sums around the round sizes.
	p2 := reference.Add(p, p)
	one, three := big.NewInt(1), big.NewInt(3)
	var alt, dbl, tiny, tinyHalf msmCase
	alt.g, dbl.g, tiny.g, tinyHalf.g = big.NewInt(0), big.NewInt(0), big.NewInt(7), big.NewInt(0)
	for i := 0; i < 9; i++ {
		alt.pts = append(alt.pts, p, reference.Neg(p))
		alt.ks = append(alt.ks, one, one)
		dbl.pts = append(dbl.pts, p, p2, p, reference.Neg(p2))
		dbl.ks = append(dbl.ks, k, k, k, k)
		tiny.pts = append(tiny.pts, p, q, p)
		tiny.ks = append(tiny.ks, three, three, one)
		tinyHalf.pts = append(tinyHalf.pts, q, q, reference.Neg(q), p)
		tinyHalf.ks = append(tinyHalf.ks, one, one, one, one)
		tinyHalf.half = append(tinyHalf.half, true, true, true, true)
	}
	alt.pts = append(alt.pts, p)
	alt.ks = append(alt.ks, one)
	cases["P, -P alternating, scalar 1"] = alt
	cases["P and 2P, equal scalars"] = dbl
	cases["tiny scalars, one bucket"] = tiny
	cases["tiny half scalars, P and -P"] = tinyHalf
	for _, n := range []int{21, 22, 32, 33} { // 63 to 99 half terms with G
		var c msmCase
		c.g = k
		for i := 0; i < n; i++ {
			c.pts = append(c.pts, emRandPoint(rng))
			c.ks = append(c.ks, msmRandScalar(rng))
		}
		cases[fmt.Sprintf("round boundary, %d points", n)] = c
	}
	for name, c := range cases {
		c.check(t, &m, name)
	}
}

// TestPippengerDifferential compares the Pippenger strategies with
// Strauss on larger sums drawn from a few points, their negations and
// doubles, with scalars drawn from a few values: the buckets see many
// doublings, cancellations, busy rounds and overflow additions.
func TestPippengerDifferential(t *testing.T) {
	rng := emRng(14)
	var pool []group.Affine
	for i := 0; i < 3; i++ {
		p := emRandPoint(rng)
		p2 := reference.Add(p, p)
		for _, x := range []reference.Point{p, reference.Neg(p), p2, reference.Neg(p2)} {
			pool = append(pool, msmAffine(x))
		}
	}
	ks := []scalar.Scalar{emScalar(big.NewInt(1)), emScalar(big.NewInt(5)), emScalar(msmRandHalf(rng)), emScalar(msmRandScalar(rng))}
	sizes := []int{1, 2, 63, 64, 65, 300, 1000}
	if testing.Short() {
		sizes = sizes[:len(sizes)-1]
	}
	evals := []struct {
		name string
		f    func(m *Multi, r *group.Jacobian)
	}{
		{"auto", (*Multi).EvalVar},
		{"jacobian8", func(m *Multi, r *group.Jacobian) { m.pippengerJacobianVar(r, 8) }},
		{"affine6", func(m *Multi, r *group.Jacobian) { m.pippengerAffineVar(r, 6) }},
		{"affine10", func(m *Multi, r *group.Jacobian) { m.pippengerAffineVar(r, 10) }},
		{"affine8 rounds 7/3", msmAffineRounds(8, 7, 3)},
		{"affine11 rounds 200/1", msmAffineRounds(11, 200, 1)},
		{"4×64 c=10", msmAffine4(10, 0, 0)},
		{"4×64 c=8 rounds 7 groups of 2", msmAffine4(8, 7, 256)},
	}
	var m Multi
	for _, n := range sizes {
		for mode := 0; mode < 3; mode++ {
			m.Reset()
			for i := 0; i < n; i++ {
				p := &pool[rng.IntN(len(pool))]
				var k scalar.Scalar
				switch mode {
				case 0: // one point, one scalar
					p, k = &pool[0], ks[2]
				case 1: // few points, few scalars
					k = ks[rng.IntN(len(ks))]
				default: // few points, random half scalars
					k = emScalar(msmRandHalf(rng))
				}
				if i%2 == 0 {
					m.AddHalfVar(p, &k)
				} else {
					m.AddVar(p, &k)
				}
			}
			var want group.Jacobian
			m.straussVar(&want)
			for _, ev := range evals {
				var r group.Jacobian
				ev.f(&m, &r)
				emCheckJacobian(t, &r)
				if !r.EqualVar(&want) {
					t.Fatalf("n=%d mode %d, %s: differs from Strauss", n, mode, ev.name)
				}
			}
		}
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
	for _, n := range []int{10, 300, 3000} {
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

// TestEvalSplitVar compares EvalSplitVar with EvalVar on sums of every
// shape the tests use, split two, three and five ways, and checks that a
// term derived by λ from the one before it survives a cut between them.
func TestEvalSplitVar(t *testing.T) {
	rng := emRng(31)
	var m Multi
	for _, n := range []int{0, 1, 50, 97, 200, 700} {
		for _, withG := range []bool{false, true} {
			m.Reset()
			for i := 0; i < n; i++ {
				p := msmAffine(emRandPoint(rng))
				if i%3 == 0 {
					k := emScalar(msmRandHalf(rng))
					m.AddHalfVar(&p, &k)
				} else {
					k := emScalar(msmRandScalar(rng))
					m.AddVar(&p, &k)
				}
			}
			if withG {
				g := emScalar(msmRandScalar(rng))
				m.AddGVar(&g)
			}
			var want group.Jacobian
			m.EvalVar(&want)
			for _, w := range []int{2, 3, 5} {
				var got group.Jacobian
				m.EvalSplitVar(&got, w)
				emCheckJacobian(t, &got)
				if got.Infinity != want.Infinity || (want.Infinity == 0 && !got.EqualVar(&want)) {
					t.Fatalf("n=%d, G %v, %d workers: EvalSplitVar differs from EvalVar", n, withG, w)
				}
			}
		}
	}
}
