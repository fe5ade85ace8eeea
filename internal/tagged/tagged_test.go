package tagged

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
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
			// crypto/sha256's form, which Sum uses where the CPU has
			// no SHA-NI (and shablock's when it has).
			tg.sumStd(&got, data[:i], data[i:j], data[j:])
			if got != want {
				t.Fatalf("tag %q, len %d: sumStd %x, want %x", tag, n, got, want)
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
// challenge hash (two compressions from the midstate):
//
//   - sum: this package's Sum (internal/shablock where the CPU has SHA-NI,
//     else stdlib);
//   - stdlib: crypto/sha256 loaded from the midstate (built with Go 1.25,
//     the prefix form, see sum_prefix.go);
//   - prefix: crypto/sha256 from scratch over tag ‖ tag ‖ data (one more
//     compression, no state to load).
func BenchmarkChoice(b *testing.B) {
	th := sha256.Sum256([]byte("BIP0340/challenge"))
	data := make([]byte, 96)
	b.Run("sum", func(b *testing.B) {
		b.ReportAllocs()
		var out [32]byte
		for b.Loop() {
			BIP340Challenge.Sum(&out, data[:32], data[32:64], data[64:])
		}
	})
	b.Run("stdlib", func(b *testing.B) {
		b.ReportAllocs()
		var out [32]byte
		for b.Loop() {
			BIP340Challenge.sumStd(&out, data[:32], data[32:64], data[64:])
		}
	})
	b.Run("prefix", func(b *testing.B) {
		b.ReportAllocs()
		var out [32]byte
		for b.Loop() {
			prefixSum(&out, &th, data[:32], data[32:64], data[64:])
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
