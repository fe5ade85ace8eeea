package ecmultconst

import (
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/reference"
)

// FuzzEcmultConst checks Mul (and MulXOnly, and the other window sizes)
// against reference.ScalarMult. kb is the scalar, big-endian (reduced mod
// n), or, when mode bit 0 is set, the recoding's s = (k + K)/2, so that the
// fuzzer can steer the GLV halves and digits directly. pb and mode bits 1–3
// choose the point: G, −G, λ·G, the point at infinity, j·G for j read from
// pb, or the point whose X coordinate is read from pb (the next valid X, Y
// parity from mode). Bits 4–7 choose the coordinates' representation and
// the window.
func FuzzEcmultConst(f *testing.F) {
	nm1 := new(big.Int).Sub(ecN, big.NewInt(1)).Bytes()
	f.Add([]byte{0}, []byte{1}, byte(0))
	f.Add([]byte{1}, []byte{2}, byte(2))
	f.Add(nm1, []byte{3}, byte(4))
	f.Add(ecLam.Bytes(), []byte{7}, byte(6))
	f.Add(ecPow2(128).Bytes(), []byte{9, 9}, byte(8))
	f.Add([]byte{0}, []byte{0}, byte(1))              // s = 0
	f.Add([]byte{1}, []byte{1, 2, 3}, byte(0x1b))     // s = 1
	f.Add(ecB1.Bytes(), []byte{0xff}, byte(0x35))     // s near the k1 bound
	f.Add(ecK(Window).Bytes(), []byte{5}, byte(0xf0)) // k = K
	f.Fuzz(func(t *testing.T, kb, pb []byte, mode byte) {
		if len(kb) > 40 || len(pb) > 40 {
			return
		}
		w := uint(Window)
		if mode>>7 == 1 {
			w = 1 + uint(mode>>4&7)%maxWindow
		}
		k := ecMod(new(big.Int).SetBytes(kb))
		if mode&1 == 1 {
			k = ecFromS(k, w)
		}
		var p reference.Point
		pv := new(big.Int).SetBytes(pb)
		switch mode >> 1 & 7 {
		case 0:
			p = reference.G
		case 1:
			p = reference.Neg(reference.G)
		case 2:
			p = ecLamPoint(reference.G)
		case 3:
			p = reference.Infinity()
		case 4, 5:
			p = reference.ScalarBaseMult(pv)
		default:
			x := new(big.Int).Mod(pv, reference.P)
			for {
				var ok bool
				if p, ok = ecLiftX(x, mode&16 != 0); ok {
					break
				}
				x.Add(x, big.NewInt(1)).Mod(x, reference.P)
			}
		}
		ecCheckRecode(t, k, w)
		want := reference.ScalarMult(k, p)
		ecCheckWant(t, w, k, p, int(mode>>4), want)
		if !p.Inf {
			ks := ecScalar(k)
			num := ecFe(p.X)
			var r field.Element
			if !MulXOnly(&r, &num, nil, &ks, mode&32 != 0) {
				t.Fatalf("MulXOnly rejected x=%x", p.X)
			}
			wantX := big.NewInt(0)
			if !want.Inf {
				wantX = want.X
			}
			if got := ecFeBig(&r); got.Cmp(wantX) != 0 {
				t.Fatalf("MulXOnly k=%x x=%x: got %x want %x", k, p.X, got, wantX)
			}
		}
	})
}
