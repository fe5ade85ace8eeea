//go:build arm64 && !purego

package fe4

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/reference"
)

// The arm64 4×64 kernels (fe4_arm64.s) against math/big, on values below
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
