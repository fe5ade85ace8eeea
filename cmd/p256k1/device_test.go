package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/p256k1/gpu"
)

// TestVerifyBatchDevice: verify-batch gives the same report on an OpenCL
// device as on the CPU (skipped where no OpenCL platform exists; CI has
// PoCL), and --device is checked.
func TestVerifyBatchDevice(t *testing.T) {
	for _, bad := range []string{"gpu", "opencl:x", "cpu:1", "auto:0"} {
		if code, _, errOut := runCLI("x\n", nil, "verify-batch", "--device", bad, "-"); code != exitUsage || !strings.Contains(errOut, "device:") {
			t.Errorf("--device %s: exit %d, %q", bad, code, errOut)
		}
	}
	if _, err := gpu.Devices(); errors.Is(err, gpu.ErrNoOpenCL) || errors.Is(err, gpu.ErrNoDevice) {
		t.Skipf("no OpenCL here: %v", err)
	}
	rows := batchRows(t, 40)
	for i := 3; i < len(rows); i += 7 {
		rows[i] = flipSig(rows[i])
	}
	in := "scheme,pubkey,msg,sig\n" + strings.Join(rows, "\n") + "\nschnorr,00,00\n"
	strip := func(s string) string { // drop the timing line and the device note
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.Contains(l, "signatures/s") && !strings.HasPrefix(l, "p256k1: verifying on") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	cpuCode, cpuOut, cpuErr := runCLI(in, nil, "verify-batch", "--device", "cpu", "-")
	for _, dev := range []string{"opencl", "auto"} {
		code, out, errOut := runCLI(in, nil, "verify-batch", "--device", dev, "-")
		if code != cpuCode || strip(out) != strip(cpuOut) || strip(errOut) != strip(cpuErr) {
			t.Errorf("--device %s: exit %d\n%s%s\nCPU: exit %d\n%s%s", dev, code, out, errOut, cpuCode, cpuOut, cpuErr)
		}
		if !strings.Contains(errOut, "verifying on") {
			t.Errorf("--device %s does not name the device: %q", dev, errOut)
		}
	}
}
