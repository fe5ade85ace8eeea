package fe4

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// Helpers of the tests on every architecture: values and points in
// big.Int and in the 4×64 form.

func toBig(a *Element) *big.Int {
	r := new(big.Int)
	for i := 3; i >= 0; i-- {
		r.Lsh(r, 64).Or(r, new(big.Int).SetUint64(a[i]))
	}
	return r
}

func fromBig(x *big.Int) Element {
	var b [32]byte
	x.FillBytes(b[:])
	var r Element
	for i := range r {
		r[i] = binary.BigEndian.Uint64(b[24-8*i:])
	}
	return r
}

func randBig(rng *rand.Rand, bits int) *big.Int {
	var b [32]byte
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	x := new(big.Int).SetBytes(b[:])
	return x.Rsh(x, uint(256-bits))
}

// inputs returns values below 2^256: edges (0, 1, p − 1, p, p + 1,
// 2^256 − 1, 2^256 − c, alternating words of ones) and random ones.
// numEdges is how many of inputs' values come first and are not random:
// the tests take every pair of them.
const numEdges = 11

func inputs(rng *rand.Rand, n int) []Element {
	p := reference.P
	one := big.NewInt(1)
	top := new(big.Int).Lsh(one, 256)
	var out []Element
	for _, x := range []*big.Int{
		big.NewInt(0), one, new(big.Int).Sub(p, one), p, new(big.Int).Add(p, one),
		new(big.Int).Sub(top, one), new(big.Int).Sub(top, big.NewInt(0x1000003D1)),
		// (2^256 − 1)·(2^256 − 1952) and (2^256 − 977)²: the reduction's
		// last carry out of 2^256 leaves t[0] ≥ 2^64 − c, so the c it
		// adds carries into t[1].
		new(big.Int).Sub(top, big.NewInt(1952)), new(big.Int).Sub(top, big.NewInt(977)),
	} {
		out = append(out, fromBig(x))
	}
	out = append(out, Element{^uint64(0), 0, ^uint64(0), 0}, Element{0, ^uint64(0), 0, ^uint64(0)})
	if len(out) != numEdges {
		panic("fe4 tests: numEdges")
	}
	for range n {
		out = append(out, fromBig(randBig(rng, 256)))
	}
	return out
}

func checkValue(t *testing.T, what string, got *Element, want *big.Int) {
	t.Helper()
	w := new(big.Int).Mod(want, reference.P)
	if g := new(big.Int).Mod(toBig(got), reference.P); g.Cmp(w) != 0 {
		t.Fatalf("%s = %x (value %x), want %x", what, *got, g, w)
	}
}

// points: random points as group.Jacobian in random representations
// (random Z, coordinates at the largest magnitudes), and their 4×64 form.
func randJacobian(rng *rand.Rand, p reference.Point) group.Jacobian {
	z := new(big.Int).Mod(randBig(rng, 256), reference.P)
	if z.Sign() == 0 {
		z.SetInt64(1)
	}
	z2 := new(big.Int).Mul(z, z)
	x := new(big.Int).Mul(p.X, z2)
	y := new(big.Int).Mul(new(big.Int).Mul(p.Y, z2), z)
	var r group.Jacobian
	r.X, r.Y, r.Z = fe(x), fe(y), fe(z)
	return r
}

func fe(x *big.Int) field.Element {
	var b [32]byte
	new(big.Int).Mod(x, reference.P).FillBytes(b[:])
	var e field.Element
	e.SetBytes(&b)
	return e
}

func of(a *group.Jacobian) Jacobian {
	var r Jacobian
	r.X.FromField(&a.X)
	r.Y.FromField(&a.Y)
	r.Z.FromField(&a.Z)
	r.Infinity = uint64(a.Infinity)
	return r
}

func samePoint(a *Jacobian, b *group.Jacobian) bool {
	var r group.Jacobian
	a.ToJacobian(&r)
	if r.Infinity != b.Infinity {
		return false
	}
	return r.Infinity == 1 || r.EqualVar(b)
}

func randPoint(rng *rand.Rand) reference.Point {
	return reference.ScalarBaseMult(randBig(rng, 256))
}

// pairs returns (a, b) with the special cases of the additions: a = b,
// a = −b, b = λ·a and λ²·a (same y, x1³ = x2³), −λ·a, and random.
func pairs(rng *rand.Rand, n int) [][2]reference.Point {
	beta := new(big.Int)
	beta.SetString("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee", 16)
	lam := func(p reference.Point) reference.Point {
		return reference.Point{X: new(big.Int).Mod(new(big.Int).Mul(p.X, beta), reference.P), Y: p.Y}
	}
	var out [][2]reference.Point
	for i := 0; i < n; i++ {
		a, b := randPoint(rng), randPoint(rng)
		out = append(out, [2]reference.Point{a, b})
		switch i % 6 {
		case 1:
			out = append(out, [2]reference.Point{a, a})
		case 2:
			out = append(out, [2]reference.Point{a, reference.Neg(a)})
		case 3:
			out = append(out, [2]reference.Point{a, lam(a)}, [2]reference.Point{a, lam(lam(a))})
		case 4:
			out = append(out, [2]reference.Point{reference.Neg(lam(a)), a})
		}
	}
	return out
}

// pointOps are the point operations under test: the exported ones (the
// assembly where there is one) or the Go forms of generic.go.
type pointOps struct {
	double            func(r, a *Jacobian)
	addAffine         func(r, a *Jacobian, b *group.AffineStorage)
	addStorageVar     func(r, a *Jacobian, b *group.AffineStorage, neg int) bool
	addStorageZInvVar func(r, a *Jacobian, b *group.AffineStorage, neg int, bzinv *Element) bool
}

// checkPointOps compares o with package group: Double, the constant-time
// AddAffine in every case, and the variable-time additions with both signs,
// on random points in random representations, with r aliasing a.
func checkPointOps(t *testing.T, o pointOps) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	for _, pq := range pairs(rng, 300) {
		a := randJacobian(rng, pq[0])
		a4 := of(&a)
		var ba group.Affine
		ba.X, ba.Y = fe(pq[1].X), fe(pq[1].Y)
		var s group.AffineStorage
		s.FromAffine(&ba)

		// Double.
		var d group.Jacobian
		d.Double(&a)
		var d4 Jacobian
		o.double(&d4, &a4)
		if !samePoint(&d4, &d) {
			t.Fatal("Double differs from group's")
		}
		d4 = a4
		o.double(&d4, &d4)
		if !samePoint(&d4, &d) {
			t.Fatal("Double (r = a) differs")
		}

		// AddAffine, constant time: every case.
		var w group.Jacobian
		w.AddAffine(&a, &ba)
		var r4 Jacobian
		o.addAffine(&r4, &a4, &s)
		if !samePoint(&r4, &w) {
			t.Fatalf("AddAffine differs from group's (a=%v b=%v)", pq[0], pq[1])
		}
		r4 = a4
		o.addAffine(&r4, &r4, &s)
		if !samePoint(&r4, &w) {
			t.Fatal("AddAffine (r = a) differs")
		}
		// a infinite: the result is b.
		inf := a4
		inf.Infinity = 1
		o.addAffine(&r4, &inf, &s)
		var bj group.Jacobian
		bj.SetAffine(&ba)
		if !samePoint(&r4, &bj) {
			t.Fatal("AddAffine(∞, b) is not b")
		}

		// The variable-time additions, both signs, with and without bzinv.
		zi := fe(randBig(rng, 256))
		var zi4 Element
		zi4.FromField(&zi)
		for _, neg := range []int{0, 1} {
			bb := ba
			if neg == 1 {
				bb.Y.Negate(&ba.Y, 1)
			}
			var wv group.Jacobian
			wv.AddAffineVar(&a, &bb, nil)
			ok := o.addStorageVar(&r4, &a4, &s, neg)
			special := pq[0].X.Cmp(pq[1].X) == 0
			if ok == special {
				t.Fatalf("AddStorageVar returned %v for a pair with equal x %v", ok, special)
			}
			if ok {
				r4.Infinity = 0
				if !samePoint(&r4, &wv) {
					t.Fatal("AddStorageVar differs from AddAffineVar")
				}
				r4 = a4
				o.addStorageVar(&r4, &r4, &s, neg)
				r4.Infinity = 0
				if !samePoint(&r4, &wv) {
					t.Fatal("AddStorageVar (r = a) differs")
				}
			}
			var wz group.Jacobian
			wz.AddZInvVar(&a, &bb, &zi)
			if o.addStorageZInvVar(&r4, &a4, &s, neg, &zi4) {
				r4.Infinity = 0
				if !samePoint(&r4, &wz) {
					t.Fatal("AddStorageZInvVar differs from AddZInvVar")
				}
			}
		}
	}
}
