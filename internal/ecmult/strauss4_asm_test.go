//go:build (amd64 || arm64) && !purego

package ecmult

import (
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// The 4×64 loop (its field and point operations are tested in package fe4)
// against the 5×52 loop, its twin: the same results on random and edge
// inputs, and the fallback when the loop meets a special case.

func requireStrauss4(t testing.TB) {
	t.Helper()
	if !fe4.Enabled {
		t.Skip("no 4×64 assembly (on amd64: the processor lacks BMI2 or ADX); the 5×52 loop runs")
	}
}

// TestStrauss4MatchesLoop runs doubleBaseVar with and without the engine on
// random and edge inputs and requires the same point.
func TestStrauss4MatchesLoop(t *testing.T) {
	requireStrauss4(t)
	rng := emRng(43)
	edges := []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(3), new(big.Int).Sub(reference.N, big.NewInt(1))}
	iters := 400
	if emShort() {
		iters = 60
	}
	for it := 0; it < iters; it++ {
		a := new(big.Int).Mod(emRandBig(rng), reference.N)
		b := new(big.Int).Mod(emRandBig(rng), reference.N)
		if it < len(edges)*len(edges) {
			a, b = edges[it%len(edges)], edges[it/len(edges)]
		}
		p := emRandPoint(rng)
		if it%7 == 0 {
			p = reference.G // a·G + b·G: sums of the P and G tables can meet
		}
		checkEngines(t, a, p, emRandBig(rng), b)
	}
}

// checkEngines runs doubleBaseVar with and without the 4×64 loop and
// requires the same point.
func checkEngines(t *testing.T, a *big.Int, p reference.Point, z, b *big.Int) {
	t.Helper()
	as, bs := emScalar(a), emScalar(b)
	pj := emJacobian(p, z)
	var got, want group.Jacobian
	doubleBaseVar(&got, &as, &pj, &bs, tableG(), tableG128(), windowG)
	fe4.Enabled = false
	doubleBaseVar(&want, &as, &pj, &bs, tableG(), tableG128(), windowG)
	fe4.Enabled = true
	if !got.EqualVar(&want) || got.Infinity != want.Infinity {
		t.Fatalf("a=%x P=%v b=%x: the 4×64 and 5×52 loops differ", a, p, b)
	}
	emCheckJacobian(t, &got)
}

// TestStrauss4Fallback: 1·G + 1·G adds G to G, the special case the engine
// hands back to the 5×52 loop.
func TestStrauss4Fallback(t *testing.T) {
	requireStrauss4(t)
	var g group.Affine
	g.SetGenerator()
	var gj group.Jacobian
	gj.SetAffine(&g)
	one := emScalar(big.NewInt(1))
	var tp, tpl [tableSizeA]group.AffineStorage
	var z fe4.Element
	oddMultiples4(&tp, &tpl, &z, &gj)
	var wa1, waL, wb1, wb128 wnafDigits
	wa1[0], wb1[0] = 1, 1
	var r group.Jacobian
	if strauss4(&r, &tp, &tpl, &z, &wa1, &waL, &wb1, &wb128, tableG(), tableG128(), 1) {
		t.Fatal("the engine did not refuse G + G")
	}
	DoubleBaseVar(&r, &one, &gj, &one)
	want := reference.Double(reference.G)
	if got := emPoint(&r); !got.Equal(want) {
		t.Fatalf("1·G + 1·G = %v, want %v", got, want)
	}
}

// FuzzStrauss4 compares the engines on fuzzer-chosen scalars and points.
func FuzzStrauss4(f *testing.F) {
	f.Add([]byte{1}, []byte{2}, []byte{3})
	f.Add([]byte{0xff, 0xff}, []byte{}, []byte{7})
	f.Fuzz(func(t *testing.T, ab, bb, pb []byte) {
		requireStrauss4(t)
		a := new(big.Int).Mod(new(big.Int).SetBytes(ab), reference.N)
		b := new(big.Int).Mod(new(big.Int).SetBytes(bb), reference.N)
		k := new(big.Int).Mod(new(big.Int).SetBytes(pb), reference.N)
		if k.Sign() == 0 {
			k.SetInt64(1)
		}
		checkEngines(t, a, reference.ScalarBaseMult(k), big.NewInt(5), b)
	})
}

// TestOddMultiples4 requires the 4×64 table builder to give the tables of
// oddMultiplesGlobalZ and MulLambda: the same global Z and the same
// entries, reduced below p, for points with random and edge Z.
func TestOddMultiples4(t *testing.T) {
	requireStrauss4(t)
	rng := emRng(44)
	zs := []*big.Int{big.NewInt(1), new(big.Int).Sub(reference.P, big.NewInt(1))}
	for it := 0; it < 100; it++ {
		z := emRandBig(rng)
		if it < len(zs) {
			z = zs[it]
		}
		pj := emJacobian(emRandPoint(rng), z)
		var pre, preL [tableSizeA]group.Affine
		var zw field.Element
		oddMultiplesGlobalZ(&pre, &zw, &pj)
		var tp, tpl [tableSizeA]group.AffineStorage
		var z4 fe4.Element
		oddMultiples4(&tp, &tpl, &z4, &pj)
		var zg field.Element
		z4.ToField(&zg)
		if zg.Equal(&zw) != 1 {
			t.Fatalf("global Z differs for P = %v", pj)
		}
		for i := range pre {
			preL[i].MulLambda(&pre[i])
			var w, wl group.AffineStorage
			fe4.FromAffine(&w, &pre[i])
			fe4.FromAffine(&wl, &preL[i])
			if tp[i] != w || tpl[i] != wl {
				t.Fatalf("entry %d differs for P = %v", i, pj)
			}
		}
	}
}
