package wnaf

import (
	"encoding/binary"
	"math/big"
	mrand "math/rand/v2"
	"testing"
)

func limbsOf(x *big.Int) [4]uint64 {
	var b [32]byte
	x.FillBytes(b[:])
	var v [4]uint64
	for i := range v {
		v[i] = binary.BigEndian.Uint64(b[24-8*i:])
	}
	return v
}

// check recodes x with width w and verifies the NAF properties: the digits
// sum to x, nonzero digits are odd, below 2^(w−1) in absolute value and at
// least w apart, and top is one past the highest nonzero digit.
func check(t *testing.T, x *big.Int, w uint) {
	t.Helper()
	v := limbsOf(x)
	var d Digits
	top := Recode(&d, &v, w)
	sum := new(big.Int)
	last, highest := -1000, -1
	for i := len(d) - 1; i >= 0; i-- {
		sum.Lsh(sum, 1)
		sum.Add(sum, big.NewInt(int64(d[i])))
	}
	for i, n := range d {
		if n == 0 {
			continue
		}
		if m := int(n); m%2 == 0 || m >= 1<<(w-1) || m <= -(1<<(w-1)) {
			t.Fatalf("x=%x w=%d: digit %d at %d", x, w, n, i)
		}
		if i-last < int(w) {
			t.Fatalf("x=%x w=%d: digits at %d and %d", x, w, last, i)
		}
		last, highest = i, i
	}
	if sum.Cmp(x) != 0 {
		t.Fatalf("x=%x w=%d: digits sum to %x", x, w, sum)
	}
	if top != highest+1 {
		t.Fatalf("x=%x w=%d: top %d, highest digit at %d", x, w, top, highest)
	}
}

func TestRecode(t *testing.T) {
	one := big.NewInt(1)
	var xs []*big.Int
	for _, v := range []int64{0, 1, 2, 3, 5, 7, 8, 15, 16, 31, 127, 128, 255, 256} {
		xs = append(xs, big.NewInt(v))
	}
	max := new(big.Int).Sub(new(big.Int).Lsh(one, 256), one)
	xs = append(xs, max)
	for k := uint(1); k < 256; k++ {
		p := new(big.Int).Lsh(one, k)
		xs = append(xs, p, new(big.Int).Sub(p, one), new(big.Int).Add(p, one))
	}
	rng := mrand.New(mrand.NewPCG(1, 2))
	for range 2000 {
		var v [4]uint64
		for i := range v {
			v[i] = rng.Uint64()
		}
		// Random lengths, and runs of ones that produce carries.
		x := new(big.Int)
		for i := 3; i >= 0; i-- {
			x.Lsh(x, 64)
			x.Or(x, new(big.Int).SetUint64(v[i]))
		}
		x.Rsh(x, uint(rng.IntN(256)))
		xs = append(xs, x)
		y := new(big.Int).Lsh(one, uint(rng.IntN(256)))
		y.Sub(y, new(big.Int).Lsh(one, uint(rng.IntN(8))))
		if y.Sign() > 0 {
			xs = append(xs, y)
		}
	}
	for _, x := range xs {
		for w := uint(2); w <= 16; w++ {
			check(t, x, w)
		}
	}
}

func FuzzRecode(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint64(0), uint64(0), uint8(5))
	f.Add(^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), uint8(8))
	f.Fuzz(func(t *testing.T, a, b, c, d uint64, w uint8) {
		v := [4]uint64{a, b, c, d}
		x := new(big.Int)
		for i := 3; i >= 0; i-- {
			x.Lsh(x, 64)
			x.Or(x, new(big.Int).SetUint64(v[i]))
		}
		check(t, x, uint(w%15)+2)
	})
}

func BenchmarkRecode(b *testing.B) {
	v := [4]uint64{0x0123456789abcdef, 0xfedcba9876543210, 0x0f1e2d3c4b5a6978, 0x0877665544332211}
	var d Digits
	for b.Loop() {
		Recode(&d, &v, 5)
	}
}
