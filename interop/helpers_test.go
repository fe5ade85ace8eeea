package interop

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/p256k1/p256k1"
)

// The group order n, from SEC 2.
var curveN, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)

// iterations returns the number of random cases: thousands normally, fewer
// under -short.
func iterations() int {
	if testing.Short() {
		return 200
	}
	return 2000
}

func newRand(name string) *rand.Rand {
	var seed uint64
	for _, c := range name {
		seed = seed*131 + uint64(c)
	}
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
}

func rand32(r *rand.Rand) [32]byte {
	var b [32]byte
	for i := 0; i < 32; i += 8 {
		v := r.Uint64()
		for j := 0; j < 8; j++ {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	return b
}

// edgeKeys are private keys at the edges of the valid range, as big-endian
// 32-byte values: 1, 2, n−1, n−2, (n−1)/2, and keys with long runs of ones
// or zeros.
func edgeKeys() [][32]byte {
	var out [][32]byte
	add := func(x *big.Int) {
		var b [32]byte
		x.FillBytes(b[:])
		out = append(out, b)
	}
	one := big.NewInt(1)
	add(big.NewInt(1))
	add(big.NewInt(2))
	add(new(big.Int).Sub(curveN, one))
	add(new(big.Int).Sub(curveN, big.NewInt(2)))
	add(new(big.Int).Rsh(curveN, 1))
	add(new(big.Int).Sub(new(big.Int).Lsh(one, 128), one))
	add(new(big.Int).Lsh(one, 255))
	add(new(big.Int).Sub(new(big.Int).Lsh(one, 255), one))
	return out
}

// keyPair returns the same private key in both libraries.
func keyPair(t testing.TB, b [32]byte) (p256k1.PrivateKey, *secp256k1.PrivateKey, bool) {
	t.Helper()
	ours, err := p256k1.NewPrivateKey(b[:])
	if err != nil {
		return p256k1.PrivateKey{}, nil, false
	}
	return ours, secp256k1.PrivKeyFromBytes(b[:]), true
}
