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

// TestBatchCPUTime measures batch verification per signature beside single
// Verify in per-thread CPU time, interleaved round by round, on the batch
// fixture (every fifth signature reuses the previous key) and on batches
// of distinct keys. Run with SCHNORR_BATCH_CPUTIME=1 go test -run
// BatchCPUTime -v ./schnorr; SCHNORR_ROUNDS sets the rounds (default 7).
func TestBatchCPUTime(t *testing.T) {
	if os.Getenv("SCHNORR_BATCH_CPUTIME") == "" {
		t.Skip("set SCHNORR_BATCH_CPUTIME=1 to run")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	rounds := 7
	if s := os.Getenv("SCHNORR_ROUNDS"); s != "" {
		fmt.Sscan(s, &rounds)
	}
	f := newBatchFixture(t, 8192)
	items := f.items()
	// Distinct keys: one signature per key.
	rng := newRNG(99)
	distinct := make([]BatchItem, 8192)
	for i := range distinct {
		k, _ := randKey(t, rng)
		kp := mustKeypair(t, &k)
		msg := randBytes(rng, 32)
		sig := mustSign(t, &kp, msg, (*[32]byte)(randBytes(rng, 32)))
		xo := kp.XOnlyPublicKey()
		distinct[i] = BatchItem{PublicKey: &xo, Message: msg, Signature: &sig}
	}
	var v BatchVerifier
	type op struct {
		name  string
		n     int
		items []BatchItem
	}
	ops := []op{{"single", 1, items}}
	for _, n := range []int{64, 256, 1024, 8192} {
		ops = append(ops, op{fmt.Sprintf("n=%d", n), n, items[:n]})
	}
	ops = append(ops, op{"n=64 distinct", 64, distinct[:64]}, op{"n=1024 distinct", 1024, distinct[:1024]},
		op{"n=8192 distinct", 8192, distinct})
	res := make([][]float64, len(ops))
	for range rounds {
		for i, o := range ops {
			calls := max(1, 40000/o.n)
			if o.n == 1 {
				calls = 1500
			}
			t0 := cputime.Thread()
			for c := range calls {
				if o.n == 1 {
					it := &o.items[c%len(o.items)]
					Verify(it.PublicKey, it.Message, it.Signature)
				} else if !v.Verify(o.items) {
					t.Fatal("rejected")
				}
			}
			res[i] = append(res[i], float64(cputime.Thread()-t0)/float64(calls*o.n))
		}
	}
	for i, o := range ops {
		slices.Sort(res[i])
		fmt.Printf("%-16s per signature: min %7.0f ns  median %7.0f ns\n", o.name, res[i][0], res[i][rounds/2])
	}
}
