package p256k1

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/field8"
)

func manyKeys(t testing.TB, r *rand.Rand, n int) []PrivateKey {
	t.Helper()
	keys := make([]PrivateKey, n)
	for i := range keys {
		var b [32]byte
		for k := range b {
			b[k] = byte(r.Uint32())
		}
		switch r.IntN(12) {
		case 0: // 1
			b = [32]byte{31: 1}
		case 1: // n − 1
			b = [32]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
				0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x40}
		case 2: // the zero key stays zero
			continue
		}
		k, err := NewPrivateKey(b[:])
		if err != nil {
			t.Fatal(err)
		}
		keys[i] = k
	}
	return keys
}

// TestPublicKeysMany compares PublicKeysMany with PublicKey at every count
// up to 40 (zero keys, 1 and n − 1 in random lanes).
func TestPublicKeysMany(t *testing.T) {
	t.Logf("eight-lane engine: %v", field8.Enabled())
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n <= 40; n++ {
		keys := manyKeys(t, r, n)
		out := make([]PublicKey, n)
		if err := PublicKeysMany(keys, out); err != nil {
			t.Fatal(err)
		}
		for i := range keys {
			want := keys[i].PublicKey()
			if out[i] != want {
				t.Fatalf("n=%d key %d: PublicKeysMany differs from PublicKey (valid %v)", n, i, keys[i].IsValid())
			}
		}
	}
	if err := PublicKeysMany(make([]PrivateKey, 2), make([]PublicKey, 3)); !errors.Is(err, ErrLengthMismatch) {
		t.Fatalf("err = %v", err)
	}
}

func TestPublicKeysManyAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	keys := manyKeys(t, r, 20)
	out := make([]PublicKey, len(keys))
	PublicKeysMany(keys, out)
	if n := testing.AllocsPerRun(5, func() { PublicKeysMany(keys, out) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func FuzzPublicKeysMany(f *testing.F) {
	f.Add([]byte{1, 2, 3})
	f.Add(make([]byte, 32*9))
	f.Fuzz(func(t *testing.T, in []byte) {
		var keys []PrivateKey
		for len(in) >= 32 && len(keys) < 24 {
			k, err := NewPrivateKey(in[:32])
			if err == nil {
				keys = append(keys, k)
			} else {
				keys = append(keys, PrivateKey{})
			}
			in = in[32:]
		}
		out := make([]PublicKey, len(keys))
		if err := PublicKeysMany(keys, out); err != nil {
			t.Fatal(err)
		}
		for i := range keys {
			if out[i] != keys[i].PublicKey() {
				t.Fatalf("key %d differs", i)
			}
		}
	})
}

// BenchmarkPublicKeysMany reports the cost per key of PublicKeysMany and of
// PublicKey one at a time ("single") in the same run.
func BenchmarkPublicKeysMany(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	keys := manyKeys(b, r, 1024)
	for i := range keys {
		if !keys[i].IsValid() {
			keys[i] = keys[0]
		}
	}
	b.Run("single", func(b *testing.B) {
		i := 0
		cputime.Bench(b, func() { _ = keys[i%len(keys)].PublicKey(); i++ })
	})
	for _, n := range []int{8, 64, 1024} {
		out := make([]PublicKey, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			cputime.Bench(b, func() { PublicKeysMany(keys[:n], out) })
		})
	}
}
