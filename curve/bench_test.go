package curve

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Each public method beside the internal operation it wraps
// (sub-benchmarks "curve" and "internal"), with per-thread CPU time
// (cpu-ns/op). TestWrapperOverhead (opt-in) alternates the two in one
// process and prints the ratios.

// benchPair is one method and its internal engine.
type benchPair struct {
	name          string
	curve, intern func()
}

// benchPairs builds the pairs on fixed random inputs.
func benchPairs(tb testing.TB) []benchPair {
	rng := newRNG(tb)
	var kb, k2b [32]byte
	rng.Read(kb[:])
	rng.Read(k2b[:])
	var k, k2 Scalar
	k.SetBytes32(&kb)
	k2.SetBytes32(&k2b)
	var P, Q, R Point
	P.ScalarBaseMult(&k)  // Z ≠ 1
	Q.ScalarBaseMult(&k2) // Z ≠ 1
	var pa group.Affine   // P in affine form, for the engines that take one
	P.affine(&pa)
	var fa, fb, fr FieldElement
	fa.SetBytes32(&kb)
	fb.SetBytes32(&k2b)
	var ea, eb, er field.Element
	ea, eb = fa.e, fb.e
	var sr scalar.Scalar
	var ks Scalar
	var jr group.Jacobian

	const nMSM = 1000
	scalars := make([]*Scalar, nMSM)
	points := make([]*Point, nMSM)
	affs := make([]group.Affine, nMSM)
	for i := range nMSM {
		var b [32]byte
		rng.Read(b[:])
		scalars[i] = new(Scalar)
		scalars[i].SetBytes32(&b)
		rng.Read(b[:])
		var s Scalar
		s.SetBytes32(&b)
		points[i] = new(Point).ScalarBaseMult(&s)
		points[i].affine(&affs[i])
	}
	var multi ecmult.Multi
	msmInternal := func() {
		multi.Reset()
		for i := range affs {
			multi.AddVar(&affs[i], &scalars[i].s)
		}
		multi.EvalVar(&jr)
	}

	return []benchPair{
		{"Scalar.Multiply", func() { ks.Multiply(&k, &k2) }, func() { sr.Mul(&k.s, &k2.s) }},
		{"Scalar.Invert", func() { ks.Invert(&k) }, func() { sr.Invert(&k.s) }},
		{"Field.Multiply", func() { fr.Multiply(&fa, &fb) }, func() { er.Mul(&ea, &eb) }},
		{"Field.Square", func() { fr.Square(&fa) }, func() { er.Square(&ea) }},
		// FieldElement keeps magnitude 1: its Add is the limb addition and
		// a weak reduction.
		{"Field.Add", func() { fr.Add(&fa, &fb) }, func() { er.Add(&ea, &eb).NormalizeWeak() }},
		{"Field.Invert", func() { fr.Invert(&fa) }, func() { er.Invert(&ea) }},
		{"Point.Double", func() { R.Double(&P) }, func() { jr.Double(&P.p) }},
		// No constant-time Jacobian addition exists inside: beside it, the
		// variable-time one that VarTimeAdd wraps.
		{"Point.Add", func() { R.Add(&P, &Q) }, func() { jr.AddVar(&P.p, &Q.p, nil) }},
		{"Point.VarTimeAdd", func() { R.VarTimeAdd(&P, &Q) }, func() { jr.AddVar(&P.p, &Q.p, nil) }},
		{"Point.ScalarBaseMult", func() { R.ScalarBaseMult(&k) }, func() { ecmultgen.Shared().Mul(&jr, &k.s) }},
		// The engine takes an affine point; ScalarMult takes any Z.
		{"Point.ScalarMult", func() { R.ScalarMult(&k, &P) }, func() { ecmultconst.Mul(&jr, &pa, &k.s) }},
		{"Point.VarTimeScalarMult", func() { R.VarTimeScalarMult(&k, &P) }, func() { ecmult.MulVar(&jr, &k.s, &P.p) }},
		{"Point.VarTimeDoubleScalarBaseMult", func() { R.VarTimeDoubleScalarBaseMult(&k, &P, &k2) },
			func() { ecmult.DoubleBaseVar(&jr, &k.s, &P.p, &k2.s) }},
		// The engine is given affine points; the method converts 1,000
		// Jacobian points with one inversion first.
		{"Point.VarTimeMultiScalarMult1000", func() { R.VarTimeMultiScalarMult(scalars, points) }, msmInternal},
	}
}

func BenchmarkWrappers(b *testing.B) {
	for _, p := range benchPairs(b) {
		b.Run(p.name+"/curve", func(b *testing.B) { cputime.Bench(b, p.curve) })
		b.Run(p.name+"/internal", func(b *testing.B) { cputime.Bench(b, p.intern) })
	}
}

func BenchmarkHashToCurve(b *testing.B) {
	msg := []byte("a message of some 32 bytes or so")
	dst := []byte("QUUX-V01-CS02-with-secp256k1_XMD:SHA-256_SSWU_RO_")
	var p Point
	var s Scalar
	b.Run("HashToCurve", func(b *testing.B) { cputime.Bench(b, func() { p.HashToCurve(msg, dst) }) })
	b.Run("EncodeToCurve", func(b *testing.B) { cputime.Bench(b, func() { p.EncodeToCurve(msg, dst) }) })
	b.Run("HashToScalar", func(b *testing.B) { cputime.Bench(b, func() { s.HashToScalar(msg, dst) }) })
	var u FieldElement
	u.SetUint64(12345)
	b.Run("MapToCurve", func(b *testing.B) { cputime.Bench(b, func() { p.MapToCurve(&u) }) })
}

// TestWrapperOverhead measures each method against its internal engine,
// alternating the two in rounds in one process (per-thread CPU time), and
// prints the median ratio. Opt-in (CURVE_OVERHEAD=1): timings are never a
// pass/fail criterion of the unit tests.
func TestWrapperOverhead(t *testing.T) {
	if os.Getenv("CURVE_OVERHEAD") == "" {
		t.Skip("set CURVE_OVERHEAD=1 to measure")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const rounds = 15
	for _, p := range benchPairs(t) {
		// Calibrate to about 2 ms per batch.
		n := 1
		for {
			t0 := cputime.Thread()
			for range n {
				p.intern()
			}
			if cputime.Thread()-t0 > 2e6 || n > 1<<24 {
				break
			}
			n *= 2
		}
		var ratios, cs, is []float64
		for range rounds {
			t0 := cputime.Thread()
			for range n {
				p.curve()
			}
			t1 := cputime.Thread()
			for range n {
				p.intern()
			}
			t2 := cputime.Thread()
			c, i := float64(t1-t0)/float64(n), float64(t2-t1)/float64(n)
			cs, is = append(cs, c), append(is, i)
			ratios = append(ratios, c/i)
		}
		slices.Sort(ratios)
		slices.Sort(cs)
		slices.Sort(is)
		fmt.Printf("%-36s curve %10.1f ns  internal %10.1f ns  ratio %.3f [%.3f–%.3f]\n",
			p.name, cs[rounds/2], is[rounds/2], ratios[rounds/2], ratios[rounds/4], ratios[3*rounds/4])
	}
}
