package group

// An independent affine reference implementation of secp256k1 over
// math/big, used to check every operation of the package.

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
)

func grHex(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("bad hex " + s)
	}
	return v
}

var (
	grP      = grHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
	grN      = grHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	grLambda = grHex("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72")
	grBeta   = grHex("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee")
	grGx     = grHex("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	grGy     = grHex("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8")
)

// grPoint is an affine point over math/big; inf marks infinity.
type grPoint struct {
	x, y *big.Int
	inf  bool
}

func grInf() grPoint { return grPoint{inf: true} }
func grG() grPoint   { return grPoint{x: new(big.Int).Set(grGx), y: new(big.Int).Set(grGy)} }

func grMod(v *big.Int) *big.Int { return v.Mod(v, grP) }

func grOnCurve(a grPoint) bool {
	if a.inf {
		return true
	}
	l := new(big.Int).Mul(a.y, a.y)
	r := new(big.Int).Exp(a.x, big.NewInt(3), grP)
	r.Add(r, big.NewInt(7))
	return grMod(l).Cmp(grMod(r)) == 0
}

func grEq(a, b grPoint) bool {
	if a.inf || b.inf {
		return a.inf == b.inf
	}
	return a.x.Cmp(b.x) == 0 && a.y.Cmp(b.y) == 0
}

func grNeg(a grPoint) grPoint {
	if a.inf {
		return a
	}
	return grPoint{x: new(big.Int).Set(a.x), y: grMod(new(big.Int).Sub(grP, a.y))}
}

// grAdd is the textbook chord-and-tangent addition.
func grAdd(a, b grPoint) grPoint {
	if a.inf {
		return b
	}
	if b.inf {
		return a
	}
	var lam *big.Int
	if a.x.Cmp(b.x) == 0 {
		if grMod(new(big.Int).Add(a.y, b.y)).Sign() == 0 {
			return grInf()
		}
		// tangent: λ = 3x² / 2y
		num := new(big.Int).Mul(a.x, a.x)
		num.Mul(num, big.NewInt(3))
		den := new(big.Int).Lsh(a.y, 1)
		lam = num.Mul(num, den.ModInverse(grMod(den), grP))
	} else {
		num := new(big.Int).Sub(b.y, a.y)
		den := grMod(new(big.Int).Sub(b.x, a.x))
		lam = num.Mul(num, den.ModInverse(den, grP))
	}
	grMod(lam)
	x := new(big.Int).Mul(lam, lam)
	x.Sub(x, a.x)
	x.Sub(x, b.x)
	grMod(x)
	y := new(big.Int).Sub(a.x, x)
	y.Mul(y, lam)
	y.Sub(y, a.y)
	grMod(y)
	return grPoint{x: x, y: y}
}

func grDouble(a grPoint) grPoint { return grAdd(a, a) }

// grMul computes k·a by double-and-add (k ≥ 0).
func grMul(k *big.Int, a grPoint) grPoint {
	r := grInf()
	for i := k.BitLen() - 1; i >= 0; i-- {
		r = grDouble(r)
		if k.Bit(i) == 1 {
			r = grAdd(r, a)
		}
	}
	return r
}

// grGTable[i] = 2^i·G, for fast reference multiples of G.
var grGTable = func() []grPoint {
	t := make([]grPoint, 256)
	t[0] = grG()
	for i := 1; i < 256; i++ {
		t[i] = grDouble(t[i-1])
	}
	return t
}()

// grMulG computes k·G (any k, reduced mod n) by adding table entries.
func grMulG(k *big.Int) grPoint {
	k = new(big.Int).Mod(k, grN)
	r := grInf()
	for i := 0; i < k.BitLen(); i++ {
		if k.Bit(i) == 1 {
			r = grAdd(r, grGTable[i])
		}
	}
	return r
}

// grLiftX returns the point with the given x and y parity, if any.
func grLiftX(x *big.Int, odd bool) (grPoint, bool) {
	c := new(big.Int).Exp(x, big.NewInt(3), grP)
	c.Add(c, big.NewInt(7))
	grMod(c)
	y := new(big.Int).ModSqrt(c, grP)
	if y == nil {
		return grPoint{}, false
	}
	if (y.Bit(0) == 1) != odd {
		y.Sub(grP, y)
		grMod(y)
	}
	return grPoint{x: new(big.Int).Set(x), y: y}, true
}

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
	if a.inf {
		var r Affine
		return *r.SetInfinity()
	}
	x, y := grFe(a.x), grFe(a.y)
	var r Affine
	r.SetXY(&x, &y)
	return r
}

// grToJacobian returns a Jacobian form of a with the given Z (nonzero).
func grToJacobian(a grPoint, z *big.Int) Jacobian {
	var r Jacobian
	if a.inf {
		r.SetInfinity()
		return r
	}
	z = grMod(new(big.Int).Set(z))
	z2 := grMod(new(big.Int).Mul(z, z))
	z3 := grMod(new(big.Int).Mul(z2, z))
	r.X = grFe(new(big.Int).Mul(a.x, z2))
	r.Y = grFe(new(big.Int).Mul(a.y, z3))
	r.Z = grFe(z)
	return r
}

// grFromAffine reads a back with math/big (no package conversion code).
func grFromAffine(a *Affine) grPoint {
	if a.Infinity != 0 {
		return grInf()
	}
	return grPoint{x: grBig(&a.X), y: grBig(&a.Y)}
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
		x: grMod(new(big.Int).Mul(grBig(&a.X), zi2)),
		y: grMod(new(big.Int).Mul(grBig(&a.Y), zi3)),
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
	if !a.inf && rng.Intn(2) == 0 {
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
	if !grMul(grN, g).inf {
		t.Fatal("n·G != ∞")
	}
	if !grMulG(grN).inf {
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
