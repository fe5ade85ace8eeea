package field8

import (
	"math/rand/v2"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
)

var sink Element

// BenchmarkMul is one eight-lane multiplication (eight field products),
// chained r = r·b; divide by 8 for the cost per lane.
func BenchmarkMul(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	x, y := randElement(r, 1, nil), randElement(r, 1, nil)
	cputime.Bench(b, func() { x.Mul(x, y) })
	sink = *x
}

func BenchmarkSquare(b *testing.B) {
	x := randElement(rand.New(rand.NewPCG(1, 2)), 1, nil)
	cputime.Bench(b, func() { x.Square(x) })
	sink = *x
}

func BenchmarkInvert(b *testing.B) {
	x := randElement(rand.New(rand.NewPCG(1, 2)), 1, nil)
	cputime.Bench(b, func() { x.Invert(x) })
	sink = *x
}

// TestMulRatio measures, interleaved in one process by per-thread CPU time,
// the eight-lane multiplication per lane against package field's
// multiplication (its BMI2/ADX assembly where the processor has it) and
// package fe4's 4×64 assembly, each chained r = r·b as the benchmarks of
// those packages are. Opt in with FIELD8_RATIO=1 (a measurement, never a
// pass/fail threshold).
func TestMulRatio(t *testing.T) {
	if os.Getenv("FIELD8_RATIO") == "" {
		t.Skip("set FIELD8_RATIO=1 to measure")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r := rand.New(rand.NewPCG(1, 2))
	x8, y8 := randElement(r, 1, nil), randElement(r, 1, nil)
	var fx, fy field.Element
	x8.Lane(0, &fx)
	y8.Lane(1, &fy)
	var gx, gy fe4.Element
	gx.FromField(&fx)
	gy.FromField(&fy)
	const n = 200000
	measure := func(f func()) time.Duration {
		t0 := cputime.Thread()
		for i := 0; i < n; i++ {
			f()
		}
		return cputime.Thread() - t0
	}
	// Four independent chains: throughput rather than latency.
	x8s := [4]Element{*x8, *y8, *x8, *y8}
	fxs := [4]field.Element{fx, fy, fx, fy}
	gxs := [4]fe4.Element{gx, gy, gx, gy}
	best := [6]time.Duration{1 << 62, 1 << 62, 1 << 62, 1 << 62, 1 << 62, 1 << 62}
	for round := 0; round < 15; round++ {
		ds := [6]time.Duration{
			measure(func() { x8.Mul(x8, y8) }),
			measure(func() { fx.Mul(&fx, &fy) }),
			measure(func() { fe4.Mul(&gx, &gx, &gy) }),
			measure(func() {
				x8s[0].Mul(&x8s[0], y8)
				x8s[1].Mul(&x8s[1], y8)
				x8s[2].Mul(&x8s[2], y8)
				x8s[3].Mul(&x8s[3], y8)
			}),
			measure(func() {
				fxs[0].Mul(&fxs[0], &fy)
				fxs[1].Mul(&fxs[1], &fy)
				fxs[2].Mul(&fxs[2], &fy)
				fxs[3].Mul(&fxs[3], &fy)
			}),
			measure(func() {
				fe4.Mul(&gxs[0], &gxs[0], &gy)
				fe4.Mul(&gxs[1], &gxs[1], &gy)
				fe4.Mul(&gxs[2], &gxs[2], &gy)
				fe4.Mul(&gxs[3], &gxs[3], &gy)
			}),
		}
		for i := range ds {
			best[i] = min(best[i], ds[i])
		}
	}
	lane := float64(best[0]) / n / Lanes
	f5 := float64(best[1]) / n
	f4 := float64(best[2]) / n
	t.Logf("engine: IFMA %v, field asm %v, fe4 %v (best of 15 rounds of %d, per-thread CPU time)", Enabled(), field.AsmEnabled(), fe4.Enabled, n)
	t.Logf("eight-lane Mul: %.2f ns per call, %.2f ns per lane", lane*Lanes, lane)
	t.Logf("field.Mul (5×52): %.2f ns; ratio per lane %.3f", f5, lane/f5)
	t.Logf("fe4.Mul (4×64):   %.2f ns; ratio per lane %.3f", f4, lane/f4)
	lane = float64(best[3]) / n / 4 / Lanes
	f5 = float64(best[4]) / n / 4
	f4 = float64(best[5]) / n / 4
	t.Logf("four independent chains (throughput): eight-lane %.2f ns per lane; field.Mul %.2f ns (ratio %.3f); fe4.Mul %.2f ns (ratio %.3f)",
		lane, f5, lane/f5, f4, lane/f4)
	sink = *x8
}
