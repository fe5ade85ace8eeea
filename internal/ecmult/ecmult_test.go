package ecmult

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// emCheck compares DoubleBaseVar (and, for b = 0, MulVar; for every b also
// the run with r aliasing p) with the reference on one input.
func emCheck(t *testing.T, a *big.Int, p reference.Point, z *big.Int, b *big.Int) {
	t.Helper()
	want := reference.LinComb(a, p, b)
	as, bs := emScalar(a), emScalar(b)
	pj := emJacobian(p, z)
	var r group.Jacobian
	DoubleBaseVar(&r, &as, &pj, &bs)
	emCheckJacobian(t, &r)
	if got := emPoint(&r); !got.Equal(want) {
		t.Fatalf("DoubleBaseVar(a=%x, P=%v, b=%x) = %v, want %v", a, p, b, got, want)
	}
	// r aliasing p.
	rp := pj
	DoubleBaseVar(&rp, &as, &rp, &bs)
	if got := emPoint(&rp); !got.Equal(want) {
		t.Fatalf("DoubleBaseVar aliased (a=%x, P=%v, b=%x) = %v, want %v", a, p, b, got, want)
	}
	if bs.IsZero() == 1 {
		MulVar(&r, &as, &pj)
		emCheckJacobian(t, &r)
		if got := emPoint(&r); !got.Equal(want) {
			t.Fatalf("MulVar(a=%x, P=%v) = %v, want %v", a, p, got, want)
		}
	}
}

func TestDoubleBaseRandom(t *testing.T) {
	rng := emRng(1)
	iters := 1500
	if emShort() {
		iters = 150
	}
	for i := 0; i < iters; i++ {
		a := new(big.Int).Mod(emRandBig(rng), reference.N)
		b := new(big.Int).Mod(emRandBig(rng), reference.N)
		p := emRandPoint(rng)
		emCheck(t, a, p, emRandBig(rng), b)
	}
}

// emGLVExtremes returns scalars k = x + y·λ whose GLV halves are at (or
// next to) the largest size the split produces: (x, y) at the corners
// (±v1 ± v2)/2 of the parallelogram the split reduces into, nudged by a
// few units (the lattice basis v1 = (a1, b1), v2 = (a2, b2) of package
// scalar).
func emGLVExtremes() []*big.Int {
	h := func(s string) *big.Int {
		v, _ := new(big.Int).SetString(s, 16)
		return v
	}
	a1 := h("3086d221a7d46bcde86c90e49284eb15")
	b1 := new(big.Int).Neg(h("e4437ed6010e88286f547fa90abfe4c3"))
	a2 := h("114ca50f7a8e2f3f657c1108d9d44cfd8")
	b2 := a1
	var out []*big.Int
	for _, s1 := range []int64{1, -1} {
		for _, s2 := range []int64{1, -1} {
			x := new(big.Int).Add(new(big.Int).Mul(big.NewInt(s1), a1), new(big.Int).Mul(big.NewInt(s2), a2))
			y := new(big.Int).Add(new(big.Int).Mul(big.NewInt(s1), b1), new(big.Int).Mul(big.NewInt(s2), b2))
			x.Rsh(x, 1)
			y.Rsh(y, 1)
			for _, dx := range []int64{-2, 0, 2} {
				for _, dy := range []int64{-2, 0, 2} {
					k := new(big.Int).Mul(new(big.Int).Add(y, big.NewInt(dy)), reference.Lambda)
					k.Add(k, new(big.Int).Add(x, big.NewInt(dx)))
					out = append(out, k.Mod(k, reference.N))
				}
			}
		}
	}
	return out
}

// emEdgeScalars returns the boundary scalars of the tests.
func emEdgeScalars() []*big.Int {
	n := reference.N
	two := func(e uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), e) }
	add := func(x *big.Int, d int64) *big.Int { return new(big.Int).Add(x, big.NewInt(d)) }
	negLam := new(big.Int).Sub(n, reference.Lambda)
	vals := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3),
		add(n, -1), add(n, -2), new(big.Int).Rsh(n, 1), add(new(big.Int).Rsh(n, 1), 1),
		reference.Lambda, negLam, add(reference.Lambda, 1), add(negLam, -1),
		two(127), add(two(127), -1), two(128), add(two(128), 1), add(two(128), -1),
		two(129), add(two(255), 0), add(two(256), -1), // the last reduced mod n
		new(big.Int).Sub(n, two(128)), new(big.Int).Sub(n, two(127)),
		new(big.Int).Lsh(add(two(127), -1), 128),                                     // both 128-bit halves at 2^127−1 and 0
		new(big.Int).Or(new(big.Int).Lsh(add(two(128), -1), 128), add(two(128), -1)), // > n, reduced
		new(big.Int).Or(new(big.Int).Lsh(add(two(127), -1), 128), add(two(128), -1)),
	}
	vals = append(vals, emGLVExtremes()...)
	for i := range vals {
		vals[i] = new(big.Int).Mod(vals[i], n)
	}
	return vals
}

func TestDoubleBaseEdgeScalars(t *testing.T) {
	rng := emRng(2)
	edges := emEdgeScalars()
	p := emRandPoint(rng)
	// Every pair of edge scalars would be ~2000 reference runs; pair each
	// edge with a random partner and with every other edge in -short-less
	// runs only for a subset.
	for i, a := range edges {
		emCheck(t, a, p, emRandBig(rng), new(big.Int).Mod(emRandBig(rng), reference.N))
		emCheck(t, new(big.Int).Mod(emRandBig(rng), reference.N), p, emRandBig(rng), a)
		emCheck(t, a, reference.G, big.NewInt(int64(i+2)), big.NewInt(0))
		emCheck(t, big.NewInt(0), p, nil, a)
	}
	step := 1
	if emShort() {
		step = 5
	}
	for i := 0; i < len(edges); i += step {
		for j := 0; j < len(edges); j += step {
			if (i+j)%3 != 0 {
				continue
			}
			emCheck(t, edges[i], p, big.NewInt(7), edges[j])
		}
	}
}

// TestDoubleBaseInfinity covers results at infinity and sums that pass
// through infinity, or through a doubling, in the middle of the Strauss
// loop.
func TestDoubleBaseInfinity(t *testing.T) {
	rng := emRng(3)
	n := reference.N
	neg := func(x *big.Int) *big.Int { return new(big.Int).Mod(new(big.Int).Neg(x), n) }
	mod := func(x *big.Int) *big.Int { return new(big.Int).Mod(x, n) }
	g := reference.G
	negG := reference.Neg(g)
	lamG := reference.ScalarBaseMult(reference.Lambda)
	inf := reference.Infinity()

	vals := append(emEdgeScalars()[:24:24], new(big.Int).Mod(emRandBig(rng), n), new(big.Int).Mod(emRandBig(rng), n))
	for _, x := range vals {
		z := emRandBig(rng)
		emCheck(t, x, g, z, neg(x))                                             // x·G − x·G
		emCheck(t, x, negG, z, x)                                               // x·(−G) + x·G
		emCheck(t, x, lamG, z, neg(mod(new(big.Int).Mul(x, reference.Lambda)))) // x·λG − xλ·G
		emCheck(t, x, g, z, x)                                                  // 2x·G
		emCheck(t, x, inf, nil, x)                                              // P = ∞
		emCheck(t, x, g, z, big.NewInt(0))
		emCheck(t, x, negG, z, mod(new(big.Int).Add(x, big.NewInt(1))))
	}
	emCheck(t, big.NewInt(0), inf, nil, big.NewInt(0))
	emCheck(t, big.NewInt(0), g, nil, big.NewInt(0))

	// Mid-way infinity: with P = −G, a = c·2^e and b = c·2^e + d (d far
	// below 2^e, a below 2^126 so that its GLV split is (a, 0)), the top
	// digits of a and b cancel: the accumulator is infinity right after
	// position e and then accumulates d·G. With P = G and b = a the same
	// positions produce a doubling inside the addition.
	for _, e := range []uint{60, 100, 110, 120} {
		for _, c := range []int64{1, 3, 0x7ff1, 12345} {
			for _, d := range []int64{0, 1, -1, 77, 1 << 20} {
				a := new(big.Int).Lsh(big.NewInt(c), e)
				b := mod(new(big.Int).Add(a, big.NewInt(d)))
				emCheck(t, a, negG, emRandBig(rng), b)
				emCheck(t, a, g, emRandBig(rng), b)
				emCheck(t, a, g, emRandBig(rng), neg(b))
				emCheck(t, neg(a), g, emRandBig(rng), b)
			}
		}
	}
	// The same through the 2^128·G table: b = c·2^(128+e) + d against
	// P = 2^128·G with a = −c·2^e.
	g128 := reference.ScalarBaseMult(new(big.Int).Lsh(big.NewInt(1), 128))
	for _, e := range []uint{20, 60, 100} {
		for _, c := range []int64{1, 5, 0x3fff} {
			for _, d := range []int64{0, 3, -3} {
				a := new(big.Int).Lsh(big.NewInt(c), e)
				b := mod(new(big.Int).Add(new(big.Int).Lsh(a, 128), big.NewInt(d)))
				emCheck(t, neg(a), g128, emRandBig(rng), b)
				emCheck(t, a, g128, emRandBig(rng), b)
			}
		}
	}
}

// TestMulVar compares MulVar with the reference.
func TestMulVar(t *testing.T) {
	rng := emRng(4)
	iters := 200
	if emShort() {
		iters = 30
	}
	for i := 0; i < iters; i++ {
		a := new(big.Int).Mod(emRandBig(rng), reference.N)
		emCheck(t, a, emRandPoint(rng), emRandBig(rng), big.NewInt(0))
	}
}

// TestDoubleBaseWindows runs the engine with G tables for every window
// from 2 to 16, built at run time, to show that the window is only a
// tuning knob.
func TestDoubleBaseWindows(t *testing.T) {
	rng := emRng(5)
	maxW := 16
	if emShort() {
		maxW = 12
	}
	for w := 2; w <= maxW; w++ {
		tg, tg128 := emTables(w)
		for i := 0; i < 8; i++ {
			a := new(big.Int).Mod(emRandBig(rng), reference.N)
			b := new(big.Int).Mod(emRandBig(rng), reference.N)
			if i == 0 {
				b.Sub(reference.N, big.NewInt(1))
			}
			p := emRandPoint(rng)
			want := reference.LinComb(a, p, b)
			as, bs := emScalar(a), emScalar(b)
			pj := emJacobian(p, emRandBig(rng))
			var r group.Jacobian
			doubleBaseVar(&r, &as, &pj, &bs, tg, tg128, uint(w))
			if got := emPoint(&r); !got.Equal(want) {
				t.Fatalf("window %d: got %v, want %v", w, got, want)
			}
		}
	}
}

// emWnafValue returns Σ d[i]·2^i.
func emWnafValue(d *wnafDigits) *big.Int {
	v := new(big.Int)
	for i := len(d) - 1; i >= 0; i-- {
		v.Lsh(v, 1)
		v.Add(v, big.NewInt(int64(d[i])))
	}
	return v
}

func TestWnaf(t *testing.T) {
	rng := emRng(6)
	max128 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
	vals := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3), big.NewInt(255), max128,
		new(big.Int).Lsh(big.NewInt(1), 127), new(big.Int).Rsh(max128, 1), new(big.Int).Lsh(big.NewInt(1), 64),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(1))}
	for i := 0; i < 300; i++ {
		v := new(big.Int).And(emRandBig(rng), max128)
		vals = append(vals, v, new(big.Int).Rsh(v, uint(rng.IntN(128))))
	}
	for w := uint(2); w <= 20; w++ {
		for _, v := range vals {
			for _, negate := range []bool{false, true} {
				var d wnafDigits
				lo := new(big.Int).And(v, new(big.Int).SetUint64(^uint64(0))).Uint64()
				hi := new(big.Int).Rsh(v, 64).Uint64()
				n := wnaf(&d, lo, hi, w, negate)
				want := v
				if negate {
					want = new(big.Int).Neg(v)
				}
				if got := emWnafValue(&d); got.Cmp(want) != 0 {
					t.Fatalf("w=%d v=%x: digits sum to %x", w, v, got)
				}
				last := -1
				for i, x := range d {
					if x == 0 {
						continue
					}
					if x%2 == 0 || x >= 1<<(w-1) || x <= -(1<<(w-1)) {
						t.Fatalf("w=%d v=%x: bad digit %d at %d", w, v, x, i)
					}
					if last >= 0 && i-last < int(w) {
						t.Fatalf("w=%d v=%x: digits at %d and %d too close", w, v, last, i)
					}
					last = i
				}
				if n != last+1 {
					t.Fatalf("w=%d v=%x: returned %d, highest digit at %d", w, v, n, last)
				}
			}
		}
	}
}

// TestWnafSigned checks the sign handling of the GLV halves.
func TestWnafSigned(t *testing.T) {
	rng := emRng(7)
	for i := 0; i < 500; i++ {
		k := emScalar(emRandBig(rng))
		var k1, k2 scalar.Scalar
		scalar.SplitLambda(&k1, &k2, &k)
		for _, h := range []*scalar.Scalar{&k1, &k2} {
			var d wnafDigits
			wnafSigned(&d, h, windowA)
			got := new(big.Int).Mod(emWnafValue(&d), reference.N)
			if got.Cmp(emBig(h)) != 0 {
				t.Fatalf("wnafSigned(%x) sums to %x", emBig(h), got)
			}
		}
	}
}

// TestOddMultiplesGlobalZ checks the table for P against the reference,
// including the λ table.
func TestOddMultiplesGlobalZ(t *testing.T) {
	rng := emRng(8)
	for it := 0; it < 20; it++ {
		p := emRandPoint(rng)
		pj := emJacobian(p, emRandBig(rng))
		var pre [tableSizeA]group.Affine
		var z = pj.Z // overwritten
		oddMultiplesGlobalZ(&pre, &z, &pj)
		for i := range pre {
			j := group.Jacobian{X: pre[i].X, Y: pre[i].Y, Z: z}
			want := reference.ScalarMult(big.NewInt(int64(2*i+1)), p)
			if got := emPoint(&j); !got.Equal(want) {
				t.Fatalf("entry %d: got %v, want %v", i, got, want)
			}
			var l group.Affine
			l.MulLambda(&pre[i])
			j = group.Jacobian{X: l.X, Y: l.Y, Z: z}
			want = reference.ScalarMult(reference.Lambda, want)
			if got := emPoint(&j); !got.Equal(want) {
				t.Fatalf("λ entry %d: got %v, want %v", i, got, want)
			}
		}
	}
}

func TestDoubleBaseAllocs(t *testing.T) {
	rng := emRng(9)
	as, bs := emScalar(emRandBig(rng)), emScalar(emRandBig(rng))
	pj := emJacobian(emRandPoint(rng), emRandBig(rng))
	var r group.Jacobian
	DoubleBaseVar(&r, &as, &pj, &bs) // tables in place
	if n := testing.AllocsPerRun(100, func() { DoubleBaseVar(&r, &as, &pj, &bs) }); n != 0 {
		t.Errorf("DoubleBaseVar allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { MulVar(&r, &as, &pj) }); n != 0 {
		t.Errorf("MulVar allocates %v times", n)
	}
}

func ExampleDoubleBaseVar() {
	// 3·G + 5·G = 8·G.
	var a, b scalar.Scalar
	a.SetInt(3)
	b.SetInt(5)
	var g group.Affine
	var p, r group.Jacobian
	p.SetAffine(g.SetGenerator())
	DoubleBaseVar(&r, &a, &p, &b)
	var want group.Jacobian
	b.SetInt(8)
	a.SetInt(0)
	DoubleBaseVar(&want, &a, &p, &b)
	fmt.Println(r.EqualVar(&want))
	// Output: true
}
