package fe4

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// The Go forms of generic.go, on every architecture (their products are the
// Go kernels, or the assembly ones on arm64): against math/big and against
// package group.

func TestGenericKernels(t *testing.T) {
	in := inputs(rand.New(rand.NewPCG(21, 22)), 200)
	hv := new(big.Int).ModInverse(big.NewInt(2), reference.P)
	for i, a := range in {
		for j := i % 5; j < len(in); j += 7 {
			b := in[j]
			var r Element
			mulGeneric(&r, &a, &b)
			checkValue(t, "mulGeneric", &r, new(big.Int).Mul(toBig(&a), toBig(&b)))
			kmul(&r, &a, &b)
			checkValue(t, "kmul", &r, new(big.Int).Mul(toBig(&a), toBig(&b)))
		}
		var r Element
		squareGeneric(&r, &a)
		checkValue(t, "squareGeneric", &r, new(big.Int).Mul(toBig(&a), toBig(&a)))
		ksqr(&r, &a)
		checkValue(t, "ksqr", &r, new(big.Int).Mul(toBig(&a), toBig(&a)))
		half(&r, &a)
		checkValue(t, "half", &r, new(big.Int).Mul(toBig(&a), hv))
		neg(&r, &a)
		checkValue(t, "neg", &r, new(big.Int).Neg(toBig(&a)))
		zero := new(big.Int).Mod(toBig(&a), reference.P).Sign() == 0
		if m := zeroMask(&a); (m == ^uint64(0)) != zero || (m != 0 && m != ^uint64(0)) {
			t.Fatalf("zeroMask(%x) = %x", a, m)
		}
		for _, n := range []int{1, 2, 5} {
			sqrNGeneric(&r, &a, n)
			checkValue(t, "sqrNGeneric", &r, new(big.Int).Exp(toBig(&a), big.NewInt(1<<n), reference.P))
		}
	}
}

func TestGenericPointOps(t *testing.T) {
	checkPointOps(t, pointOps{
		doubleGeneric,
		addAffineGeneric,
		func(r, a *Jacobian, b *group.AffineStorage, neg int) bool {
			return addStorageVarGeneric(r, a, b, neg, nil)
		},
		addStorageVarGeneric,
	})
}

// TestGenericAffineAddInv checks one backward and one forward step of a
// batch of affine additions (affineAddInvGeneric, prefixStepGeneric)
// against math/big.
func TestGenericAffineAddInv(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	p := reference.P
	for range 100 {
		a, b := randPoint(rng), randPoint(rng)
		if a.X.Cmp(b.X) == 0 {
			continue
		}
		d0 := new(big.Int).Add(new(big.Int).Mod(randBig(rng, 256), new(big.Int).Sub(p, big.NewInt(1))), big.NewInt(1))
		d1 := new(big.Int).Mod(new(big.Int).Sub(b.X, a.X), p)
		acc := fromBig(new(big.Int).ModInverse(new(big.Int).Mul(d0, d1), p))
		pref := fromBig(d0)
		var s group.AffineStorage
		s.X, s.Y = [4]uint64(fromBig(a.X)), [4]uint64(fromBig(a.Y))
		px, py := fromBig(b.X), fromBig(b.Y)
		affineAddInvGeneric(&s, &px, &py, &acc, &pref)
		sum := reference.Add(a, b)
		x3, y3 := Element(s.X), Element(s.Y)
		checkValue(t, "x3", &x3, sum.X)
		checkValue(t, "y3", &y3, sum.Y)
		checkValue(t, "acc", &acc, new(big.Int).ModInverse(d0, p))

		var den, pre Element
		acc2 := fromBig(d0)
		ax := fromBig(a.X)
		if prefixStepGeneric(&den, &pre, &acc2, &px, &ax) {
			t.Fatal("prefixStepGeneric: den ≡ 0 for distinct x")
		}
		checkValue(t, "den", &den, d1)
		checkValue(t, "pre", &pre, d0)
		checkValue(t, "acc", &acc2, new(big.Int).Mul(d0, d1))
		if !prefixStepGeneric(&den, &pre, &acc2, &px, &px) {
			t.Fatal("prefixStepGeneric(x, x) not zero")
		}
	}
}
