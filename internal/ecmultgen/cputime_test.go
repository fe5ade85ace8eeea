package ecmultgen

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/group"
)

// threadCPU returns the CPU time consumed by the calling thread, in ns.
func threadCPU() int64 { return int64(cputime.Thread()) }

// TestCPUTime measures Mul in thread CPU time, with the table hot (a tight
// loop, as BenchmarkMul) and cold (after sweeping 32 MiB of other memory
// before each call, as in a program that signs now and then). It only runs
// with ECMULTGEN_CPUTIME set:
//
//	ECMULTGEN_CPUTIME=1 go test -run CPUTime -v ./internal/ecmultgen
func TestCPUTime(t *testing.T) {
	if os.Getenv("ECMULTGEN_CPUTIME") == "" {
		t.Skip("set ECMULTGEN_CPUTIME=1 to measure")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c := NewContext()
	var seed [32]byte
	c.Blind(&seed)
	ks := benchScalars()
	var r group.Jacobian

	const n = 1000
	var hot []float64
	for rep := 0; rep < 31; rep++ {
		t0 := threadCPU()
		for i := range n {
			c.Mul(&r, &ks[i&15])
		}
		hot = append(hot, float64(threadCPU()-t0)/n)
	}
	slices.Sort(hot)

	sweep := make([]uint64, 32<<20/8)
	var cold []float64
	var sink uint64
	for i := range 300 {
		for j := 0; j < len(sweep); j += 8 {
			sweep[j]++
			sink += sweep[j]
		}
		t0 := threadCPU()
		c.Mul(&r, &ks[i&15])
		cold = append(cold, float64(threadCPU()-t0))
	}
	slices.Sort(cold)
	fmt.Printf("shape %d×%d (spacing %d, %d bytes): hot min %.0f q1 %.0f med %.0f ns; cold q1 %.0f med %.0f ns (%d)\n",
		combBlocks, combTeeth, combSpacing, combBlocks*combPoints*64,
		hot[0], hot[len(hot)/4], hot[len(hot)/2], cold[len(cold)/4], cold[len(cold)/2], sink&1)
}
