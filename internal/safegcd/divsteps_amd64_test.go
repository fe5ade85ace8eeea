//go:build amd64 && !purego

package safegcd

import (
	"math"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/ctasm"
)

// The assembly against its Go twins: divsteps62VarAsm against
// divsteps62VarGeneric (the same eta and matrix for random and edge
// inputs: g zero, g with a long run of zero bits, f and g at 1 and
// 2^64 − 1, eta at the bounds the inversions reach and beyond), and
// updateDEAsm, updateFGAsm against updateDEGeneric, updateFGGeneric (the
// same limbs for matrices from both divstep loops and the extreme ones,
// and d, e, f, g from random values to the ends of their ranges).

func checkDivsteps(t *testing.T, eta int64, f0, g0 uint64) {
	t.Helper()
	var ta trans
	ea := divsteps62VarAsm(eta, f0, g0, &ta)
	eg, tg := divsteps62VarGeneric(eta, f0, g0)
	if ea != eg || ta != tg {
		t.Fatalf("divsteps62Var(%d, %#x, %#x): assembly %d %v, Go %d %v", eta, f0, g0, ea, ta, eg, tg)
	}
}

func requireDivstepsAsm(t testing.TB) {
	t.Helper()
	if !useDivstepsAsm {
		t.Skip("the processor lacks BMI1 or BMI2: divsteps62Var is the Go loop")
	}
}

func TestDivstepsAsm(t *testing.T) {
	requireDivstepsAsm(t)
	edges := []uint64{0, 1, 2, 3, 1 << 62, 1 << 63, math.MaxUint64, math.MaxUint64 - 1, 0x5555555555555555, 0xAAAAAAAAAAAAAAAA}
	etas := []int64{-1, 0, 1, -2, 5, -5, 61, -61, 62, -62, 63, -63, 745, -745, 1 << 20, -(1 << 20)}
	for _, eta := range etas {
		for _, f := range edges {
			for _, g := range edges {
				checkDivsteps(t, eta, f|1, g)
			}
		}
	}
	rng := rand.New(rand.NewPCG(62, 62))
	for i := 0; i < 200000; i++ {
		f, g := rng.Uint64()|1, rng.Uint64()
		if i%4 == 1 {
			g &^= 1<<uint(rng.IntN(64)) - 1 // a long run of zero bits
		}
		checkDivsteps(t, int64(rng.IntN(1491))-745, f, g)
	}
}

func FuzzDivstepsAsm(f *testing.F) {
	f.Add(int64(-1), uint64(1), uint64(0))
	f.Add(int64(-745), uint64(math.MaxUint64), uint64(math.MaxUint64))
	f.Fuzz(func(t *testing.T, eta int64, f0, g0 uint64) {
		requireDivstepsAsm(t)
		checkDivsteps(t, eta%(1<<20), f0|1, g0)
	})
}

// BenchmarkDivsteps62Var times one batch of 62 divsteps from random f and
// g, the assembly and the Go loop, in per-thread CPU time.
func BenchmarkDivsteps62Var(b *testing.B) {
	const n = 4096
	var fs, gs [n]uint64
	rng := rand.New(rand.NewPCG(1, 62))
	for i := range fs {
		fs[i], gs[i] = rng.Uint64()|1, rng.Uint64()
	}
	var sink int64
	b.Run("asm", func(b *testing.B) {
		requireDivstepsAsm(b)
		i := 0
		cputime.Bench(b, func() {
			var t trans
			sink += divsteps62VarAsm(-1, fs[i&(n-1)], gs[i&(n-1)], &t) + t.u
			i++
		})
	})
	b.Run("generic", func(b *testing.B) {
		i := 0
		cputime.Bench(b, func() {
			e, t := divsteps62VarGeneric(-1, fs[i&(n-1)], gs[i&(n-1)])
			sink += e + t.u
			i++
		})
	})
	b.Run("updateDE/asm", func(b *testing.B) {
		d, e, tr := Signed62{1, 2, 3, 4, 5}, Signed62{6, 7, 8, 9, 10}, trans{3, -5, 7, 11}
		cputime.Bench(b, func() { updateDEAsm(&d, &e, &tr, &modN) })
	})
	b.Run("updateDE/generic", func(b *testing.B) {
		d, e, tr := Signed62{1, 2, 3, 4, 5}, Signed62{6, 7, 8, 9, 10}, trans{3, -5, 7, 11}
		cputime.Bench(b, func() { updateDEGeneric(&d, &e, &tr, &modN) })
	})
	b.Run("InvertVar/asm", func(b *testing.B) {
		requireDivstepsAsm(b)
		benchInvertVarCPU(b, true)
	})
	b.Run("InvertVar/goDivsteps", func(b *testing.B) { benchInvertVarCPU(b, false) })
	_ = sink
}

// benchInvertVarCPU times InvertVar with the divstep loop in assembly (asm)
// or in Go; the updates are the assembly ones either way.
func benchInvertVarCPU(b *testing.B, asm bool) {
	defer func(old bool) { useDivstepsAsm = old }(useDivstepsAsm)
	useDivstepsAsm = asm
	xs := benchInputs(bigP)
	i := 0
	cputime.Bench(b, func() {
		x := xs[i&63]
		InvertVar(&x, &modP)
		benchSink = x
		i++
	})
}

// randUpdateInput returns a Signed62 in the form the updates take: limbs
// 0..3 in [0, 2^62), the top limb signed in [lo, hi].
func randUpdateInput(rng *rand.Rand, lo, hi int64) Signed62 {
	var x Signed62
	for i := 0; i < 4; i++ {
		switch rng.IntN(4) {
		case 0:
			x[i] = 0
		case 1:
			x[i] = mask62
		default:
			x[i] = int64(rng.Uint64() & mask62)
		}
	}
	x[4] = lo + rng.Int64N(hi-lo+1)
	if rng.IntN(8) == 0 {
		x[4] = []int64{lo, hi}[rng.IntN(2)]
	}
	return x
}

// randTrans returns a transition matrix of 62 (or 59, scaled by 8)
// divsteps, or an extreme one (entries ±2^62, as the bound allows).
func randTrans(rng *rand.Rand) trans {
	switch rng.IntN(4) {
	case 0:
		_, t := divsteps62VarGeneric(int64(rng.IntN(1491))-745, rng.Uint64()|1, rng.Uint64())
		return t
	case 1:
		_, t := divsteps59(int64(rng.IntN(1491))-745, rng.Uint64()|1, rng.Uint64())
		return t
	default:
		e := []int64{1 << 62, -(1 << 62), 0, 1, -1}
		return trans{e[rng.IntN(5)], e[rng.IntN(5)], e[rng.IntN(5)], e[rng.IntN(5)]}
	}
}

func TestUpdatesAsm(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 2))
	for _, m := range []*Modulus{&modP, &modN} {
		for i := 0; i < 100000; i++ {
			tr := randTrans(rng)
			// d, e in (−2m, m): top limb in [−511, 254] (m ≈ 2^256).
			d, e := randUpdateInput(rng, -511, 254), randUpdateInput(rng, -511, 254)
			d2, e2 := d, e
			updateDEAsm(&d, &e, &tr, m)
			updateDEGeneric(&d2, &e2, &tr, m)
			if d != d2 || e != e2 {
				t.Fatalf("updateDE(%v): assembly %v %v, Go %v %v", tr, d, e, d2, e2)
			}
			// f, g: |f|, |g| ≤ m, so the top limb in [−256, 256].
			f, g := randUpdateInput(rng, -256, 256), randUpdateInput(rng, -256, 256)
			f2, g2 := f, g
			updateFGAsm(&f, &g, &tr)
			updateFGGeneric(&f2, &g2, &tr)
			if f != f2 || g != g2 {
				t.Fatalf("updateFG(%v): assembly %v %v, Go %v %v", tr, f, g, f2, g2)
			}
			// The variable-length form, on the n low limbs (limb n−1 the
			// signed top, as InvertVar shortens f and g); the limbs above
			// stay untouched.
			n := 1 + rng.IntN(5)
			f, g = randUpdateInput(rng, -256, 256), randUpdateInput(rng, -256, 256)
			if n < 5 {
				f[n-1] = int64(rng.Uint64()) >> uint(1+rng.IntN(63))
				g[n-1] = int64(rng.Uint64()) >> uint(1+rng.IntN(63))
			}
			f2, g2 = f, g
			updateFGVarAsm(&f[0], &g[0], n, &tr)
			updateFGVarGeneric(f2[:n], g2[:n], &tr)
			if f != f2 || g != g2 {
				t.Fatalf("updateFGVar(n = %d, %v): assembly %v %v, Go %v %v", n, tr, f, g, f2, g2)
			}
		}
	}
}

// TestUpdatesStraightLine checks that the constant-time updates have no
// jump at all (updateDE and updateFG serve the constant-time Invert).
func TestUpdatesStraightLine(t *testing.T) {
	b, err := os.ReadFile("divsteps_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ctasm.Amd64StraightLine(string(b), "updateDEAsm", "updateFGAsm") {
		t.Error(p)
	}
}
