//go:build (amd64 || arm64) && !purego

package field

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"
)

// mulAsm and squareAsm (mul_amd64.s, mul_arm64.s) compute the same sums as
// mulGeneric and squareGeneric, so the tests below require identical limbs,
// which implies the same value mod p and the same magnitude-1 bounds;
// checkProduct checks both against math/big as well. On arm64 they run
// under qemu-aarch64 in CI (.ci/platforms.sh).

func requireAsm(t testing.TB) {
	t.Helper()
	if !useAsm {
		t.Skip("the processor lacks BMI2 or ADX; mul uses the generic code")
	}
}

// asmInputs returns elements with arbitrary limbs within the magnitude-8
// bounds (every combination of limbs at 0, at the bound and random, and
// random limbs), edge values at several magnitudes, and limbs that are all
// ones up to various widths, which make every column sum carry.
func asmInputs(t testing.TB, r *rand.Rand, random int) []*Element {
	in := limbInputs(r, random)
	in = append(in, feInputs(t, r, 20, 8)...)
	for w := 1; w <= 56; w++ {
		l := uint64(1)<<w - 1
		top := min(l, 2*8*mask48)
		in = append(in, &Element{n: [5]uint64{min(l, 2*8*mask52), min(l, 2*8*mask52), min(l, 2*8*mask52), min(l, 2*8*mask52), top}})
	}
	return in
}

func checkAsmMul(t *testing.T, x, y *Element) {
	t.Helper()
	var want, got Element
	mulGeneric(&want, x, y)
	mulAsm(&got.n, &x.n, &y.n)
	if got != want {
		t.Fatalf("mulAsm(%x, %x) = %x, mulGeneric gives %x", x.n, y.n, got.n, want.n)
	}
}

func checkAsmSquare(t *testing.T, x *Element) {
	t.Helper()
	var want, got Element
	squareGeneric(&want, x)
	squareAsm(&got.n, &x.n)
	if got != want {
		t.Fatalf("squareAsm(%x) = %x, squareGeneric gives %x", x.n, got.n, want.n)
	}
	got = *x
	squareAsm(&got.n, &got.n) // r == a
	if got != want {
		t.Fatalf("squareAsm(r=a=%x) = %x, squareGeneric gives %x", x.n, got.n, want.n)
	}
}

func TestAsmMatchesGeneric(t *testing.T) {
	requireAsm(t)
	r := rand.New(rand.NewPCG(11, 12))
	in := asmInputs(t, r, 3000)
	var v Element
	for i, x := range in {
		checkAsmMul(t, x, x)
		checkAsmSquare(t, x)
		for j := i % 5; j < len(in); j += 37 {
			checkAsmMul(t, x, in[j])
			mulAsm(&v.n, &x.n, &in[j].n)
			checkProduct(t, "mulAsm", &v, x, in[j])
		}
	}
}

// TestAsmAllLimbCombinations multiplies every pair of the 3^5 elements whose
// limbs are 0, the magnitude-8 bound or a random value.
func TestAsmAllLimbCombinations(t *testing.T) {
	requireAsm(t)
	if testing.Short() {
		t.Skip("slow")
	}
	in := limbInputs(rand.New(rand.NewPCG(13, 14)), 0)
	for _, x := range in {
		checkAsmSquare(t, x)
		for _, y := range in {
			checkAsmMul(t, x, y)
		}
	}
}

func TestAsmAliasing(t *testing.T) {
	requireAsm(t)
	r := rand.New(rand.NewPCG(15, 16))
	for _, x := range asmInputs(t, r, 200) {
		y := limbInputs(r, 1)[243]
		var want Element

		mulGeneric(&want, x, x)
		v := *x
		mulAsm(&v.n, &v.n, &v.n) // r == a == b
		if v != want {
			t.Fatalf("mulAsm(r=a=b=%x) = %x, want %x", x.n, v.n, want.n)
		}

		mulGeneric(&want, x, y)
		v = *x
		mulAsm(&v.n, &v.n, &y.n) // r == a
		if v != want {
			t.Fatalf("mulAsm(r=a=%x, %x) = %x, want %x", x.n, y.n, v.n, want.n)
		}
		v = *y
		mulAsm(&v.n, &x.n, &v.n) // r == b
		if v != want {
			t.Fatalf("mulAsm(%x, r=b=%x) = %x, want %x", x.n, y.n, v.n, want.n)
		}
	}
}

// TestAsmDispatch checks that Mul (and Square where it dispatches to
// squareAsm) matches the assembly and that neither allocates.
func TestAsmDispatch(t *testing.T) {
	requireAsm(t)
	x := feMaxMagnitude(8)
	y := feWithMagnitude(feRandom(rand.New(rand.NewPCG(17, 18))), 5)
	var v, w Element
	v.Mul(x, y)
	mulAsm(&w.n, &x.n, &y.n)
	if v != w {
		t.Fatal("Mul does not match mulAsm")
	}
	v.Square(x)
	squareAsm(&w.n, &x.n)
	if v != w {
		t.Fatal("Square does not match squareAsm")
	}
	if n := testing.AllocsPerRun(100, func() { v.Mul(&v, y) }); n != 0 {
		t.Fatalf("Mul allocates: %v", n)
	}
	if n := testing.AllocsPerRun(100, func() { v.Square(&v) }); n != 0 {
		t.Fatalf("Square allocates: %v", n)
	}
}

// asmFuzzElement reads five limbs from b (zero-padded) and brings each
// within the magnitude-8 bound: values above it are reduced modulo
// bound+1, except that a limb byte pattern of all ones maps to the bound
// itself, so the extremes are reached often.
func asmFuzzElement(b []byte) *Element {
	var buf [40]byte
	copy(buf[:], b)
	var v Element
	for i := range v.n {
		bound := uint64(2 * 8 * mask52)
		if i == 4 {
			bound = 2 * 8 * mask48
		}
		l := binary.LittleEndian.Uint64(buf[8*i:])
		switch {
		case l == ^uint64(0):
			l = bound
		case l > bound:
			l %= bound + 1
		}
		v.n[i] = l
	}
	return &v
}

// FuzzMulAsm compares mulAsm and squareAsm with mulGeneric and
// squareGeneric (limb for limb) and mulAsm with math/big, on elements whose limbs are anywhere within the magnitude-8
// bounds.
func FuzzMulAsm(f *testing.F) {
	requireAsm(f)
	ones := make([]byte, 40)
	for i := range ones {
		ones[i] = 0xff
	}
	f.Add(ones, ones)
	f.Add(make([]byte, 40), ones)
	f.Add([]byte{1}, []byte{1})
	for _, x := range feEdges(f) {
		b := make([]byte, 40)
		for i, l := range feWithMagnitude(x, 8).n {
			binary.LittleEndian.PutUint64(b[8*i:], l)
		}
		f.Add(b, ones)
	}
	f.Fuzz(func(t *testing.T, xb, yb []byte) {
		x, y := asmFuzzElement(xb), asmFuzzElement(yb)
		checkAsmMul(t, x, y)
		checkAsmMul(t, x, x)
		checkAsmSquare(t, x)
		var v Element
		mulAsm(&v.n, &x.n, &y.n)
		checkProduct(t, "mulAsm", &v, x, y)
		want := new(big.Int).Mul(feBig(x), feBig(y))
		if feBig(&v).Cmp(want.Mod(want, bigP)) != 0 {
			t.Fatalf("mulAsm(%x, %x) = %x: wrong value", x.n, y.n, v.n)
		}
	})
}
