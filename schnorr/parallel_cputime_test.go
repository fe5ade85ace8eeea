//go:build unix

package schnorr

import (
	"fmt"
	"os"
	"slices"
	"syscall"
	"testing"
	"time"
)

// procCPU returns the CPU time of the whole process (every thread).
func procCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestParallelCPUTime compares VerifyBatch with VerifyBatchParallel on two
// workers by the CPU time of the whole process (the cost of splitting one
// batch) and by wall time (its gain, when a second core is free), on small
// batches. Run with SCHNORR_PAR_CPUTIME=1 go test -run ParallelCPUTime -v.
func TestParallelCPUTime(t *testing.T) {
	if os.Getenv("SCHNORR_PAR_CPUTIME") == "" {
		t.Skip("set SCHNORR_PAR_CPUTIME=1 to run")
	}
	f := newBatchFixture(t, 1024)
	for _, n := range []int{32, 64, 128, 256} {
		items := f.items()[:n]
		var a, b, aw, bw []float64
		calls := 20000 / n
		for range 7 {
			c0, w0 := procCPU(), time.Now()
			for range calls {
				VerifyBatch(items)
			}
			c1, w1 := procCPU(), time.Now()
			for range calls {
				VerifyBatchParallel(items, 2)
			}
			c2, w2 := procCPU(), time.Now()
			a = append(a, float64(c1-c0)/float64(calls*n))
			b = append(b, float64(c2-c1)/float64(calls*n))
			aw = append(aw, float64(w1.Sub(w0))/float64(calls*n))
			bw = append(bw, float64(w2.Sub(w1))/float64(calls*n))
		}
		slices.Sort(a)
		slices.Sort(b)
		slices.Sort(aw)
		slices.Sort(bw)
		fmt.Printf("n=%d: process CPU per sig serial %.0f ns, split %.0f ns (%.2fx); wall serial %.0f, split %.0f (min %.0f / %.0f)\n", n, a[3], b[3], b[3]/a[3], aw[3], bw[3], aw[0], bw[0])
	}
}
