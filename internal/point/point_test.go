package point

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/race"
)

func testKeys(t testing.TB, n int) []p256k1.PublicKey {
	var keys []p256k1.PublicKey
	for i := 0; len(keys) < n; i++ {
		b := sha256.Sum256([]byte{byte(i), byte(i >> 8)})
		k, err := p256k1.NewPrivateKey(b[:])
		if err != nil {
			continue
		}
		keys = append(keys, k.PublicKey())
	}
	return keys
}

// TestLoadMatchesEncoding checks the direct conversions against the
// encodings they replace.
func TestLoadMatchesEncoding(t *testing.T) {
	for _, pub := range testKeys(t, 64) {
		var a, b group.Affine
		if !Load(&a, &pub) {
			t.Fatal("Load rejected a valid key")
		}
		u := pub.SerializeUncompressed()
		FromUncompressed(&b, &u)
		if a.X.EqualVar(&b.X) == false || a.Y.EqualVar(&b.Y) == false || a.Infinity != 0 {
			t.Fatal("Load differs from the uncompressed encoding")
		}
		var c [33]byte
		Compress(&c, &a)
		if cc := pub.SerializeCompressed(); c != cc {
			t.Fatal("Compress")
		}
		var d group.Affine
		if !Decompress(&d, c[:]) || !d.X.EqualVar(&a.X) || !d.Y.EqualVar(&a.Y) {
			t.Fatal("Decompress")
		}
		back := PublicKey(&a)
		if !back.Equal(&pub) || back.SerializeUncompressed() != u {
			t.Fatal("PublicKey")
		}
		xo, _ := pub.XOnly()
		var x group.Affine
		if !LoadXOnly(&x, &xo) {
			t.Fatal("LoadXOnly rejected a valid key")
		}
		full := xo.PublicKey()
		fu := full.SerializeUncompressed()
		if xb := xo.Bytes(); !bytes.Equal(fu[1:33], xb[:]) {
			t.Fatal("x-only key bytes")
		}
		var y group.Affine
		FromUncompressed(&y, &fu)
		if !x.X.EqualVar(&y.X) || !x.Y.EqualVar(&y.Y) || x.Y.IsOdd() != 0 {
			t.Fatal("LoadXOnly differs from the encoding")
		}
	}
	var a group.Affine
	var zero p256k1.PublicKey
	var zeroX p256k1.XOnlyPublicKey
	if Load(&a, nil) || Load(&a, &zero) || LoadXOnly(&a, nil) || LoadXOnly(&a, &zeroX) {
		t.Fatal("invalid key loaded")
	}
	a.SetInfinity()
	if k := PublicKey(&a); k.IsValid() {
		t.Fatal("PublicKey of infinity is valid")
	}
}

func TestAllocations(t *testing.T) {
	if race.Enabled {
		t.Skip("the race detector allocates")
	}
	pub := testKeys(t, 1)[0]
	xo, _ := pub.XOnly()
	var a group.Affine
	n := testing.AllocsPerRun(100, func() {
		Load(&a, &pub)
		LoadXOnly(&a, &xo)
		k := PublicKey(&a)
		_ = k
	})
	if n != 0 {
		t.Fatalf("%.1f allocations", n)
	}
}

// BenchmarkLoad compares the direct copy with the 65-byte round trip it
// replaced.
func BenchmarkLoad(b *testing.B) {
	pub := testKeys(b, 1)[0]
	var a group.Affine
	b.Run("direct", func(b *testing.B) {
		for b.Loop() {
			Load(&a, &pub)
		}
	})
	b.Run("encoding", func(b *testing.B) {
		for b.Loop() {
			u := pub.SerializeUncompressed()
			FromUncompressed(&a, &u)
		}
	})
	b.Run("PublicKey/direct", func(b *testing.B) {
		for b.Loop() {
			k := PublicKey(&a)
			_ = k
		}
	})
	b.Run("PublicKey/parse", func(b *testing.B) {
		for b.Loop() {
			var c [33]byte
			Compress(&c, &a)
			k, _ := p256k1.ParsePublicKey(c[:])
			_ = k
		}
	})
}
