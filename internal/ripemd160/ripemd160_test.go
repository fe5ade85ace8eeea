package ripemd160

import (
	"encoding/hex"
	"strings"
	"testing"
)

// The test vectors of the RIPEMD-160 page (Bosselaers).
var vectors = []struct{ in, want string }{
	{"", "9c1185a5c5e9fc54612808977ee8f548b2258d31"},
	{"a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"},
	{"abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"},
	{"message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"},
	{"abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"},
	{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "12a053384a9c0c88e405a06c27dcf49ada62eb2b"},
	{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "b0e20b6e3116640286ed3a87a5713079b21f5189"},
	{strings.Repeat("1234567890", 8), "9b752e45573d4b39f4dbd3323cab82bf63326bfb"},
	{strings.Repeat("a", 1000000), "52783243c1697bdbe16d37f97f68f08325dc1528"},
}

func TestVectors(t *testing.T) {
	for _, v := range vectors {
		got := Sum([]byte(v.in))
		if hex.EncodeToString(got[:]) != v.want {
			n := min(len(v.in), 20)
			t.Errorf("RIPEMD-160(%q…, %d bytes) = %x, want %s", v.in[:n], len(v.in), got, v.want)
		}
	}
}

// TestHash160 checks HASH160 of a known compressed key: the generator G,
// whose P2PKH hash is 751e76e8199196d454941c45d1b3a323f1433bd6.
func TestHash160(t *testing.T) {
	g, _ := hex.DecodeString("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	got := Hash160(g)
	if hex.EncodeToString(got[:]) != "751e76e8199196d454941c45d1b3a323f1433bd6" {
		t.Fatalf("HASH160(G) = %x", got)
	}
}

// TestLengths crosses every padding boundary (55, 56, 63, 64 bytes…)
// against a second computation that feeds the same bytes through a message
// of different alignment: Sum must not depend on how data is sliced.
func TestLengths(t *testing.T) {
	buf := make([]byte, 300)
	for i := range buf {
		buf[i] = byte(i * 7)
	}
	seen := map[[Size]byte]int{}
	for n := range 200 {
		a := Sum(buf[:n])
		b := Sum(append([]byte(nil), buf[:n]...))
		if a != b {
			t.Fatalf("n=%d: depends on the slice", n)
		}
		if m, dup := seen[a]; dup {
			t.Fatalf("lengths %d and %d collide", m, n)
		}
		seen[a] = n
	}
}

func TestAllocs(t *testing.T) {
	data := make([]byte, 33)
	if a := testing.AllocsPerRun(100, func() { _ = Hash160(data) }); a != 0 {
		t.Fatalf("%v allocations", a)
	}
}

func BenchmarkHash160(b *testing.B) {
	data := make([]byte, 33)
	for b.Loop() {
		_ = Hash160(data)
	}
}
