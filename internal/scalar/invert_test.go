package scalar

import (
	"math/big"
	"math/rand"
	"testing"
)

var invTestN, _ = new(big.Int).SetString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16)

func invTestToBig(s *Scalar) *big.Int {
	r := new(big.Int)
	for i := 3; i >= 0; i-- {
		r.Lsh(r, 64)
		r.Add(r, new(big.Int).SetUint64(s.d[i]))
	}
	return r
}

// invTestFromBig returns the scalar for x in [0, n).
func invTestFromBig(x *big.Int) Scalar {
	var s Scalar
	t := new(big.Int).Set(x)
	m := new(big.Int).SetUint64(^uint64(0))
	for i := 0; i < 4; i++ {
		s.d[i] = new(big.Int).And(t, m).Uint64()
		t.Rsh(t, 64)
	}
	return s
}

// invTestCheck inverts a with both methods, plain and aliased, and checks
// the results against math/big.
func invTestCheck(t *testing.T, a Scalar) {
	t.Helper()
	x := invTestToBig(&a)
	want := new(big.Int)
	if x.Sign() != 0 {
		want.ModInverse(x, invTestN)
	}
	for _, name := range []string{"Invert", "InvertVar"} {
		var r Scalar
		b := a
		if name == "Invert" {
			r.Invert(&a)
			b.Invert(&b)
		} else {
			r.InvertVar(&a)
			b.InvertVar(&b)
		}
		if r != b {
			t.Fatalf("%s: aliased result differs", name)
		}
		got := invTestToBig(&r)
		if got.Cmp(want) != 0 {
			t.Fatalf("%s(%x) = %x, want %x", name, x, got, want)
		}
		prod := new(big.Int).Mul(x, got)
		prod.Mod(prod, invTestN)
		if x.Sign() != 0 && prod.Cmp(big.NewInt(1)) != 0 {
			t.Fatalf("%s(%x): a·a^-1 = %x", name, x, prod)
		}
	}
}

func TestInvertEdges(t *testing.T) {
	one := big.NewInt(1)
	var vs []*big.Int
	add := func(x *big.Int) { vs = append(vs, new(big.Int).Mod(x, invTestN)) }
	for _, v := range []int64{0, 1, 2, 3} {
		add(big.NewInt(v))
	}
	add(new(big.Int).Sub(invTestN, one))
	add(new(big.Int).Sub(invTestN, big.NewInt(2)))
	add(new(big.Int).Rsh(invTestN, 1))
	add(new(big.Int).Add(new(big.Int).Rsh(invTestN, 1), one))
	add(new(big.Int).Sub(new(big.Int).Lsh(one, 256), one))
	for k := uint(0); k < 256; k++ {
		pk := new(big.Int).Lsh(one, k)
		add(pk)
		add(new(big.Int).Sub(invTestN, pk))
		add(new(big.Int).Sub(pk, one))
	}
	for _, x := range vs {
		invTestCheck(t, invTestFromBig(x))
	}
}

func TestInvertRandom(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewSource(21))
	for i := 0; i < n; i++ {
		invTestCheck(t, invTestFromBig(new(big.Int).Rand(rng, invTestN)))
	}
}

func TestInvertAllocs(t *testing.T) {
	a := invTestFromBig(big.NewInt(12345))
	var r Scalar
	if n := testing.AllocsPerRun(100, func() { r.Invert(&a) }); n != 0 {
		t.Errorf("Invert: %v allocs", n)
	}
	if n := testing.AllocsPerRun(100, func() { r.InvertVar(&a) }); n != 0 {
		t.Errorf("InvertVar: %v allocs", n)
	}
}

func FuzzScalarInvert(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1})
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 32 {
			b = b[:32]
		}
		x := new(big.Int).Mod(new(big.Int).SetBytes(b), invTestN)
		invTestCheck(t, invTestFromBig(x))
	})
}

var invBenchSink Scalar

func invBenchInputs() []Scalar {
	rng := rand.New(rand.NewSource(22))
	xs := make([]Scalar, 64)
	for i := range xs {
		xs[i] = invTestFromBig(new(big.Int).Rand(rng, invTestN))
	}
	return xs
}

func BenchmarkInvert(b *testing.B) {
	xs := invBenchInputs()
	var r Scalar
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Invert(&xs[i&63])
	}
	invBenchSink = r
}

func BenchmarkInvertVar(b *testing.B) {
	xs := invBenchInputs()
	var r Scalar
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.InvertVar(&xs[i&63])
	}
	invBenchSink = r
}
