package field

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// limbInputs returns elements whose limbs are arbitrary values within the
// magnitude-8 bounds, not only representations built from a normalized value:
// every combination of limbs at 0, at the bound, and random, plus random
// elements.
func limbInputs(r *rand.Rand, random int) []*Element {
	const m = 8
	bound := func(i int) uint64 {
		if i == 4 {
			return 2 * m * mask48
		}
		return 2 * m * mask52
	}
	var out []*Element
	var e Element
	var rec func(i int)
	rec = func(i int) {
		if i == 5 {
			v := e
			out = append(out, &v)
			return
		}
		for _, x := range []uint64{0, bound(i), r.Uint64N(bound(i) + 1)} {
			e.n[i] = x
			rec(i + 1)
		}
	}
	rec(0)
	for range random {
		var v Element
		for i := range v.n {
			v.n[i] = r.Uint64N(bound(i) + 1)
		}
		out = append(out, &v)
	}
	return out
}

// checkProduct checks that v = x·y mod p and that v's limbs are within the
// bounds the comments in mul_generic.go derive: r0…r3 below 2^52, r4 below
// 2^48 + 2^42.
func checkProduct(t *testing.T, op string, v, x, y *Element) {
	t.Helper()
	want := new(big.Int).Mul(feBig(x), feBig(y))
	if feBig(v).Cmp(want.Mod(want, bigP)) != 0 {
		t.Fatalf("%s(%x, %x) = %x: wrong value", op, x.n, y.n, v.n)
	}
	if v.n[0] > mask52 || v.n[1] > mask52 || v.n[2] > mask52 || v.n[3] > mask52 || v.n[4] >= 1<<48+1<<42 {
		t.Fatalf("%s(%x, %x) = %x: limbs out of bounds", op, x.n, y.n, v.n)
	}
}

func TestMulSquareLimbBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	in := limbInputs(r, 2000)
	var v Element
	for i, x := range in {
		squareGeneric(&v, x)
		checkProduct(t, "square", &v, x, x)
		for j := i % 7; j < len(in); j += 61 {
			mulGeneric(&v, x, in[j])
			checkProduct(t, "mul", &v, x, in[j])
		}
	}
}
