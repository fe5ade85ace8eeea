package ecmultconst

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// ---- conversions between the optimized types and the math/big reference ----

func ecBigBytes(x *big.Int) *[32]byte {
	var b [32]byte
	new(big.Int).Mod(x, new(big.Int).Lsh(big.NewInt(1), 256)).FillBytes(b[:])
	return &b
}

// ecScalar returns k mod n as a Scalar.
func ecScalar(k *big.Int) scalar.Scalar {
	var s scalar.Scalar
	s.SetBytes(ecBigBytes(new(big.Int).Mod(k, reference.N)))
	return s
}

func ecScalarBig(s *scalar.Scalar) *big.Int {
	var b [32]byte
	s.Bytes(&b)
	return new(big.Int).SetBytes(b[:])
}

func ecFe(x *big.Int) field.Element {
	var e field.Element
	if e.SetBytes(ecBigBytes(x)) != 0 {
		panic("ecFe: value ≥ p")
	}
	return e
}

func ecFeBig(e *field.Element) *big.Int {
	var b [32]byte
	t := *e
	t.Normalize()
	t.Bytes(&b)
	return new(big.Int).SetBytes(b[:])
}

// ecInflate returns a representation of e with magnitude up to 4 (the group
// package's bound for affine inputs), equal to e modulo p, chosen by mode.
func ecInflate(e field.Element, mode int) field.Element {
	switch mode % 3 {
	case 1: // magnitude 3: −(−e)
		var t field.Element
		t.Negate(&e, 1)
		t.Negate(&t, 2)
		return t
	case 2: // magnitude 4: e + (a magnitude-3 representation of 0)
		var z, t field.Element
		z.Negate(&z, 2)
		t.Add(&e, &z)
		return t
	}
	return e
}

// ecAffine converts a reference point; inflate selects the representation
// of the coordinates (see ecInflate).
func ecAffine(p reference.Point, inflate int) group.Affine {
	var a group.Affine
	if p.Inf {
		a.SetInfinity()
		return a
	}
	a.X = ecInflate(ecFe(p.X), inflate)
	a.Y = ecInflate(ecFe(p.Y), inflate/3)
	return a
}

func ecPoint(r *group.Jacobian) reference.Point {
	if r.Infinity != 0 {
		return reference.Infinity()
	}
	var a group.Affine
	a.SetJacobianVar(r)
	return reference.Point{X: ecFeBig(&a.X), Y: ecFeBig(&a.Y)}
}

func ecPointString(p reference.Point) string {
	if p.Inf {
		return "infinity"
	}
	return fmt.Sprintf("(%x, %x)", p.X, p.Y)
}

// ---- inputs ----

var (
	ecN    = reference.N
	ecLam  = reference.Lambda
	ecBeta = reference.Beta
)

func ecPow2(e uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), e) }

func ecMod(x *big.Int) *big.Int { return new(big.Int).Mod(x, ecN) }

// ecLamPoint returns λ·p = (β·x, y).
func ecLamPoint(p reference.Point) reference.Point {
	if p.Inf {
		return p
	}
	x := new(big.Int).Mul(p.X, ecBeta)
	return reference.Point{X: x.Mod(x, reference.P), Y: new(big.Int).Set(p.Y)}
}

// ecRandPoint returns a uniformly random curve point, found from a random x
// by a square root (much faster than a reference scalar multiplication).
func ecRandPoint(rng *rand.Rand) reference.Point {
	for {
		x := new(big.Int).Rand(rng, reference.P)
		if p, ok := ecLiftX(x, rng.Intn(2) == 1); ok {
			return p
		}
	}
}

// ecLiftX returns the point with X coordinate x (< p) and Y parity odd, if
// there is one.
func ecLiftX(x *big.Int, odd bool) (reference.Point, bool) {
	rhs := new(big.Int).Exp(x, big.NewInt(3), reference.P)
	rhs.Add(rhs, big.NewInt(7)).Mod(rhs, reference.P)
	y := new(big.Int).ModSqrt(rhs, reference.P)
	if y == nil {
		return reference.Point{}, false
	}
	if (y.Bit(0) == 1) != odd {
		y.Sub(reference.P, y)
		y.Mod(y, reference.P)
	}
	return reference.Point{X: new(big.Int).Set(x), Y: y}, true
}

// ecK returns the recoding offset K for window w, computed independently
// with math/big: (2^l − 2^129 − 1)·(1 + λ) mod n.
func ecK(w uint) *big.Int {
	l := (129 + w - 1) / w * w
	k := new(big.Int).Sub(ecPow2(l), ecPow2(129))
	k.Sub(k, big.NewInt(1))
	k.Mul(k, new(big.Int).Add(big.NewInt(1), ecLam))
	return ecMod(k)
}

// ecFromS returns the scalar k for which the recoding's s = (k + K)/2 equals
// the given s, i.e. k = 2·s − K mod n (window w).
func ecFromS(s *big.Int, w uint) *big.Int {
	k := new(big.Int).Lsh(s, 1)
	return ecMod(k.Sub(k, ecK(w)))
}

// GLV bounds from package scalar's documentation: |k1| < ecB1, |k2| < ecB2.
var (
	ecB1, _ = new(big.Int).SetString("a2a8918ca85bafe22016d0b917e4dd77", 16)
	ecB2, _ = new(big.Int).SetString("8a65287bd47179fb2be08846cea267ed", 16)
	// The reduced lattice basis v1 = (a1, b1), v2 = (a2, b2).
	ecA1, _ = new(big.Int).SetString("3086d221a7d46bcde86c90e49284eb15", 16)
	ecMB1   = func() *big.Int {
		b, _ := new(big.Int).SetString("e4437ed6010e88286f547fa90abfe4c3", 16)
		return b.Neg(b)
	}()
	ecA2, _ = new(big.Int).SetString("114ca50f7a8e2f3f657c1108d9d44cfd8", 16)
	ecB2v   = ecA1
)

// ecEdgeScalars returns the boundary scalars for window w: the usual
// suspects, and scalars chosen through s = (k + K)/2 to put the GLV halves
// (and so v1, v2 and the digits) at their extremes.
func ecEdgeScalars(w uint) []*big.Int {
	one := big.NewInt(1)
	ks := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3),
		new(big.Int).Sub(ecN, one), new(big.Int).Sub(ecN, big.NewInt(2)),
		new(big.Int).Sub(ecN, big.NewInt(3)),
		new(big.Int).Rsh(ecN, 1), new(big.Int).Add(new(big.Int).Rsh(ecN, 1), one),
		new(big.Int).Set(ecLam), new(big.Int).Sub(ecN, ecLam),
		ecMod(new(big.Int).Mul(ecLam, ecLam)),
		new(big.Int).Add(ecLam, one), new(big.Int).Sub(ecLam, one),
		ecPow2(127), ecPow2(128), new(big.Int).Add(ecPow2(128), one),
		new(big.Int).Sub(ecPow2(128), one), ecPow2(129), new(big.Int).Sub(ecPow2(129), one),
		ecPow2(255), new(big.Int).Sub(ecPow2(256), ecN), // 2^256 mod n
		ecMod(new(big.Int).Neg(ecPow2(128))),
		ecK(w), new(big.Int).Sub(ecN, ecK(w)),
	}
	// s = x + y·λ for small and extreme halves x, y, both signs: the split
	// returns (x, y) itself when (x, y) is inside the reduced fundamental
	// domain, so v1 = 2^128 + x and v2 = 2^128 + y are at their minimum
	// (x, y near −bound), maximum (near +bound), or exactly 2^128 ± 1.
	halves1 := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), new(big.Int).Sub(ecB1, one), ecPow2(127)}
	halves2 := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), new(big.Int).Sub(ecB2, one), ecPow2(127)}
	for _, x := range halves1 {
		for _, y := range halves2 {
			for _, sx := range []int64{1, -1} {
				for _, sy := range []int64{1, -1} {
					s := new(big.Int).Mul(y, ecLam)
					s.Mul(s, big.NewInt(sy))
					s.Add(s, new(big.Int).Mul(x, big.NewInt(sx)))
					ks = append(ks, ecFromS(ecMod(s), w))
				}
			}
		}
	}
	// The corners of the fundamental domain, ±(v1 ± v2)/2, where the halves
	// reach their largest size.
	for _, c := range [][2]int64{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		x := new(big.Int).Add(new(big.Int).Mul(big.NewInt(c[0]), ecA1), new(big.Int).Mul(big.NewInt(c[1]), ecA2))
		y := new(big.Int).Add(new(big.Int).Mul(big.NewInt(c[0]), ecMB1), new(big.Int).Mul(big.NewInt(c[1]), ecB2v))
		x.Rsh(x, 1) // floor((x)/2): just inside or on the edge
		y.Rsh(y, 1)
		for d := int64(-1); d <= 1; d++ {
			s := new(big.Int).Mul(y, ecLam)
			s.Add(s, x).Add(s, big.NewInt(d))
			ks = append(ks, ecFromS(ecMod(s), w))
		}
	}
	return ks
}

// ecEdgePoints returns G, −G, λ·G, small multiples of G, multiples close to
// n, a few random points, and the point at infinity.
func ecEdgePoints(rng *rand.Rand) []reference.Point {
	g := reference.G
	pts := []reference.Point{
		g, reference.Neg(g), ecLamPoint(g), ecLamPoint(ecLamPoint(g)),
		reference.ScalarBaseMult(big.NewInt(2)), reference.ScalarBaseMult(big.NewInt(3)),
		reference.ScalarBaseMult(big.NewInt(31)),
		reference.ScalarBaseMult(new(big.Int).Sub(ecN, big.NewInt(2))),
		reference.Infinity(),
	}
	for range 3 {
		pts = append(pts, ecRandPoint(rng))
	}
	return pts
}

// ---- checks ----

// ecCheck compares mulWindow(k, p) with the reference.
func ecCheck(t testing.TB, w uint, k *big.Int, p reference.Point, inflate int) {
	t.Helper()
	want := reference.ScalarMult(k, p)
	ecCheckWant(t, w, k, p, inflate, want)
}

func ecCheckWant(t testing.TB, w uint, k *big.Int, p reference.Point, inflate int, want reference.Point) {
	t.Helper()
	ks := ecScalar(k)
	a := ecAffine(p, inflate)
	aCopy := a
	var r group.Jacobian
	// Start from garbage to make sure nothing in r is read.
	r.X.SetInt(12345)
	r.Infinity = 1
	mulWindow(&r, &a, &ks, w)
	if a != aCopy {
		t.Fatalf("w=%d: input point modified", w)
	}
	if r.Infinity == 0 && !r.IsValidVar() {
		t.Fatalf("w=%d k=%x P=%s: result not on the curve", w, k, ecPointString(p))
	}
	if got := ecPoint(&r); !got.Equal(want) {
		t.Fatalf("w=%d k=%x P=%s:\n got  %s\n want %s", w, k, ecPointString(p), ecPointString(got), ecPointString(want))
	}
}

func TestOffsetK(t *testing.T) {
	for w := uint(1); w <= maxWindow; w++ {
		if got, want := ecScalarBig(&offsetK[w]), ecK(w); got.Cmp(want) != 0 {
			t.Errorf("K(w=%d) = %x, want %x", w, got, want)
		}
	}
	// Cross-check against the constants published in libsecp256k1's
	// ecmult_const_impl.h for l = 130 (w = 5) and l = 132 (w = 4, 6).
	for _, c := range []struct {
		w uint
		k string
	}{
		{5, "a4e88a7dcb13034ec2bdd6bf7c118d6b589ae84826ba29e4b5c2c1dcde9798d9"},
		{4, "76b1d93d0fae3c6b3215874b94e938137937fe0db66bcaafb3749ca5d7b6171b"},
		{3, "ac9c52b33fa3cf1f5ad9e3fd77ed9ba4a880b9fc8ec739c2e0cfc810b51283ce"},
	} {
		want, _ := new(big.Int).SetString(c.k, 16)
		if got := ecScalarBig(&offsetK[c.w]); got.Cmp(want) != 0 {
			t.Errorf("K(w=%d) = %x, want %x", c.w, got, want)
		}
	}
}

// ecCheckRecode verifies the recoding invariants for k: v1, v2 < 2^129 and
// (2·v1 + 1 − 2^l) + (2·v2 + 1 − 2^l)·λ ≡ k (mod n), and that the digits
// read back by digit() reassemble v1 and v2.
func ecCheckRecode(t testing.TB, k *big.Int, w uint) {
	t.Helper()
	ks := ecScalar(k)
	var d1, d2 [4]uint64
	recode(&d1, &d2, &ks, w)
	l := numBits(w)
	var vs [2]*big.Int
	for i, d := range []*[4]uint64{&d1, &d2} {
		v := new(big.Int)
		for j := 3; j >= 0; j-- {
			v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(d[j]))
		}
		if v.BitLen() > 129 {
			t.Fatalf("k=%x w=%d: v%d = %x has more than 129 bits", k, w, i+1, v)
		}
		// Reassemble from the digits, top group first.
		u := new(big.Int)
		for g := int(l/w) - 1; g >= 0; g-- {
			u.Lsh(u, w).Or(u, big.NewInt(int64(digit(d, uint(g)*w, w))))
		}
		if u.Cmp(v) != 0 {
			t.Fatalf("k=%x w=%d: digits of v%d give %x, want %x", k, w, i+1, u, v)
		}
		vs[i] = v
	}
	c := func(v *big.Int) *big.Int {
		x := new(big.Int).Lsh(v, 1)
		x.Add(x, big.NewInt(1))
		return x.Sub(x, ecPow2(l))
	}
	sum := new(big.Int).Mul(c(vs[1]), ecLam)
	sum.Add(sum, c(vs[0]))
	if ecMod(sum).Cmp(ecMod(k)) != 0 {
		t.Fatalf("k=%x w=%d: recoding represents %x", k, w, ecMod(sum))
	}
}

func TestRecode(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	n := 2000
	if testing.Short() {
		n = 200
	}
	for w := uint(1); w <= maxWindow; w++ {
		for _, k := range ecEdgeScalars(w) {
			ecCheckRecode(t, k, w)
		}
		for range n {
			ecCheckRecode(t, new(big.Int).Rand(rng, ecN), w)
		}
	}
}

// TestLookup checks every digit of every window against the table of odd
// multiples (as integers, with a table of small integers standing in for
// points: X holds the multiple, Y the signed multiple), and that the result
// is finite whatever r held.
func TestLookup(t *testing.T) {
	for w := uint(1); w <= maxWindow; w++ {
		size := 1 << (w - 1)
		table := make([]group.AffineStorage, size)
		for j := range table {
			var a group.Affine
			a.X.SetInt(uint32(2*j + 1))
			a.Y.SetInt(uint32(2*j + 1))
			table[j].FromAffine(&a)
		}
		for n := uint32(0); n < 1<<w; n++ {
			var r group.Affine
			r.Infinity = 1
			lookup(&r, table, n, w)
			want := int64(2*n+1) - int64(1)<<w
			abs := want
			if abs < 0 {
				abs = -abs
			}
			x, y := ecFeBig(&r.X), ecFeBig(&r.Y)
			wy := big.NewInt(want) // as a field element: −a ↦ p − a
			if want < 0 {
				wy = new(big.Int).Sub(reference.P, big.NewInt(abs))
			}
			if x.Int64() != abs || y.Cmp(wy) != 0 || r.Infinity != 0 {
				t.Fatalf("w=%d n=%d: got (%v, %v, inf %d), want multiple %d", w, n, x, y, r.Infinity, want)
			}
		}
	}
}

func TestOddMultiplesGlobalZ(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, p := range ecEdgePoints(rng) {
		if p.Inf {
			continue
		}
		for inflate := range 9 {
			a := ecAffine(p, inflate)
			var pre [maxTable]group.Affine
			var gz field.Element
			group.OddMultiplesGlobalZ(pre[:], &gz, &a)
			want := p
			twoP := reference.Double(p)
			for j := range pre {
				var jac group.Jacobian
				jac.X, jac.Y, jac.Z = pre[j].X, pre[j].Y, gz
				if got := ecPoint(&jac); !got.Equal(want) {
					t.Fatalf("P=%s entry %d: got %s want %s", ecPointString(p), j, ecPointString(got), ecPointString(want))
				}
				want = reference.Add(want, twoP)
			}
		}
	}
}

func TestMulEdges(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	pts := ecEdgePoints(rng)
	ws := []uint{Window}
	if !testing.Short() {
		ws = []uint{1, 2, 3, 4, 5, 6}
	}
	for _, w := range ws {
		t.Run(fmt.Sprint("w=", w), func(t *testing.T) {
			t.Parallel()
			ks := ecEdgeScalars(w)
			for i, p := range pts {
				// Each scalar with a few points (all of them for the main
				// window), to keep the reference's cost in check.
				for j, k := range ks {
					if w != Window && (i+j)%4 != 0 {
						continue
					}
					ecCheck(t, w, k, p, i+j)
				}
			}
		})
	}
}

// TestMulSmall checks k·P for every k = 0 … 300 and n − 300 … n − 1,
// building the expected values by repeated addition (exercising every digit
// and sign in the low groups, and the top of the range).
func TestMulSmall(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	limit := int64(300)
	if testing.Short() {
		limit = 40
	}
	for _, p := range []reference.Point{reference.G, ecRandPoint(rng)} {
		acc := reference.Infinity()
		for k := int64(0); k <= limit; k++ {
			ecCheckWant(t, Window, big.NewInt(k), p, int(k), acc)
			// (n − k)·P = −(k·P).
			ecCheckWant(t, Window, new(big.Int).Sub(ecN, big.NewInt(k)), p, int(k)+1, reference.Neg(acc))
			acc = reference.Add(acc, p)
		}
	}
}

func TestMulRandom(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 100
	}
	const shards = 4
	for s := range shards {
		t.Run(fmt.Sprint("shard", s), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewSource(int64(100 + s)))
			for i := range n / shards {
				k := new(big.Int).Rand(rng, ecN)
				var p reference.Point
				switch i % 8 {
				case 0:
					p = reference.G
				case 1:
					// Random 128-bit scalar: exercises a short v.
					k.Rsh(k, 128)
					p = ecRandPoint(rng)
				default:
					p = ecRandPoint(rng)
				}
				ecCheck(t, Window, k, p, i)
			}
		})
	}
}

// TestMulWindows checks the other window sizes on random inputs.
func TestMulWindows(t *testing.T) {
	n := 48
	if testing.Short() {
		n = 6
	}
	for w := uint(1); w <= maxWindow; w++ {
		t.Run(fmt.Sprint("w=", w), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewSource(int64(200 + w)))
			for i := range n {
				ecCheck(t, w, new(big.Int).Rand(rng, ecN), ecRandPoint(rng), i)
			}
		})
	}
}

// TestMulLinear checks (a + b)·P = a·P + b·P and (a·b)·P = a·(b·P) on many
// random inputs, a cheap consistency test without the reference.
func TestMulLinear(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewSource(5))
	p := ecAffine(ecRandPoint(rng), 0)
	for range n {
		a, b := ecScalar(new(big.Int).Rand(rng, ecN)), ecScalar(new(big.Int).Rand(rng, ecN))
		var ab, amb scalar.Scalar
		ab.Add(&a, &b)
		amb.Mul(&a, &b)
		var ra, rb, rab, sum, rbA, r group.Jacobian
		Mul(&ra, &p, &a)
		Mul(&rb, &p, &b)
		Mul(&rab, &p, &ab)
		sum.AddVar(&ra, &rb, nil)
		if !sum.EqualVar(&rab) {
			t.Fatalf("(a+b)·P ≠ a·P + b·P")
		}
		var bp group.Affine
		bp.SetJacobianVar(&rb)
		Mul(&r, &bp, &a)
		Mul(&rbA, &p, &amb)
		if !r.EqualVar(&rbA) {
			t.Fatalf("a·(b·P) ≠ (a·b)·P")
		}
		p = bp
	}
}

func TestMulAllocs(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	p := ecAffine(ecRandPoint(rng), 0)
	k := ecScalar(new(big.Int).Rand(rng, ecN))
	var r group.Jacobian
	if n := testing.AllocsPerRun(100, func() { Mul(&r, &p, &k) }); n != 0 {
		t.Errorf("Mul allocates %v times per call", n)
	}
}
