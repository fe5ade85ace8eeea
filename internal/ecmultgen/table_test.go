package ecmultgen

import (
	"bytes"
	"fmt"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/p256k1/p256k1/internal/ecmultgen/internal/gentable"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// TestTableIsGenerated regenerates table.go in memory and compares it with
// the committed file, and checks that the go:generate line names the same
// shape.
func TestTableIsGenerated(t *testing.T) {
	want, err := gentable.Source(combBlocks, combTeeth)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("table.go differs from the generator's output; run go generate ./internal/ecmultgen")
	}
	src, err := os.ReadFile("ecmultgen.go")
	if err != nil {
		t.Fatal(err)
	}
	line := fmt.Sprintf("//go:generate go run gen_table.go -blocks %d -teeth %d\n", combBlocks, combTeeth)
	if !strings.Contains(string(src), line) {
		t.Fatalf("ecmultgen.go lacks %q", line)
	}
}

// tableScalar returns the discrete logarithm of combTable[b][m]:
// Σ_t ±2^((b·teeth + t)·spacing) · (n+1)/2.
func tableScalar(b, m int) *big.Int {
	s := new(big.Int)
	for t := range combTeeth {
		term := new(big.Int).Lsh(big.NewInt(1), uint((b*combTeeth+t)*combSpacing))
		if m>>t&1 == 1 {
			s.Add(s, term)
		} else {
			s.Sub(s, term)
		}
	}
	half := new(big.Int).Rsh(new(big.Int).Add(reference.N, big.NewInt(1)), 1)
	return s.Mul(s, half).Mod(s, reference.N)
}

// TestTableLayout decodes every entry as Mul does and checks that the coordinates it decodes are the entry's limbs, that
// the point is on the curve, and, for a sample, that it is the right point.
func TestTableLayout(t *testing.T) {
	for b := range combBlocks {
		for m := range combPoints {
			e := &combTable[b][m]
			var a group.Affine
			a.FromStorage(e)
			for c, v := range []*big.Int{bigOfElement(&a.X), bigOfElement(&a.Y)} {
				w := new(big.Int)
				for i := 3; i >= 0; i-- {
					w.Lsh(w, 64).Or(w, new(big.Int).SetUint64([2]field.Storage{e.X, e.Y}[c][i]))
				}
				if v.Cmp(w) != 0 {
					t.Fatalf("entry [%d][%d] coordinate %d decodes to %x, limbs hold %x", b, m, c, v, w)
				}
			}
			if !a.IsValidVar() {
				t.Fatalf("entry [%d][%d] is not on the curve", b, m)
			}
			sample := b == 0 || b == combBlocks-1 || m == 0 || m == combPoints-1
			if testing.Short() {
				sample = (b == 0 || b == combBlocks-1) && (m == 0 || m == combPoints-1)
			}
			if sample {
				want := reference.ScalarBaseMult(tableScalar(b, m))
				if got := pointOfAffine(&a); !got.Equal(want) {
					t.Fatalf("entry [%d][%d] = %s, want %s", b, m, showPoint(got), showPoint(want))
				}
			}
		}
	}
}

// TestGentableKnownAnswer compares the generator with the first entries of
// libsecp256k1's own 11×6 table (src/precomputed_ecmult_gen.c, written there
// as big-endian 32-bit words of X then Y), an answer computed by other code.
func TestGentableKnownAnswer(t *testing.T) {
	tab := gentable.Compute(11, 6)
	want := [][2]string{
		{"629bee58a391595feb20c5344933937acdb2eba186d49f8b845c1b5f4ca87182",
			"8dae416273c6c0682e2aede476efa86b7612c07ef72070d0dc4486f147e95085"},
		{"6fd5e13ca94b874b28cd574b726efdbf143ab1081089b8467b5b2ebe6c6a3c8f",
			"4a4db30652c9772a868b285957c5a005d83f6afa6e65d87c700da998ce651396"},
	}
	for m, w := range want {
		e := tab[0][m]
		got := [2]string{
			fmt.Sprintf("%016x%016x%016x%016x", e[3], e[2], e[1], e[0]),
			fmt.Sprintf("%016x%016x%016x%016x", e[7], e[6], e[5], e[4]),
		}
		if got != w {
			t.Errorf("11×6 entry [0][%d] = %v, want %v", m, got, w)
		}
	}
}

// TestGentableShapes checks the generator on other shapes against the
// reference (a sample of entries each) and its shape validation.
func TestGentableShapes(t *testing.T) {
	for _, sh := range [][2]int{{1, 1}, {2, 5}, {4, 3}, {11, 6}, {32, 8}, {64, 4}} {
		blocks, teeth := sh[0], sh[1]
		tab := gentable.Compute(blocks, teeth)
		spacing := gentable.Spacing(blocks, teeth)
		half := new(big.Int).Rsh(new(big.Int).Add(reference.N, big.NewInt(1)), 1)
		for _, b := range []int{0, blocks - 1} {
			for _, m := range []int{0, 1<<(teeth-1) - 1} {
				s := new(big.Int)
				for tt := range teeth {
					term := new(big.Int).Lsh(big.NewInt(1), uint((b*teeth+tt)*spacing))
					if m>>tt&1 == 1 {
						s.Add(s, term)
					} else {
						s.Sub(s, term)
					}
				}
				want := reference.ScalarBaseMult(s.Mul(s, half))
				e := tab[b][m]
				x := new(big.Int)
				for i := 3; i >= 0; i-- {
					x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(e[i]))
				}
				if x.Cmp(want.X) != 0 {
					t.Fatalf("%d×%d entry [%d][%d] wrong", blocks, teeth, b, m)
				}
			}
		}
	}
	for _, sh := range [][2]int{{0, 6}, {43, 0}, {43, 9}, {300, 1}} {
		if gentable.Check(sh[0], sh[1]) == nil {
			t.Errorf("shape %d×%d accepted", sh[0], sh[1])
		}
	}
}
