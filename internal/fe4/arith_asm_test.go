//go:build (amd64 || arm64) && !purego

package fe4

import (
	"math/big"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// The linear operations, SqrN, SqrtVar, InvertVar and AffineAddInvVar
// against math/big, on the edge values of inputs (0, p, values above p)
// and random ones.

func TestLinear(t *testing.T) {
	in := inputs(rand.New(rand.NewPCG(7, 8)), 150)
	for i, a := range in {
		for j := i % 5; j < len(in); j += 7 {
			b := in[j]
			var r Element
			Add(&r, &a, &b)
			checkValue(t, "Add", &r, new(big.Int).Add(toBig(&a), toBig(&b)))
			Sub(&r, &a, &b)
			checkValue(t, "Sub", &r, new(big.Int).Sub(toBig(&a), toBig(&b)))
			zero := new(big.Int).Mod(new(big.Int).Sub(toBig(&a), toBig(&b)), reference.P).Sign() == 0
			if a.EqualVar(&b) != zero {
				t.Fatalf("EqualVar(%x, %x) = %v", a, b, !zero)
			}
		}
		zero := new(big.Int).Mod(toBig(&a), reference.P).Sign() == 0
		if a.IsZeroVar() != zero {
			t.Fatalf("IsZeroVar(%x) = %v", a, !zero)
		}
		odd := new(big.Int).Mod(toBig(&a), reference.P).Bit(0) == 1
		if a.IsOdd() != odd {
			t.Fatalf("IsOdd(%x) = %v", a, !odd)
		}
	}
}

func TestSqrNSqrtInvert(t *testing.T) {
	requireAsm(t)
	p := reference.P
	in4 := inputs(rand.New(rand.NewPCG(9, 10)), 60)
	for _, a := range in4 {
		x := toBig(&a)
		for _, n := range []int{1, 2, 3, 23, 88} {
			var r Element
			SqrN(&r, &a, n)
			checkValue(t, "SqrN", &r, new(big.Int).Exp(x, new(big.Int).Lsh(big.NewInt(1), uint(n)), p))
			r = a
			SqrN(&r, &r, n)
			checkValue(t, "SqrN r=a", &r, new(big.Int).Exp(x, new(big.Int).Lsh(big.NewInt(1), uint(n)), p))
		}
		var r Element
		ok := SqrtVar(&r, &a)
		xm := new(big.Int).Mod(x, p)
		want := new(big.Int).ModSqrt(xm, p) != nil
		if ok != want {
			t.Fatalf("SqrtVar(%x) ok = %v", a, ok)
		}
		if ok {
			rr := toBig(&r)
			if new(big.Int).Mod(new(big.Int).Mul(rr, rr), p).Cmp(xm) != 0 {
				t.Fatalf("SqrtVar(%x) = %x, not a root", a, r)
			}
		}
		var r4, a4 [4]Element
		for l := range a4 {
			a4[l] = in4[(l*7+len(in4)/2)%len(in4)]
		}
		a4[1] = a
		ok4 := SqrtVar4(&r4, &a4)
		for l := range a4 {
			var r1 Element
			if SqrtVar(&r1, &a4[l]) != ok4[l] || (ok4[l] && !r1.EqualVar(&r4[l])) {
				t.Fatalf("SqrtVar4 lane %d (%x) differs from SqrtVar", l, a4[l])
			}
		}
		a2 := [2]Element{a4[0], a}
		var r2 [2]Element
		ok2 := SqrtVar2(&r2, &a2)
		for l := range a2 {
			var r1 Element
			if SqrtVar(&r1, &a2[l]) != ok2[l] || (ok2[l] && !r1.EqualVar(&r2[l])) {
				t.Fatalf("SqrtVar2 lane %d (%x) differs from SqrtVar", l, a2[l])
			}
		}
		InvertVar(&r, &a)
		if xm.Sign() == 0 {
			checkValue(t, "InvertVar(0)", &r, big.NewInt(0))
		} else {
			checkValue(t, "InvertVar", &r, new(big.Int).ModInverse(xm, p))
		}
	}
}

// TestAffineAddInv2Var compares the interleaved pair with two single
// steps on random buckets, points and products.
func TestAffineAddInv2Var(t *testing.T) {
	requireAsm(t)
	rng := rand.New(rand.NewPCG(15, 16))
	for range 100 {
		var bs [2]group.AffineStorage
		var px, py, pre [2]Element
		for k := range 2 {
			a, b := randPoint(rng), randPoint(rng)
			bs[k].X, bs[k].Y = [4]uint64(fromBig(a.X)), [4]uint64(fromBig(a.Y))
			px[k], py[k] = fromBig(b.X), fromBig(b.Y)
			pre[k] = fromBig(randBig(rng, 256))
		}
		acc := fromBig(randBig(rng, 256))
		b1, b2, acc1 := bs, bs, acc
		AffineAddInvVar(&b1[0], &px[0], &py[0], &acc1, &pre[0])
		AffineAddInvVar(&b1[1], &px[1], &py[1], &acc1, &pre[1])
		AffineAddInv2Var(&b2[0], &px[0], &py[0], &pre[0], &b2[1], &px[1], &py[1], &pre[1], &acc)
		if b1 != b2 || acc1 != acc {
			t.Fatal("AffineAddInv2Var differs from two AffineAddInvVar")
		}
	}
}

func TestAffineAddInvVar(t *testing.T) {
	requireAsm(t)
	rng := rand.New(rand.NewPCG(11, 12))
	p := reference.P
	for range 200 {
		a, b := randPoint(rng), randPoint(rng)
		if a.X.Cmp(b.X) == 0 {
			continue
		}
		// A batch of two: the first denominator d0 (random), this one
		// d1 = bx − ax; acc = 1/(d0·d1), pref = d0.
		d0 := new(big.Int).Add(new(big.Int).Mod(randBig(rng, 256), new(big.Int).Sub(p, big.NewInt(1))), big.NewInt(1))
		d1 := new(big.Int).Mod(new(big.Int).Sub(b.X, a.X), p)
		acc := fromBig(new(big.Int).ModInverse(new(big.Int).Mul(d0, d1), p))
		pref := fromBig(d0)
		// Coordinates possibly at or above p, as the kernels allow.
		var s group.AffineStorage
		s.X, s.Y = [4]uint64(fromBig(a.X)), [4]uint64(fromBig(a.Y))
		px, py := fromBig(b.X), fromBig(b.Y)
		if rng.IntN(2) == 0 && new(big.Int).Add(b.Y, p).BitLen() <= 256 {
			py = fromBig(new(big.Int).Add(b.Y, p))
		}
		AffineAddInvVar(&s, &px, &py, &acc, &pref)
		sum := reference.Add(a, b)
		x3, y3 := Element(s.X), Element(s.Y)
		checkValue(t, "x3", &x3, sum.X)
		checkValue(t, "y3", &y3, sum.Y)
		checkValue(t, "acc", &acc, new(big.Int).ModInverse(d0, p))
	}
}

func BenchmarkSqrt(b *testing.B) {
	requireAsm(b)
	a := Element{5, 6, 7, 8}
	var f field.Element
	a.ToField(&f)
	b.Run("fe4", func(b *testing.B) {
		var r Element
		for b.Loop() {
			SqrtVar(&r, &a)
		}
	})
	b.Run("field", func(b *testing.B) {
		var r field.Element
		for b.Loop() {
			r.Sqrt(&f)
		}
	})
}

// TestSqrtCPUTime compares SqrtVar with field.Sqrt by per-thread CPU time,
// interleaved (FE4_CPUTIME=1 go test -run SqrtCPUTime -v).
func TestSqrtCPUTime(t *testing.T) {
	if os.Getenv("FE4_CPUTIME") == "" {
		t.Skip("set FE4_CPUTIME=1 to run")
	}
	requireAsm(t)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	a := Element{5, 6, 7, 8}
	var f, fr field.Element
	a.ToField(&f)
	var r Element
	var a4, r4 [4]Element
	for l := range a4 {
		a4[l] = Element{uint64(l) + 5, 6, 7, 8}
	}
	var x, y, z []float64
	for range 21 {
		t0 := cputime.Thread()
		for range 200 {
			SqrtVar(&r, &a)
		}
		t1 := cputime.Thread()
		for range 200 {
			fr.Sqrt(&f)
		}
		t2 := cputime.Thread()
		for range 50 {
			SqrtVar4(&r4, &a4)
		}
		t3 := cputime.Thread()
		x = append(x, float64(t1-t0)/200)
		y = append(y, float64(t2-t1)/200)
		z = append(z, float64(t3-t2)/200)
	}
	slices.Sort(x)
	slices.Sort(y)
	slices.Sort(z)
	t.Logf("sqrt: fe4 %.0f ns, field %.0f ns, fe4 four at once %.0f ns each (medians of 21 rounds, thread CPU time)", x[10], y[10], z[10])
}

func TestPrefixStepVar(t *testing.T) {
	requireAsm(t)
	in := inputs(rand.New(rand.NewPCG(13, 14)), 100)
	for i, px := range in {
		for j := i % 3; j < len(in); j += 9 {
			bx := in[j]
			acc := in[(i+j)%len(in)]
			acc0 := acc
			var den, pre Element
			zero := PrefixStepVar(&den, &pre, &acc, &px, &bx)
			d := new(big.Int).Sub(toBig(&px), toBig(&bx))
			checkValue(t, "den", &den, d)
			checkValue(t, "pre", &pre, toBig(&acc0))
			isZero := new(big.Int).Mod(d, reference.P).Sign() == 0
			if zero != isZero {
				t.Fatalf("PrefixStepVar(%x, %x) zero = %v", px, bx, zero)
			}
			if zero {
				checkValue(t, "acc (unchanged)", &acc, toBig(&acc0))
			} else {
				checkValue(t, "acc", &acc, new(big.Int).Mul(toBig(&acc0), d))
			}
		}
		// px ≡ bx with different representations (p and 0).
		var den, pre Element
		acc := Element{3}
		b := px
		if !PrefixStepVar(&den, &pre, &acc, &px, &b) {
			t.Fatal("PrefixStepVar(x, x) not zero")
		}
	}
}

// TestKernelCPUTime times the MSM kernels per call (FE4_CPUTIME=1).
func TestKernelCPUTime(t *testing.T) {
	if os.Getenv("FE4_CPUTIME") == "" {
		t.Skip("set FE4_CPUTIME=1 to run")
	}
	requireAsm(t)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var bs [256]group.AffineStorage
	var xs, ys, pre [256]Element
	for i := range bs {
		bs[i].X = [4]uint64{uint64(i) + 1, 2, 3, 4}
		bs[i].Y = [4]uint64{uint64(i) + 5, 6, 7, 8}
		xs[i] = Element{uint64(i) + 9, 10, 11, 12}
		ys[i] = Element{uint64(i) + 13, 14, 15, 16}
		pre[i] = Element{uint64(i) + 17, 18, 19, 20}
	}
	var den [256]Element
	var m, a, p, a2 []float64
	acc := Element{3, 4, 5, 6}
	for range 21 {
		t0 := cputime.Thread()
		for range 100 {
			for i := range bs {
				Mul(&acc, &acc, &xs[i])
			}
		}
		t1 := cputime.Thread()
		for range 100 {
			for i := range bs {
				AffineAddInvVar(&bs[i], &xs[i], &ys[i], &acc, &pre[i])
			}
		}
		t2 := cputime.Thread()
		for range 100 {
			for i := range bs {
				PrefixStepVar(&den[i], &pre[i], &acc, &xs[i], &ys[i])
			}
		}
		t3 := cputime.Thread()
		for range 100 {
			for i := 0; i < len(bs); i += 2 {
				AffineAddInv2Var(&bs[i], &xs[i], &ys[i], &pre[i], &bs[i+1], &xs[i+1], &ys[i+1], &pre[i+1], &acc)
			}
		}
		t4 := cputime.Thread()
		a2 = append(a2, float64(t4-t3)/25600)
		m = append(m, float64(t1-t0)/25600)
		a = append(a, float64(t2-t1)/25600)
		p = append(p, float64(t3-t2)/25600)
	}
	slices.Sort(m)
	slices.Sort(a)
	slices.Sort(p)
	slices.Sort(a2)
	t.Logf("per call: Mul (dependent) %.1f ns, AffineAddInvVar %.1f ns, PrefixStepVar %.1f ns; AffineAddInv2Var %.1f ns per addition", m[10], a[10], p[10], a2[10])
}
