package scalar

import (
	"math/big"
	"testing"
)

var (
	scLambda = scMustHex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72")
	// Bounds on |k1| and |k2| (libsecp256k1 split_lambda_verify; derived in glv.go).
	scK1Bound = scMustHex("a2a8918ca85bafe22016d0b917e4dd77")
	scK2Bound = scMustHex("8a65287bd47179fb2be08846cea267ed")

	// GLV lattice basis (glv.go).
	scA1 = scMustHex("3086d221a7d46bcde86c90e49284eb15")
	scB1 = new(big.Int).Neg(scMustHex("e4437ed6010e88286f547fa90abfe4c3"))
	scA2 = scMustHex("114ca50f7a8e2f3f657c1108d9d44cfd8")
	scB2 = scA1
)

// scSigned returns the representative of s in (−n/2, n/2].
func scSigned(s *Scalar) *big.Int {
	v := scBig(s)
	if v.Cmp(scHalfN) > 0 {
		v.Sub(v, scN)
	}
	return v
}

// scRoundDiv returns round(x / 2^shift), halves rounded up (x ≥ 0).
func scRoundDiv(x *big.Int, shift uint) *big.Int {
	v := new(big.Int).Add(x, scTwo(shift-1))
	return v.Rsh(v, shift)
}

// scSplitModel is an independent math/big model of the split: the HMV
// algorithm with the 384-bit rounded estimates.
func scSplitModel(k *big.Int) (k1, k2 *big.Int) {
	g1 := scBig(&glvG1)
	g2 := scBig(&glvG2)
	c1 := scRoundDiv(new(big.Int).Mul(k, g1), 384)
	c2 := scRoundDiv(new(big.Int).Mul(k, g2), 384)
	k1 = new(big.Int).Sub(k, new(big.Int).Mul(c1, scA1))
	k1.Sub(k1, new(big.Int).Mul(c2, scA2))
	k2 = new(big.Int).Neg(new(big.Int).Mul(c1, scB1))
	k2.Sub(k2, new(big.Int).Mul(c2, scB2))
	return k1, k2
}

// scCheckSplit verifies SplitLambda(k) against the model and the bounds.
func scCheckSplit(t *testing.T, k *Scalar) {
	t.Helper()
	var r1, r2 Scalar
	SplitLambda(&r1, &r2, k)
	if !scValid(&r1) || !scValid(&r2) {
		t.Fatalf("SplitLambda(%x): unreduced output", scBig(k))
	}
	kb := scBig(k)
	// r1 + r2·λ ≡ k.
	sum := new(big.Int).Mul(scBig(&r2), scLambda)
	sum.Add(sum, scBig(&r1)).Mod(sum, scN)
	if sum.Cmp(kb) != 0 {
		t.Fatalf("SplitLambda(%x): r1 + r2·λ = %x", kb, sum)
	}
	s1, s2 := scSigned(&r1), scSigned(&r2)
	if new(big.Int).Abs(s1).Cmp(scK1Bound) >= 0 {
		t.Fatalf("SplitLambda(%x): |k1| = %x ≥ bound", kb, new(big.Int).Abs(s1))
	}
	if new(big.Int).Abs(s2).Cmp(scK2Bound) >= 0 {
		t.Fatalf("SplitLambda(%x): |k2| = %x ≥ bound", kb, new(big.Int).Abs(s2))
	}
	// The contract stated in the API: min(r, n−r) < 2^128.
	for _, r := range []*Scalar{&r1, &r2} {
		v := scBig(r)
		w := new(big.Int).Sub(scN, v)
		if v.Cmp(scTwo(128)) >= 0 && w.Cmp(scTwo(128)) >= 0 {
			t.Fatalf("SplitLambda(%x): half %x not within 2^128 of 0", kb, v)
		}
	}
	m1, m2 := scSplitModel(kb)
	if m1.Cmp(s1) != 0 || m2.Cmp(s2) != 0 {
		t.Fatalf("SplitLambda(%x) = (%x, %x), model (%x, %x)", kb, s1, s2, m1, m2)
	}
	// Aliasing: the outputs may overwrite k.
	a := *k
	SplitLambda(&a, &r2, &a)
	if a != r1 {
		t.Fatalf("SplitLambda(r1 = k) aliasing mismatch")
	}
	a = *k
	SplitLambda(&r1, &a, &a)
	if a != r2 {
		t.Fatalf("SplitLambda(r2 = k) aliasing mismatch")
	}
}

func TestGLVConstants(t *testing.T) {
	// λ³ ≡ 1, λ ≠ 1.
	l3 := new(big.Int).Exp(scLambda, big.NewInt(3), scN)
	if l3.Cmp(big.NewInt(1)) != 0 || scBig(&Lambda).Cmp(scLambda) != 0 {
		t.Fatal("Lambda is not a cube root of unity")
	}
	// Lattice: a_i + b_i·λ ≡ 0 and det = n.
	for i, v := range [][2]*big.Int{{scA1, scB1}, {scA2, scB2}} {
		x := new(big.Int).Mul(v[1], scLambda)
		x.Add(x, v[0]).Mod(x, scN)
		if x.Sign() != 0 {
			t.Fatalf("lattice vector %d not in lattice", i+1)
		}
	}
	det := new(big.Int).Sub(new(big.Int).Mul(scA1, scB2), new(big.Int).Mul(scA2, scB1))
	if det.Cmp(scN) != 0 {
		t.Fatal("lattice determinant is not n")
	}
	// g1 = round(2^384·b2/n), g2 = round(2^384·(−b1)/n).
	rnd := func(num *big.Int) *big.Int {
		q := new(big.Int).Add(num, new(big.Int).Rsh(scN, 1))
		return q.Div(q, scN)
	}
	if rnd(new(big.Int).Lsh(scB2, 384)).Cmp(scBig(&glvG1)) != 0 {
		t.Fatal("g1 mismatch")
	}
	if rnd(new(big.Int).Lsh(new(big.Int).Neg(scB1), 384)).Cmp(scBig(&glvG2)) != 0 {
		t.Fatal("g2 mismatch")
	}
	// Limb constants used by SplitLambda.
	limbs := func(lo, hi uint64) *big.Int {
		return new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64), new(big.Int).SetUint64(lo))
	}
	if limbs(glvA1Lo, glvA1Hi).Cmp(scA1) != 0 ||
		limbs(glvMinusB1Lo, glvMinusB1Hi).Cmp(new(big.Int).Neg(scB1)) != 0 ||
		new(big.Int).Add(limbs(glvA2Lo, glvA2Hi), scTwo(128)).Cmp(scA2) != 0 {
		t.Fatal("lattice limb constants mismatch")
	}
	// The sharp bounds: (a1 + a2 + 1)/2 and (|b1| + b2)/2 + 1, below 2^128.
	b1 := new(big.Int).Add(scA1, scA2)
	b1.Add(b1, big.NewInt(1)).Rsh(b1, 1)
	b2 := new(big.Int).Sub(scB2, scB1)
	b2.Rsh(b2, 1).Add(b2, big.NewInt(1))
	if b1.Cmp(scK1Bound) != 0 || b2.Cmp(scK2Bound) != 0 ||
		b1.Cmp(scTwo(128)) >= 0 || b2.Cmp(scTwo(128)) >= 0 {
		t.Fatal("bounds mismatch")
	}
	// The 2×2-limb products in SplitLambda stay below n: c1 ≤ a1, c2 ≤ −b1
	// at the largest k (the estimates grow with k).
	c1, c2 := scRoundDiv(new(big.Int).Mul(new(big.Int).Sub(scN, big.NewInt(1)), scBig(&glvG1)), 384),
		scRoundDiv(new(big.Int).Mul(new(big.Int).Sub(scN, big.NewInt(1)), scBig(&glvG2)), 384)
	for _, p := range []*big.Int{
		new(big.Int).Mul(c1, new(big.Int).Neg(scB1)), new(big.Int).Mul(c2, scB2),
		new(big.Int).Mul(c1, scA1), new(big.Int).Mul(c2, scA2),
	} {
		if p.Cmp(scN) >= 0 {
			t.Fatalf("product %x ≥ n", p)
		}
	}
}

func TestSplitLambdaEdges(t *testing.T) {
	vals := scEdges()
	lam := Lambda
	var negLam, lam2 Scalar
	negLam.Negate(&lam)
	lam2.Square(&lam)
	vals = append(vals, lam, negLam, lam2)
	// k = a + b·λ for a, b at and around the bounds, both signs: these land
	// the halves at (nearly) their largest size.
	for _, x := range []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(scK1Bound, big.NewInt(1)), scTwo(127)} {
		for _, y := range []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(scK2Bound, big.NewInt(1)), scTwo(127)} {
			for _, sx := range []int64{1, -1} {
				for _, sy := range []int64{1, -1} {
					k := new(big.Int).Mul(y, scLambda)
					k.Mul(k, big.NewInt(sy))
					k.Add(k, new(big.Int).Mul(x, big.NewInt(sx)))
					vals = append(vals, scFromBig(k))
				}
			}
		}
	}
	// Scalars at the rounding boundaries of c1 and c2: k·g_i/2^384 close to
	// a half-integer, where the estimate is most wrong.
	for _, g := range []*Scalar{&glvG1, &glvG2} {
		gb := scBig(g)
		for _, j := range []int64{1, 2, 3, 1000, 1 << 40} {
			// k ≈ (j + 1/2)·2^384 / g.
			num := new(big.Int).Mul(big.NewInt(2*j+1), scTwo(383))
			k := new(big.Int).Div(num, gb)
			for d := int64(-2); d <= 2; d++ {
				vals = append(vals, scFromBig(new(big.Int).Add(k, big.NewInt(d))))
			}
		}
	}
	for i := range vals {
		scCheckSplit(t, &vals[i])
	}
}

func TestSplitLambdaRandom(t *testing.T) {
	rng := scRng(20)
	for i := 0; i < scIters()*2; i++ {
		k := scRandom(rng)
		scCheckSplit(t, &k)
	}
}

// scRandBig returns a uniformly random integer in [0, 2^bits).
func scRandBig(rng interface{ Uint64() uint64 }, bits uint) *big.Int {
	v := new(big.Int)
	for i := uint(0); i < bits; i += 64 {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(rng.Uint64()))
	}
	return v.Rsh(v, (64-bits%64)%64)
}

// TestSplitLambdaExtremes searches for scalars whose halves reach their
// maximum size. The split maps k to the lattice-reduced representative
// (k1, k2) = x1·v1 + x2·v2 with x1, x2 ∈ (−1/2, 1/2], so |k1| and |k2| peak
// at the corners of that parallelogram: (v1 + v2)/2 for k1 and (v2 − v1)/2
// for k2. This builds k = x + y·λ for integer points (x, y) just inside (and
// exactly on) every corner and checks the bounds there, then asserts that
// the search really came within 2^-40 (relative) of each bound.
func TestSplitLambdaExtremes(t *testing.T) {
	rng := scRng(21)
	max1, max2 := new(big.Int), new(big.Int)
	const prec = 64
	one := scTwo(prec)
	point := func(f1, f2 *big.Int) (x, y *big.Int) {
		// (x, y) = round((f1·v1 + f2·v2) / 2^prec).
		x = new(big.Int).Add(new(big.Int).Mul(f1, scA1), new(big.Int).Mul(f2, scA2))
		y = new(big.Int).Add(new(big.Int).Mul(f1, scB1), new(big.Int).Mul(f2, scB2))
		half := scTwo(prec - 1)
		x.Add(x, half).Div(x, one) // Div floors toward −∞ (Euclidean for positive divisor)
		y.Add(y, half).Div(y, one)
		return x, y
	}
	iters := scIters() * 2
	for i := 0; i < iters; i++ {
		// f_i = ±(1/2 − δ_i) in units of 2^-prec, δ_i tiny (or zero: on the edge).
		f := [2]*big.Int{}
		for j := range f {
			d := scRandBig(rng, uint(rng.IntN(40)))
			if i%17 == 0 {
				d.SetInt64(0)
			}
			f[j] = new(big.Int).Sub(scTwo(prec-1), d)
			if rng.IntN(2) == 0 {
				f[j].Neg(f[j])
			}
		}
		x, y := point(f[0], f[1])
		k := new(big.Int).Mul(y, scLambda)
		k.Add(k, x)
		ks := scFromBig(k)
		scCheckSplit(t, &ks)
		var r1, r2 Scalar
		SplitLambda(&r1, &r2, &ks)
		if a := new(big.Int).Abs(scSigned(&r1)); a.Cmp(max1) > 0 {
			max1 = a
		}
		if a := new(big.Int).Abs(scSigned(&r2)); a.Cmp(max2) > 0 {
			max2 = a
		}
	}
	t.Logf("largest |k1| seen %x (bound %x)", max1, scK1Bound)
	t.Logf("largest |k2| seen %x (bound %x)", max2, scK2Bound)
	for i, m := range [][2]*big.Int{{max1, scK1Bound}, {max2, scK2Bound}} {
		gap := new(big.Int).Sub(m[1], m[0])
		if gap.Cmp(new(big.Int).Rsh(m[1], 40)) > 0 {
			t.Errorf("search for extreme k%d only reached %x of bound %x", i+1, m[0], m[1])
		}
	}
}

func TestSplit128(t *testing.T) {
	vals := scEdges()
	rng := scRng(22)
	for i := 0; i < scIters(); i++ {
		vals = append(vals, scRandom(rng))
	}
	for _, k := range vals {
		var r1, r2 Scalar
		Split128(&r1, &r2, &k)
		kb := scBig(&k)
		lo := new(big.Int).And(kb, new(big.Int).Sub(scTwo(128), big.NewInt(1)))
		hi := new(big.Int).Rsh(kb, 128)
		if scBig(&r1).Cmp(lo) != 0 || scBig(&r2).Cmp(hi) != 0 {
			t.Fatalf("Split128(%x) = (%x, %x)", kb, scBig(&r1), scBig(&r2))
		}
		// k = r1 + r2·2^128 exactly.
		sum := new(big.Int).Add(scBig(&r1), new(big.Int).Lsh(scBig(&r2), 128))
		if sum.Cmp(kb) != 0 {
			t.Fatal("Split128 does not recombine")
		}
		a := k
		Split128(&a, &r2, &a)
		if a != r1 {
			t.Fatal("Split128 aliasing r1")
		}
		a = k
		Split128(&r1, &a, &a)
		if a != r2 {
			t.Fatal("Split128 aliasing r2")
		}
	}
}

func TestMulShiftVar(t *testing.T) {
	for _, p := range scPairs(23) {
		a, b := p[0], p[1]
		prod := new(big.Int).Mul(scBig(&a), scBig(&b))
		for _, shift := range []uint{256, 257, 270, 272, 300, 319, 320, 321, 383, 384, 385, 400, 447, 448, 449, 500, 510, 511} {
			got := MulShiftVar(&a, &b, shift)
			want := scRoundDiv(prod, shift)
			if scBig(&got).Cmp(want) != 0 || !scValid(&got) {
				t.Fatalf("MulShiftVar(%x, %x, %d) = %x, want %x", scBig(&a), scBig(&b), shift, scBig(&got), want)
			}
		}
	}
	for _, bad := range []uint{0, 255, 512, 1000} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("MulShiftVar shift %d did not panic", bad)
				}
			}()
			var a Scalar
			MulShiftVar(&a, &a, bad)
		}()
	}
}

func TestMulShift384(t *testing.T) {
	for _, p := range scPairs(24) {
		a, b := p[0], p[1]
		lo, hi := mulShift384(&a, &b)
		want := scRoundDiv(new(big.Int).Mul(scBig(&a), scBig(&b)), 384)
		got := new(big.Int).Or(new(big.Int).Lsh(new(big.Int).SetUint64(hi), 64), new(big.Int).SetUint64(lo))
		if got.Cmp(want) != 0 {
			t.Fatalf("mulShift384(%x, %x) = %x, want %x", scBig(&a), scBig(&b), got, want)
		}
	}
}
