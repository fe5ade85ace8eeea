package schnorr

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
)

// TestCPUTime measures signing and verification in per-thread CPU time,
// which other processes on a shared machine disturb far less than wall
// time. The operations are measured round-robin and the report gives the
// minimum, lower quartile and median per call over the rounds. Run with
// SCHNORR_CPUTIME=1 go test -run CPUTime -v ./schnorr.
func TestCPUTime(t *testing.T) {
	if os.Getenv("SCHNORR_CPUTIME") == "" {
		t.Skip("set SCHNORR_CPUTIME=1 to run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	k, kp, msg, aux := benchSetup(t, 32)
	sig := mustSign(t, &kp, msg, aux)
	xo := kp.XOnlyPublicKey()
	pk := xo.Bytes()
	ops := []struct {
		name string
		f    func()
	}{
		{"Sign", func() { Sign(&k, msg, aux) }},
		{"SignKeypair", func() { SignKeypair(&kp, msg, aux) }},
		{"SignKeypair/nilAux", func() { SignKeypair(&kp, msg, nil) }},
		{"NewKeypair", func() { NewKeypair(&k) }},
		{"Verify", func() { Verify(&xo, msg, &sig) }},
		{"VerifyBytes", func() { VerifyBytes(pk[:], msg, sig[:]) }},
	}
	const rounds, calls = 12, 2500 // blocks of ≥ 40 ms, long enough that a preemption in one round does not decide the median
	res := make([][]float64, len(ops))
	for range rounds {
		for i, op := range ops {
			t0 := cputime.Thread()
			for range calls {
				op.f()
			}
			res[i] = append(res[i], float64(cputime.Thread()-t0)/calls)
		}
	}
	for i, op := range ops {
		slices.Sort(res[i])
		fmt.Printf("%-20s min %7.0f ns  q1 %7.0f ns  median %7.0f ns\n",
			op.name, res[i][0], res[i][rounds/4], res[i][rounds/2])
	}
}
