// Command gpubench measures package gpu on one OpenCL device: items per
// second per kind, kernel only (the kernel's own device time from OpenCL
// queue profiling, one launch over prepared items), with transfers
// (Engine.RunPipelined: the prepared items through the batch methods'
// pipeline, pinned staging, uploads and downloads overlapped with the
// kernels, the host only copying) and end to end (the batch method: host
// preparation and decoding pipelined with the device), beside the CPU on
// all cores; the end-to-end rate as a share of the kernel-only one; after
// each kind a line with the host's split of the last end-to-end run and
// of the last with-transfers run (Engine.LastBatchTimes: preparing,
// decoding and checking, waiting for the device, enqueuing, in ms, and the
// host's prep and decode in CPU ns per item: wall time × GOMAXPROCS / n,
// an upper bound of the per-item cost); and it
// checks every device result against the CPU (a differential check of n
// items of each kind). The signing kinds (sign-ecdsa, sign-schnorr) sign
// with test keys derived from a fixed seed: their nonces (and for ECDSA
// the keys) go to the device, as they do in gpu's signing batches; their
// kernel-only rate is sign_kg's (R = k·G alone), their end-to-end rate
// the whole batch method, whose fault check (every signature verified on
// the device before it is returned; for ECDSA also the public keys d·G)
// is always on: a line after each reports the items the check caught
// (Engine.SignFaults; a caught fault makes the batch return
// gpu.ErrDeviceFault, which stops the run).
//
//	go run ./cmd/gpubench -list
//	go run ./cmd/gpubench -n 1048576 -device 0
//
// Inputs are test data derived from a fixed seed; the only secrets that go
// to the device are the signing kinds' nonces of those test keys.
package main

import (
	"crypto/sha256"
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"sync"
	"time"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/gpu"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/silentpayments"
)

func main() {
	n := flag.Int("n", 65536, "items per kind")
	device := flag.Int("device", -1, "device index (see -list); -1 picks the first GPU")
	list := flag.Bool("list", false, "list the OpenCL devices and exit")
	reps := flag.Int("reps", 3, "timed repetitions (the best is reported; a launch before them builds the kind's program and is reported apart)")
	chunk := flag.Int("chunk", 0, "items per launch of the pipelined batches (gpu.Options.ChunkItems; 0: the package's choice per kind and device)")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the run to this file (where the host's time goes)")
	kinds := flag.String("kinds", "schnorr,schnorr-bytes,ecdsa,ecdsa-bytes,pubkeys,pubkeys33,tweak,tweak-bytes,tweak1-bytes,tweak5-bytes,sign-ecdsa,sign-schnorr", "kinds to run")
	flag.Parse()
	devs, err := gpu.Devices()
	if err != nil {
		fail(err)
	}
	if *list {
		for i, d := range devs {
			fmt.Printf("%d: %s on %s (%s, driver %s), %d compute units, %d MiB, GPU %v, ECC %v\n", i, d.Name, d.Platform, d.Version, d.Driver, d.ComputeUnits, d.GlobalMemSize>>20, d.GPU, d.ECC)
		}
		return
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fail(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fail(err)
		}
		defer pprof.StopCPUProfile()
	}
	t0 := time.Now()
	e, err := gpu.Open(&gpu.Options{Device: *device + 1, ChunkItems: *chunk}) // Options.Device counts from 1; 0 picks the first GPU
	if err != nil {
		fail(err)
	}
	defer e.Close()
	d := e.Device()
	// Open builds only the field self-test's program; each kind's program
	// is built on the kind's first launch, which is timed apart (the first
	// call's wait) and left out of the figures.
	fmt.Printf("device: %s on %s (%s, driver %s), %d compute units, %d MiB, ECC %v; self-test program %s in %v (each kind's on its first run)\n",
		d.Name, d.Platform, d.Version, d.Driver, d.ComputeUnits, d.GlobalMemSize>>20, d.ECC,
		from(e), time.Since(t0).Round(time.Millisecond))
	fmt.Printf("n = %d per kind, CPU = %d goroutines, best of %d, chunk %d items (0: the package's choice)\n\n", *n, runtime.GOMAXPROCS(0), *reps, *chunk)
	fmt.Printf("%-12s %14s %14s %14s %14s %6s  %s\n", "kind", "kernel-only/s", "+transfers/s", "end-to-end/s", "cpu/s", "e2e/k", "differential check")
	bad := false
	run := func(kind string, prepared *gpu.Prepared, device func() error, cpu func(), check func() int) {
		var kern time.Duration
		t1 := time.Now()
		if err := e.RunPrepared(prepared); err != nil { // builds the kind's program (or loads it from the cache)
			fail(err)
		}
		first := time.Since(t1)
		best(*reps, func() error { // one launch: the kernel's device time
			err := e.RunPrepared(prepared)
			if d := prepared.KernelTime(); err == nil && (kern == 0 || d < kern) {
				kern = d
			}
			return err
		})
		tr := best(*reps, func() error { return e.RunPipelined(prepared) })
		split := e.LastBatchTimes()
		ee := best(*reps, device)
		esplit := e.LastBatchTimes()
		c := best(1, func() error { cpu(); return nil })
		mism := check()
		status := fmt.Sprintf("%d items equal", *n)
		if mism != 0 {
			status = fmt.Sprintf("%d MISMATCHES", mism)
			bad = true
		}
		kr, share := "n/a", "n/a"
		if kern > 0 {
			kr = fmt.Sprintf("%.0f", rate(*n, kern))
			share = fmt.Sprintf("%.0f%%", 100*rate(*n, ee)/rate(*n, kern))
		}
		fmt.Printf("%-12s %14s %14.0f %14.0f %14.0f %6s  %s\n", kind, kr, rate(*n, tr), rate(*n, ee), rate(*n, c), share, status)
		splitLine("end to end", esplit)
		splitLine("+transfers", split)
		fmt.Printf("%-12s first launch %v (with the program's build, unless it was built or cached before)\n", "", first.Round(time.Millisecond))
	}
	want := map[string]bool{}
	for _, k := range splitComma(*kinds) {
		want[k] = true
	}
	if want["schnorr"] {
		items := schnorrItems(*n)
		ok, ref := make([]bool, *n), make([]bool, *n)
		run("schnorr", gpu.PrepareSchnorr(items), func() error { return e.VerifySchnorr(items, ok) },
			func() {
				parallel(*n, func(i int) { ref[i] = schnorr.Verify(items[i].PublicKey, items[i].Message, items[i].Signature) })
			},
			func() int { return diff(ok, ref) })
	}
	if want["ecdsa"] {
		items := ecdsaItems(*n)
		ok, ref := make([]bool, *n), make([]bool, *n)
		run("ecdsa", gpu.PrepareECDSA(items), func() error { return e.VerifyECDSA(items, ok) },
			func() {
				parallel(*n, func(i int) { ref[i] = ecdsa.Verify(items[i].PublicKey, items[i].Hash, items[i].Signature) })
			},
			func() int { return diff(ok, ref) })
	}
	if want["schnorr-bytes"] {
		// VerifySchnorrBytes: x-only keys, messages and signatures as flat
		// bytes, the keys lifted on the device; the CPU parses each key.
		items := schnorrItems(*n)
		keys, msgs, sigs := make([]byte, 32**n), make([]byte, 32**n), make([]byte, 64**n)
		for i, it := range items {
			kb := it.PublicKey.Bytes()
			copy(keys[32*i:], kb[:])
			copy(msgs[32*i:], it.Message)
			copy(sigs[64*i:], it.Signature[:])
		}
		prep, err := gpu.PrepareSchnorrBytes(keys, msgs, sigs)
		if err != nil {
			fail(err)
		}
		ok, ref := make([]bool, *n), make([]bool, *n)
		run("schnorr-bytes", prep, func() error { return e.VerifySchnorrBytes(keys, msgs, sigs, ok) },
			func() {
				parallel(*n, func(i int) {
					pk, err := p256k1.ParseXOnlyPublicKey(keys[32*i : 32*i+32])
					ref[i] = err == nil && schnorr.Verify(&pk, msgs[32*i:32*i+32], (*[64]byte)(sigs[64*i:]))
				})
			},
			func() int { return diff(ok, ref) })
	}
	if want["ecdsa-bytes"] {
		// VerifyECDSABytes: compressed keys, hashes and compact signatures
		// as flat bytes, the keys decompressed on the device; the CPU
		// parses each key and signature.
		items := ecdsaItems(*n)
		keys, hashes, sigs := make([]byte, 33**n), make([]byte, 32**n), make([]byte, 64**n)
		for i, it := range items {
			kb := it.PublicKey.SerializeCompressed()
			copy(keys[33*i:], kb[:])
			copy(hashes[32*i:], it.Hash[:])
			c := it.Signature.SerializeCompact()
			copy(sigs[64*i:], c[:])
		}
		prep, err := gpu.PrepareECDSABytes(keys, hashes, sigs)
		if err != nil {
			fail(err)
		}
		ok, ref := make([]bool, *n), make([]bool, *n)
		run("ecdsa-bytes", prep, func() error { return e.VerifyECDSABytes(keys, hashes, sigs, ok) },
			func() {
				parallel(*n, func(i int) {
					pk, err1 := p256k1.ParsePublicKey(keys[33*i : 33*i+33])
					sig, err2 := ecdsa.ParseCompact((*[64]byte)(sigs[64*i:]))
					ref[i] = err1 == nil && err2 == nil && ecdsa.Verify(&pk, (*[32]byte)(hashes[32*i:]), &sig)
				})
			},
			func() int { return diff(ok, ref) })
	}
	if want["pubkeys"] {
		scalars := make([][32]byte, *n)
		for i := range scalars {
			scalars[i] = sha256.Sum256(fmt.Appendf(nil, "gpubench scalar %d", i))
		}
		out, ref := make([]p256k1.PublicKey, *n), make([]p256k1.PublicKey, *n)
		run("pubkeys", gpu.PreparePublicKeys(scalars), func() error { return e.PublicKeys(scalars, out) },
			func() {
				parallel(*n, func(i int) {
					ref[i] = p256k1.PublicKey{}
					if k, err := p256k1.NewPrivateKey(scalars[i][:]); err == nil {
						ref[i] = k.PublicKey()
					}
				})
			},
			func() int { return diff(out, ref) })
	}
	if want["pubkeys33"] {
		// PublicKeysBytes: flat scalars in, 33-byte compressed keys out.
		scalars := make([][32]byte, *n)
		flat := make([]byte, 32**n)
		for i := range scalars {
			scalars[i] = sha256.Sum256(fmt.Appendf(nil, "gpubench scalar %d", i))
			copy(flat[32*i:], scalars[i][:])
		}
		out, ref := make([]byte, 33**n), make([][33]byte, *n)
		run("pubkeys33", gpu.PreparePublicKeys(scalars), func() error { return e.PublicKeysBytes(flat, out) },
			func() {
				parallel(*n, func(i int) {
					ref[i] = [33]byte{}
					if k, err := p256k1.NewPrivateKey(scalars[i][:]); err == nil {
						pub := k.PublicKey()
						ref[i] = pub.SerializeCompressed()
					}
				})
			},
			func() int {
				got := make([][33]byte, *n)
				for i := range got {
					got[i] = [33]byte(out[33*i : 33*i+33])
				}
				return diff(got, ref)
			})
	}
	if want["tweak"] {
		txs := tweakTxs(*n)
		out, ref := make([]p256k1.PublicKey, *n), make([]p256k1.PublicKey, *n)
		errs, referrs := make([]error, *n), make([]error, *n)
		run("tweak", gpu.PrepareTweakData(txs), func() error { return e.TweakData(txs, out, errs) },
			func() { silentpayments.TweakDataBatchParallel(txs, ref, referrs, 0) },
			func() int { return tweakDiff(out, ref, errs, referrs) })
	}
	for _, kind := range []string{"tweak1-bytes", "tweak-bytes", "tweak5-bytes"} {
		if !want[kind] {
			continue
		}
		// TweakDataBytes on one-key (tweak1-bytes), two-key (tweak-bytes,
		// tweak's transactions) or five-key (tweak5-bytes) transactions,
		// the keys lifted and added on the device (five: summed by
		// key_sum, a pass of its own before point_mul's, which the
		// kernel-only and with-transfers figures leave out: they are
		// point_mul's on the host's sums), against the CPU's parse and
		// TweakDataBatchParallel.
		txs := tweakTxs(*n)
		kt := make([]silentpayments.TxInputKeys, *n)
		keys := map[string]int{"tweak1-bytes": 1, "tweak-bytes": 2, "tweak5-bytes": 5}[kind]
		for i := range txs {
			kt[i].Outpoints = txs[i].Outpoints
			// The inputs of this transaction and the next ones, distinct.
			for j := 0; len(kt[i].Keys) < keys; j++ {
				for _, p := range txs[(i+j)%len(txs)].Inputs {
					if len(kt[i].Keys) < keys {
						kt[i].Keys = append(kt[i].Keys, p.SerializeCompressed())
					}
				}
			}
		}
		out, ref := make([]p256k1.PublicKey, *n), make([]p256k1.PublicKey, *n)
		errs, referrs := make([]error, *n), make([]error, *n)
		run(kind, gpu.PrepareTweakDataBytes(kt), func() error { return e.TweakDataBytes(kt, out, errs) },
			func() {
				parsed := make([]silentpayments.TxInputs, *n)
				parallel(*n, func(i int) { parsed[i] = kt[i].Parse() })
				silentpayments.TweakDataBatchParallel(parsed, ref, referrs, 0)
			},
			func() int { return tweakDiff(out, ref, errs, referrs) })
	}
	if want["sign-ecdsa"] {
		keys, hashes := signInputs(*n)
		out, ref := make([]ecdsa.Signature, *n), make([]ecdsa.Signature, *n)
		errs := make([]error, *n)
		prep, err := gpu.PrepareSignECDSA(keys, hashes)
		if err != nil {
			fail(err)
		}
		run("sign-ecdsa", prep, func() error { return e.SignECDSA(keys, hashes, out, errs) },
			func() {
				parallel(*n, func(i int) {
					k, _ := p256k1.NewPrivateKey(keys[i][:])
					ref[i], _ = ecdsa.Sign(&k, &hashes[i])
				})
			},
			func() int { return diff(out, ref) + nonNil(errs) })
		prep.Clear()
		faultLine(e)
	}
	if want["sign-schnorr"] {
		keys, msgs, aux := schnorrSignInputs(*n)
		out, ref := make([][64]byte, *n), make([][64]byte, *n)
		errs := make([]error, *n)
		prep, err := gpu.PrepareSignSchnorr(keys, msgs, aux)
		if err != nil {
			fail(err)
		}
		run("sign-schnorr", prep, func() error { return e.SignSchnorr(keys, msgs, aux, out, errs) },
			func() {
				parallel(*n, func(i int) { ref[i], _ = schnorr.SignKeypair(&keys[i], msgs[i], &aux[i]) })
			},
			func() int { return diff(out, ref) + nonNil(errs) })
		prep.Clear()
		faultLine(e)
	}
	if bad {
		pprof.StopCPUProfile()
		os.Exit(1)
	}
}

// from says where Open took the self-test's program from.
func from(e *gpu.Engine) string {
	switch {
	case e.FromCache():
		return "from the cache"
	case e.FromPTX():
		return "from the PTX made ahead of time"
	}
	return "compiled from source"
}

// splitLine prints a batch's host split (Engine.LastBatchTimes).
func splitLine(what string, t gpu.BatchTimes) {
	if t.Items == 0 {
		return
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	perItem := func(d time.Duration) float64 {
		return float64(d.Nanoseconds()) * float64(runtime.GOMAXPROCS(0)) / float64(t.Items)
	}
	other := t.Total - t.Prep - t.Decode - t.Wait - t.Enqueue
	fmt.Printf("%-12s %s: %.1f ms = prep %.1f + decode %.1f + waiting for the device %.1f + enqueue %.1f + other %.1f (%d chunks; host prep %.0f, decode %.0f CPU ns/item at most)\n",
		"", what, ms(t.Total), ms(t.Prep), ms(t.Decode), ms(t.Wait), ms(t.Enqueue), ms(other), t.Chunks, perItem(t.Prep), perItem(t.Decode))
}

// faultLine prints the signing fault check's count so far.
func faultLine(e *gpu.Engine) {
	fmt.Printf("%-12s end-to-end includes the fault check (every signature verified on the device); items it caught: %d\n", "", e.SignFaults())
}

func nonNil(errs []error) int {
	m := 0
	for _, err := range errs {
		if err != nil {
			m++
		}
	}
	return m
}

// signInputs makes n test keys (raw, 32 bytes) and message hashes.
func signInputs(n int) (keys, hashes [][32]byte) {
	keys, hashes = make([][32]byte, n), make([][32]byte, n)
	parallel(n, func(i int) {
		keys[i] = sha256.Sum256(fmt.Appendf(nil, "gpubench sign key %d", i))
		hashes[i] = sha256.Sum256(fmt.Appendf(nil, "gpubench sign hash %d", i))
	})
	return keys, hashes
}

// schnorrSignInputs makes n keypairs (of 1,024 test keys, repeated),
// 32-byte messages and aux.
func schnorrSignInputs(n int) (keys []schnorr.Keypair, msgs [][]byte, aux [][32]byte) {
	const nk = 1024
	kps := make([]schnorr.Keypair, min(n, nk))
	parallel(len(kps), func(i int) {
		k := privKey("sign", i)
		kps[i], _ = schnorr.NewKeypair(&k)
	})
	keys, msgs, aux = make([]schnorr.Keypair, n), make([][]byte, n), make([][32]byte, n)
	parallel(n, func(i int) {
		keys[i] = kps[i%len(kps)]
		h := sha256.Sum256(fmt.Appendf(nil, "gpubench sign msg %d", i))
		msgs[i] = h[:]
		aux[i] = sha256.Sum256(fmt.Appendf(nil, "gpubench aux %d", i))
	})
	return keys, msgs, aux
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "gpubench:", err)
	os.Exit(1)
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	return out
}

func best(reps int, f func() error) time.Duration {
	var b time.Duration
	for r := range max(reps, 1) {
		t := time.Now()
		if err := f(); err != nil {
			fail(err)
		}
		if d := time.Since(t); r == 0 || d < b {
			b = d
		}
	}
	return b
}

func rate(n int, d time.Duration) float64 { return float64(n) / d.Seconds() }

func diff[T comparable](a, b []T) int {
	m := 0
	for i := range a {
		if a[i] != b[i] {
			m++
		}
	}
	return m
}

// parallel calls f(i) for i in [0, n) on GOMAXPROCS goroutines.
func parallel(n int, f func(i int)) {
	w := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	per := (n + w - 1) / w
	for lo := 0; lo < n; lo += per {
		hi := min(lo+per, n)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < hi; i++ {
				f(i)
			}
		}()
	}
	wg.Wait()
}

func privKey(tag string, i int) p256k1.PrivateKey {
	h := sha256.Sum256(fmt.Appendf(nil, "gpubench %s %d", tag, i))
	k, err := p256k1.NewPrivateKey(h[:])
	if err != nil {
		panic(err)
	}
	return k
}

// schnorrItems signs n messages with 64 keys and spoils every fourth item
// (a flipped bit in the signature, message or key), so both outcomes are
// checked.
func schnorrItems(n int) []schnorr.BatchItem {
	const nk = 64
	pubs := make([]p256k1.XOnlyPublicKey, nk)
	keys := make([]p256k1.PrivateKey, nk)
	for i := range keys {
		keys[i] = privKey("schnorr", i)
		pk := keys[i].PublicKey()
		pubs[i], _ = pk.XOnly()
	}
	items := make([]schnorr.BatchItem, n)
	parallel(n, func(i int) {
		msg := sha256.Sum256(fmt.Appendf(nil, "msg %d", i))
		sig, err := schnorr.Sign(&keys[i%nk], msg[:], nil)
		if err != nil {
			panic(err)
		}
		pub := &pubs[i%nk]
		switch i % 8 {
		case 1:
			sig[i%64] ^= 1 << (i % 7)
		case 3:
			msg[i%32] ^= 1
		case 5:
			pub = &pubs[(i+1)%nk]
		}
		items[i] = schnorr.BatchItem{PublicKey: pub, Message: msg[:], Signature: &sig}
	})
	return items
}

func ecdsaItems(n int) []gpu.ECDSAItem {
	const nk = 64
	pubs := make([]p256k1.PublicKey, nk)
	keys := make([]p256k1.PrivateKey, nk)
	for i := range keys {
		keys[i] = privKey("ecdsa", i)
		pubs[i] = keys[i].PublicKey()
	}
	items := make([]gpu.ECDSAItem, n)
	parallel(n, func(i int) {
		h := sha256.Sum256(fmt.Appendf(nil, "hash %d", i))
		sig, err := ecdsa.Sign(&keys[i%nk], &h)
		if err != nil {
			panic(err)
		}
		pub := &pubs[i%nk]
		switch i % 8 {
		case 1:
			c := sig.SerializeCompact()
			c[i%64] ^= 1 << (i % 7)
			if s, err := ecdsa.ParseCompact(&c); err == nil {
				sig = s
			}
		case 3:
			h[i%32] ^= 1
		case 5:
			pub = &pubs[(i+1)%nk]
		}
		items[i] = gpu.ECDSAItem{PublicKey: pub, Hash: &h, Signature: &sig}
	})
	return items
}

// tweakDiff counts the transactions whose tweak data or error state differ
// between the device (out, errs) and the CPU (ref, referrs).
func tweakDiff(out, ref []p256k1.PublicKey, errs, referrs []error) int {
	m := diff(out, ref)
	for i := range errs {
		if (errs[i] == nil) != (referrs[i] == nil) {
			m++
		}
	}
	return m
}

// tweakTxs makes n transactions of two inputs each (keys from a pool of
// 256) with distinct outpoints.
func tweakTxs(n int) []silentpayments.TxInputs {
	const nk = 256
	pubs := make([]p256k1.PublicKey, nk)
	for i := range pubs {
		k := privKey("tweak", i)
		pubs[i] = k.PublicKey()
	}
	txs := make([]silentpayments.TxInputs, n)
	for i := range txs {
		var op silentpayments.Outpoint
		binary.LittleEndian.PutUint64(op.TxID[:], uint64(i))
		txs[i] = silentpayments.TxInputs{
			Inputs:    []p256k1.PublicKey{pubs[i%nk], pubs[(i*7+1)%nk]},
			Outpoints: []silentpayments.Outpoint{op, {TxID: op.TxID, Vout: 1}},
		}
	}
	return txs
}
