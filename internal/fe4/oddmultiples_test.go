package fe4

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// OddMultiples against the reference: entry i of tp is (2i+1)·P and of tpl
// λ·(2i+1)·P = (β·x, y), both scaled to the curve of zz (x·zz², y·zz³), for
// every table length, P = G, −G and random points given with a random Z.
func TestOddMultiples(t *testing.T) {
	if !Enabled {
		t.Skip("no 4×64 assembly on this platform: the engines do not call OddMultiples")
	}
	p := reference.P
	beta, _ := new(big.Int).SetString("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee", 16)
	rng := rand.New(rand.NewSource(12))
	points := []*big.Int{big.NewInt(1), new(big.Int).Sub(reference.N, big.NewInt(1))}
	for range 6 {
		points = append(points, new(big.Int).Rand(rng, reference.N))
	}
	toBig := func(e field.Storage) *big.Int {
		var b [32]byte
		for i := range 4 {
			for j := range 8 {
				b[31-8*i-j] = byte(e[i] >> (8 * j))
			}
		}
		return new(big.Int).SetBytes(b[:])
	}
	for _, k := range points {
		ref := reference.ScalarBaseMult(k)
		// P in Jacobian form with a random Z: (x·z², y·z³, z).
		z := new(big.Int).Rand(rng, p)
		z2 := new(big.Int).Mul(z, z)
		z3 := new(big.Int).Mul(z2, z)
		var pj group.Jacobian
		setField(&pj.X, new(big.Int).Mod(new(big.Int).Mul(ref.X, z2), p))
		setField(&pj.Y, new(big.Int).Mod(new(big.Int).Mul(ref.Y, z3), p))
		setField(&pj.Z, z)
		for size := 2; size <= MaxOddMultiples; size++ {
			tp := make([]group.AffineStorage, size)
			tpl := make([]group.AffineStorage, size)
			var zz Element
			OddMultiples(tp, tpl, &zz, &pj)
			zb := toBig(field.Storage(zz.Reduced()))
			zb2 := new(big.Int).Mul(zb, zb)
			zb3 := new(big.Int).Mul(zb2, zb)
			for i := range size {
				m := reference.ScalarMult(big.NewInt(int64(2*i+1)), ref)
				wx := new(big.Int).Mod(new(big.Int).Mul(m.X, zb2), p)
				wy := new(big.Int).Mod(new(big.Int).Mul(m.Y, zb3), p)
				wl := new(big.Int).Mod(new(big.Int).Mul(wx, beta), p)
				if toBig(tp[i].X).Cmp(wx) != 0 || toBig(tp[i].Y).Cmp(wy) != 0 ||
					toBig(tpl[i].X).Cmp(wl) != 0 || toBig(tpl[i].Y).Cmp(wy) != 0 {
					t.Fatalf("k=%x size %d: entry %d is not (2i+1)·P on the curve of zz", k, size, i)
				}
			}
		}
	}
	for _, bad := range [][2]int{{1, 1}, {17, 17}, {4, 5}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("OddMultiples with lengths %v did not panic", bad)
				}
			}()
			var zz Element
			OddMultiples(make([]group.AffineStorage, bad[0]), make([]group.AffineStorage, bad[1]), &zz, &pj0)
		}()
	}
}

var pj0 = func() group.Jacobian {
	var g group.Affine
	g.SetGenerator()
	var j group.Jacobian
	j.SetAffine(&g)
	return j
}()

func setField(e *field.Element, v *big.Int) {
	var b [32]byte
	v.FillBytes(b[:])
	e.SetBytes(&b)
}
