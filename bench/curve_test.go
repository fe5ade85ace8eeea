package bench

import (
	"crypto/sha256"
	"fmt"
	"os"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/btcsuite/btcd/btcec/v2"
	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/p256k1/p256k1/curve"
)

// Curve arithmetic beside decred's and btcec's (whose JacobianPoint,
// ModNScalar and functions are aliases of decred's: the same code, called
// through btcec's names): k·G, k·P, P + Q and Σ kᵢ·Pᵢ for 1,000 points, on
// each library's own types (Jacobian points with Z ≠ 1). p256k1's
// constant-time methods are listed beside its VarTime ones: decred's and
// btcec's are all variable time ("NonConst"). decred has no multi-scalar
// multiplication, so its row is what a user writes: 1,000
// ScalarMultNonConst and AddNonConst.
//
//	go test -run '^$' -bench Curve -benchmem           # ns/op, allocs
//	CURVE_TABLE=1 go test -run TestCurveTable -v       # interleaved rounds, thread CPU time, a Markdown table

const curveMSMPoints = 1000

type curveInputs struct {
	k, k2   [32]byte
	ks      []*curve.Scalar
	ps      []*curve.Point
	dks     []secp256k1.ModNScalar
	dps     []secp256k1.JacobianPoint
	p, q    curve.Point
	dp, dq  secp256k1.JacobianPoint
	pa      curve.Point             // p with Z = 1
	dpa     secp256k1.JacobianPoint // the same for decred
	cs, cs2 curve.Scalar
	dk      secp256k1.ModNScalar
}

func newCurveInputs() *curveInputs {
	in := &curveInputs{}
	h := func(s string, i int) [32]byte { return sha256.Sum256(append([]byte(s), byte(i), byte(i>>8))) }
	in.k, in.k2 = h("k", 0), h("k2", 0)
	in.cs.SetBytes32(&in.k)
	in.cs2.SetBytes32(&in.k2)
	in.dk.SetBytes(&in.k)
	in.p.ScalarBaseMult(&in.cs)
	in.q.ScalarBaseMult(&in.cs2)
	in.dp, in.dq = toDecred(&in.p), toDecred(&in.q)
	var x, y curve.FieldElement
	in.p.AffineCoordinates(&x, &y)
	in.pa.SetAffineCoordinates(&x, &y)
	in.dpa = toDecred(&in.pa)
	for i := range curveMSMPoints {
		kb, pb := h("msm k", i), h("msm p", i)
		var k, s curve.Scalar
		k.SetBytes32(&kb)
		s.SetBytes32(&pb)
		p := new(curve.Point).ScalarBaseMult(&s)
		in.ks = append(in.ks, &k)
		in.ps = append(in.ps, p)
		var dk secp256k1.ModNScalar
		dk.SetBytes(&kb)
		in.dks = append(in.dks, dk)
		in.dps = append(in.dps, toDecred(p))
	}
	return in
}

// toDecred converts through the Jacobian coordinates (Z ≠ 1 kept).
func toDecred(p *curve.Point) secp256k1.JacobianPoint {
	var X, Y, Z curve.FieldElement
	p.JacobianCoordinates(&X, &Y, &Z)
	var j secp256k1.JacobianPoint
	x, y, z := X.Bytes32(), Y.Bytes32(), Z.Bytes32()
	j.X.SetBytes(&x)
	j.Y.SetBytes(&y)
	j.Z.SetBytes(&z)
	return j
}

type curveOp struct {
	op, lib string
	f       func()
}

func curveOps(in *curveInputs) []curveOp {
	var r curve.Point
	var dr secp256k1.JacobianPoint
	var br btcec.JacobianPoint
	return []curveOp{
		{"ScalarBaseMult", "p256k1", func() { r.ScalarBaseMult(&in.cs) }},
		{"ScalarBaseMult", "decred", func() { secp256k1.ScalarBaseMultNonConst(&in.dk, &dr) }},
		{"ScalarBaseMult", "btcec", func() { btcec.ScalarBaseMultNonConst(&in.dk, &br) }},
		{"ScalarMult", "p256k1", func() { r.ScalarMult(&in.cs, &in.p) }},
		{"ScalarMult", "p256k1 VarTime", func() { r.VarTimeScalarMult(&in.cs, &in.p) }},
		{"ScalarMult", "decred", func() { secp256k1.ScalarMultNonConst(&in.dk, &in.dp, &dr) }},
		{"ScalarMult", "btcec", func() { btcec.ScalarMultNonConst(&in.dk, &in.dp, &br) }},
		{"ScalarMult (P with Z = 1)", "p256k1", func() { r.ScalarMult(&in.cs, &in.pa) }},
		{"ScalarMult (P with Z = 1)", "p256k1 VarTime", func() { r.VarTimeScalarMult(&in.cs, &in.pa) }},
		{"ScalarMult (P with Z = 1)", "decred", func() { secp256k1.ScalarMultNonConst(&in.dk, &in.dpa, &dr) }},
		{"ScalarMult (P with Z = 1)", "btcec", func() { btcec.ScalarMultNonConst(&in.dk, &in.dpa, &br) }},
		{"Add", "p256k1", func() { r.Add(&in.p, &in.q) }},
		{"Add", "p256k1 VarTime", func() { r.VarTimeAdd(&in.p, &in.q) }},
		{"Add", "decred", func() { secp256k1.AddNonConst(&in.dp, &in.dq, &dr) }},
		{"Add", "btcec", func() { btcec.AddNonConst(&in.dp, &in.dq, &br) }},
		{"MSM1000", "p256k1 VarTime", func() { r.VarTimeMultiScalarMult(in.ks, in.ps) }},
		{"MSM1000", "decred", func() {
			dr = secp256k1.JacobianPoint{}
			for i := range in.dps {
				var t secp256k1.JacobianPoint
				secp256k1.ScalarMultNonConst(&in.dks[i], &in.dps[i], &t)
				secp256k1.AddNonConst(&dr, &t, &dr)
			}
		}},
		{"MSM1000", "btcec", func() {
			br = btcec.JacobianPoint{}
			for i := range in.dps {
				var t btcec.JacobianPoint
				btcec.ScalarMultNonConst(&in.dks[i], &in.dps[i], &t)
				btcec.AddNonConst(&br, &t, &br)
			}
		}},
	}
}

func BenchmarkCurve(b *testing.B) {
	in := newCurveInputs()
	for _, o := range curveOps(in) {
		b.Run(o.op+"/"+o.lib, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				o.f()
			}
		})
	}
}

// TestCurveMatchesDecred checks, before anything is timed, that the
// operations agree with decred's.
func TestCurveMatchesDecred(t *testing.T) {
	in := newCurveInputs()
	same := func(p *curve.Point, d secp256k1.JacobianPoint) bool {
		d.ToAffine()
		x, y, err := p.AffineBytes()
		return err == nil && x == *d.X.Bytes() && y == *d.Y.Bytes()
	}
	var r curve.Point
	var d secp256k1.JacobianPoint
	secp256k1.ScalarMultNonConst(&in.dk, &in.dp, &d)
	if !same(r.ScalarMult(&in.cs, &in.p), d) {
		t.Fatal("ScalarMult")
	}
	secp256k1.AddNonConst(&in.dp, &in.dq, &d)
	if !same(r.Add(&in.p, &in.q), d) {
		t.Fatal("Add")
	}
	d = secp256k1.JacobianPoint{}
	for i := range in.dps {
		var t secp256k1.JacobianPoint
		secp256k1.ScalarMultNonConst(&in.dks[i], &in.dps[i], &t)
		secp256k1.AddNonConst(&d, &t, &d)
	}
	r.VarTimeMultiScalarMult(in.ks, in.ps)
	if !same(&r, d) {
		t.Fatal("MSM")
	}
}

// threadCPU is CLOCK_THREAD_CPUTIME_ID (Linux; elsewhere wall-clock time).
func threadCPU() time.Duration {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ts.Nano())
}

// TestCurveTable times every operation in interleaved rounds (each round
// runs every library once, about 20 ms each), on one locked thread with
// its CPU clock, and prints medians and ratios to p256k1 as a Markdown
// table. Opt-in: CURVE_TABLE=1 (CURVE_ROUNDS, default 7).
func TestCurveTable(t *testing.T) {
	if os.Getenv("CURVE_TABLE") == "" {
		t.Skip("set CURVE_TABLE=1 to measure")
	}
	rounds := 7
	fmt.Sscan(os.Getenv("CURVE_ROUNDS"), &rounds)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	in := newCurveInputs()
	ops := curveOps(in)
	iters := make([]int, len(ops))
	for i, o := range ops {
		n := 1
		for {
			t0 := threadCPU()
			for range n {
				o.f()
			}
			if threadCPU()-t0 > 20*time.Millisecond {
				break
			}
			n *= 2
		}
		iters[i] = n
	}
	times := make([][]float64, len(ops))
	for range rounds {
		for i, o := range ops {
			t0 := threadCPU()
			for range iters[i] {
				o.f()
			}
			times[i] = append(times[i], float64(threadCPU()-t0)/float64(iters[i]))
		}
	}
	med := make([]float64, len(ops))
	for i := range ops {
		slices.Sort(times[i])
		med[i] = times[i][rounds/2]
	}
	fmt.Printf("| operation | library | time (median of %d, thread CPU) | range | vs p256k1 |\n| --- | --- | ---: | ---: | ---: |\n", rounds)
	base := map[string]float64{}
	for i, o := range ops {
		if o.lib == "p256k1" || (o.op == "MSM1000" && o.lib == "p256k1 VarTime") {
			if _, ok := base[o.op]; !ok {
				base[o.op] = med[i]
			}
		}
	}
	for i, o := range ops {
		fmt.Printf("| %s | %s | %s | %s–%s | %.2f× |\n", o.op, o.lib, fmtNs(med[i]), fmtNs(times[i][0]), fmtNs(times[i][rounds-1]), med[i]/base[o.op])
	}
}

func fmtNs(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.1f µs", ns/1e3)
	}
	return fmt.Sprintf("%.0f ns", ns)
}
