package ecmultconst

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// mul4 against the reference and against mulWindow, its twin, on the edge
// scalars (those whose recoding or additions reach the formulas' special
// cases), the edge points (infinity among them, and points in inflated
// representations) and random inputs.
func checkMul4(t *testing.T, k *big.Int, p reference.Point, inflate int) {
	t.Helper()
	ks := ecScalar(k)
	a := ecAffine(p, inflate)
	var got, twin group.Jacobian
	got.X.SetInt(12345)
	mul4(&got, &a, &ks)
	mulWindow(&twin, &a, &ks, Window)
	want := reference.ScalarMult(k, p)
	if g := ecPoint(&got); !g.Equal(want) {
		t.Fatalf("mul4(k=%x, P=%s) = %s, want %s", k, ecPointString(p), ecPointString(g), ecPointString(want))
	}
	if got.Infinity != twin.Infinity || got.Infinity == 0 && !got.EqualVar(&twin) {
		t.Fatalf("mul4 and mulWindow differ for k=%x P=%s", k, ecPointString(p))
	}
}

func TestMul4(t *testing.T) {
	if !fe4.Enabled {
		t.Skip("no 4×64 assembly: Mul runs mulWindow")
	}
	rng := rand.New(rand.NewSource(31))
	pts := ecEdgePoints(rng)
	for _, k := range ecEdgeScalars(Window) {
		for i, p := range pts {
			checkMul4(t, k, p, i%4)
		}
	}
	n := 200
	if testing.Short() {
		n = 40
	}
	for i := range n {
		k := new(big.Int).SetUint64(rng.Uint64())
		k.Lsh(k, uint(rng.Intn(200))).Mod(k, ecN)
		checkMul4(t, k, ecRandPoint(rng), i%4)
	}
}

// TestCompleteGroups checks the bound behind completeGroups: it reduces
// the lattice {(x, y) : x + y·λ ≡ 0 (mod n)} (Lagrange), and checks that
// for every group mul4 adds to with fe4.AddAffineIncomplete the pairs
// (x, y) that would make an addition special, |x|, |y| < 2^(w·(m+1)) with m
// groups above, are too short to be lattice vectors (2·B² < |u|² for the
// shortest vector u, as max(|x|, |y|) ≥ |w|/√2), and that the bound fails
// for the groups that keep the complete addition (it is not loose).
func TestCompleteGroups(t *testing.T) {
	n := ecN
	lam := new(big.Int)
	lam.SetString("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72", 16)
	if new(big.Int).Exp(lam, big.NewInt(3), n).Cmp(big.NewInt(1)) != 0 {
		t.Fatal("λ³ ≠ 1")
	}
	dot := func(a, b [2]*big.Int) *big.Int {
		r := new(big.Int).Mul(a[0], b[0])
		return r.Add(r, new(big.Int).Mul(a[1], b[1]))
	}
	u := [2]*big.Int{new(big.Int).Set(n), big.NewInt(0)}
	v := [2]*big.Int{new(big.Int).Neg(lam), big.NewInt(1)}
	for {
		if dot(u, u).Cmp(dot(v, v)) > 0 {
			u, v = v, u
		}
		// q = round(u·v / u·u)
		num, den := dot(u, v), dot(u, u)
		q := new(big.Int).Add(new(big.Int).Lsh(num, 1), den)
		q.Div(q, new(big.Int).Lsh(den, 1))
		if q.Sign() == 0 {
			break
		}
		v = [2]*big.Int{new(big.Int).Sub(v[0], new(big.Int).Mul(q, u[0])), new(big.Int).Sub(v[1], new(big.Int).Mul(q, u[1]))}
	}
	// u is a shortest nonzero vector: check it is in the lattice.
	chk := new(big.Int).Add(u[0], new(big.Int).Mul(u[1], lam))
	if chk.Mod(chk, n).Sign() != 0 || dot(u, v).CmpAbs(new(big.Int).Rsh(dot(u, u), 1)) > 0 {
		t.Fatal("lattice reduction went wrong")
	}
	uu := dot(u, u)
	groups := int(numBits(Window) / Window)
	for g := 0; g < groups-1; g++ { // the first group's additions: m = 0 below
		m := groups - 1 - g
		b := new(big.Int).Lsh(big.NewInt(1), uint(Window*(m+1)))
		safe := new(big.Int).Lsh(new(big.Int).Mul(b, b), 1).Cmp(uu) < 0
		if g >= completeGroups && !safe {
			t.Fatalf("group %d (m = %d) uses the incomplete addition, but 2^%d is not short enough", g, m, Window*(m+1))
		}
		if g < completeGroups && safe {
			t.Fatalf("group %d could use the incomplete addition too", g)
		}
	}
	if b := big.NewInt(1 << Window); new(big.Int).Lsh(new(big.Int).Mul(b, b), 1).Cmp(uu) >= 0 {
		t.Fatal("the first group's λ addition is not safe")
	}
}
