package ecdsa

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// TestCPUTime measures the operations in per-thread CPU time, interleaved
// with the engines they are built on (k·G and a·P + b·G), so that the
// package's own overhead shows. It only runs with ECDSA_CPUTIME set:
//
//	ECDSA_CPUTIME=1 go test -run CPUTime -v ./ecdsa
func TestCPUTime(t *testing.T) {
	if os.Getenv("ECDSA_CPUTIME") == "" {
		t.Skip("set ECDSA_CPUTIME=1 to measure")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cs := benchCases(t)
	var ks [16]scalar.Scalar
	var ps [16]group.Jacobian
	for i := range ks {
		b := cs[i].key.Bytes()
		ks[i].SetBytes(&b)
		var q group.Affine
		point.Load(&q, &cs[i].pub)
		ps[i].SetAffine(&q)
	}
	var r group.Jacobian
	ops := []struct {
		name string
		fn   func(i int)
	}{
		{"Sign", func(i int) { Sign(&cs[i].key, &cs[i].hash) }},
		{"ecmultgen.Mul", func(i int) { ecmultgen.Shared().Mul(&r, &ks[i]) }},
		{"Verify", func(i int) { Verify(&cs[i].pub, &cs[i].hash, &cs[i].sig) }},
		{"RecoverPublicKey", func(i int) { RecoverPublicKey(&cs[i].hash, &cs[i].rs) }},
		{"ecmult.DoubleBaseVar", func(i int) { ecmult.DoubleBaseVar(&r, &ks[i], &ps[i], &ks[(i+1)&15]) }},
	}
	const n = 2000
	res := make([][]float64, len(ops))
	for range 11 {
		for j, op := range ops {
			t0 := cputime.Thread()
			for i := range n {
				op.fn(i & 15)
			}
			res[j] = append(res[j], float64(cputime.Thread()-t0)/n)
		}
	}
	for j, op := range ops {
		slices.Sort(res[j])
		fmt.Printf("%-22s min %6.0f  q1 %6.0f  med %6.0f ns (thread CPU)\n", op.name, res[j][0], res[j][len(res[j])/4], res[j][len(res[j])/2])
	}
}
