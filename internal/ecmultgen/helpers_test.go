package ecmultgen

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// blindingValues is the test hook on the internal blinding state: the
// scalar offset (2^combBits − 1)/2 − b, the point b·G and the projective
// factor, as big integers (the point as a reference.Point).
func (c *Context) blindingValues() (offset *big.Int, ge reference.Point, proj *big.Int) {
	if !c.ok {
		c = &defaultContext
	}
	offset = bigOfScalar(&c.scalarOffset)
	ge = pointOfAffine(&c.geOffset)
	proj = bigOfElement(&c.projBlind)
	return
}

// blindScalar returns b, the blinding scalar of c.
func (c *Context) blindScalar() *big.Int {
	off, _, _ := c.blindingValues()
	b := new(big.Int).Sub(bigOfScalar(&combDiff), off)
	return b.Mod(b, reference.N)
}

func scalarOfBig(x *big.Int) scalar.Scalar {
	var buf [32]byte
	new(big.Int).Mod(x, reference.N).FillBytes(buf[:])
	var s scalar.Scalar
	if s.SetBytes(&buf) != 0 {
		panic("scalar overflow")
	}
	return s
}

func bigOfScalar(s *scalar.Scalar) *big.Int {
	var buf [32]byte
	s.Bytes(&buf)
	return new(big.Int).SetBytes(buf[:])
}

func bigOfElement(v *field.Element) *big.Int {
	t := *v
	t.NormalizeVar()
	var buf [32]byte
	t.Bytes(&buf)
	return new(big.Int).SetBytes(buf[:])
}

func pointOfAffine(a *group.Affine) reference.Point {
	if a.Infinity != 0 {
		return reference.Infinity()
	}
	return reference.Point{X: bigOfElement(&a.X), Y: bigOfElement(&a.Y)}
}

// pointOfJacobian converts r to affine (variable time) after checking that
// it respects the magnitude contract of package group as far as a test can
// see (the point is on the curve, Z nonzero).
func pointOfJacobian(t testing.TB, r *group.Jacobian) reference.Point {
	t.Helper()
	if r.Infinity != 0 && r.Infinity != 1 {
		t.Fatalf("invalid infinity flag %d", r.Infinity)
	}
	if r.Infinity == 0 && !r.IsValidVar() {
		t.Fatalf("result is not a valid curve point")
	}
	var a group.Affine
	a.SetJacobianVar(r)
	return pointOfAffine(&a)
}

func showPoint(p reference.Point) string {
	if p.Inf {
		return "infinity"
	}
	return "(" + p.X.Text(16) + ", " + p.Y.Text(16) + ")"
}

// checkMul checks c.Mul(k) against the reference k·G.
func checkMul(t testing.TB, c *Context, k *big.Int) {
	t.Helper()
	s := scalarOfBig(k)
	var r group.Jacobian
	c.Mul(&r, &s)
	got := pointOfJacobian(t, &r)
	want := reference.ScalarBaseMult(k)
	if !got.Equal(want) {
		t.Fatalf("Mul(%x):\n got %s\nwant %s", k, showPoint(got), showPoint(want))
	}
}

func randScalarBig(rng *rand.Rand) *big.Int {
	var buf [32]byte
	rng.Read(buf[:])
	return new(big.Int).Mod(new(big.Int).SetBytes(buf[:]), reference.N)
}

func hexBig(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic(s)
	}
	return x
}
