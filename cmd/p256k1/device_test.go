package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/gpu"
	"github.com/p256k1/p256k1/schnorr"
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
		skipNoOpenCL(t, err)
	}
	rows := batchRows(t, 40)
	for i := 3; i < len(rows); i += 7 {
		rows[i] = flipSig(rows[i])
	}
	rows = append(rows, deviceEdgeRows(t)...)
	in := "scheme,pubkey,msg,sig\n" + strings.Join(rows, "\n") + "\nschnorr,00,00\n"
	strip := func(s string) string { // drop the timing line and the device note
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.Contains(l, "signatures/s") && !strings.HasPrefix(l, "p256k1: using ") {
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
		if !strings.Contains(errOut, "p256k1: using ") {
			t.Errorf("--device %s does not name the device: %q", dev, errOut)
		}
	}
}

// TestDeviceFlagOneRule: bench and verify-batch take the same --device
// values and check them before any work (bench measured for 10 s before
// refusing one); an OpenCL device that does not open is reported first
// too, naming the way out (issue 28, items 8 and 9). The library is made
// to fail with P256K1_OPENCL, so the test is the same with or without
// OpenCL on the machine.
func TestDeviceFlagOneRule(t *testing.T) {
	noCL := []string{"P256K1_OPENCL=/nonexistent/libOpenCL-p256k1-test.so"}
	for _, bad := range []string{"gpu", "opencl:x", "opencl:-1", "cpu:1", "auto:0", "cuda"} {
		for _, args := range [][]string{{"bench", "--time", "1ms", "--device", bad}, {"verify-batch", "--device", bad, "-"}, {"sp", "tweaks", "--device", bad, "-"}} {
			r := p256k1Cmd(t, "x\n", noCL, args...)
			if r.code != exitUsage || !strings.Contains(r.stderr, "device: ") || !strings.Contains(r.stderr, "want cpu, opencl, opencl:N or auto") ||
				strings.Contains(r.stderr, "[ 1/") || r.stdout != "" {
				t.Errorf("%v: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
			}
		}
	}
	// opencl without a library: refused before measuring, with the hint.
	for _, args := range [][]string{{"bench", "--time", "1ms", "--device", "opencl"}, {"verify-batch", "--device", "opencl:0", "-"}, {"sp", "tweaks", "--device", "opencl", "-"}} {
		r := p256k1Cmd(t, "", noCL, args...)
		if r.code != exitUsage || strings.Contains(r.stderr, "[ 1/") || strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
		for _, want := range []string{"libOpenCL-p256k1-test.so", "ocl-icd-libopencl1", "pocl-opencl-icd", "P256K1_OPENCL", "--device cpu", "--device auto"} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("%v: the message lacks %q: %q", args, want, r.stderr)
			}
		}
	}
	// cpu and auto are taken by both; auto without OpenCL says it uses the CPU.
	rows := strings.Join(batchRows(t, 4), "\n") + "\n"
	for _, dev := range []string{"cpu", "auto"} {
		r := p256k1Cmd(t, rows, noCL, "verify-batch", "--device", dev, "-")
		if r.code != 0 || !strings.Contains(r.stdout, "4 valid") || (dev == "auto") != strings.Contains(r.stderr, "using the CPU") {
			t.Errorf("verify-batch --device %s: exit %d, %q, %q", dev, r.code, r.stdout, r.stderr)
		}
		r = p256k1Cmd(t, "", noCL, "bench", "--time", "1ms", "--no-libsecp256k1", "--json", "--device", dev)
		var res struct {
			Results []benchResult
			Device  *deviceBench
		}
		if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || r.code != 0 || len(res.Results) == 0 || res.Device != nil {
			t.Errorf("bench --device %s: exit %d, %v, %q", dev, r.code, err, r.stderr)
		}
	}
}

// TestBenchDeviceJSON: on an OpenCL device (CI's PoCL), bench --json
// carries the device's results.
func TestBenchDeviceJSON(t *testing.T) {
	if testing.Short() {
		t.Skip("a bench run on the device: not with -short (about 20 s on PoCL)")
	}
	if _, err := gpu.Devices(); err != nil {
		skipNoOpenCL(t, err)
	}
	r := p256k1Cmd(t, "", nil, "bench", "--time", "1ms", "--no-libsecp256k1", "--json", "--device", "opencl")
	var res struct{ Device *deviceBench }
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || r.code != 0 || res.Device == nil || len(res.Device.Results) != 7 || res.Device.Results[0].EndToEnd <= 0 || res.Device.Results[3].Name != "sp tweak data (2 keys as bytes)" || res.Device.Results[3].EndToEnd <= 0 || res.Device.Results[4].Name != "sp tweak data (5 keys as bytes)" || res.Device.Results[4].EndToEnd <= 0 {
		t.Fatalf("exit %d, %v\n%s%s", r.code, err, r.stdout, r.stderr)
	}
}

// skipNoOpenCL skips t on a machine without an OpenCL platform or device,
// unless P256K1_REQUIRE_OPENCL is set (CI sets it where it installed
// PoCL): then it fails t.
func skipNoOpenCL(t *testing.T, err error) {
	t.Helper()
	if os.Getenv("P256K1_REQUIRE_OPENCL") != "" {
		t.Fatalf("P256K1_REQUIRE_OPENCL is set, but there is no OpenCL device: %v", err)
	}
	t.Skipf("no OpenCL here: %v", err)
}

// TestSPTweaksDevice: sp tweaks gives the same tweak data on an OpenCL
// device (TweakDataBytes, every transaction's keys lifted and added there)
// as on the CPU and as BIP-352's vectors, over every receiving case of the
// vectors in one file, with a malformed line among them.
func TestSPTweaksDevice(t *testing.T) {
	var lines, want []string
	for ci, c := range spCases(t) {
		for _, r := range c.Receiving {
			lines = append(lines, spVectorLine(ci, nil, r.Given.Vin))
			want = append(want, tweakOrDash(r.Expected.Tweak))
		}
	}
	in := strings.Join(lines[:3], "\n") + "\n{\"txid\":\"00\",\"vin\":[{\"txid\":\"zz\"}]}\n" + strings.Join(lines[3:], "\n") + "\n"
	cpuCode, cpuOut, cpuErr := runCLI(in, nil, "sp", "tweaks", "--device", "cpu", "-")
	if got := strings.Fields(cpuOut); cpuCode != exitUsage || !slices.Equal(got, want) || !strings.Contains(cpuErr, "line 4: malformed") {
		t.Fatalf("--device cpu: exit %d, %d tweaks (want %d, exit %d), stderr %q", cpuCode, len(got), len(want), exitUsage, cpuErr)
	}
	if _, err := gpu.Devices(); errors.Is(err, gpu.ErrNoOpenCL) || errors.Is(err, gpu.ErrNoDevice) {
		skipNoOpenCL(t, err)
	}
	strip := func(s string) string { // drop the device note
		var keep []string
		for _, l := range strings.Split(s, "\n") {
			if !strings.HasPrefix(l, "p256k1: using ") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	for _, dev := range []string{"opencl", "auto"} {
		code, out, errOut := runCLI(in, nil, "sp", "tweaks", "--device", dev, "-")
		if code != cpuCode || out != cpuOut || strip(errOut) != cpuErr {
			t.Errorf("--device %s: exit %d\n%s%s\nCPU: exit %d\n%s%s", dev, code, out, errOut, cpuCode, cpuOut, cpuErr)
		}
		if !strings.Contains(errOut, "p256k1: using ") {
			t.Errorf("--device %s does not name the device: %q", dev, errOut)
		}
	}
	t.Logf("%d transactions, %d with tweak data", len(want), len(want)-strings.Count(strings.Join(want, " "), "-"))
}

// deviceEdgeRows are verify-batch rows for the device's bytes path
// (BIP-340 rows with 32-byte messages, ECDSA rows with 33-byte keys) at its
// edges: keys off the curve, x = p, a wrong prefix, a high S, a flipped
// signature; and rows beside it (a 65-byte key, a 31-byte message).
func deviceEdgeRows(t *testing.T) []string {
	t.Helper()
	k, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	h := sha256.Sum256([]byte("device edge rows"))
	kp, _ := schnorr.NewKeypair(&k)
	ssig, _ := schnorr.SignKeypair(&kp, h[:], &[32]byte{})
	x := kp.XOnlyPublicKey()
	xb := x.Bytes()
	esig, _ := ecdsa.Sign(&k, &h)
	pub := k.PublicKey()
	c := pub.SerializeCompressed()
	u := pub.SerializeUncompressed()
	cs := esig.SerializeCompact()
	off := xb
	for { // an x off the curve
		off[31]++
		if _, err := p256k1.ParseXOnlyPublicKey(off[:]); err != nil {
			break
		}
	}
	p := strings.Repeat("f", 48) + "fffffffefffffc2f" // x = p
	// high S: n − s
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	hs := new(big.Int).Sub(n, new(big.Int).SetBytes(cs[32:]))
	high := fmt.Sprintf("%x%064x", cs[:32], hs)
	rows := []string{
		fmt.Sprintf("schnorr,%x,%x,%x", xb, h, ssig),
		fmt.Sprintf("schnorr,%x,%x,%x", off, h, ssig),
		fmt.Sprintf("schnorr,%s,%x,%x", p, h, ssig),
		flipSig(fmt.Sprintf("schnorr,%x,%x,%x", xb, h, ssig)),
		fmt.Sprintf("schnorr,%x,%x,%x", xb, h[:31], ssig),
		fmt.Sprintf("ecdsa,%x,%x,%x", c, h, cs),
		fmt.Sprintf("ecdsa,02%x,%x,%x", off, h, cs),
		fmt.Sprintf("ecdsa,03%s,%x,%x", p, h, cs),
		fmt.Sprintf("ecdsa,04%x,%x,%x", xb, h, cs),
		fmt.Sprintf("ecdsa,%x,%x,%s", c, h, high),
		fmt.Sprintf("ecdsa,%x,%x,%x", u, h, cs),
		flipSig(fmt.Sprintf("ecdsa,%x,%x,%x", c, h, cs)),
	}
	return rows
}

// TestVerifyRowsDeviceFails: when the device fails (here a closed engine),
// the rows whose keys were kept as bytes are parsed and verified on the
// CPU, and every row is marked exactly as on the CPU alone, with the
// failure said once on standard error.
func TestVerifyRowsDeviceFails(t *testing.T) {
	e, err := gpu.Open(&gpu.Options{Device: -1})
	if errors.Is(err, gpu.ErrNoOpenCL) || errors.Is(err, gpu.ErrNoDevice) {
		skipNoOpenCL(t, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	e.Close()
	rows := batchRows(t, 70)
	for i := 3; i < len(rows); i += 7 {
		rows[i] = flipSig(rows[i])
	}
	rows = append(rows, deviceEdgeRows(t)...)
	lines := make([]inputLine, len(rows))
	for i := range rows {
		lines[i] = inputLine{n: i + 1, text: []byte(rows[i])}
	}
	dev, cpu := parseBatch(lines, 2, true), parseBatch(lines, 2, false)
	raw := 0
	for i := range dev {
		if dev[i].raw != nil {
			raw++
		}
	}
	var errOut bytes.Buffer
	c := &cli{stdout: io.Discard, stderr: &errOut, getenv: func(string) string { return "" }}
	v := &verifier{engine: e, workers: 2}
	v.verifyRows(c, dev)
	(&verifier{workers: 2}).verifyRows(c, cpu)
	for i := range dev {
		if dev[i].bad != cpu[i].bad || dev[i].invalid != cpu[i].invalid {
			t.Errorf("row %d: %q (invalid %v) after the device failed, %q (%v) on the CPU", i+1, dev[i].bad, dev[i].invalid, cpu[i].bad, cpu[i].invalid)
		}
	}
	if raw < 20 || v.engine != nil || strings.Count(errOut.String(), "the OpenCL device failed") != 1 {
		t.Fatalf("%d rows as bytes, engine %v, stderr %q", raw, v.engine, errOut.String())
	}
}
