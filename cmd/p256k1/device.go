package main

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/gpu"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/silentpayments"
)

// verifier verifies parsed rows on the CPU (engine nil) or on an OpenCL
// device.
type verifier struct {
	engine  *gpu.Engine
	workers int
}

// deviceValues is what --device takes, in verify-batch and bench alike.
const deviceValues = "cpu, opencl, opencl:N or auto"

// deviceHelp is --device's flag help, shared by verify-batch and bench.
const deviceHelp = "cpu, opencl (a GPU, or any OpenCL device), opencl:N (device N), or auto (OpenCL if a device opens, else the CPU)"

// parseDevice checks a --device value: "cpu" (or empty), "opencl" (the
// first GPU, else the first OpenCL device), "opencl:N" (device N of
// gpu.Devices), or "auto". It returns the kind and the index (-1: none
// given).
func parseDevice(spec string) (kind string, index int, err error) {
	kind, idx, hasIdx := strings.Cut(spec, ":")
	bad := usagef("device: %q, want %s", abbreviate(spec), deviceValues)
	switch kind {
	case "", "cpu":
		if hasIdx {
			return "", 0, bad
		}
		return "cpu", -1, nil
	case "auto":
		if hasIdx {
			return "", 0, bad
		}
		return kind, -1, nil
	case "opencl":
		if !hasIdx {
			return kind, -1, nil
		}
		n, err := strconv.Atoi(idx)
		if err != nil || n < 0 {
			return "", 0, bad
		}
		return kind, n, nil
	}
	return "", 0, bad
}

// openDevice reads --device (see parseDevice) and opens the OpenCL device
// it asks for; with "auto", a device that does not open leaves the CPU,
// saying so on standard error.
func (c *cli) openDevice(spec string, workers int) (*verifier, error) {
	v := &verifier{workers: workers}
	kind, idx, err := parseDevice(spec)
	if err != nil || kind == "cpu" {
		return v, err
	}
	opts := &gpu.Options{Device: -1}
	if idx >= 0 {
		opts.Device = idx + 1 // opencl:N is Devices()[N]; Options.Device counts from 1
	}
	e, err := gpu.Open(opts)
	if err != nil {
		if kind == "auto" {
			fmt.Fprintf(c.stderr, "p256k1: no OpenCL device (%v); using the CPU\n", firstLine(err))
			return v, nil
		}
		return nil, usagef("device: %v; without OpenCL, use --device cpu, or --device auto (OpenCL when a device opens, else the CPU)", err)
	}
	d := e.Device()
	fmt.Fprintf(c.stderr, "p256k1: using %s (%s)\n", d.Name, d.Platform)
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

// verifyRaw verifies on the device the rows whose keys are bytes
// (batchRow.raw; parseBatch keeps them only when a device is open), as
// VerifySchnorrBytes and VerifyECDSABytes. A row the device accepts keeps
// raw (verified); one it rejects has its key parsed on the host, so that a
// key off the curve is reported as the CPU path reports it, and otherwise
// is marked a signature that does not verify. On a device error (reported,
// the device then closed) those rows' keys are parsed and raw cleared:
// verify then takes them on the CPU.
func (v *verifier) verifyRaw(c *cli, rows []batchRow) {
	var sIdx, eIdx []int
	var sKeys, sMsgs, sSigs, eKeys, eHashes, eSigs []byte
	for i := range rows {
		r := &rows[i]
		if r.raw == nil || r.bad != "" {
			continue
		}
		if r.schnorr {
			sIdx = append(sIdx, i)
			sKeys, sMsgs, sSigs = append(sKeys, r.raw...), append(sMsgs, r.msg...), append(sSigs, r.sig[:]...)
		} else {
			eIdx = append(eIdx, i)
			cs := r.ecd.sig.SerializeCompact()
			eKeys, eHashes, eSigs = append(eKeys, r.raw...), append(eHashes, r.ecd.hash[:]...), append(eSigs, cs[:]...)
		}
	}
	if len(sIdx)+len(eIdx) == 0 {
		return
	}
	okS, okE := make([]bool, len(sIdx)), make([]bool, len(eIdx))
	if v.engine != nil {
		err := v.engine.VerifySchnorrBytes(sKeys, sMsgs, sSigs, okS)
		if err == nil {
			err = v.engine.VerifyECDSABytes(eKeys, eHashes, eSigs, okE)
		}
		if err != nil {
			fmt.Fprintf(c.stderr, "p256k1: the OpenCL device failed (%v); verifying on the CPU\n", firstLine(err))
			v.engine.Close()
			v.engine = nil
		}
	}
	for k, idx := range [][]int{sIdx, eIdx} {
		ok := [][]bool{okS, okE}[k]
		for j, i := range idx {
			r := &rows[i]
			if v.engine != nil && ok[j] {
				continue
			}
			raw := r.raw
			r.raw = nil
			r.parseKey(raw) // an invalid key: marked as the CPU path marks it
			if v.engine != nil && r.bad == "" {
				markInvalid(r) // the device said no, and the key is good
			}
		}
	}
}

// tweaks computes sp tweaks' tweak data for txs: on the device when one
// is open (TweakDataBytes), else, or after a device error (reported once,
// the device then closed), on all cores, with the same results.
func (v *verifier) tweaks(c *cli, txs []silentpayments.TxInputKeys, out []p256k1.PublicKey, errs []error) {
	if v.engine != nil {
		err := v.engine.TweakDataBytes(txs, out, errs)
		if err == nil {
			return
		}
		if errors.Is(err, gpu.ErrDeviceFault) { // those transactions were redone on the CPU
			fmt.Fprintf(c.stderr, "p256k1: %v (recomputed on the CPU)\n", firstLine(err))
			return
		}
		fmt.Fprintf(c.stderr, "p256k1: the OpenCL device failed (%v); computing on the CPU\n", firstLine(err))
		v.engine.Close()
		v.engine = nil
	}
	tweaksCPU(txs, out, errs, v.workers)
}

// tweaksCPU is TweakDataBytes on the CPU: each transaction's keys parsed
// (TxInputKeys.Parse), then TweakDataBatchParallel over workers
// goroutines (≤ 0: GOMAXPROCS).
func tweaksCPU(txs []silentpayments.TxInputKeys, out []p256k1.PublicKey, errs []error, workers int) {
	parsed := make([]silentpayments.TxInputs, len(txs))
	allCores(len(txs), func(i int) { parsed[i] = txs[i].Parse() })
	silentpayments.TweakDataBatchParallel(parsed, out, errs, workers)
}

// deviceBench is bench's measurement of an OpenCL device.
type deviceBench struct {
	Name         string           `json:"name"`
	Platform     string           `json:"platform"`
	Version      string           `json:"version"`
	ComputeUnits uint32           `json:"compute_units"`
	Batch        int              `json:"batch"`
	Results      []deviceBenchRow `json:"results"`
}

// deviceBenchRow is one operation, in items per second.
type deviceBenchRow struct {
	Name       string  `json:"operation"`
	KernelOnly float64 `json:"kernel_only_per_s"`
	EndToEnd   float64 `json:"end_to_end_per_s"`
	CPU        float64 `json:"cpu_all_cores_per_s"`
}

// benchDevice measures batches of 4,096 items on an OpenCL device — kernel
// only (prepared buffers: upload, launch, download) and end to end (host
// preparation too; for the signing rows also the ECDSA public keys' pass
// and the fault check that verifies every signature on the device; for
// the five-key tweak row the keys' sums, key_sum, whose pass the kernel-only
// figure, point_mul's on the host's sums, leaves out) — beside the CPU path
// on all cores, in items per second.
func benchDevice(e *gpu.Engine, per time.Duration) (*deviceBench, error) {
	const n = 4096
	sch := make([]schnorr.BatchItem, n)
	ecd := make([]ecdsaItem, n)
	scalars := make([][32]byte, n)
	kps := make([]schnorr.Keypair, n)
	msgs := make([][]byte, n)
	aux := make([][32]byte, n)
	for i := range n {
		h := sha256.Sum256([]byte{byte(i), byte(i >> 8), 'b'})
		k, _ := p256k1.NewPrivateKey(h[:])
		kp, _ := schnorr.NewKeypair(&k)
		kps[i], msgs[i] = kp, h[:]
		sig, _ := schnorr.SignKeypair(&kp, h[:], &[32]byte{})
		x := kp.XOnlyPublicKey()
		sch[i] = schnorr.BatchItem{PublicKey: &x, Message: h[:], Signature: &sig}
		es, _ := ecdsa.Sign(&k, &h)
		ecd[i] = ecdsaItem{pub: k.PublicKey(), hash: h, sig: es}
		scalars[i] = h
	}
	// BIP-352 tweak data of two-input transactions, keys as bytes (the
	// device lifts and adds them; the CPU parses, sums and multiplies).
	txs := make([]silentpayments.TxInputKeys, n)
	for i := range txs {
		var op silentpayments.Outpoint
		op.TxID = sha256.Sum256([]byte{byte(i), byte(i >> 8), 't'})
		txs[i] = silentpayments.TxInputKeys{
			Keys:      [][33]byte{ecd[i].pub.SerializeCompressed(), ecd[(i+1)%n].pub.SerializeCompressed()},
			Outpoints: []silentpayments.Outpoint{op},
		}
	}
	// And of five-input transactions (the device sums the keys in a pass of
	// its own, key_sum, before the multiplication).
	txs5 := make([]silentpayments.TxInputKeys, n)
	for i := range txs5 {
		txs5[i].Outpoints = txs[i].Outpoints
		for j := range 5 {
			txs5[i].Keys = append(txs5[i].Keys, ecd[(i+j)%n].pub.SerializeCompressed())
		}
	}
	tweaks, tweakErrs := make([]p256k1.PublicKey, n), make([]error, n)
	gItems := make([]gpu.ECDSAItem, n)
	for i := range ecd {
		gItems[i] = gpu.ECDSAItem{PublicKey: &ecd[i].pub, Hash: &ecd[i].hash, Signature: &ecd[i].sig}
	}
	ok := make([]bool, n)
	pubs := make([]p256k1.PublicKey, n)
	esigs, errs, ssigs := make([]ecdsa.Signature, n), make([]error, n), make([][64]byte, n)
	// The signing rows: the nonces of these bench keys go to the device.
	prepSignECDSA, err := gpu.PrepareSignECDSA(scalars, scalars)
	if err != nil {
		return nil, err
	}
	defer prepSignECDSA.Clear()
	prepSignSchnorr, err := gpu.PrepareSignSchnorr(kps, msgs, aux)
	if err != nil {
		return nil, err
	}
	defer prepSignSchnorr.Clear()
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
	d := e.Device()
	res := &deviceBench{Name: d.Name, Platform: d.Platform, Version: d.Version, ComputeUnits: d.ComputeUnits, Batch: n}
	for _, row := range []struct {
		name     string
		prepared *gpu.Prepared
		dev, cpu func() error
	}{
		{"schnorr verify", gpu.PrepareSchnorr(sch), func() error { return e.VerifySchnorr(sch, ok) },
			func() error { schnorr.FindInvalidParallel(sch, 0); return nil }},
		{"ecdsa verify", gpu.PrepareECDSA(gItems), func() error { return e.VerifyECDSA(gItems, ok) },
			func() error { verifyItems(nil, ecd, 0); return nil }},
		{"public keys of public scalars", gpu.PreparePublicKeys(scalars), func() error { return e.PublicKeys(scalars, pubs) },
			func() error {
				for i := range scalars {
					k, _ := p256k1.NewPrivateKey(scalars[i][:])
					pubs[i] = k.PublicKey()
				}
				return nil
			}},
		{"sp tweak data (2 keys as bytes)", gpu.PrepareTweakDataBytes(txs), func() error { return e.TweakDataBytes(txs, tweaks, tweakErrs) },
			func() error { tweaksCPU(txs, tweaks, tweakErrs, 0); return nil }},
		{"sp tweak data (5 keys as bytes)", gpu.PrepareTweakDataBytes(txs5), func() error { return e.TweakDataBytes(txs5, tweaks, tweakErrs) },
			func() error { tweaksCPU(txs5, tweaks, tweakErrs, 0); return nil }},
		{"ecdsa sign", prepSignECDSA, func() error { return e.SignECDSA(scalars, scalars, esigs, errs) },
			func() error {
				allCores(n, func(i int) {
					k, _ := p256k1.NewPrivateKey(scalars[i][:])
					esigs[i], _ = ecdsa.Sign(&k, &scalars[i])
				})
				return nil
			}},
		{"schnorr sign (keypairs)", prepSignSchnorr, func() error { return e.SignSchnorr(kps, msgs, aux, ssigs, errs) },
			func() error {
				allCores(n, func(i int) { ssigs[i], _ = schnorr.SignKeypair(&kps[i], msgs[i], &aux[i]) })
				return nil
			}},
	} {
		// One untimed call first: it builds the kind's program (package
		// gpu builds each kernel on its first use).
		if err := row.dev(); err != nil {
			return nil, fmt.Errorf("%s on the device: %w", row.name, err)
		}
		kr, err := rate(func() error { return e.RunPrepared(row.prepared) })
		if err != nil {
			return nil, fmt.Errorf("%s on the device: %w", row.name, err)
		}
		dr, err := rate(row.dev)
		if err != nil {
			return nil, fmt.Errorf("%s on the device: %w", row.name, err)
		}
		cr, _ := rate(row.cpu)
		res.Results = append(res.Results, deviceBenchRow{row.name, kr, dr, cr})
	}
	return res, nil
}

// allCores calls f(i) for i in [0, n) on GOMAXPROCS goroutines.
func allCores(n int, f func(i int)) {
	w := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	per := (n + w - 1) / w
	for lo := 0; lo < n; lo += per {
		hi := min(lo+per, n)
		spawn(&wg, func() {
			for i := lo; i < hi; i++ {
				f(i)
			}
		})
	}
	wg.Wait()
}

// text writes the device's table as bench prints it.
func (r *deviceBench) text(b *strings.Builder) {
	fmt.Fprintf(b, "\nOpenCL: %s (%s, %s), %d compute units; batches of %d, items/s\n", r.Name, r.Platform, r.Version, r.ComputeUnits, r.Batch)
	fmt.Fprintf(b, "%-36s %12s %12s %16s\n", "batch", "kernel only", "end to end", "CPU (all cores)")
	for _, row := range r.Results {
		fmt.Fprintf(b, "%-36s %12.0f %12.0f %16.0f\n", row.Name, row.KernelOnly, row.EndToEnd, row.CPU)
	}
}
