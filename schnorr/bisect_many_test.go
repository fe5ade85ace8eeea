package schnorr

import (
	"os"
	"runtime"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/p256k1/p256k1/internal/cputime"
)

// TestFindInvalidManyMatches checks that FindInvalid and VerifyBatch give
// the same answers with and without VerifyMany.
func TestFindInvalidManyMatches(t *testing.T) {
	f := newBatchFixture(t, 300)
	other := otherKey(t)
	for _, n := range []int{1, 7, 8, 9, 63, 64, 65, 129, 300} {
		items := f.items()[:n]
		for k := 0; k < n; k += 1 + n/5 {
			corruptions[k%len(corruptions)].f(&items[k], &other)
		}
		got, gotOK := FindInvalid(items), VerifyBatch(items)
		bisectWithMany = false
		want, wantOK := FindInvalid(items), VerifyBatch(items)
		bisectWithMany = true
		if !slices.Equal(got, want) || gotOK != wantOK {
			t.Fatalf("n=%d: %v %v with VerifyMany, %v %v without", n, got, gotOK, want, wantOK)
		}
		valid := f.items()[:n]
		if !VerifyBatch(valid) || FindInvalid(valid) != nil {
			t.Fatalf("n=%d: valid batch rejected", n)
		}
	}
}

// TestFindInvalidManyAB measures FindInvalid (one bad item) with and
// without VerifyMany in the bisection, interleaved, by per-thread CPU
// time. Opt in with P256K1_FINDINVALID_AB=1.
func TestFindInvalidManyAB(t *testing.T) {
	if os.Getenv("P256K1_FINDINVALID_AB") == "" {
		t.Skip("set P256K1_FINDINVALID_AB=1 to measure")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	f := newBatchFixture(t, 1024)
	for _, n := range []int{8, 64, 256, 1024} {
		items := f.items()[:n]
		valid := f.items()[:n]
		items[n/3].Message = []byte("wrong")
		var v BatchVerifier
		var dst []int
		var res [4][]float64
		for round := 0; round < 5; round++ {
			for k := 0; k < 4; k++ {
				bisectWithMany = k%2 == 0
				its := items
				if k >= 2 {
					its = valid
				}
				reps := max(1, 2048/n)
				t0 := cputime.Thread()
				for r := 0; r < reps; r++ {
					dst = v.FindInvalid(dst[:0], its)
				}
				res[k] = append(res[k], float64(cputime.Thread()-t0)/float64(time.Microsecond)/float64(reps*n))
			}
		}
		bisectWithMany = true
		for k := range res {
			sort.Float64s(res[k])
		}
		t.Logf("n=%4d one bad: %.2f µs/sig with VerifyMany, %.2f without; all valid: %.2f with, %.2f without",
			n, res[0][2], res[1][2], res[2][2], res[3][2])
	}
}
