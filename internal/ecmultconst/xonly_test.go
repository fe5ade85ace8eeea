package ecmultconst

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/reference"
)

// ecCheckXOnly compares MulXOnly(k, x = num/den) with the reference, for a
// random den (or none).
func ecCheckXOnly(t *testing.T, rng *rand.Rand, k *big.Int, p reference.Point, withDen, known bool) {
	t.Helper()
	want := reference.ScalarMult(k, p)
	ks := ecScalar(k)
	var num, den field.Element
	var dp *field.Element
	if withDen {
		db := new(big.Int).Rand(rng, new(big.Int).Sub(reference.P, big.NewInt(1)))
		db.Add(db, big.NewInt(1))
		nb := new(big.Int).Mul(p.X, db)
		num, den = ecFe(nb.Mod(nb, reference.P)), ecFe(db)
		dp = &den
	} else {
		num = ecFe(p.X)
	}
	numCopy := num
	var r field.Element
	r.SetInt(99)
	if !MulXOnly(&r, &num, dp, &ks, known) {
		t.Fatalf("k=%x x=%x: rejected a valid X", k, p.X)
	}
	if num != numCopy {
		t.Fatalf("num modified")
	}
	wantX := big.NewInt(0)
	if !want.Inf {
		wantX = want.X
	}
	if got := ecFeBig(&r); got.Cmp(wantX) != 0 {
		t.Fatalf("k=%x x=%x den=%v: got X %x, want %x", k, p.X, withDen, got, wantX)
	}
}

func TestMulXOnly(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	n := 200
	if testing.Short() {
		n = 20
	}
	pts := ecEdgePoints(rng)
	ks := ecEdgeScalars(Window)
	for i := range n {
		p := ecRandPoint(rng)
		if i < len(pts) && !pts[i].Inf {
			p = pts[i]
		}
		k := new(big.Int).Rand(rng, ecN)
		if i < len(ks) {
			k = ks[i]
		}
		ecCheckXOnly(t, rng, k, p, i%2 == 0, i%3 == 0)
	}
}

func TestMulXOnlyNotOnCurve(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	k := ecScalar(big.NewInt(5))
	found := 0
	for found < 20 {
		x := new(big.Int).Rand(rng, reference.P)
		if _, ok := ecLiftX(x, false); ok {
			continue
		}
		found++
		num := ecFe(x)
		r := ecFe(big.NewInt(77))
		if MulXOnly(&r, &num, nil, &k, false) {
			t.Fatalf("x=%x: accepted an X with no point", x)
		}
		if ecFeBig(&r).Int64() != 77 {
			t.Fatalf("r modified on failure")
		}
		// The same X as a fraction.
		d := new(big.Int).Rand(rng, reference.P)
		d.Add(d, big.NewInt(1)).Mod(d, reference.P)
		if d.Sign() == 0 {
			continue
		}
		nb := new(big.Int).Mul(x, d)
		num, den := ecFe(nb.Mod(nb, reference.P)), ecFe(d)
		if MulXOnly(&r, &num, &den, &k, false) {
			t.Fatalf("x=%x: accepted an X with no point (fraction)", x)
		}
	}
}

func TestMulXOnlyAllocs(t *testing.T) {
	rng := rand.New(rand.NewSource(10))
	p := ecRandPoint(rng)
	num, den := ecFe(p.X), ecFe(big.NewInt(1))
	k := ecScalar(new(big.Int).Rand(rng, ecN))
	var r field.Element
	if n := testing.AllocsPerRun(50, func() { MulXOnly(&r, &num, &den, &k, false) }); n != 0 {
		t.Errorf("MulXOnly allocates %v times per call", n)
	}
}
