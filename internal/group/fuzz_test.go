package group

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
)

// FuzzGroupAdd turns two byte strings into scalars k1, k2, builds
// P = k1·G and Q = k2·G with the math/big reference (or Q related to P as
// selected by mode, to reach the special cases), and checks every addition
// and doubling routine, in random Jacobian representations and magnitudes,
// against the reference.
func FuzzGroupAdd(f *testing.F) {
	f.Add([]byte{1}, []byte{2}, byte(0), int64(0))
	f.Add([]byte{7}, []byte{7}, byte(1), int64(1))
	f.Add([]byte{9}, []byte{1}, byte(2), int64(2))
	f.Add([]byte{3}, []byte{1}, byte(3), int64(3))
	f.Add([]byte{3}, []byte{1}, byte(4), int64(4))
	f.Add([]byte{5}, []byte{0}, byte(5), int64(5))
	f.Add([]byte{0}, []byte{0}, byte(0), int64(6))
	nm1 := new(big.Int).Sub(grN, big.NewInt(1)).Bytes()
	f.Add(nm1, []byte{1}, byte(0), int64(7))
	f.Fuzz(func(t *testing.T, a, b []byte, mode byte, seed int64) {
		if len(a) > 64 || len(b) > 64 {
			return
		}
		rng := rand.New(rand.NewSource(seed))
		k1 := new(big.Int).SetBytes(a)
		k2 := new(big.Int).SetBytes(b)
		p := grMulG(k1)
		var q grPoint
		switch mode % 6 {
		case 0:
			q = grMulG(k2)
		case 1:
			q = p
		case 2:
			q = grNeg(p)
		case 3: // (β·x, −y): the unified formula's degenerate case
			if p.Inf {
				q = p
			} else {
				q = grPoint{X: grMod(new(big.Int).Mul(p.X, grBeta)), Y: grMod(new(big.Int).Sub(grP, p.Y))}
			}
		case 4:
			q = grInf()
		case 5:
			q, p = p, grInf()
		}
		grAllAdds(t, rng, p, q)
		grAllAdds(t, rng, q, p)

		want := grDouble(p)
		pJ := grRandJacobian(rng, p)
		var r Jacobian
		var rz field.Element
		r.Double(&pJ)
		grCheckJ(t, "Double", &r, want)
		r.DoubleVar(&pJ, &rz)
		grCheckJ(t, "DoubleVar", &r, want)

		var pa Affine
		pa.SetJacobian(&pJ)
		grCheckA(t, "SetJacobian", &pa, p)
	})
}
