package ecdh

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/field8"
)

func manyPairs(t testing.TB, r *rand.Rand, n int) ([]Pair, []p256k1.PrivateKey, []p256k1.PublicKey) {
	t.Helper()
	keys := make([]p256k1.PrivateKey, n)
	pubs := make([]p256k1.PublicKey, n)
	pairs := make([]Pair, n)
	for i := range keys {
		var b [32]byte
		for k := range b {
			b[k] = byte(r.Uint32())
		}
		if r.IntN(10) == 0 {
			b = [32]byte{31: 1}
		}
		k, err := p256k1.NewPrivateKey(b[:])
		if err != nil {
			t.Fatal(err)
		}
		keys[i] = k
		for k := range b {
			b[k] = byte(r.Uint32())
		}
		pk, err := p256k1.NewPrivateKey(b[:])
		if err != nil {
			t.Fatal(err)
		}
		pubs[i] = pk.PublicKey()
		pairs[i] = Pair{&keys[i], &pubs[i]}
	}
	return pairs, keys, pubs
}

func checkManySecrets(t *testing.T, pairs []Pair) {
	t.Helper()
	out := make([][32]byte, len(pairs))
	err := SharedSecretsMany(pairs, out)
	var firstBad = -1
	for i := range pairs {
		want, werr := SharedSecret(pairs[i].Key, pairs[i].Peer)
		if werr != nil {
			if firstBad < 0 {
				firstBad = i
				if !errors.Is(err, werr) {
					t.Fatalf("pair %d: error %v, want one wrapping %v", i, err, werr)
				}
			}
			if out[i] != ([32]byte{}) {
				t.Fatalf("pair %d: invalid pair got a secret", i)
			}
			continue
		}
		if out[i] != want {
			t.Fatalf("pair %d of %d: SharedSecretsMany differs from SharedSecret", i, len(pairs))
		}
	}
	if firstBad < 0 && err != nil {
		t.Fatalf("error %v on valid pairs", err)
	}
}

// TestSharedSecretsMany compares SharedSecretsMany with SharedSecret at
// every count up to 40, with invalid pairs (nil and zero keys and peers)
// at every position of 17.
func TestSharedSecretsMany(t *testing.T) {
	t.Logf("eight-lane engine: %v", field8.Enabled())
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 40; n++ {
		pairs, _, _ := manyPairs(t, r, n)
		checkManySecrets(t, pairs)
	}
	bads := []Pair{{nil, nil}, {new(p256k1.PrivateKey), nil}, {nil, new(p256k1.PublicKey)}}
	for bi := range bads {
		for pos := 0; pos < 17; pos++ {
			pairs, _, _ := manyPairs(t, r, 17)
			switch bi {
			case 0:
				pairs[pos].Key = nil
			case 1:
				pairs[pos].Key = new(p256k1.PrivateKey)
			case 2:
				pairs[pos].Peer = new(p256k1.PublicKey)
			}
			checkManySecrets(t, pairs)
		}
	}
	if err := SharedSecretsMany(make([]Pair, 2), make([][32]byte, 1)); !errors.Is(err, p256k1.ErrLengthMismatch) {
		t.Fatalf("err = %v", err)
	}
}

func TestSharedSecretsManyAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	pairs, _, _ := manyPairs(t, r, 20)
	out := make([][32]byte, len(pairs))
	if n := testing.AllocsPerRun(5, func() { SharedSecretsMany(pairs, out) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func FuzzSharedSecretsMany(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 20 {
			in = in[:20]
		}
		r := rand.New(rand.NewPCG(uint64(len(in)), 9))
		pairs, _, _ := manyPairs(t, r, len(in))
		for i, c := range in {
			switch c % 11 {
			case 0:
				pairs[i].Key = new(p256k1.PrivateKey)
			case 1:
				pairs[i].Peer = nil
			case 2:
				pairs[i].Peer = pairs[(i+1)%len(pairs)].Peer
			}
		}
		checkManySecrets(t, pairs)
	})
}

// BenchmarkSharedSecretsMany reports the cost per pair of SharedSecretsMany
// and of SharedSecret one at a time ("single") in the same run.
func BenchmarkSharedSecretsMany(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	pairs, _, _ := manyPairs(b, r, 1024)
	b.Run("single", func(b *testing.B) {
		i := 0
		cputime.Bench(b, func() { SharedSecret(pairs[i%len(pairs)].Key, pairs[i%len(pairs)].Peer); i++ })
	})
	for _, n := range []int{8, 64, 1024} {
		out := make([][32]byte, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			cputime.Bench(b, func() { SharedSecretsMany(pairs[:n], out) })
		})
	}
}
