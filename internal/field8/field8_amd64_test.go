//go:build amd64 && !purego

package field8

import (
	"math/rand/v2"
	"testing"

	"golang.org/x/sys/cpu"
)

// TestDispatch checks that the assembly is chosen exactly when the
// processor and the operating system support it, and says which ran.
func TestDispatch(t *testing.T) {
	want := cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512IFMA
	if Enabled() != want {
		t.Fatalf("Enabled() = %v, want %v", Enabled(), want)
	}
	t.Logf("AVX512F %v, AVX512VL %v, AVX512IFMA %v, OSXSAVE %v: IFMA assembly %v",
		cpu.X86.HasAVX512F, cpu.X86.HasAVX512VL, cpu.X86.HasAVX512IFMA, cpu.X86.HasOSXSAVE, Enabled())
}

// TestAsmMatchesGeneric checks the assembly against the generic twin limb
// for limb: every lane of Mul, Square and SquareN, random and edge inputs,
// with aliasing.
func TestAsmMatchesGeneric(t *testing.T) {
	if !Enabled() {
		t.Skip("no AVX-512 IFMA (or assembly disabled): only the generic twin runs here")
	}
	r := rand.New(rand.NewPCG(3, 4))
	edges := edgeLimbs()
	rounds := 20000
	if testing.Short() {
		rounds = 2000
	}
	for k := 0; k < rounds; k++ {
		a, b := randElement(r, 8, edges), randElement(r, 8, edges)
		var ga, gs, aa, as Element
		mulGeneric(&ga, a, b)
		squareGeneric(&gs, a)
		mulAsm(&aa.l, &a.l, &b.l)
		squareAsm(&as.l, &a.l)
		if ga != aa {
			t.Fatalf("mul: asm %x generic %x (a %x b %x)", aa.l, ga.l, a.l, b.l)
		}
		if gs != as {
			t.Fatalf("square: asm %x generic %x (a %x)", as.l, gs.l, a.l)
		}
		// Square's limbs are those of mul(a, a).
		mulGeneric(&ga, a, a)
		if ga != gs {
			t.Fatalf("square limbs differ from mul(a, a)")
		}
		n := 1 + r.IntN(5)
		var gn, an Element
		squareGeneric(&gn, a)
		for i := 1; i < n; i++ {
			squareGeneric(&gn, &gn)
		}
		an = *a
		squareNAsm(&an.l, &an.l, n)
		if gn != an {
			t.Fatalf("squareN(%d): asm and generic differ", n)
		}
		// Aliasing.
		c := *a
		mulAsm(&c.l, &c.l, &b.l)
		if c != aa {
			t.Fatal("mul with r = a differs")
		}
		c = *b
		mulAsm(&c.l, &a.l, &c.l)
		if c != aa {
			t.Fatal("mul with r = b differs")
		}
	}
}
