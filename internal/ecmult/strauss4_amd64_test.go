//go:build amd64 && !purego

package ecmult

import (
	"encoding/binary"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// The 4×64 engine is checked at three levels: its field kernels against
// math/big (values below 2^256, p and above included), its point operations
// against package group's (same points), and the whole loop against the
// 5×52 loop, its twin (same results on random and edge inputs, and the
// fallback when the loop meets a special case).

func requireStrauss4(t testing.TB) {
	t.Helper()
	if !useStrauss4 {
		t.Skip("the processor lacks BMI2 or ADX; the 5×52 loop runs")
	}
}

func fe4Big(a *fe4) *big.Int {
	r := new(big.Int)
	for i := 3; i >= 0; i-- {
		r.Lsh(r, 64).Or(r, new(big.Int).SetUint64(a[i]))
	}
	return r
}

func bigFe4(x *big.Int) fe4 {
	var b [32]byte
	x.FillBytes(b[:])
	var r fe4
	for i := range r {
		r[i] = binary.BigEndian.Uint64(b[24-8*i:])
	}
	return r
}

// fe4Inputs returns values below 2^256: edges (0, 1, p − 1, p, p + 1,
// 2^256 − 1, words of all ones) and random ones.
func fe4Inputs(n int) []fe4 {
	rng := emRng(41)
	p := reference.P
	one := big.NewInt(1)
	top := new(big.Int).Lsh(one, 256)
	var out []fe4
	for _, x := range []*big.Int{
		big.NewInt(0), one, new(big.Int).Sub(p, one), p, new(big.Int).Add(p, one),
		new(big.Int).Sub(top, one), new(big.Int).Sub(top, big.NewInt(0x1000003D1)),
	} {
		out = append(out, bigFe4(x))
	}
	out = append(out, fe4{^uint64(0), 0, ^uint64(0), 0}, fe4{0, ^uint64(0), 0, ^uint64(0)})
	for range n {
		out = append(out, bigFe4(emRandBig(rng)))
	}
	return out
}

func TestFe4Kernels(t *testing.T) {
	requireStrauss4(t)
	in := fe4Inputs(300)
	for i, a := range in {
		for j := i % 7; j < len(in); j += 13 {
			b := in[j]
			var r fe4
			mul4Asm(&r, &a, &b)
			want := new(big.Int).Mul(fe4Big(&a), fe4Big(&b))
			want.Mod(want, reference.P)
			if got := new(big.Int).Mod(fe4Big(&r), reference.P); got.Cmp(want) != 0 {
				t.Fatalf("mul4(%x, %x) = %x", a, b, r)
			}
			r = a
			mul4Asm(&r, &r, &b) // r = a
			if got := new(big.Int).Mod(fe4Big(&r), reference.P); got.Cmp(want) != 0 {
				t.Fatalf("mul4(r=a=%x, %x) = %x", a, b, r)
			}
		}
		var r fe4
		sqr4Asm(&r, &a)
		want := new(big.Int).Mul(fe4Big(&a), fe4Big(&a))
		want.Mod(want, reference.P)
		if got := new(big.Int).Mod(fe4Big(&r), reference.P); got.Cmp(want) != 0 {
			t.Fatalf("sqr4(%x) = %x", a, r)
		}
	}
}

// jac4Of converts a finite Jacobian point of package group.
func jac4Of(a *group.Jacobian) jac4 {
	var r jac4
	toFe4(&r.x, &a.X)
	toFe4(&r.y, &a.Y)
	toFe4(&r.z, &a.Z)
	return r
}

func jacOf4(a *jac4) group.Jacobian {
	var r group.Jacobian
	fromFe4(&r.X, &a.x)
	fromFe4(&r.Y, &a.y)
	fromFe4(&r.Z, &a.z)
	return r
}

func TestStrauss4PointOps(t *testing.T) {
	requireStrauss4(t)
	rng := emRng(42)
	for it := 0; it < 300; it++ {
		pa, pb := emRandPoint(rng), emRandPoint(rng)
		if it%10 == 0 {
			pb = pa // a = b: the additions must refuse
		}
		if it%10 == 1 {
			pb = reference.Neg(pa)
		}
		a := emJacobian(pa, emRandBig(rng))
		var ba group.Affine
		ba.X, ba.Y = emFe(pb.X), emFe(pb.Y)
		var s group.AffineStorage
		s.FromAffine(&ba)
		a4 := jac4Of(&a)

		var d4 jac4
		double4Asm(&d4, &a4)
		var d group.Jacobian
		d.Double(&a)
		if got := jacOf4(&d4); !got.EqualVar(&d) {
			t.Fatalf("double4 differs from Double")
		}
		d4 = a4
		double4Asm(&d4, &d4)
		if got := jacOf4(&d4); !got.EqualVar(&d) {
			t.Fatalf("double4 (r = a) differs from Double")
		}

		for _, neg := range []bool{false, true} {
			want := reference.Add(pa, pb)
			if neg {
				want = reference.Add(pa, reference.Neg(pb))
			}
			n := 0
			if neg {
				n = 1
			}
			var r4 jac4
			ok := add4Asm(&r4, &a4, &s, n)
			if pa.Equal(pb) || pa.Equal(reference.Neg(pb)) {
				if ok != 0 {
					t.Fatalf("add4 of ±a returned 1")
				}
				continue
			}
			if ok == 0 {
				t.Fatalf("add4 refused a general pair")
			}
			r := jacOf4(&r4)
			if got := emPoint(&r); !got.Equal(want) {
				t.Fatalf("add4 wrong")
			}
			r4 = a4
			if add4Asm(&r4, &r4, &s, n) == 0 {
				t.Fatal("add4 (r = a) refused")
			}
			r = jacOf4(&r4)
			if got := emPoint(&r); !got.Equal(want) {
				t.Fatalf("add4 (r = a) wrong")
			}
			// With bzinv: b' = (x, y, 1/zi) is the same point scaled by
			// zi on the curve of a; compare with AddZInvVar.
			zi := emFe(emRandBig(rng))
			var zi4 fe4
			toFe4(&zi4, &zi)
			var bb group.Affine
			bb.X, bb.Y = ba.X, ba.Y
			if neg {
				bb.Y.Negate(&ba.Y, 1)
			}
			var wz group.Jacobian
			wz.AddZInvVar(&a, &bb, &zi)
			if addZInv4Asm(&r4, &a4, &s, n, &zi4) != 0 {
				r = jacOf4(&r4)
				if !r.EqualVar(&wz) {
					t.Fatalf("addZInv4 differs from AddZInvVar")
				}
			}
		}
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
		as, bs := emScalar(a), emScalar(b)
		pj := emJacobian(p, emRandBig(rng))
		var got, want group.Jacobian
		doubleBaseVar(&got, &as, &pj, &bs, tableG(), tableG128(), windowG)
		useStrauss4 = false
		doubleBaseVar(&want, &as, &pj, &bs, tableG(), tableG128(), windowG)
		useStrauss4 = true
		if !got.EqualVar(&want) || got.Infinity != want.Infinity {
			t.Fatalf("a=%x P=%v b=%x: engines differ", a, p, b)
		}
		emCheckJacobian(t, &got)
	}
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
	var pre, preL [tableSizeA]group.Affine
	var z field.Element
	oddMultiplesGlobalZ(&pre, &z, &gj)
	for i := range pre {
		preL[i].MulLambda(&pre[i])
	}
	var wa1, waL, wb1, wb128 wnafDigits
	wa1[0], wb1[0] = 1, 1
	var r group.Jacobian
	if strauss4(&r, &pre, &preL, &z, &wa1, &waL, &wb1, &wb128, tableG(), tableG128(), 1) {
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
		p := reference.ScalarBaseMult(k)
		as, bs := emScalar(a), emScalar(b)
		pj := emJacobian(p, big.NewInt(5))
		var got, want group.Jacobian
		doubleBaseVar(&got, &as, &pj, &bs, tableG(), tableG128(), windowG)
		useStrauss4 = false
		doubleBaseVar(&want, &as, &pj, &bs, tableG(), tableG128(), windowG)
		useStrauss4 = true
		if !got.EqualVar(&want) || got.Infinity != want.Infinity {
			t.Fatalf("a=%x P=%v b=%x: engines differ", a, p, b)
		}
	})
}
