//go:build amd64 && !purego

package scalar

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/p256k1/p256k1/internal/ctasm"
)

// TestMulAsmTwin holds mulAsm equal to mulGeneric (and to sqrGeneric for
// squares) on edge values — 0, 1, n − 1, n, 2^256 − 1 (inputs need not be
// reduced), words of all ones or zeros, values that make the reduction's
// carries and its last subtraction happen — their pairwise products, and
// random pairs, with r aliasing a and b.
func TestMulAsmTwin(t *testing.T) {
	if !mulAsmEnabled {
		t.Skip("no BMI2 and ADX here: mulAsm cannot run")
	}
	ones := ^uint64(0)
	edges := [][4]uint64{
		{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 0, 0},
		{0xBFD25E8CD0364140, 0xBAAEDCE6AF48A03B, 0xFFFFFFFFFFFFFFFE, ones}, // n − 1
		{0xBFD25E8CD0364141, 0xBAAEDCE6AF48A03B, 0xFFFFFFFFFFFFFFFE, ones}, // n
		{0xBFD25E8CD0364142, 0xBAAEDCE6AF48A03B, 0xFFFFFFFFFFFFFFFE, ones}, // n + 1
		{ones, ones, ones, ones},
		{0, 0, 0, 1 << 63}, {0, 0, 1, 0}, {ones, ones, 0, 0}, {0, 0, ones, ones},
		{0xDFE92F46681B20A0, 0x5D576E7357A4501D, ones, 0x7FFFFFFFFFFFFFFF}, // (n − 1)/2
		{0x402DA1732FC9BEBF, 0x4551231950B75FC4, 1, 0},                     // 2^256 − n
	}
	rng := rand.New(rand.NewPCG(1, 9))
	for range 200 {
		var v [4]uint64
		for j := range v {
			v[j] = rng.Uint64()
			if rng.IntN(4) == 0 {
				v[j] = []uint64{0, ones, 1, ones - 1}[rng.IntN(4)]
			}
		}
		edges = append(edges, v)
	}
	check := func(a, b [4]uint64) {
		t.Helper()
		var want, got, g2 Scalar
		sa, sb := Scalar{d: a}, Scalar{d: b}
		mulGeneric(&want, &sa, &sb)
		mulAsm(&got.d, &a, &b)
		if got != want {
			t.Fatalf("%x · %x: asm %x, Go %x", a, b, got.d, want.d)
		}
		g2 = sa
		mulAsm(&g2.d, &g2.d, &b) // r aliases a
		if g2 != want {
			t.Fatalf("%x · %x with r = a: %x, want %x", a, b, g2.d, want.d)
		}
		g2 = sb
		mulAsm(&g2.d, &a, &g2.d) // r aliases b
		if g2 != want {
			t.Fatalf("%x · %x with r = b: %x, want %x", a, b, g2.d, want.d)
		}
		if a == b {
			sqrGeneric(&want, &sa)
			if got != want {
				t.Fatalf("%x²: asm %x, sqrGeneric %x", a, got.d, want.d)
			}
		}
	}
	for _, a := range edges {
		for _, b := range edges {
			check(a, b)
		}
	}
	for range 100000 {
		var a, b [4]uint64
		for j := range a {
			a[j], b[j] = rng.Uint64(), rng.Uint64()
		}
		check(a, b)
	}
}

// BenchmarkMulTwins times mulAsm against mulGeneric, each in a dependent
// chain (r = r·b), as Mul's callers use it.
func BenchmarkMulTwins(b *testing.B) {
	x := Scalar{d: [4]uint64{0x1234, 0x5678, 0x9abc, 0x0def}}
	y := Scalar{d: [4]uint64{0xBFD25E8CD0364140, 0xBAAEDCE6AF48A03B, 0xFFFFFFFFFFFFFFFE, 0x7fffffffffffffff}}
	b.Run("asm", func(b *testing.B) {
		r := x
		for b.Loop() {
			mulAsm(&r.d, &r.d, &y.d)
		}
	})
	b.Run("go", func(b *testing.B) {
		r := x
		for b.Loop() {
			mulGeneric(&r, &r, &y)
		}
	})
}

// TestAmd64StraightLine checks that mulAsm has no jump at all (the final
// subtraction of n is a CMOV), so its time cannot depend on its inputs.
func TestAmd64StraightLine(t *testing.T) {
	b, err := os.ReadFile("mul_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ctasm.Amd64StraightLine(string(b), "mulAsm") {
		t.Error(p)
	}
}
