// Command pair times p256k1 against one other library of package bench,
// operation by operation, in alternating short blocks inside one process, by
// the thread's CPU time: on a shared or virtual machine whose speed drifts
// from second to second, two libraries measured a few milliseconds apart
// see the same machine, so the ratio of their medians is steadier than the
// ratio of two separate benchmark runs. It is the quick check used while
// tuning; cmd/compare makes the published tables.
//
//	go run -tags libsecp080 ./cmd/pair                       # against libsecp256k1-asm (needs difffuzz/build.sh)
//	go run ./cmd/pair -with decred -ops ECDSAVerify,PubKey
//
// For each operation it prints the median time per call of both libraries,
// their ratio, the median of the per-round ratios (each round times both
// libraries a few milliseconds apart, so this one is the least disturbed by
// a machine whose speed drifts) and their spread (the 10th to 90th
// percentile), which says whether a difference is real; and the fastest
// block of each library and their ratio: interference only ever slows a
// block down, so on a machine shared with others the fastest blocks are the
// closest to each library's speed on a quiet one.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
	"unsafe"

	"github.com/p256k1/p256k1/bench"
)

func main() {
	with := flag.String("with", "libsecp256k1-asm", "the library to pair p256k1 with")
	opsFlag := flag.String("ops", strings.Join(bench.Ops, ","), "operations, comma-separated")
	rounds := flag.Int("rounds", 40, "blocks per library and operation")
	block := flag.Duration("block", 20*time.Millisecond, "target length of one block")
	flag.Parse()

	var a, b *bench.Lib
	for _, l := range bench.Libs() {
		switch l.Name {
		case "p256k1":
			a = l
		case *with:
			b = l
		}
	}
	if b == nil {
		fmt.Fprintf(os.Stderr, "pair: library %q is not in this build (libsecp256k1-asm needs -tags libsecp080)\n", *with)
		os.Exit(2)
	}
	runtime.LockOSThread()
	fx := makeFixtures()
	fmt.Printf("%-20s %12s %12s %7s %7s %15s %22s\n", "operation", "p256k1", b.Name, "ratio", "median", "p10–p90 ratio", "fastest blocks: ratio")
	for _, op := range strings.Split(*opsFlag, ",") {
		fa, fb := call(a, op, fx), call(b, op, fx)
		if fa == nil || fb == nil {
			fmt.Printf("%-20s (not offered by both)\n", op)
			continue
		}
		// Calibrate a block's number of calls on p256k1, after a warm-up.
		n := 1
		for cpuNow(); timeBlock(fa, n) < *block/4; n *= 2 {
		}
		n *= 4
		var ta, tb, ratios []float64
		for r := range *rounds {
			var x, y float64
			if r%2 == 0 {
				x = timeBlock(fa, n).Seconds()
				y = timeBlock(fb, n).Seconds()
			} else {
				y = timeBlock(fb, n).Seconds()
				x = timeBlock(fa, n).Seconds()
			}
			ta, tb, ratios = append(ta, x/float64(n)), append(tb, y/float64(n)), append(ratios, x/y)
		}
		ma, mb := median(ta), median(tb)
		slices.Sort(ratios)
		qa, qb := slices.Min(ta), slices.Min(tb)
		fmt.Printf("%-20s %10.2fµs %10.2fµs %7.3f %7.3f %7.3f–%.3f %7.2f/%.2fµs: %.3f\n", op, ma*1e6, mb*1e6, ma/mb,
			ratios[len(ratios)/2], ratios[len(ratios)/10], ratios[len(ratios)*9/10], qa*1e6, qb*1e6, qa/qb)
	}
}

type fixture struct {
	pub           [33]byte
	xonly         [32]byte
	ecdsa, bip340 [64]byte
	rec           [65]byte // recoverable ECDSA: r ‖ s ‖ recid
}

func makeFixtures() *[bench.N]fixture {
	var fx [bench.N]fixture
	p := bench.Libs()[0]
	for i := range fx {
		in := &bench.Inputs[i]
		must(p.PubKey(&in.Secret, &fx[i].pub))
		copy(fx[i].xonly[:], fx[i].pub[1:])
		must(p.ECDSASign(&in.Secret, &in.Msg, &fx[i].ecdsa))
		must(p.SchnorrSign(&in.Secret, &in.Msg, &in.Aux, &fx[i].bip340))
		var err error
		fx[i].rec, err = bench.RecoverableSig(in)
		must(err)
	}
	return &fx
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// call returns a function doing call number i of op with l, or nil.
func call(l *bench.Lib, op string, fx *[bench.N]fixture) func(i int) {
	if !l.Has(op) {
		return nil
	}
	var sig [64]byte
	var pub [33]byte
	var out [32]byte
	switch op {
	case "PubKey":
		return func(i int) { must(l.PubKey(&bench.Inputs[i%bench.N].Secret, &pub)) }
	case "ECDSASign":
		return func(i int) { in := &bench.Inputs[i%bench.N]; must(l.ECDSASign(&in.Secret, &in.Msg, &sig)) }
	case "ECDSAVerify":
		return func(i int) {
			if !l.ECDSAVerify(&fx[i%bench.N].pub, &bench.Inputs[i%bench.N].Msg, &fx[i%bench.N].ecdsa) {
				panic("ECDSAVerify rejected a valid signature")
			}
		}
	case "ECDSARecover":
		return func(i int) { must(l.ECDSARecover(&bench.Inputs[i%bench.N].Msg, &fx[i%bench.N].rec, &pub)) }
	case "SchnorrSign":
		return func(i int) {
			in := &bench.Inputs[i%bench.N]
			must(l.SchnorrSign(&in.Secret, &in.Msg, &in.Aux, &sig))
		}
	case "SchnorrSignKeypair":
		var signers [bench.N]func(msg, aux *[32]byte, out *[64]byte) error
		for i := range signers {
			var err error
			signers[i], err = l.SchnorrKeypair(&bench.Inputs[i].Secret)
			must(err)
		}
		return func(i int) { in := &bench.Inputs[i%bench.N]; must(signers[i%bench.N](&in.Msg, &in.Aux, &sig)) }
	case "SchnorrVerify":
		return func(i int) {
			if !l.SchnorrVerify(&fx[i%bench.N].xonly, &bench.Inputs[i%bench.N].Msg, &fx[i%bench.N].bip340) {
				panic("SchnorrVerify rejected a valid signature")
			}
		}
	case "ECDH":
		return func(i int) { in := &bench.Inputs[i%bench.N]; must(l.ECDH(&in.Secret, &in.Peer, &out)) }
	}
	return nil
}

func timeBlock(f func(int), n int) time.Duration {
	t := cpuNow()
	for i := range n {
		f(i)
	}
	return cpuNow() - t
}

// cpuNow is this thread's CPU clock (CLOCK_THREAD_CPUTIME_ID).
func cpuNow() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return time.Duration(ts.Nano())
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
