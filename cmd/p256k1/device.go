package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/p256k1/p256k1/gpu"
	"github.com/p256k1/p256k1/schnorr"
)

// verifier verifies parsed rows on the CPU (engine nil) or on an OpenCL
// device.
type verifier struct {
	engine  *gpu.Engine
	workers int
}

// openDevice reads --device: "cpu" (the default), "opencl" (the first GPU,
// else the first OpenCL device), "opencl:N" (device N of gpu.Devices), or
// "auto" (OpenCL when a device opens, else the CPU, saying so on stderr).
func (c *cli) openDevice(spec string, workers int) (*verifier, error) {
	v := &verifier{workers: workers}
	kind, idx, _ := strings.Cut(spec, ":")
	switch kind {
	case "cpu", "":
		if idx != "" {
			return nil, usagef("device: %q, want cpu, opencl, opencl:N or auto", abbreviate(spec))
		}
		return v, nil
	case "opencl", "auto":
	default:
		return nil, usagef("device: %q, want cpu, opencl, opencl:N or auto", abbreviate(spec))
	}
	opts := &gpu.Options{Device: -1}
	if idx != "" {
		n, err := strconv.Atoi(idx)
		if err != nil || n < 0 || kind == "auto" {
			return nil, usagef("device: %q, want cpu, opencl, opencl:N or auto", abbreviate(spec))
		}
		opts.Device = n
	}
	e, err := gpu.Open(opts)
	if err != nil {
		if kind == "auto" {
			fmt.Fprintf(c.stderr, "p256k1: no OpenCL device (%v); verifying on the CPU\n", firstLine(err))
			return v, nil
		}
		return nil, usagef("device: %v", err)
	}
	d := e.Device()
	fmt.Fprintf(c.stderr, "p256k1: verifying on %s (%s)\n", d.Name, d.Platform)
	v.engine = e
	return v, nil
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

func (v *verifier) close() {
	if v.engine != nil {
		v.engine.Close()
	}
}

// verify returns the indices of the invalid items, as verifyItems does. On
// a device error the batch is verified on the CPU, never reported wrong.
func (v *verifier) verify(c *cli, sch []schnorr.BatchItem, ecd []ecdsaItem) (badSchnorr, badECDSA []int) {
	if v.engine == nil {
		return verifyItems(sch, ecd, v.workers)
	}
	okS := make([]bool, len(sch))
	items := make([]gpu.ECDSAItem, len(ecd))
	for i := range ecd {
		items[i] = gpu.ECDSAItem{PublicKey: &ecd[i].pub, Hash: &ecd[i].hash, Signature: &ecd[i].sig}
	}
	okE := make([]bool, len(ecd))
	err := v.engine.VerifySchnorr(sch, okS)
	if err == nil {
		err = v.engine.VerifyECDSA(items, okE)
	}
	if err != nil {
		fmt.Fprintf(c.stderr, "p256k1: the OpenCL device failed (%v); verifying on the CPU\n", firstLine(err))
		v.engine.Close()
		v.engine = nil
		return verifyItems(sch, ecd, v.workers)
	}
	for i, ok := range okS {
		if !ok {
			badSchnorr = append(badSchnorr, i)
		}
	}
	for i, ok := range okE {
		if !ok {
			badECDSA = append(badECDSA, i)
		}
	}
	return badSchnorr, badECDSA
}
