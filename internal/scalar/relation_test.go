package scalar

import (
	"math/big"
	"testing"
)

// scShortBig returns the value of a Short.
func scShortBig(x Short) *big.Int {
	v := new(big.Int).SetUint64(x.Hi)
	v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(x.Lo))
	if x.Neg {
		v.Neg(v)
	}
	return v
}

// scCheckRelation checks SplitRelation(e) with math/big: A ≡ e·B (mod n),
// B ≢ 0, bs = B mod n, and returns the largest coordinate's bit length.
func scCheckRelation(t *testing.T, e *Scalar) int {
	t.Helper()
	var a, b [2]Short
	var bs Scalar
	if !SplitRelation(&a, &b, &bs, e) {
		t.Fatalf("SplitRelation(%x) failed", scBig(e))
	}
	eval := func(x [2]Short) *big.Int {
		v := new(big.Int).Mul(scShortBig(x[1]), scLambda)
		v.Add(v, scShortBig(x[0]))
		return v.Mod(v, scN)
	}
	av, bv := eval(a), eval(b)
	if bv.Sign() == 0 {
		t.Fatalf("SplitRelation(%x): B ≡ 0", scBig(e))
	}
	if bv.Cmp(scBig(&bs)) != 0 {
		t.Fatalf("SplitRelation(%x): bs = %x, B mod n = %x", scBig(e), scBig(&bs), bv)
	}
	ebv := new(big.Int).Mul(scBig(e), bv)
	if ebv.Mod(ebv, scN).Cmp(av) != 0 {
		t.Fatalf("SplitRelation(%x): A ≢ e·B", scBig(e))
	}
	m := 0
	for _, x := range [4]Short{a[0], a[1], b[0], b[1]} {
		if x.Lo == 0 && x.Hi == 0 && x.Neg {
			t.Fatalf("SplitRelation(%x): negative zero", scBig(e))
		}
		m = max(m, scShortBig(x).BitLen())
	}
	return m
}

func TestSplitRelation(t *testing.T) {
	// Edges: 0, 1, 2, n − 1, λ, −λ, λ², small multiples and powers of two,
	// the GLV basis coordinates, and values next to n/2.
	var edges []*big.Int
	for _, v := range []int64{0, 1, 2, 3, 7, -1, -2} {
		edges = append(edges, new(big.Int).Mod(big.NewInt(v), scN))
	}
	l2 := new(big.Int).Mul(scLambda, scLambda)
	edges = append(edges, scLambda, new(big.Int).Sub(scN, scLambda), l2.Mod(l2, scN),
		scA1, scA2, new(big.Int).Mod(scB1, scN), scHalfN, new(big.Int).Add(scHalfN, big.NewInt(1)))
	for _, s := range []uint{63, 64, 65, 127, 128, 129, 191, 192, 255} {
		edges = append(edges, scTwo(s), new(big.Int).Sub(scTwo(s), big.NewInt(1)))
	}
	for _, v := range edges {
		e := scFromBig(new(big.Int).Mod(v, scN))
		if m := scCheckRelation(t, &e); m > 66 {
			t.Errorf("SplitRelation(%x): a %d-bit coordinate", v, m)
		}
	}
	rng := scRng(340)
	n := 20000
	if testing.Short() {
		n = 2000
	}
	hist := map[int]int{}
	for range n {
		e := scRandom(rng)
		m := scCheckRelation(t, &e)
		hist[m]++
		if m > 66 {
			t.Errorf("SplitRelation(%x): a %d-bit coordinate", scBig(&e), m)
		}
	}
	t.Logf("largest coordinate's bits: %v", hist)
}

// FuzzSplitRelation: for any e the search may decline (the caller then
// checks the long way), but what it returns must be a relation, with
// coordinates below 2^127. Its inputs reach the structured values (small
// e, few bits set) that random ones never do.
func FuzzSplitRelation(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add([]byte{1})
	f.Add([]byte{0x0b, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30})
	f.Fuzz(func(t *testing.T, in []byte) {
		e, _ := scFuzzScalar(t, in)
		var a, b [2]Short
		var bs Scalar
		if !SplitRelation(&a, &b, &bs, &e) {
			return
		}
		if m := scCheckRelation(t, &e); m >= 127 {
			t.Errorf("SplitRelation(%x): a %d-bit coordinate", scBig(&e), m)
		}
	})
}

func BenchmarkSplitRelation(b *testing.B) {
	rng := scRng(1)
	var es [64]Scalar
	for i := range es {
		es[i] = scRandom(rng)
	}
	var a, c [2]Short
	var bs Scalar
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		SplitRelation(&a, &c, &bs, &es[i%len(es)])
	}
}
