package ecmult8

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// A dudect-style statistical constant-time test of the eight-lane
// constant-time engine (valgrind, which the other constant-time check uses,
// cannot execute AVX-512: under it the dispatch picks the fallback).
//
// Following Reparaz, Balasch and Verbauwhede, "Dude, is my code constant
// time?" (2017): the same operation is timed on inputs of two classes —
// one fixed secret for every measurement, or a fresh random secret each
// time — in random interleaved order; the two timing distributions are
// compared with Welch's t-test, on the raw measurements and on the
// measurements cropped at several upper percentiles (to drop interrupts
// and other machines' load), and the largest |t| is reported. |t| above
// dudectThreshold is evidence of a leak. A negative control, a variant of
// the same engine that deliberately leaks (its table scan stops at the
// lane's entry: a branch and a loop length that depend on the secret),
// must be flagged, so that a pass of the real engine means the test can
// see a leak of that size on this machine.
//
// Run by .ci/ctime-dudect.sh. P256K1_DUDECT picks the run: real (MulGen,
// the fixed-base engine), realconst (MulConst, the variable-base engine,
// with fixed public points) or leaky (the negative control);
// P256K1_DUDECT_N (default 1,000,000) is the number of measurements and
// P256K1_DUDECT_SECONDS (default 120) a time bound: the run stops at
// whichever comes first and says how many it made.

const dudectThreshold = 10 // dudect's "probably not constant time"

// welch accumulates the mean and variance of each class (Welford).
type welch struct {
	n    [2]float64
	mean [2]float64
	m2   [2]float64
}

func (w *welch) push(class int, x float64) {
	w.n[class]++
	d := x - w.mean[class]
	w.mean[class] += d / w.n[class]
	w.m2[class] += d * (x - w.mean[class])
}

func (w *welch) t() float64 {
	if w.n[0] < 2 || w.n[1] < 2 {
		return 0
	}
	v0 := w.m2[0] / (w.n[0] - 1)
	v1 := w.m2[1] / (w.n[1] - 1)
	den := math.Sqrt(v0/w.n[0] + v1/w.n[1])
	if den == 0 {
		return 0
	}
	return (w.mean[0] - w.mean[1]) / den
}

// mulGenLeaky is MulGen with a deliberately variable-time table selection:
// the negative control.
func (e *GenEngine) mulGenLeaky(r *Affine8, k *[Lanes]scalar.Scalar) {
	genTabOnce.Do(makeGenTable)
	var dl [genWindows]int32
	for j := 0; j < Lanes; j++ {
		var m scalar.Scalar
		m.CondNegate(&k[j], k[j].IsEven())
		genDigits(&dl, &m)
		for i := range dl {
			e.digit[i][j] = dl[i]
		}
	}
	for j := 0; j < Lanes; j++ {
		e.acc.X.SetLimbs(j, [5]uint64(genTop[:5]))
		e.acc.Y.SetLimbs(j, [5]uint64(genTop[5:]))
	}
	e.acc.Z.One()
	for i := 0; i < genWindows; i++ {
		for j := 0; j < Lanes; j++ {
			d := e.digit[i][j]
			if d < 0 {
				d = -d
			}
			for idx := 0; idx < genEntries; idx++ { // stops at the entry: leaks
				if int32(2*idx+1) == d {
					l := &genTab[i][idx]
					e.add.X.SetLimbs(j, [5]uint64(l[:5]))
					e.add.Y.SetLimbs(j, [5]uint64(l[5:]))
					break
				}
			}
		}
		e.acc.AddAffine(&e.acc, &e.add)
	}
	var zi field8.Element
	zi.Invert(&e.acc.Z)
	r.X.Mul(&e.acc.X, &zi)
	r.Y.Mul(&e.acc.Y, &zi)
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// dudect times f on the two classes and returns the largest |t| over the
// croppings and the number of measurements made.
func dudect(t *testing.T, f func(k *[Lanes]scalar.Scalar), n int, budget time.Duration) (float64, int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	randKey := func() scalar.Scalar {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		var s scalar.Scalar
		s.SetBytes(&b)
		if s.IsZero() == 1 {
			s.SetInt(1)
		}
		return s
	}
	var fixed [Lanes]scalar.Scalar
	for j := range fixed {
		fixed[j].SetInt(1) // every digit −15 but the lowest: the leaky scan's longest path
	}
	// Warm up, then take the cropping thresholds from a first sample.
	const pre = 2000
	sample := make([]float64, 0, pre)
	inputs := make([][Lanes]scalar.Scalar, 256)
	classes := make([]int, len(inputs))
	fill := func() {
		for i := range inputs {
			classes[i] = int(r.Uint32() & 1)
			if classes[i] == 0 {
				inputs[i] = fixed
			} else {
				for j := range inputs[i] {
					inputs[i][j] = randKey()
				}
			}
		}
	}
	percentiles := []float64{1, 0.99, 0.95, 0.9, 0.75, 0.5}
	var crops []float64
	var tests []welch
	start := time.Now()
	done := 0
	for done < n && time.Since(start) < budget {
		fill()
		for i := range inputs {
			t0 := time.Now()
			f(&inputs[i])
			d := float64(time.Since(t0).Nanoseconds())
			if done < pre {
				sample = append(sample, d)
				if len(sample) == pre {
					s := append([]float64(nil), sample...)
					sort.Float64s(s)
					for _, p := range percentiles {
						crops = append(crops, s[min(len(s)-1, int(p*float64(len(s))))])
					}
					crops[0] = math.Inf(1)
					tests = make([]welch, len(crops))
				}
			} else {
				for c, lim := range crops {
					if d <= lim {
						tests[c].push(classes[i], d)
					}
				}
			}
			done++
		}
	}
	var worst float64
	for c := range tests {
		tv := math.Abs(tests[c].t())
		t.Logf("  crop at percentile %5.1f: |t| = %7.2f (fixed %.0f ns × %.0f, random %.0f ns × %.0f)",
			100*percentiles[c], tv, tests[c].mean[0], tests[c].n[0], tests[c].mean[1], tests[c].n[1])
		worst = max(worst, tv)
	}
	return worst, done
}

func TestDudect(t *testing.T) {
	mode := os.Getenv("P256K1_DUDECT")
	if mode == "" {
		t.Skip("set P256K1_DUDECT=real or leaky (run by .ci/ctime-dudect.sh)")
	}
	if !field8.Enabled() {
		t.Skip("no AVX-512 IFMA: the eight-lane engine does not run on this machine")
	}
	n := envInt("P256K1_DUDECT_N", 1000000)
	budget := time.Duration(envInt("P256K1_DUDECT_SECONDS", 120)) * time.Second
	var e GenEngine
	var ce ConstEngine
	var out Affine8
	f := func(k *[Lanes]scalar.Scalar) { e.MulGen(&out, k) }
	switch mode {
	case "leaky":
		f = func(k *[Lanes]scalar.Scalar) { e.mulGenLeaky(&out, k) }
	case "realconst":
		// The points are public: the same in both classes.
		r := rand.New(rand.NewPCG(1, 2))
		var p [Lanes]group.Affine
		for j := range p {
			p[j] = randPoint(r)
		}
		f = func(k *[Lanes]scalar.Scalar) { ce.MulConst(&out, k, &p) }
	}
	worst, done := dudect(t, f, n, budget)
	msg := fmt.Sprintf("%s: max |t| = %.2f over %d measurements (threshold %d)", mode, worst, done, dudectThreshold)
	t.Log(msg)
	switch mode {
	case "real", "realconst":
		if worst > dudectThreshold {
			t.Fatalf("timing depends on the secret: %s", msg)
		}
	case "leaky":
		if worst <= dudectThreshold {
			t.Fatalf("the negative control was not flagged: %s", msg)
		}
	default:
		t.Fatalf("P256K1_DUDECT=%q, want real, realconst or leaky", mode)
	}
}
