package ecmult

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// TestMSMCPUTime measures EvalVar on sums of n points with full scalars
// (libsecp256k1's bench_ecmult shape) by per-thread CPU time, with the
// variants interleaved round by round, and prints the median per point.
// Run with MSM_CPUTIME=1 go test -run MSMCPUTime -v ./internal/ecmult;
// MSM_SIZES="127 1023" and MSM_ROUNDS choose the sizes and rounds,
// MSM_WINDOWS="8 9" adds the 4×64 strategy at those windows, and
// MSM_SHAPE=batch measures sums shaped like a batch verification of n
// signatures instead (three half terms per signature, per signature);
// MSM_ROUNDSIZES="128 512" and MSM_GROUPS="4096 16384" compare the 4×64
// strategy's round and group sizes.
func TestMSMCPUTime(t *testing.T) {
	if os.Getenv("MSM_CPUTIME") == "" {
		t.Skip("set MSM_CPUTIME=1 to run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	sizes := []int{127, 1023, 8191}
	if s := os.Getenv("MSM_SIZES"); s != "" {
		sizes = nil
		for _, f := range strings.Fields(s) {
			n, _ := strconv.Atoi(f)
			sizes = append(sizes, n)
		}
	}
	rounds := 7
	if s := os.Getenv("MSM_ROUNDS"); s != "" {
		rounds, _ = strconv.Atoi(s)
	}
	type variant struct {
		name   string
		fe4    bool
		c      uint // 0: EvalVar's choice
		round  int  // the 4×64 round size (0: round4)
		groups int  // the 4×64 group size (0: maxBuckets4)
	}
	variants := []variant{{"4x64", true, 0, 0, 0}, {"5x52", false, 0, 0, 0}}
	if s := os.Getenv("MSM_WINDOWS"); s != "" {
		variants = variants[:1]
		for _, f := range strings.Fields(s) {
			c, _ := strconv.Atoi(f)
			variants = append(variants, variant{fmt.Sprintf("c=%d", c), true, uint(c), 0, 0})
		}
	}
	if s := os.Getenv("MSM_ROUNDSIZES"); s != "" {
		variants = variants[:1]
		for _, f := range strings.Fields(s) {
			k, _ := strconv.Atoi(f)
			variants = append(variants, variant{fmt.Sprintf("round=%d", k), true, 0, k, 0})
		}
	}
	if s := os.Getenv("MSM_GROUPS"); s != "" {
		variants = variants[:1]
		for _, f := range strings.Fields(s) {
			k, _ := strconv.Atoi(f)
			variants = append(variants, variant{fmt.Sprintf("group=%d", k), true, 0, 0, k})
		}
	}
	saved := pippengerFE4
	defer func() { pippengerFE4 = saved }()
	rng := emRng(21)
	for _, n := range sizes {
		pts := make([]group.Affine, n)
		ks := make([]scalar.Scalar, n)
		for i := range pts {
			pts[i] = msmAffine(emRandPoint(rng))
			ks[i] = emScalar(msmRandScalar(rng))
		}
		g := emScalar(msmRandScalar(rng))
		var m Multi
		batch := os.Getenv("MSM_SHAPE") == "batch"
		hs := make([]scalar.Scalar, n)
		for i := range hs {
			hs[i] = emScalar(msmRandHalf(rng))
		}
		run := func(c uint) {
			m.Reset()
			for i := range pts {
				if batch {
					// A batch verification of n signatures: a 128-bit
					// weight on R and a full scalar on P.
					m.AddHalfVar(&pts[i], &hs[i])
					m.AddVar(&pts[(i+1)%n], &ks[i])
				} else {
					m.AddVar(&pts[i], &ks[i])
				}
			}
			m.AddGVar(&g)
			var r group.Jacobian
			if c == 0 {
				m.EvalVar(&r)
			} else {
				m.pippengerVar(&r, c)
			}
		}
		calls := max(1, 20000/n)
		res := make([][]float64, len(variants))
		for range rounds {
			for k, v := range variants {
				pippengerFE4 = v.fe4 && saved
				m.pip.maxRound, m.pip.maxBuckets = v.round, v.groups
				run(v.c)
				t0 := emThreadCPU()
				for range calls {
					run(v.c)
				}
				res[k] = append(res[k], float64(emThreadCPU()-t0)/float64(calls*n))
			}
		}
		for k, v := range variants {
			slices.Sort(res[k])
			fmt.Printf("n=%-5d %-5s  median %7.0f ns/point  min %7.0f\n", n, v.name, res[k][rounds/2], res[k][0])
		}
	}
}

// TestChoiceCPUTime places straussMax: Strauss against Pippenger (at
// EvalVar's window) on batch-verification-shaped sums (three half terms
// per signature, and G), by per-thread CPU time, interleaved; it prints
// the medians per signature. MSM_CPUTIME=1 go test -run ChoiceCPUTime -v.
func TestChoiceCPUTime(t *testing.T) {
	if os.Getenv("MSM_CPUTIME") == "" {
		t.Skip("set MSM_CPUTIME=1 to run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, nsig := range choiceSigs {
		m := msmBenchMulti(t, nsig)
		n := m.Len() + 2
		var r group.Jacobian
		res := [2][]float64{}
		calls := max(1, 2000/nsig)
		for range 7 {
			for k := range 2 {
				t0 := emThreadCPU()
				for range calls {
					if k == 0 {
						m.straussVar(&r)
					} else {
						m.pippengerVar(&r, pippengerWindow(n))
					}
				}
				res[k] = append(res[k], float64(emThreadCPU()-t0)/float64(calls*nsig))
			}
		}
		slices.Sort(res[0])
		slices.Sort(res[1])
		fmt.Printf("sigs=%-3d half terms %-4d strauss %6.0f ns/sig  pippenger %6.0f ns/sig\n", nsig, n, res[0][3], res[1][3])
	}
}

var choiceSigs = []int{8, 12, 16, 20, 24, 32, 48, 64}
