package ecmult

import (
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// emLift returns a point whose x is the first x ≥ seed (mod p) on the
// curve, with the y parity taken from odd.
func emLift(seed []byte, odd bool) reference.Point {
	x := new(big.Int).SetBytes(seed)
	x.Mod(x, reference.P)
	for {
		rhs := new(big.Int).Exp(x, big.NewInt(3), reference.P)
		rhs.Add(rhs, big.NewInt(7)).Mod(rhs, reference.P)
		if y := new(big.Int).ModSqrt(rhs, reference.P); y != nil {
			if (y.Bit(0) == 1) != odd {
				y.Sub(reference.P, y)
			}
			return reference.Point{X: x, Y: y}
		}
		x.Add(x, big.NewInt(1)).Mod(x, reference.P)
	}
}

// FuzzDoubleBase compares DoubleBaseVar with the reference. mode picks P
// (a lifted x, ±G, λ·G, a multiple k·G with k from pSeed, or infinity) and
// how b relates to a: as given, or b = −a·log(P) + δ with δ a small signed
// number from b's first byte, which makes the sum infinity (δ = 0) or a
// small multiple of G, and drives the Strauss loop through infinity or
// doublings when a and b share their top digits.
func FuzzDoubleBase(f *testing.F) {
	f.Add([]byte{1}, []byte{2}, []byte{3}, byte(0), []byte{5})
	f.Add([]byte{0xff, 0xff}, []byte{0x80}, []byte{}, byte(7), []byte{})
	f.Add([]byte{}, []byte{}, []byte{}, byte(3), []byte{})
	f.Add(reference.Lambda.Bytes(), []byte{0x80}, []byte{1}, byte(4*6+2), []byte{9})
	f.Add(new(big.Int).Sub(reference.N, big.NewInt(1)).Bytes(), reference.N.Bytes(), []byte{}, byte(6+1), []byte{})
	f.Add(new(big.Int).Lsh(big.NewInt(3), 110).Bytes(), []byte{0x81}, []byte{}, byte(6+2), []byte{})
	f.Fuzz(func(t *testing.T, aIn, bIn, pSeed []byte, mode byte, zIn []byte) {
		if len(aIn) > 32 || len(bIn) > 32 || len(pSeed) > 32 || len(zIn) > 32 {
			return
		}
		n := reference.N
		a := new(big.Int).Mod(new(big.Int).SetBytes(aIn), n)
		b := new(big.Int).Mod(new(big.Int).SetBytes(bIn), n)
		var p reference.Point
		var log *big.Int // discrete log of P, if known
		switch mode % 6 {
		case 0:
			p = emLift(pSeed, mode&0x80 != 0)
		case 1:
			p, log = reference.G, big.NewInt(1)
		case 2:
			p, log = reference.Neg(reference.G), new(big.Int).Sub(n, big.NewInt(1))
		case 3:
			p = reference.Infinity()
		case 4:
			p, log = reference.ScalarBaseMult(reference.Lambda), reference.Lambda
		case 5:
			log = new(big.Int).Mod(new(big.Int).SetBytes(pSeed), n)
			p = reference.ScalarBaseMult(log)
		}
		if log != nil && (mode/6)%2 == 1 {
			// b = −a·log + δ.
			var d int64
			if len(bIn) > 0 {
				d = int64(int8(bIn[0]))
			}
			b = new(big.Int).Mul(a, log)
			b.Neg(b).Add(b, big.NewInt(d)).Mod(b, n)
		}
		z := new(big.Int).SetBytes(zIn)
		want := reference.LinComb(a, p, b)
		as, bs := emScalar(a), emScalar(b)
		pj := emJacobian(p, z)
		var r group.Jacobian
		DoubleBaseVar(&r, &as, &pj, &bs)
		emCheckJacobian(t, &r)
		if got := emPoint(&r); !got.Equal(want) {
			t.Fatalf("DoubleBaseVar(a=%x, P=%v, b=%x) = %v, want %v", a, p, b, got, want)
		}
	})
}
