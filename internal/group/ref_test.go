package group

// An independent affine reference implementation of secp256k1 over
// math/big, used to check every operation of the package.

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/reference"
)

// The reference model itself is package internal/reference; these names
// keep the tests short.

func grHex(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("bad hex " + s)
	}
	return v
}

var (
	grP      = reference.P
	grN      = reference.N
	grLambda = reference.Lambda
	grBeta   = reference.Beta
	grGx     = reference.G.X
	grGy     = reference.G.Y
)

type grPoint = reference.Point

func grInf() grPoint                               { return reference.Infinity() }
func grG() grPoint                                 { return reference.G }
func grMod(v *big.Int) *big.Int                    { return v.Mod(v, grP) }
func grOnCurve(a grPoint) bool                     { return a.OnCurve() }
func grEq(a, b grPoint) bool                       { return a.Equal(b) }
func grNeg(a grPoint) grPoint                      { return reference.Neg(a) }
func grAdd(a, b grPoint) grPoint                   { return reference.Add(a, b) }
func grDouble(a grPoint) grPoint                   { return reference.Double(a) }
func grMul(k *big.Int, a grPoint) grPoint          { return reference.ScalarMult(k, a) }
func grMulG(k *big.Int) grPoint                    { return reference.ScalarBaseMult(k) }
func grLiftX(x *big.Int, odd bool) (grPoint, bool) { return reference.LiftX(x, odd) }

// ---- conversions between the reference and the package types ----

func grFe(v *big.Int) field.Element {
	var b [32]byte
	new(big.Int).Mod(v, grP).FillBytes(b[:])
	var e field.Element
	e.SetBytes(&b)
	return e
}

func grBig(e *field.Element) *big.Int {
	var t field.Element
	t.Set(e).Normalize()
	var b [32]byte
	t.Bytes(&b)
	return new(big.Int).SetBytes(b[:])
}

func grToAffine(a grPoint) Affine {
	if a.Inf {
		var r Affine
		return *r.SetInfinity()
	}
	x, y := grFe(a.X), grFe(a.Y)
	var r Affine
	r.SetXY(&x, &y)
	return r
}

// grToJacobian returns a Jacobian form of a with the given Z (nonzero).
func grToJacobian(a grPoint, z *big.Int) Jacobian {
	var r Jacobian
	if a.Inf {
		r.SetInfinity()
		return r
	}
	z = grMod(new(big.Int).Set(z))
	z2 := grMod(new(big.Int).Mul(z, z))
	z3 := grMod(new(big.Int).Mul(z2, z))
	r.X = grFe(new(big.Int).Mul(a.X, z2))
	r.Y = grFe(new(big.Int).Mul(a.Y, z3))
	r.Z = grFe(z)
	return r
}

// grFromAffine reads a back with math/big (no package conversion code).
func grFromAffine(a *Affine) grPoint {
	if a.Infinity != 0 {
		return grInf()
	}
	return grPoint{X: grBig(&a.X), Y: grBig(&a.Y)}
}

// grFromJacobian converts with math/big inversion (independent of
// SetJacobian).
func grFromJacobian(a *Jacobian) grPoint {
	if a.Infinity != 0 {
		return grInf()
	}
	z := grBig(&a.Z)
	if z.Sign() == 0 {
		panic("finite Jacobian point with Z = 0")
	}
	zi := new(big.Int).ModInverse(z, grP)
	zi2 := grMod(new(big.Int).Mul(zi, zi))
	zi3 := grMod(new(big.Int).Mul(zi2, zi))
	return grPoint{
		X: grMod(new(big.Int).Mul(grBig(&a.X), zi2)),
		Y: grMod(new(big.Int).Mul(grBig(&a.Y), zi3)),
	}
}

// grRandScalar returns a uniform-ish scalar in [1, n).
func grRandScalar(rng *rand.Rand) *big.Int {
	var b [32]byte
	for {
		rng.Read(b[:])
		k := new(big.Int).SetBytes(b[:])
		k.Mod(k, grN)
		if k.Sign() != 0 {
			return k
		}
	}
}

// grRandFe returns a random nonzero field value.
func grRandFe(rng *rand.Rand) *big.Int {
	var b [32]byte
	for {
		rng.Read(b[:])
		v := grMod(new(big.Int).SetBytes(b[:]))
		if v.Sign() != 0 {
			return v
		}
	}
}

// grRandPoint returns a random finite point, alternately as a multiple of G
// and by lifting a random x.
func grRandPoint(rng *rand.Rand) grPoint {
	if rng.Intn(2) == 0 {
		return grMulG(grRandScalar(rng))
	}
	for {
		if p, ok := grLiftX(grRandFe(rng), rng.Intn(2) == 1); ok {
			return p
		}
	}
}

// grRandJacobian returns a Jacobian form of a with random Z and, at random,
// coordinates pushed to the largest magnitudes the package accepts
// (X, Y ≤ 4, Z ≤ 1), so that the formulas' magnitude bookkeeping is
// exercised.
func grRandJacobian(rng *rand.Rand, a grPoint) Jacobian {
	r := grToJacobian(a, grRandFe(rng))
	if rng.Intn(2) == 0 {
		grStress(&r.X)
		grStress(&r.Y)
		grStress1(&r.Z)
	}
	return r
}

// grStress rewrites a normalized e as an equal element of magnitude 4 with
// large limbs: −(−e), the outer negation taken with bound 3.
func grStress(e *field.Element) {
	var t field.Element
	t.Negate(e, 1)  // (2)
	e.Negate(&t, 3) // (4)
}

// grStress1 rewrites e as an equal element of magnitude 1 that is not
// normalized in general (a product output).
func grStress1(e *field.Element) {
	var one field.Element
	one.One()
	e.Mul(e, &one)
}

// grRandAffine returns a with, at random, magnitude-4 coordinates.
func grRandAffine(rng *rand.Rand, a grPoint) Affine {
	r := grToAffine(a)
	if !a.Inf && rng.Intn(2) == 0 {
		grStress(&r.X)
		grStress(&r.Y)
	}
	return r
}

func TestReferenceSelfCheck(t *testing.T) {
	g := grG()
	if !grOnCurve(g) {
		t.Fatal("G not on curve")
	}
	if !grMul(grN, g).Inf {
		t.Fatal("n·G != ∞")
	}
	if !grMulG(grN).Inf {
		t.Fatal("n·G != ∞ (table)")
	}
	k := grHex("123456789abcdef0fedcba9876543210")
	if !grEq(grMul(k, g), grMulG(k)) {
		t.Fatal("grMul and grMulG disagree")
	}
	// β³ = 1 mod p, λ³ = 1 mod n.
	if new(big.Int).Exp(grBeta, big.NewInt(3), grP).Cmp(big.NewInt(1)) != 0 {
		t.Fatal("β³ != 1")
	}
	if new(big.Int).Exp(grLambda, big.NewInt(3), grN).Cmp(big.NewInt(1)) != 0 {
		t.Fatal("λ³ != 1")
	}
}
