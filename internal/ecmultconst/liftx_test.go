package ecmultconst

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/reference"
)

// ecCheckLiftX compares MulLiftX(k, x, odd) with the reference k·P for the
// point P = lift_x(x) of parity odd.
func ecCheckLiftX(t *testing.T, k *big.Int, p reference.Point) {
	t.Helper()
	want := reference.ScalarMult(k, p)
	ks := ecScalar(k)
	x := ecFe(p.X)
	odd := int(p.Y.Bit(0))
	rx, ry := ecFe(big.NewInt(99)), ecFe(big.NewInt(98))
	if MulLiftX(&rx, &ry, &x, odd, &ks) != 1 {
		t.Fatalf("k=%x x=%x: rejected a valid x", k, p.X)
	}
	if want.Inf {
		t.Fatalf("k=%x: k·P is infinity, outside MulLiftX's contract", k)
	}
	if gx, gy := ecFeBig(&rx), ecFeBig(&ry); gx.Cmp(want.X) != 0 || gy.Cmp(want.Y) != 0 {
		t.Fatalf("k=%x x=%x odd=%d: got (%x, %x), want (%x, %x)", k, p.X, odd, gx, gy, want.X, want.Y)
	}
}

func TestMulLiftX(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	n := 200
	if testing.Short() {
		n = 30
	}
	pts := ecEdgePoints(rng)
	ks := ecEdgeScalars(Window)
	for i := range n {
		p := ecRandPoint(rng)
		if i < len(pts) && !pts[i].Inf {
			p = pts[i]
		}
		if i%2 == 1 {
			p = reference.Neg(p) // the other parity for the same x
		}
		k := new(big.Int).Rand(rng, new(big.Int).Sub(ecN, big.NewInt(1)))
		k.Add(k, big.NewInt(1))
		if i < len(ks) && ks[i].Sign() != 0 && ks[i].Cmp(ecN) < 0 {
			k = ks[i]
		}
		ecCheckLiftX(t, k, p)
	}
	// k = 1, 2, n − 1 and x = 0 (x³ + 7 = 7 is not a square mod p, so the
	// smallest valid x is checked instead), the generator.
	g := reference.ScalarBaseMult(big.NewInt(1))
	for _, k := range []*big.Int{big.NewInt(1), big.NewInt(2), new(big.Int).Sub(ecN, big.NewInt(1))} {
		ecCheckLiftX(t, k, g)
		ecCheckLiftX(t, k, reference.Neg(g))
	}
	for x := int64(0); x < 20; x++ {
		for _, odd := range []bool{false, true} {
			if p, ok := ecLiftX(big.NewInt(x), odd); ok {
				ecCheckLiftX(t, big.NewInt(3), p)
			}
		}
	}
}

func TestMulLiftXNotOnCurve(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	found := 0
	for found < 40 {
		x := new(big.Int).Rand(rng, reference.P)
		if found < 10 {
			x.SetInt64(int64(found)) // 0 … 9, small values first
		}
		if _, ok := ecLiftX(x, false); ok {
			if found < 10 {
				found++
			}
			continue
		}
		found++
		fx := ecFe(x)
		k := ecScalar(new(big.Int).Add(new(big.Int).Rand(rng, new(big.Int).Sub(ecN, big.NewInt(1))), big.NewInt(1)))
		rx, ry := ecFe(big.NewInt(77)), ecFe(big.NewInt(78))
		if MulLiftX(&rx, &ry, &fx, found&1, &k) != 0 {
			t.Fatalf("x=%x: accepted an x off the curve", x)
		}
		if !rx.EqualVar(new(field.Element)) || !ry.EqualVar(new(field.Element)) {
			t.Fatalf("x=%x: outputs not zeroed", x)
		}
	}
}

// TestInvSqrt checks field.Element.InvSqrt (and so MulLiftX's
// exponentiation, either form) against math/big: a^((p−3)/4).
func TestInvSqrt(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	e := new(big.Int).Rsh(new(big.Int).Sub(reference.P, big.NewInt(3)), 2)
	vals := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(7), new(big.Int).Sub(reference.P, big.NewInt(1))}
	for range 50 {
		vals = append(vals, new(big.Int).Rand(rng, reference.P))
	}
	for _, a := range vals {
		want := new(big.Int).Exp(a, e, reference.P)
		fa := ecFe(a)
		var got, got4 field.Element
		got.InvSqrt(&fa)
		if ecFeBig(&got).Cmp(want) != 0 {
			t.Fatalf("field InvSqrt(%x) = %x, want %x", a, ecFeBig(&got), want)
		}
		invSqrt(&got4, &fa)
		if ecFeBig(&got4).Cmp(want) != 0 {
			t.Fatalf("invSqrt(%x) = %x, want %x", a, ecFeBig(&got4), want)
		}
	}
}
