package batch

import (
	"slices"
	"testing"

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
