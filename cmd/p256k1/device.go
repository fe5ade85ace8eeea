package main

import (
	"crypto/sha256"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
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
		opts.Device = n + 1 // opencl:N is Devices()[N]; Options.Device counts from 1
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

// benchDevice measures batches of 4,096 items on an OpenCL device — kernel
// only (prepared buffers: upload, launch, download) and end to end (host
// preparation too) — beside the CPU path on all cores, in items per second.
func benchDevice(c *cli, b *strings.Builder, spec string, per time.Duration) error {
	if !strings.HasPrefix(spec, "opencl") {
		return usagef("device: %q, want opencl or opencl:N", abbreviate(spec))
	}
	v, err := c.openDevice(spec, runtime.GOMAXPROCS(0))
	if err != nil {
		return err
	}
	defer v.close()
	const n = 4096
	sch := make([]schnorr.BatchItem, n)
	ecd := make([]ecdsaItem, n)
	scalars := make([][32]byte, n)
	for i := range n {
		h := sha256.Sum256([]byte{byte(i), byte(i >> 8), 'b'})
		k, _ := p256k1.NewPrivateKey(h[:])
		kp, _ := schnorr.NewKeypair(&k)
		sig, _ := schnorr.SignKeypair(&kp, h[:], &[32]byte{})
		x := kp.XOnlyPublicKey()
		sch[i] = schnorr.BatchItem{PublicKey: &x, Message: h[:], Signature: &sig}
		es, _ := ecdsa.Sign(&k, &h)
		ecd[i] = ecdsaItem{pub: k.PublicKey(), hash: h, sig: es}
		scalars[i] = h
	}
	gItems := make([]gpu.ECDSAItem, n)
	for i := range ecd {
		gItems[i] = gpu.ECDSAItem{PublicKey: &ecd[i].pub, Hash: &ecd[i].hash, Signature: &ecd[i].sig}
	}
	ok := make([]bool, n)
	pubs := make([]p256k1.PublicKey, n)
	rate := func(f func() error) (float64, error) {
		start, rounds := time.Now(), 0
		for rounds == 0 || time.Since(start) < per {
			if err := f(); err != nil {
				return 0, err
			}
			rounds++
		}
		return float64(rounds*n) / time.Since(start).Seconds(), nil
	}
	d := v.engine.Device()
	fmt.Fprintf(b, "\nOpenCL: %s (%s, %s), %d compute units; batches of %d, items/s\n", d.Name, d.Platform, d.Version, d.ComputeUnits, n)
	fmt.Fprintf(b, "%-36s %12s %12s %16s\n", "batch", "kernel only", "end to end", "CPU (all cores)")
	for _, row := range []struct {
		name     string
		prepared *gpu.Prepared
		dev, cpu func() error
	}{
		{"schnorr verify", gpu.PrepareSchnorr(sch), func() error { return v.engine.VerifySchnorr(sch, ok) },
			func() error { schnorr.FindInvalidParallel(sch, 0); return nil }},
		{"ecdsa verify", gpu.PrepareECDSA(gItems), func() error { return v.engine.VerifyECDSA(gItems, ok) },
			func() error { verifyItems(nil, ecd, 0); return nil }},
		{"public keys of public scalars", gpu.PreparePublicKeys(scalars), func() error { return v.engine.PublicKeys(scalars, pubs) },
			func() error {
				for i := range scalars {
					k, _ := p256k1.NewPrivateKey(scalars[i][:])
					pubs[i] = k.PublicKey()
				}
				return nil
			}},
	} {
		kr, err := rate(func() error { return v.engine.RunPrepared(row.prepared) })
		if err != nil {
			return fmt.Errorf("%s on the device: %w", row.name, err)
		}
		dr, err := rate(row.dev)
		if err != nil {
			return fmt.Errorf("%s on the device: %w", row.name, err)
		}
		cr, _ := rate(row.cpu)
		fmt.Fprintf(b, "%-36s %12.0f %12.0f %16.0f\n", row.name, kr, dr, cr)
	}
	return nil
}
