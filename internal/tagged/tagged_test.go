package tagged

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// direct is the definition of a tagged hash, computed without a midstate.
func direct(tag string, data []byte) [32]byte {
	th := sha256.Sum256([]byte(tag))
	buf := make([]byte, 0, 64+len(data))
	buf = append(buf, th[:]...)
	buf = append(buf, th[:]...)
	buf = append(buf, data...)
	return sha256.Sum256(buf)
}

// TestMidstates compares the midstates with the constants that
// libsecp256k1 hard-codes (src/modules/schnorrsig/main_impl.h).
func TestMidstates(t *testing.T) {
	for _, c := range []struct {
		name string
		tag  *Tag
		want [8]uint32
	}{
		{"BIP0340/aux", &BIP340Aux, [8]uint32{0x24dd3219, 0x4eba7e70, 0xca0fabb9, 0x0fa3166d, 0x3afbe4b1, 0x4c44df97, 0x4aac2739, 0x249e850a}},
		{"BIP0340/nonce", &BIP340Nonce, [8]uint32{0x46615b35, 0xf4bfbff7, 0x9f8dc671, 0x83627ab3, 0x60217180, 0x57358661, 0x21a29e54, 0x68b07b4c}},
		{"BIP0340/challenge", &BIP340Challenge, [8]uint32{0x9cecba11, 0x23925381, 0x11679112, 0xd1627e0f, 0x97c87550, 0x003cc765, 0x90f61164, 0x33e9b66a}},
	} {
		if got := c.tag.Midstate(); got != c.want {
			t.Errorf("%s: midstate %08x, want %08x", c.name, got, c.want)
		}
		if n := New(c.name); n != *c.tag {
			t.Errorf("%s: New differs from the package variable", c.name)
		}
	}
}

// TestKnownAnswer checks hash_BIP0340/aux(0^32), which libsecp256k1
// hard-codes as the mask used when no auxiliary data is given.
func TestKnownAnswer(t *testing.T) {
	want, _ := hex.DecodeString("54f169cfc9e2e5727480441f90ba25c488f461c70b5ea5dcaaf7af69270aa514")
	var out [32]byte
	BIP340Aux.Sum(&out, make([]byte, 32))
	if !bytes.Equal(out[:], want) {
		t.Fatalf("hash_BIP0340/aux(0^32) = %x, want %x", out, want)
	}
}

// lengths returns 0…300 and the lengths around block boundaries up to
// 2000 bytes.
func lengths() []int {
	var ls []int
	for n := 0; n <= 300; n++ {
		ls = append(ls, n)
	}
	for b := 320; b <= 2048; b += 64 {
		ls = append(ls, b-9, b-8, b-1, b, b+1)
	}
	return ls
}

func TestSumVsStdlib(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tags := []string{"", "BIP0340/aux", "BIP0340/nonce", "BIP0340/challenge", "TapLeaf", string(make([]byte, 200))}
	for _, tag := range tags {
		tg := New(tag)
		for _, n := range lengths() {
			data := make([]byte, n)
			for i := range data {
				data[i] = byte(rng.Uint32())
			}
			want := direct(tag, data)
			var got [32]byte
			tg.Sum(&got, data)
			if got != want {
				t.Fatalf("tag %q, len %d: one part %x, want %x", tag, n, got, want)
			}
			// The same data in three parts split at random points,
			// and with empty parts.
			i := rng.IntN(n + 1)
			j := i + rng.IntN(n-i+1)
			tg.Sum(&got, data[:i], data[i:j], data[j:])
			if got != want {
				t.Fatalf("tag %q, len %d, split %d/%d: %x, want %x", tag, n, i, j, got, want)
			}
			tg.Sum(&got, nil, data, nil)
			if got != want {
				t.Fatalf("tag %q, len %d, empty parts: %x, want %x", tag, n, got, want)
			}
		}
	}
	// No parts at all is the hash of the empty string.
	var got [32]byte
	BIP340Nonce.Sum(&got)
	if want := direct("BIP0340/nonce", nil); got != want {
		t.Fatalf("no parts: %x, want %x", got, want)
	}
}

func TestSumAllocs(t *testing.T) {
	for _, n := range []int{0, 32, 96, 1000, 100000} {
		a, b, m := make([]byte, 32), make([]byte, 32), make([]byte, n)
		var out [32]byte
		if allocs := testing.AllocsPerRun(100, func() { BIP340Challenge.Sum(&out, a, b, m) }); allocs != 0 {
			t.Errorf("Sum with a %d-byte message: %v allocations, want 0", n, allocs)
		}
	}
}

func TestZeroTagPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("Sum on a zero Tag did not panic")
		}
	}()
	var tg Tag
	var out [32]byte
	tg.Sum(&out, nil)
}

func FuzzTaggedHash(f *testing.F) {
	f.Add("BIP0340/challenge", make([]byte, 96), uint16(32), uint16(64))
	f.Add("", []byte{}, uint16(0), uint16(0))
	f.Add("BIP0340/nonce", bytes.Repeat([]byte{0x99}, 200), uint16(55), uint16(120))
	f.Fuzz(func(t *testing.T, tag string, data []byte, i, j uint16) {
		want := direct(tag, data)
		tg := New(tag)
		a := int(i) % (len(data) + 1)
		b := a + int(j)%(len(data)-a+1)
		var got [32]byte
		tg.Sum(&got, data[:a], data[a:b], data[b:])
		if got != want {
			t.Fatalf("tag %q, %d bytes split at %d/%d: %x, want %x", tag, len(data), a, b, got, want)
		}
	})
}

func BenchmarkSum(b *testing.B) {
	for _, n := range []int{32, 96} {
		data := make([]byte, n)
		b.Run(itoa(n)+"B", func(b *testing.B) {
			b.ReportAllocs()
			var out [32]byte
			for b.Loop() {
				BIP340Challenge.Sum(&out, data)
			}
		})
	}
}

// BenchmarkChoice compares the ways of computing the 96-byte BIP-340
// challenge hash (two compressions from the midstate) that this package
// chose between:
//
//   - midstate: this package's Sum (crypto/sha256 loaded from the
//     midstate; built with Go 1.25 it is the prefix form, see
//     sum_prefix.go);
//   - prefix: crypto/sha256 from scratch over tag ‖ tag ‖ data (one more
//     compression, no state to load);
//   - puregoBlock: one compression of a straightforward SHA-256 in Go,
//     the building block of a self-contained implementation (two of these
//     make the hash).
func BenchmarkChoice(b *testing.B) {
	th := sha256.Sum256([]byte("BIP0340/challenge"))
	data := make([]byte, 96)
	b.Run("midstate", func(b *testing.B) {
		b.ReportAllocs()
		var out [32]byte
		for b.Loop() {
			BIP340Challenge.Sum(&out, data[:32], data[32:64], data[64:])
		}
	})
	b.Run("prefix", func(b *testing.B) {
		b.ReportAllocs()
		var out [32]byte
		for b.Loop() {
			prefixSum(&out, &th, data[:32], data[32:64], data[64:])
		}
	})
	b.Run("puregoBlock", func(b *testing.B) {
		b.ReportAllocs()
		st := BIP340Challenge.Midstate()
		var blk [64]byte
		for b.Loop() {
			puregoBlock(&st, &blk)
		}
	})
}

// prefixSum hashes th ‖ th ‖ a ‖ b ‖ c from the SHA-256 initial state.
func prefixSum(out, th *[32]byte, a, b, c []byte) {
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	h.Write(a)
	h.Write(b)
	h.Write(c)
	h.Sum(out[:0])
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// puregoK holds the SHA-256 round constants (FIPS 180-4, 4.2.2).
var puregoK = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// puregoBlock is the SHA-256 compression function (FIPS 180-4, 6.2.2) in
// plain Go, for BenchmarkChoice only; TestPuregoBlock checks it.
func puregoBlock(h *[8]uint32, p *[64]byte) {
	var w [64]uint32
	for i := range 16 {
		w[i] = binary.BigEndian.Uint32(p[4*i:])
	}
	for i := 16; i < 64; i++ {
		x, y := w[i-2], w[i-15]
		s1 := bits.RotateLeft32(x, -17) ^ bits.RotateLeft32(x, -19) ^ x>>10
		s0 := bits.RotateLeft32(y, -7) ^ bits.RotateLeft32(y, -18) ^ y>>3
		w[i] = s1 + w[i-7] + s0 + w[i-16]
	}
	a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	for i := range 64 {
		t1 := hh + (bits.RotateLeft32(e, -6) ^ bits.RotateLeft32(e, -11) ^ bits.RotateLeft32(e, -25)) +
			(e&f ^ ^e&g) + puregoK[i] + w[i]
		t2 := (bits.RotateLeft32(a, -2) ^ bits.RotateLeft32(a, -13) ^ bits.RotateLeft32(a, -22)) +
			(a&b ^ a&c ^ b&c)
		hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
	}
	h[0] += a
	h[1] += b
	h[2] += c
	h[3] += d
	h[4] += e
	h[5] += f
	h[6] += g
	h[7] += hh
}

// TestPuregoBlock checks the benchmark's compression function: the
// midstate of a tag is one compression of SHA256(tag) ‖ SHA256(tag) from
// the initial state.
func TestPuregoBlock(t *testing.T) {
	st := [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}
	th := sha256.Sum256([]byte("BIP0340/challenge"))
	var blk [64]byte
	copy(blk[:], th[:])
	copy(blk[32:], th[:])
	puregoBlock(&st, &blk)
	if st != BIP340Challenge.Midstate() {
		t.Fatalf("pure-Go compression %08x, want %08x", st, BIP340Challenge.Midstate())
	}
}
