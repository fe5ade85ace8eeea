package p256k1

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
)

// parseInputs returns encodings of every kind ParsePublicKey meets: valid
// compressed (both parities), uncompressed and hybrid keys, x ≥ p, x not on
// the curve, bad prefixes and lengths.
func parseInputs(t testing.TB, r *rand.Rand, n int) [][]byte {
	t.Helper()
	out := make([][]byte, n)
	for i := range out {
		var b [32]byte
		for k := range b {
			b[k] = byte(r.Uint32())
		}
		k, err := NewPrivateKey(b[:])
		if err != nil {
			t.Fatal(err)
		}
		pub := k.PublicKey()
		c := pub.SerializeCompressed()
		u := pub.SerializeUncompressed()
		switch r.IntN(14) {
		case 0:
			out[i] = u[:]
		case 1:
			h := u
			h[0] = 0x06 | u[64]&1
			out[i] = h[:]
		case 2: // x = p: not below p
			x := [33]byte{0x02}
			copy(x[1:], []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xfc, 0x2f})
			out[i] = x[:]
		case 3: // x = 5: 5³ + 7 is not a square
			x := [33]byte{0x03, 32: 5}
			out[i] = x[:]
		case 4:
			x := c
			x[0] = 0x04
			out[i] = x[:]
		case 5:
			out[i] = c[:32]
		default:
			out[i] = c[:]
		}
	}
	return out
}

func TestParsePublicKeysMany(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n <= 40; n++ {
		in := parseInputs(t, r, n)
		out := make([]PublicKey, n)
		err := ParsePublicKeysMany(in, out)
		firstBad := -1
		for i := range in {
			want, werr := ParsePublicKey(in[i])
			if werr != nil && firstBad < 0 {
				firstBad = i
			}
			if out[i] != want {
				t.Fatalf("n=%d key %d: ParsePublicKeysMany differs from ParsePublicKey (%x)", n, i, in[i])
			}
		}
		if (firstBad >= 0) != (err != nil) || (err != nil && !errors.Is(err, ErrInvalidPublicKey)) {
			t.Fatalf("n=%d: error %v, first invalid %d", n, err, firstBad)
		}
		// The x-only form of the same x coordinates.
		xin := make([][]byte, n)
		for i := range in {
			if len(in[i]) >= 33 {
				xin[i] = in[i][1:33]
			} else {
				xin[i] = in[i]
			}
		}
		xout := make([]XOnlyPublicKey, n)
		xerr := ParseXOnlyPublicKeysMany(xin, xout)
		firstBad = -1
		for i := range xin {
			want, werr := ParseXOnlyPublicKey(xin[i])
			if werr != nil && firstBad < 0 {
				firstBad = i
			}
			if xout[i] != want {
				t.Fatalf("n=%d key %d: ParseXOnlyPublicKeysMany differs from ParseXOnlyPublicKey (%x)", n, i, xin[i])
			}
		}
		if (firstBad >= 0) != (xerr != nil) {
			t.Fatalf("n=%d: x-only error %v, first invalid %d", n, xerr, firstBad)
		}
	}
	if err := ParsePublicKeysMany(make([][]byte, 2), make([]PublicKey, 1)); !errors.Is(err, ErrLengthMismatch) {
		t.Fatalf("err = %v", err)
	}
}

func TestParseManyAllocs(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	in := make([][]byte, 20)
	xin := make([][]byte, 20)
	for i := range in {
		var b [32]byte
		for k := range b {
			b[k] = byte(r.Uint32())
		}
		k, _ := NewPrivateKey(b[:])
		p := k.PublicKey()
		c := p.SerializeCompressed()
		in[i] = c[:]
		xin[i] = c[1:]
	}
	out := make([]PublicKey, len(in))
	xout := make([]XOnlyPublicKey, len(in))
	if n := testing.AllocsPerRun(5, func() { ParsePublicKeysMany(in, out); ParseXOnlyPublicKeysMany(xin, xout) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func FuzzParsePublicKeysMany(f *testing.F) {
	f.Add([]byte{2, 1, 2, 3})
	f.Fuzz(func(t *testing.T, data []byte) {
		var in [][]byte
		for len(data) > 0 && len(in) < 24 {
			n := min(len(data), []int{33, 32, 65, 33}[len(in)%4])
			in = append(in, data[:n])
			data = data[n:]
		}
		out := make([]PublicKey, len(in))
		ParsePublicKeysMany(in, out)
		xout := make([]XOnlyPublicKey, len(in))
		ParseXOnlyPublicKeysMany(in, xout)
		for i := range in {
			want, _ := ParsePublicKey(in[i])
			xwant, _ := ParseXOnlyPublicKey(in[i])
			if out[i] != want || xout[i] != xwant {
				t.Fatalf("key %d (%x) differs", i, in[i])
			}
		}
	})
}

func BenchmarkParsePublicKeysMany(b *testing.B) {
	r := rand.New(rand.NewPCG(11, 12))
	in := make([][]byte, 64)
	for i := range in {
		var k [32]byte
		for j := range k {
			k[j] = byte(r.Uint32())
		}
		pk, _ := NewPrivateKey(k[:])
		p := pk.PublicKey()
		c := p.SerializeCompressed()
		in[i] = c[:]
	}
	out := make([]PublicKey, len(in))
	b.Run("single", func(b *testing.B) {
		i := 0
		cputime.Bench(b, func() { ParsePublicKey(in[i%len(in)]); i++ })
	})
	b.Run(fmt.Sprintf("n=%d", len(in)), func(b *testing.B) {
		cputime.Bench(b, func() { ParsePublicKeysMany(in, out) })
	})
}
