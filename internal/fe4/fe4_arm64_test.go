//go:build arm64 && !purego

package fe4

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// The arm64 4×64 kernels (fe4_arm64.s) against math/big and, limb for
// limb, against their Go twins (mulGeneric), on values below
// 2^256: p and above included, and the edges where the folds carry.

func bigOf(a *[4]uint64) *big.Int {
	r := new(big.Int)
	for i := 3; i >= 0; i-- {
		r.Lsh(r, 64).Or(r, new(big.Int).SetUint64(a[i]))
	}
	return r
}

func wordsOf(x *big.Int) [4]uint64 {
	var b [32]byte
	x.FillBytes(b[:])
	var r [4]uint64
	for i := range r {
		r[i] = binary.BigEndian.Uint64(b[24-8*i:])
	}
	return r
}

// arm64Inputs: 0, 1, p − 1, p, p + 1, 2^256 − 1 and its neighbours,
// 2^256 − k − 1 … (where the fold of the carry carries again), words of
// all ones and zeros alternating, powers of two, and random values.
func arm64Inputs(rng *rand.Rand, n int) [][4]uint64 {
	p := reference.P
	one := big.NewInt(1)
	top := new(big.Int).Lsh(one, 256)
	var xs []*big.Int
	for _, d := range []int64{0, 1, 2, 977, 0x1000003D1, 0x1000003D2} {
		xs = append(xs, big.NewInt(d), new(big.Int).Sub(p, big.NewInt(d)),
			new(big.Int).Add(p, big.NewInt(d)), new(big.Int).Sub(top, big.NewInt(d+1)))
	}
	for i := 0; i < 256; i += 17 {
		xs = append(xs, new(big.Int).Lsh(one, uint(i)))
	}
	var out [][4]uint64
	for _, x := range xs {
		if x.Sign() >= 0 && x.Cmp(top) < 0 {
			out = append(out, wordsOf(x))
		}
	}
	out = append(out, [4]uint64{^uint64(0), 0, ^uint64(0), 0}, [4]uint64{0, ^uint64(0), 0, ^uint64(0)})
	for range n {
		out = append(out, [4]uint64{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()})
	}
	return out
}

func checkArm64Mul(t *testing.T, x, y *[4]uint64) {
	t.Helper()
	p := reference.P
	want := new(big.Int).Mul(bigOf(x), bigOf(y))
	want.Mod(want, p)
	var r [4]uint64
	mulAsm(&r, x, y)
	if got := bigOf(&r); new(big.Int).Mod(got, p).Cmp(want) != 0 {
		t.Fatalf("mulAsm(%x, %x) = %x, want %x mod p", *x, *y, r, want)
	}
	var g Element
	mulGeneric(&g, (*Element)(x), (*Element)(y))
	if [4]uint64(g) != r {
		t.Fatalf("mulAsm(%x, %x) = %x, its Go twin mulGeneric %x", *x, *y, r, g)
	}
	if *x == *y {
		var s [4]uint64
		squareAsm(&s, x)
		if s != r {
			t.Fatalf("squareAsm(%x) = %x, mulAsm(x, x) = %x", *x, s, r)
		}
	}
}

func TestArm64MulSquare(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 64))
	n := 600
	if testing.Short() {
		n = 150
	}
	in := arm64Inputs(rng, n)
	for i := range in {
		checkArm64Mul(t, &in[i], &in[i])
		for j := i % 3; j < len(in); j += 7 {
			checkArm64Mul(t, &in[i], &in[j])
		}
	}
}

func TestArm64Aliasing(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 64))
	for _, x := range arm64Inputs(rng, 100) {
		y := [4]uint64{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()}
		var want [4]uint64
		mulAsm(&want, &x, &y)
		v := x
		mulAsm(&v, &v, &y) // r == a
		w := y
		mulAsm(&w, &x, &w) // r == b
		if v != want || w != want {
			t.Fatalf("mulAsm aliasing: %x, %x, want %x", v, w, want)
		}
		mulAsm(&want, &x, &x)
		v = x
		mulAsm(&v, &v, &v) // r == a == b
		w = x
		squareAsm(&w, &w) // r == a
		if v != want || w != want {
			t.Fatalf("aliasing of x = %x: %x, %x, want %x", x, v, w, want)
		}
	}
}

func FuzzArm64Mul(f *testing.F) {
	f.Add(make([]byte, 64))
	ones := make([]byte, 64)
	for i := range ones {
		ones[i] = 0xff
	}
	f.Add(ones)
	f.Fuzz(func(t *testing.T, b []byte) {
		var buf [64]byte
		copy(buf[:], b)
		var x, y [4]uint64
		for i := range 4 {
			x[i] = binary.LittleEndian.Uint64(buf[8*i:])
			y[i] = binary.LittleEndian.Uint64(buf[32+8*i:])
		}
		checkArm64Mul(t, &x, &y)
		checkArm64Mul(t, &x, &x)
	})
}

// checkArm64Points compares doubleAsm, addAffineAsm, addStorageVarAsm and
// addStorageZInvVarAsm with their Go twins (doubleGeneric, addAffineGeneric,
// addStorageVarGeneric) limb for limb, on any words (they are
// defined for any values below 2^256, points or not), with r apart from
// and equal to a.
func checkArm64Points(t *testing.T, a *Jacobian, b *group.AffineStorage) {
	t.Helper()
	var r, w Jacobian
	doubleAsm(&r, a)
	doubleGeneric(&w, a)
	if r != w {
		t.Fatalf("doubleAsm(%x) = %x, its Go twin %x", *a, r, w)
	}
	r = *a
	doubleAsm(&r, &r)
	if r != w {
		t.Fatalf("doubleAsm(r = a = %x) = %x, its Go twin %x", *a, r, w)
	}
	addAffineAsm(&r, a, b)
	addAffineGeneric(&w, a, b)
	if r != w {
		t.Fatalf("addAffineAsm(%x, %x) = %x, its Go twin %x", *a, *b, r, w)
	}
	r = *a
	addAffineAsm(&r, &r, b)
	if r != w {
		t.Fatalf("addAffineAsm(r = a = %x, %x) = %x, its Go twin %x", *a, *b, r, w)
	}
	// The variable-time additions, both signs, with and without bzinv, into
	// an r holding something else (which they leave when they return 0).
	zi := Element{a.Z[1], a.X[2], b.Y[0], a.Y[3]}
	for neg := range 2 {
		for _, z := range []*Element{nil, &zi} {
			r, w = Jacobian{X: a.Y, Y: a.Z, Z: a.X, Infinity: 7}, Jacobian{X: a.Y, Y: a.Z, Z: a.X, Infinity: 7}
			var ok int
			if z == nil {
				ok = addStorageVarAsm(&r, a, b, neg)
			} else {
				ok = addStorageZInvVarAsm(&r, a, b, neg, z)
			}
			okw := addStorageVarGeneric(&w, a, b, neg, z)
			if r != w || (ok != 0) != okw || ok > 1 {
				t.Fatalf("addStorage(Z)VarAsm(%x, %x, neg %d, zinv %v) = %x, %d; its Go twin %x, %v", *a, *b, neg, z, r, ok, w, okw)
			}
			r = *a
			if z == nil {
				addStorageVarAsm(&r, &r, b, neg)
			} else {
				addStorageZInvVarAsm(&r, &r, b, neg, z)
			}
			w = *a
			addStorageVarGeneric(&w, &w, b, neg, z)
			if r != w {
				t.Fatalf("addStorage(Z)VarAsm(r = a = %x, %x, neg %d) = %x, its Go twin %x", *a, *b, neg, r, w)
			}
		}
	}
}

func TestArm64PointsTwin(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 64))
	// Points, with the special cases of the additions.
	for _, pq := range pairs(rng, 60) {
		a := randJacobian(rng, pq[0])
		a4 := of(&a)
		var ba group.Affine
		ba.X, ba.Y = fe(pq[1].X), fe(pq[1].Y)
		var s group.AffineStorage
		s.FromAffine(&ba)
		checkArm64Points(t, &a4, &s)
		a4.Infinity = 1
		checkArm64Points(t, &a4, &s)
	}
	// Edge words and random words.
	in := arm64Inputs(rng, 40)
	for i := range in {
		a := Jacobian{X: in[i], Y: in[(i+3)%len(in)], Z: in[(i+7)%len(in)], Infinity: uint64(i % 2)}
		b := group.AffineStorage{X: in[(i+11)%len(in)], Y: in[(i+13)%len(in)]}
		checkArm64Points(t, &a, &b)
	}
}

func FuzzArm64Points(f *testing.F) {
	f.Add(make([]byte, 168))
	f.Fuzz(func(t *testing.T, in []byte) {
		var buf [168]byte
		copy(buf[:], in)
		var w [21]uint64
		for i := range w {
			w[i] = binary.LittleEndian.Uint64(buf[8*i:])
		}
		a := Jacobian{X: Element(w[0:4]), Y: Element(w[4:8]), Z: Element(w[8:12]), Infinity: w[12] & 1}
		b := group.AffineStorage{X: [4]uint64(w[13:17]), Y: [4]uint64(w[17:21])}
		checkArm64Points(t, &a, &b)
	})
}

// TestArm64Enabled fails if an arm64 build does not run the engines in the
// 4×64 form, on this file's assembly.
func TestArm64Enabled(t *testing.T) {
	if !Enabled {
		t.Fatal("fe4.Enabled is false on arm64")
	}
}

// TestArm64ModelCalls runs each point operation once on ordinary points
// (the main path of each): bench/arm64model.sh traces this test under qemu
// to model the operations. As a test it checks them against package group.
func TestArm64ModelCalls(t *testing.T) {
	var g group.Affine
	g.SetGenerator()
	var gj, d group.Jacobian
	gj.SetAffine(&g)
	d.Double(&gj)
	var s group.AffineStorage
	s.FromAffine(&g)
	a := of(&gj)
	var d4, r1, r2, r3 Jacobian
	one := Element{1}
	// Twice: the model takes the second calls (a first may grow the stack).
	for range 2 {
		Double(&d4, &a) // 2G, Z ≠ 1
		AddAffine(&r1, &d4, &s)
		AddStorageVar(&r2, &d4, &s, 0)
		AddStorageZInvVar(&r3, &d4, &s, 0, &one)
	}
	var want group.Jacobian
	want.AddAffine(&d, &g)
	for _, r := range []*Jacobian{&r1, &r2, &r3} {
		r.Infinity = 0
		if !samePoint(r, &want) {
			t.Fatal("the additions of G to 2G differ from package group's")
		}
	}
	if !samePoint(&d4, &d) {
		t.Fatal("Double(G) differs from package group's")
	}
}
