package ecmult

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// emRng returns a deterministic random source for a test.
func emRng(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x6563_6d75_6c74))
}

// emRandBig returns a uniformly random integer in [0, 2^256).
func emRandBig(rng *rand.Rand) *big.Int {
	var b [32]byte
	for i := 0; i < 32; i += 8 {
		v := rng.Uint64()
		for j := 0; j < 8; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	return new(big.Int).SetBytes(b[:])
}

// emScalar returns k mod n as a Scalar.
func emScalar(k *big.Int) scalar.Scalar {
	var b [32]byte
	new(big.Int).Mod(k, reference.N).FillBytes(b[:])
	var s scalar.Scalar
	s.SetBytes(&b)
	return s
}

// emBig returns the value of s.
func emBig(s *scalar.Scalar) *big.Int {
	var b [32]byte
	s.Bytes(&b)
	return new(big.Int).SetBytes(b[:])
}

// emFe returns x mod p as a field element (normalized).
func emFe(x *big.Int) field.Element {
	var b [32]byte
	new(big.Int).Mod(x, reference.P).FillBytes(b[:])
	var e field.Element
	e.SetBytes(&b)
	return e
}

// emJacobian returns p in Jacobian coordinates, scaled by z (if z mod p is
// nonzero), so that Z is not 1.
func emJacobian(p reference.Point, z *big.Int) group.Jacobian {
	var j group.Jacobian
	if p.Inf {
		j.SetInfinity()
		return j
	}
	var a group.Affine
	x, y := emFe(p.X), emFe(p.Y)
	a.SetXY(&x, &y)
	j.SetAffine(&a)
	if z != nil && new(big.Int).Mod(z, reference.P).Sign() != 0 {
		zz := emFe(z)
		j.Rescale(&zz)
	}
	return j
}

// emPoint returns the affine value of j.
func emPoint(j *group.Jacobian) reference.Point {
	if j.Infinity != 0 {
		return reference.Infinity()
	}
	var a group.Affine
	a.SetJacobianVar(j)
	return emAffinePoint(&a)
}

// emAffinePoint returns the value of a.
func emAffinePoint(a *group.Affine) reference.Point {
	if a.Infinity != 0 {
		return reference.Infinity()
	}
	x, y := a.X, a.Y
	x.NormalizeVar()
	y.NormalizeVar()
	var xb, yb [32]byte
	x.Bytes(&xb)
	y.Bytes(&yb)
	return reference.Point{X: new(big.Int).SetBytes(xb[:]), Y: new(big.Int).SetBytes(yb[:])}
}

// emCheckJacobian fails unless j is infinity or a finite point on the
// curve with a nonzero Z.
func emCheckJacobian(t testing.TB, j *group.Jacobian) {
	t.Helper()
	if j.Infinity != 0 {
		return
	}
	if !j.IsValidVar() {
		t.Fatalf("result is not a valid point")
	}
}

// emRandPoint returns a uniformly random finite point (random x, lifted).
func emRandPoint(rng *rand.Rand) reference.Point {
	for {
		x := new(big.Int).Mod(emRandBig(rng), reference.P)
		rhs := new(big.Int).Exp(x, big.NewInt(3), reference.P)
		rhs.Add(rhs, big.NewInt(7)).Mod(rhs, reference.P)
		y := new(big.Int).ModSqrt(rhs, reference.P)
		if y == nil {
			continue
		}
		if rng.IntN(2) == 0 {
			y.Sub(reference.P, y)
		}
		return reference.Point{X: x, Y: y}
	}
}

// emDoubleBase computes a·P + b·G with DoubleBaseVar on big-integer inputs,
// P given with Jacobian scale z, and returns the affine result.
func emDoubleBase(a *big.Int, p reference.Point, z *big.Int, b *big.Int) reference.Point {
	as, bs := emScalar(a), emScalar(b)
	pj := emJacobian(p, z)
	var r group.Jacobian
	DoubleBaseVar(&r, &as, &pj, &bs)
	return emPoint(&r)
}

// emShort reports whether to run the reduced test load.
func emShort() bool { return testing.Short() }
