package ecmult

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/group"
)

// emThreadCPU returns the CPU time consumed so far by the calling thread.
func emThreadCPU() int64 { return int64(cputime.Thread()) }

// TestWindowCPUTime compares G windows by thread CPU time rather than wall
// time, which on a shared machine is far less disturbed by other
// processes. The windows are measured round-robin, so that slow phases hit
// all of them alike, and the report gives the minimum and the lower
// quartile over the rounds. Run with EM_CPUTIME=1 go test -run
// WindowCPUTime -v; EM_WINDOWS="12 15" picks
// the windows and EM_ROUNDS the number of rounds.
func TestWindowCPUTime(t *testing.T) {
	if os.Getenv("EM_CPUTIME") == "" {
		t.Skip("set EM_CPUTIME=1 to run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	windows := []int{6, 8, 10, 12, 13, 14, 15, 16}
	if s := os.Getenv("EM_WINDOWS"); s != "" {
		windows = nil
		for _, f := range strings.Fields(s) {
			w, err := strconv.Atoi(f)
			if err != nil || w < 2 || w > 20 {
				t.Fatalf("bad EM_WINDOWS entry %q", f)
			}
			windows = append(windows, w)
		}
	}
	rounds, calls := 25, 400
	if s := os.Getenv("EM_ROUNDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("bad EM_ROUNDS %q", s)
		}
		rounds = n
	}
	res := make([][]float64, len(windows))
	in := emBenchSet
	var r group.Jacobian
	for round := 0; round < rounds; round++ {
		for k, w := range windows {
			tg, tg128 := emTables(w)
			t0 := emThreadCPU()
			for i := 0; i < calls; i++ {
				x := &in[(i+round*calls)%emBenchN]
				doubleBaseVar(&r, &x.a, &x.p, &x.b, tg, tg128, uint(w))
			}
			res[k] = append(res[k], float64(emThreadCPU()-t0)/float64(calls))
		}
	}
	for k, w := range windows {
		slices.Sort(res[k])
		bytes := 2 * (1 << (w - 2)) * 64
		fmt.Printf("w=%-2d  table %8d B  min %6.0f ns  q1 %6.0f ns  median %6.0f ns\n",
			w, bytes, res[k][0], res[k][rounds/4], res[k][rounds/2])
	}
}
