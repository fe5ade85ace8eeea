package ecmultgen

import (
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// FuzzEcmultGen compares Mul with the reference. The first input is a
// big-endian integer; mode says how it becomes the scalar: 0 as k itself,
// 1 as the recoded scalar d (k = d − scalarOffset), 2 as an offset from the
// blinding scalar b (k = b + x), 3 as an offset from 2b. If seed has 32 bytes
// or more, the context is blinded with its first 32 first.
func FuzzEcmultGen(f *testing.F) {
	f.Add([]byte{}, []byte{}, byte(0))
	f.Add([]byte{1}, []byte{}, byte(0))
	f.Add([]byte{0}, []byte{}, byte(1))
	f.Add([]byte{0}, []byte{}, byte(2))
	f.Add([]byte{0}, []byte{}, byte(3))
	f.Add(reference.N.Bytes(), []byte{}, byte(0))
	f.Add(new(big.Int).Sub(reference.N, big.NewInt(1)).Bytes(), []byte{}, byte(1))
	f.Add(reference.Lambda.Bytes(), make([]byte, 32), byte(0))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff}, []byte("0123456789abcdef0123456789abcdef"), byte(2))
	f.Fuzz(func(t *testing.T, kb, seed []byte, mode byte) {
		if len(kb) > 64 {
			return
		}
		c := NewContext()
		if len(seed) >= 32 {
			c.Blind((*[32]byte)(seed))
		}
		x := new(big.Int).SetBytes(kb)
		k := new(big.Int)
		switch mode % 4 {
		case 0:
			k.Set(x)
		case 1:
			off, _, _ := c.blindingValues()
			k.Sub(x, off)
		case 2:
			k.Add(c.blindScalar(), x)
		case 3:
			k.Lsh(c.blindScalar(), 1).Add(k, x)
		}
		k.Mod(k, reference.N)
		checkMul(t, c, k)
		// The same scalar under the default blinding gives the same point.
		s := scalarOfBig(k)
		var r1, r2 group.Jacobian
		c.Mul(&r1, &s)
		NewContext().Mul(&r2, &s)
		if !r1.EqualVar(&r2) {
			t.Fatalf("blinded and default results differ for %x", k)
		}
	})
}
