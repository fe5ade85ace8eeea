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
