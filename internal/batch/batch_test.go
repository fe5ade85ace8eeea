package batch

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

func TestWeights(t *testing.T) {
	var w, w2 Weights
	seed := [32]byte{1, 2, 3}
	w.Reset(&seed)
	var a, b scalar.Scalar
	w.Next(&a)
	if a.Equal(new(scalar.Scalar).One()) != 1 {
		t.Fatal("first weight is not 1")
	}
	seen := map[[32]byte]bool{}
	for i := 1; i < 100; i++ {
		w.Next(&a)
		var enc [32]byte
		a.Bytes(&enc)
		if [16]byte(enc[:16]) != [16]byte{} || a.IsZero() == 1 {
			t.Fatalf("weight %d = %x: not a nonzero 128-bit value", i, enc)
		}
		if seen[enc] {
			t.Fatalf("weight %d repeats", i)
		}
		seen[enc] = true
	}
	// The sequence depends only on the seed, and changes with it.
	w.Reset(&seed)
	seed2 := seed
	seed2[31] ^= 1
	w2.Reset(&seed2)
	for i := 0; i < 5; i++ {
		w.Next(&a)
		w2.Next(&b)
		if i > 0 && a.Equal(&b) == 1 {
			t.Fatalf("weight %d is the same for two seeds", i)
		}
	}
}

func TestBisect(t *testing.T) {
	for _, badSet := range [][]int{nil, {0}, {9}, {4}, {0, 9}, {2, 3, 4, 5}, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}} {
		isBad := make([]bool, 10)
		for _, i := range badSet {
			isBad[i] = true
		}
		check := func(lo, hi int) bool { return !slices.Contains(isBad[lo:hi], true) }
		got := make([]bool, 10)
		Bisect(got, 0, 10, check)
		if !slices.Equal(got, isBad) {
			t.Errorf("bad %v: found %v", badSet, got)
		}
	}
}

func TestGrow(t *testing.T) {
	s := Grow[int](nil, 4)
	if len(s) != 4 {
		t.Fatal("wrong length")
	}
	s2 := Grow(s, 3)
	if len(s2) != 3 || &s2[0] != &s[0] {
		t.Fatal("Grow reallocated although the capacity was enough")
	}
}

// TestLiftXVar compares LiftXVar with group.Affine.SetXOVar on random x
// (about half have no point), edge values and both parities.
func TestLiftXVar(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var xs []field.Element
	for _, v := range []uint64{0, 1, 2, 3, 7} {
		var e field.Element
		xs = append(xs, *e.SetInt(uint32(v)))
	}
	var pm1 [32]byte // p − 1
	for i := range pm1 {
		pm1[i] = 0xff
	}
	pm1[27], pm1[28], pm1[29], pm1[30], pm1[31] = 0xfe, 0xff, 0xff, 0xfc, 0x2e
	var e field.Element
	e.SetBytes(&pm1)
	xs = append(xs, e)
	for range 300 {
		var b [32]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		if e.SetBytes(&b) == 0 {
			continue
		}
		xs = append(xs, e)
	}
	for i := 0; i+4 <= len(xs); i += 3 {
		for _, odd := range []bool{false, true} {
			var got [4]group.Affine
			ps := [4]*group.Affine{&got[0], &got[1], &got[2], &got[3]}
			ok := LiftXVar4(&ps, (*[4]field.Element)(xs[i:i+4]), odd)
			for l := range ok {
				var want group.Affine
				if ok[l] != want.SetXOVar(&xs[i+l], odd) {
					t.Fatalf("LiftXVar4 lane %d: ok = %v", l, ok[l])
				}
				if ok[l] && (!got[l].X.EqualVar(&want.X) || !got[l].Y.EqualVar(&want.Y) || got[l].Infinity != 0) {
					t.Fatalf("LiftXVar4 lane %d: wrong point", l)
				}
			}
			var got2 [2]group.Affine
			ok2 := LiftXVar2(&[2]*group.Affine{&got2[0], &got2[1]}, (*[2]field.Element)(xs[i+1:i+3]), odd)
			for l := range ok2 {
				var want group.Affine
				if ok2[l] != want.SetXOVar(&xs[i+1+l], odd) {
					t.Fatalf("LiftXVar2 lane %d: ok = %v", l, ok2[l])
				}
				if ok2[l] && (!got2[l].X.EqualVar(&want.X) || !got2[l].Y.EqualVar(&want.Y) || got2[l].Infinity != 0) {
					t.Fatalf("LiftXVar2 lane %d: wrong point", l)
				}
			}
		}
	}
	for _, x := range xs {
		for _, odd := range []bool{false, true} {
			var got, want group.Affine
			ok := LiftXVar(&got, &x, odd)
			if ok != want.SetXOVar(&x, odd) {
				t.Fatalf("LiftXVar(%v, %v) = %v", x, odd, ok)
			}
			if ok && (!got.X.EqualVar(&want.X) || !got.Y.EqualVar(&want.Y) || got.Infinity != 0) {
				t.Fatalf("LiftXVar(%v, %v): wrong point", x, odd)
			}
		}
	}
}
