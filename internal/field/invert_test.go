package field

import (
	"math/big"
	"math/rand"
	"testing"
)

var invTestP, _ = new(big.Int).SetString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", 16)

// p in 5×52 limbs.
var invTestPLimbs = [5]uint64{0xFFFFEFFFFFC2F, 0xFFFFFFFFFFFFF, 0xFFFFFFFFFFFFF, 0xFFFFFFFFFFFFF, 0x0FFFFFFFFFFFF}

// invTestToBig evaluates the limbs of v exactly (no reduction).
func invTestToBig(v *Element) *big.Int {
	r := new(big.Int)
	for i := 4; i >= 0; i-- {
		r.Lsh(r, 52)
		r.Add(r, new(big.Int).SetUint64(v.n[i]))
	}
	return r
}

// invTestFromBig returns the normalized element for x in [0, p).
func invTestFromBig(x *big.Int) Element {
	var v Element
	t := new(big.Int).Set(x)
	m := new(big.Int).SetUint64(1<<52 - 1)
	for i := 0; i < 5; i++ {
		v.n[i] = new(big.Int).And(t, m).Uint64()
		t.Rsh(t, 52)
	}
	return v
}

// invTestInflate returns an element equal to v (mod p) but with large limbs:
// k·p is added limb-wise and, if rng is not nil, some 2^52 units are moved
// down from higher limbs. k ≤ 62 without rng, or k ≤ 61 with it, keeps the
// magnitude ≤ 32.
func invTestInflate(v Element, k uint64, rng *rand.Rand) Element {
	for i := range v.n {
		v.n[i] += k * invTestPLimbs[i]
	}
	for i := 0; i < 4; i++ {
		if rng != nil && v.n[i+1] > 0 && rng.Intn(2) == 0 {
			v.n[i+1]--
			v.n[i] += 1 << 52
		}
	}
	return v
}

func invTestIsNormalized(v *Element) bool {
	for i := 0; i < 4; i++ {
		if v.n[i] >= 1<<52 {
			return false
		}
	}
	return v.n[4] < 1<<48 && invTestToBig(v).Cmp(invTestP) < 0
}

func invTestWant(x *big.Int) *big.Int {
	x = new(big.Int).Mod(x, invTestP)
	if x.Sign() == 0 {
		return x
	}
	return new(big.Int).ModInverse(x, invTestP)
}

// invTestCheck inverts a (any representation) with both methods, plain and
// aliased, and checks the results against math/big.
func invTestCheck(t *testing.T, a Element) {
	t.Helper()
	x := invTestToBig(&a)
	want := invTestWant(x)
	for _, name := range []string{"Invert", "InvertVar"} {
		var r Element
		b := a
		if name == "Invert" {
			r.Invert(&a)
			b.Invert(&b)
		} else {
			r.InvertVar(&a)
			b.InvertVar(&b)
		}
		if invTestToBig(&a).Cmp(x) != 0 {
			t.Fatalf("%s modified its input", name)
		}
		for _, got := range []*Element{&r, &b} {
			if !invTestIsNormalized(got) {
				t.Fatalf("%s(%x): result not normalized: %x", name, a.n, got.n)
			}
			if g := invTestToBig(got); g.Cmp(want) != 0 {
				t.Fatalf("%s(%x) = %x, want %x", name, a.n, g, want)
			}
		}
		// a·a^-1 = 1 unless a = 0.
		prod := new(big.Int).Mul(x, invTestToBig(&r))
		prod.Mod(prod, invTestP)
		if wantProd := int64(1); new(big.Int).Mod(x, invTestP).Sign() == 0 {
			if prod.Sign() != 0 {
				t.Fatalf("%s(0) not 0", name)
			}
		} else if prod.Cmp(big.NewInt(wantProd)) != 0 {
			t.Fatalf("%s(%x): a·a^-1 = %x", name, x, prod)
		}
	}
}

func invTestEdges() []*big.Int {
	one := big.NewInt(1)
	var vs []*big.Int
	add := func(x *big.Int) { vs = append(vs, new(big.Int).Mod(x, invTestP)) }
	for _, v := range []int64{0, 1, 2, 3, 7} {
		add(big.NewInt(v))
	}
	add(new(big.Int).Sub(invTestP, one))
	add(new(big.Int).Sub(invTestP, big.NewInt(2)))
	add(new(big.Int).Rsh(invTestP, 1))
	add(new(big.Int).Sub(new(big.Int).Lsh(one, 256), one))
	for k := uint(0); k < 256; k += 3 {
		pk := new(big.Int).Lsh(one, k)
		add(pk)
		add(new(big.Int).Sub(invTestP, pk))
		add(new(big.Int).Sub(pk, one))
	}
	add(new(big.Int).Lsh(one, 255))
	return vs
}

func TestInvertEdges(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for _, x := range invTestEdges() {
		a := invTestFromBig(x)
		invTestCheck(t, a)
		for _, k := range []uint64{1, 7, 31, 61} {
			invTestCheck(t, invTestInflate(a, k, rng))
		}
		invTestCheck(t, invTestInflate(a, 62, nil))
	}
}

func TestInvertRandom(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewSource(12))
	for i := 0; i < n; i++ {
		a := invTestFromBig(new(big.Int).Rand(rng, invTestP))
		invTestCheck(t, a)
		invTestCheck(t, invTestInflate(a, uint64(rng.Intn(62)), rng))
	}
}

// TestInvertUnreducedLimbs feeds elements whose limbs are at their 52/48-bit
// maximum (values ≥ p, e.g. p itself and 2^256−1), which Normalize must
// reduce before conversion.
func TestInvertUnreducedLimbs(t *testing.T) {
	all := Element{n: [5]uint64{1<<52 - 1, 1<<52 - 1, 1<<52 - 1, 1<<52 - 1, 1<<48 - 1}}
	pEl := Element{n: invTestPLimbs}
	pPlus1 := pEl
	pPlus1.n[0]++
	for _, a := range []Element{all, pEl, pPlus1} {
		invTestCheck(t, a)
	}
}

func TestInvertAllocs(t *testing.T) {
	a := invTestFromBig(big.NewInt(12345))
	var r Element
	if n := testing.AllocsPerRun(100, func() { r.Invert(&a) }); n != 0 {
		t.Errorf("Invert: %v allocs", n)
	}
	if n := testing.AllocsPerRun(100, func() { r.InvertVar(&a) }); n != 0 {
		t.Errorf("InvertVar: %v allocs", n)
	}
}

func FuzzFieldInvert(f *testing.F) {
	f.Add([]byte{0}, uint8(0))
	f.Add([]byte{1}, uint8(3))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, uint8(62))
	f.Fuzz(func(t *testing.T, b []byte, k uint8) {
		if len(b) > 32 {
			b = b[:32]
		}
		x := new(big.Int).Mod(new(big.Int).SetBytes(b), invTestP)
		a := invTestFromBig(x)
		invTestCheck(t, invTestInflate(a, uint64(k%62), rand.New(rand.NewSource(int64(k)))))
	})
}

var invBenchSink Element

func invBenchInputs() []Element {
	rng := rand.New(rand.NewSource(13))
	xs := make([]Element, 64)
	for i := range xs {
		xs[i] = invTestFromBig(new(big.Int).Rand(rng, invTestP))
	}
	return xs
}

func BenchmarkInvert(b *testing.B) {
	xs := invBenchInputs()
	var r Element
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Invert(&xs[i&63])
	}
	invBenchSink = r
}

func BenchmarkInvertVar(b *testing.B) {
	xs := invBenchInputs()
	var r Element
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.InvertVar(&xs[i&63])
	}
	invBenchSink = r
}

func TestIsSquareVarJacobi(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	check := func(a Element) {
		t.Helper()
		x := new(big.Int).Mod(invTestToBig(&a), invTestP)
		want := 1
		if x.Sign() != 0 && big.Jacobi(x, invTestP) != 1 {
			want = 0
		}
		before := a
		if got := a.IsSquareVar(); got != want {
			t.Fatalf("IsSquareVar(%x) = %d, want %d", x, got, want)
		}
		if a != before {
			t.Fatal("IsSquareVar modified its receiver")
		}
	}
	for _, x := range invTestEdges() {
		a := invTestFromBig(x)
		check(a)
		check(invTestInflate(a, 61, rng))
	}
	for i := 0; i < 2000; i++ {
		x := new(big.Int).Rand(rng, invTestP)
		check(invTestFromBig(x))
		sq := new(big.Int).Mul(x, x)
		check(invTestFromBig(sq.Mod(sq, invTestP)))
		check(invTestInflate(invTestFromBig(x), uint64(rng.Intn(62)), rng))
	}
}

func BenchmarkIsSquareVar(b *testing.B) {
	xs := invBenchInputs()
	b.ReportAllocs()
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		sum += xs[i&63].IsSquareVar()
	}
	if sum < 0 {
		b.Log(sum)
	}
}

// TestIsSquareVarFallback drives IsSquareVar's fallback (JacobiVar not
// converging, result 0, which real inputs essentially never reach): the
// Sqrt-based answer must match big.Jacobi for squares and non-squares.
func TestIsSquareVarFallback(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	squares := 0
	for i := 0; i < 200; i++ {
		x := new(big.Int).Rand(rng, invTestP)
		if i%2 == 1 {
			x.Mul(x, x).Mod(x, invTestP)
		}
		if i < 2 {
			x.SetInt64(int64(i + 1)) // 1 (a square) and 2 (a square mod p too)
		}
		if x.Sign() == 0 {
			continue
		}
		want := 0
		if big.Jacobi(x, invTestP) == 1 {
			want = 1
		}
		squares += want
		a := invTestFromBig(x)
		a.NormalizeVar()
		before := a
		if got := isSquareFromJacobi(&a, 0); got != want {
			t.Fatalf("fallback for %x = %d, want %d", x, got, want)
		}
		if a != before {
			t.Fatal("fallback modified its input")
		}
		if isSquareFromJacobi(&a, 1) != 1 || isSquareFromJacobi(&a, -1) != 0 {
			t.Fatal("Jacobi ±1 not passed through")
		}
	}
	if squares < 50 || squares > 190 {
		t.Fatalf("%d squares in 200: the inputs are not mixed", squares)
	}
}
