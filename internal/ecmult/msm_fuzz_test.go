package ecmult

import (
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// FuzzMulti compares every evaluation strategy of Multi (Strauss, the
// 5×52 and 4×64 Pippenger at several windows and tiny round and group
// sizes, EvalSplitVar) on sums the fuzzer builds from a small pool of
// related points (P, −P, 2P, λP, G), so that buckets meet equal and
// opposite points and sums cancel, with full, half and tiny scalars read
// from its bytes. Strauss is the reference (it is tested against math/big
// elsewhere); the sum is also checked against the reference for short
// inputs.
func FuzzMulti(f *testing.F) {
	f.Add([]byte{0x11, 0x22, 0x33}, uint8(3))
	f.Add(make([]byte, 200), uint8(0))
	f.Add([]byte("a longer seed that makes several terms of the sum, some of them equal"), uint8(7))
	base := emRandPoint(emRng(77))
	lam := func(p reference.Point) reference.Point {
		beta := new(big.Int)
		beta.SetString("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee", 16)
		return reference.Point{X: new(big.Int).Mod(new(big.Int).Mul(p.X, beta), reference.P), Y: p.Y}
	}
	pool := []reference.Point{base, reference.Neg(base), reference.Add(base, base), lam(base), reference.ScalarBaseMult(big.NewInt(1))}
	var aff []group.Affine
	for _, p := range pool {
		aff = append(aff, msmAffine(p))
	}
	evals := []struct {
		name string
		f    func(m *Multi, r *group.Jacobian)
	}{
		{"auto", (*Multi).EvalVar},
		{"pippenger 5×52 c=4 rounds 3/2", msmAffineRounds(4, 3, 2)},
		{"4×64 c=3 rounds 2 groups of 1", msmAffine4(3, 2, 4)},
		{"4×64 c=5", msmAffine4(5, 0, 0)},
		{"4×64 c=8 rounds 5", msmAffine4(8, 5, 0)},
		{"split 3", func(m *Multi, r *group.Jacobian) { m.EvalSplitVar(r, 3) }},
	}
	var m Multi
	f.Fuzz(func(t *testing.T, data []byte, gsel uint8) {
		if len(data) > 4000 {
			return
		}
		m.Reset()
		var pts []reference.Point
		var ks []*big.Int
		for len(data) >= 2 {
			sel, kind := data[0], data[1]
			data = data[2:]
			pi := int(sel) % len(pool)
			var k *big.Int
			switch kind % 4 {
			case 0: // tiny
				k = big.NewInt(int64(kind>>2) - 32)
			case 1, 2: // half, from the next 16 bytes
				n := min(16, len(data))
				k = new(big.Int).SetBytes(data[:n])
				data = data[n:]
				if kind%4 == 2 {
					k.Neg(k)
				}
			default: // full, from the next 32 bytes
				n := min(32, len(data))
				k = new(big.Int).SetBytes(data[:n])
				data = data[n:]
			}
			s := emScalar(new(big.Int).Mod(k, reference.N))
			if kind&0x80 != 0 {
				m.AddHalfVar(&aff[pi], &s)
			} else {
				m.AddVar(&aff[pi], &s)
			}
			pts = append(pts, pool[pi])
			ks = append(ks, k)
		}
		if gsel&1 == 1 {
			g := new(big.Int).SetInt64(int64(gsel) * 0x1234567)
			var gs scalar.Scalar = emScalar(g)
			m.AddGVar(&gs)
			pts = append(pts, pool[4])
			ks = append(ks, g)
		}
		var want group.Jacobian
		m.straussVar(&want)
		emCheckJacobian(t, &want)
		if len(pts) <= 8 {
			ref := reference.Infinity()
			for i := range pts {
				ref = reference.Add(ref, reference.ScalarMult(new(big.Int).Mod(ks[i], reference.N), pts[i]))
			}
			if got := emPoint(&want); !got.Equal(ref) {
				t.Fatalf("Strauss: got %v, want %v", got, ref)
			}
		}
		for _, ev := range evals {
			var r group.Jacobian
			ev.f(&m, &r)
			emCheckJacobian(t, &r)
			if r.Infinity != want.Infinity || (want.Infinity == 0 && !r.EqualVar(&want)) {
				t.Fatalf("%s differs from Strauss (%d terms)", ev.name, len(pts))
			}
		}
	})
}
