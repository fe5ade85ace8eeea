package gpu

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/silentpayments"
)

// TestShortOutput: every batch method, and the CPU fallbacks, report an
// output slice shorter than the batch as ErrShortOutput naming the method
// and the lengths, before any work and on any Engine (here nil, a zero
// value and, with OpenCL, a real one), instead of a slice-bounds panic.
func TestShortOutput(t *testing.T) {
	items := make([]schnorr.BatchItem, 5)
	ecd := make([]ECDSAItem, 5)
	scalars := make([][32]byte, 5)
	txs := make([]silentpayments.TxInputs, 5)
	engines := map[string]*Engine{"nil": nil, "zero": new(Engine)}
	if e, err := Open(&Options{CacheDir: testCacheDir(t)}); err == nil {
		engines["opened"] = e
		defer e.Close()
	}
	for name, e := range engines {
		for call, f := range map[string]func() error{
			"VerifySchnorr": func() error { return e.VerifySchnorr(items, make([]bool, 3)) },
			"VerifyECDSA":   func() error { return e.VerifyECDSA(ecd, make([]bool, 4)) },
			"PublicKeys":    func() error { return e.PublicKeys(scalars, make([]p256k1.PublicKey, 2)) },
			"TweakData":     func() error { return e.TweakData(txs, make([]p256k1.PublicKey, 5), make([]error, 1)) },
			"TweakDataBytes": func() error {
				return e.TweakDataBytes(make([]silentpayments.TxInputKeys, 5), make([]p256k1.PublicKey, 4), make([]error, 5))
			},
			"VerifySchnorrOrCPU": func() error { return VerifySchnorrOrCPU(e, items, nil) },
			"VerifyECDSAOrCPU":   func() error { return VerifyECDSAOrCPU(e, ecd, make([]bool, 4)) },
			"PublicKeysOrCPU":    func() error { return PublicKeysOrCPU(e, scalars, nil) },
			"VerifySchnorrBytes": func() error {
				return e.VerifySchnorrBytes(make([]byte, 5*32), make([]byte, 5*32), make([]byte, 5*64), make([]bool, 4))
			},
			"VerifyECDSABytes": func() error {
				return e.VerifyECDSABytes(make([]byte, 5*33), make([]byte, 5*32), make([]byte, 5*64), nil)
			},
			"VerifySchnorrBytesOrCPU": func() error {
				return VerifySchnorrBytesOrCPU(e, make([]byte, 5*32), make([]byte, 5*32), make([]byte, 5*64), make([]bool, 4))
			},
			"VerifyECDSABytesOrCPU": func() error {
				return VerifyECDSABytesOrCPU(e, make([]byte, 5*33), make([]byte, 5*32), make([]byte, 5*64), nil)
			},
		} {
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s on a %s Engine panicked: %v", call, name, r)
					}
				}()
				err = f()
			}()
			if !errors.Is(err, ErrShortOutput) || !strings.Contains(err.Error(), call+": len(") || !strings.Contains(err.Error(), "< 5 items") {
				t.Errorf("%s on a %s Engine: %v, want ErrShortOutput naming it and the lengths", call, name, err)
			}
		}
	}
}

// TestUnusableEngine: a nil or zero-value Engine gives ErrClosed from every
// batch method (no nil-pointer panic); the fallbacks answer on the CPU.
func TestUnusableEngine(t *testing.T) {
	k := key(1)
	pub := k.PublicKey()
	xo, _ := pub.XOnly()
	msg := []byte("m")
	sig, _ := schnorr.Sign(&k, msg, nil)
	items := []schnorr.BatchItem{{PublicKey: &xo, Message: msg, Signature: &sig}}
	for name, e := range map[string]*Engine{"nil": nil, "zero": new(Engine)} {
		ok := make([]bool, 1)
		if err := e.VerifySchnorr(items, ok); !errors.Is(err, ErrClosed) {
			t.Errorf("VerifySchnorr on a %s Engine: %v, want ErrClosed", name, err)
		}
		if err := e.VerifyECDSA(make([]ECDSAItem, 1), ok); !errors.Is(err, ErrClosed) {
			t.Errorf("VerifyECDSA on a %s Engine: %v, want ErrClosed", name, err)
		}
		if err := e.PublicKeys(make([][32]byte, 1), make([]p256k1.PublicKey, 1)); !errors.Is(err, ErrClosed) {
			t.Errorf("PublicKeys on a %s Engine: %v, want ErrClosed", name, err)
		}
		if err := e.TweakData(make([]silentpayments.TxInputs, 1), make([]p256k1.PublicKey, 1), make([]error, 1)); !errors.Is(err, ErrClosed) {
			t.Errorf("TweakData on a %s Engine: %v, want ErrClosed", name, err)
		}
		if err := e.TweakDataBytes(make([]silentpayments.TxInputKeys, 1), make([]p256k1.PublicKey, 1), make([]error, 1)); !errors.Is(err, ErrClosed) {
			t.Errorf("TweakDataBytes on a %s Engine: %v, want ErrClosed", name, err)
		}
		if err := e.RunPrepared(PrepareSchnorr(items)); !errors.Is(err, ErrClosed) {
			t.Errorf("RunPrepared on a %s Engine: %v, want ErrClosed", name, err)
		}
		if err := e.RunPrepared(nil); !errors.Is(err, p256k1.ErrNilArgument) {
			t.Errorf("RunPrepared(nil) on a %s Engine: %v, want ErrNilArgument", name, err)
		}
		if err := e.RunPipelined(PrepareSchnorr(items)); !errors.Is(err, ErrClosed) {
			t.Errorf("RunPipelined on a %s Engine: %v, want ErrClosed", name, err)
		}
		if err := e.PublicKeysBytes(make([]byte, 32), make([]byte, 33)); !errors.Is(err, ErrClosed) {
			t.Errorf("PublicKeysBytes on a %s Engine: %v, want ErrClosed", name, err)
		}
		if err := e.VerifySchnorrBytes(make([]byte, 32), make([]byte, 32), make([]byte, 64), ok); !errors.Is(err, ErrClosed) {
			t.Errorf("VerifySchnorrBytes on a %s Engine: %v, want ErrClosed", name, err)
		}
		if err := e.VerifyECDSABytes(make([]byte, 33), make([]byte, 32), make([]byte, 64), ok); !errors.Is(err, ErrClosed) {
			t.Errorf("VerifyECDSABytes on a %s Engine: %v, want ErrClosed", name, err)
		}
		if bt := e.LastBatchTimes(); bt != (BatchTimes{}) {
			t.Errorf("LastBatchTimes on a %s Engine: %+v", name, bt)
		}
		if err := VerifySchnorrOrCPU(e, items, ok); !errors.Is(err, ErrClosed) || !ok[0] {
			t.Errorf("VerifySchnorrOrCPU on a %s Engine: %v, ok %v", name, err, ok[0])
		}
		if f := e.SignFaults(); f != 0 {
			t.Errorf("SignFaults on a %s Engine: %d", name, f)
		}
		if err := e.Close(); err != nil {
			t.Errorf("Close on a %s Engine: %v", name, err)
		}
	}
}

// TestEngineString: an Engine prints as one short line naming its device
// (name, kind, platform), for every verb, alone or in a struct; never its
// fields or the kernel source (which %v used to print: 15 KB).
func TestEngineString(t *testing.T) {
	e := &Engine{a: &clAPI{}, dev: Device{Platform: "Portable Computing Language", Name: "cpu-haswell", Version: "OpenCL 3.0 PoCL", GPU: false}, kernels: map[string]uintptr{"x": 1}, source: kernelSource}
	g := &Engine{a: &clAPI{}, dev: Device{Platform: "NVIDIA CUDA", Name: "NVIDIA H100", Version: "OpenCL 3.0 CUDA", GPU: true}, source: kernelSource}
	g.closed = true
	type holder struct{ E *Engine }
	for _, c := range []struct {
		e    *Engine
		want string
	}{
		{e, `gpu.Engine("cpu-haswell", CPU or accelerator, Portable Computing Language, OpenCL 3.0 PoCL)`},
		{g, `gpu.Engine("NVIDIA H100", GPU, NVIDIA CUDA, OpenCL 3.0 CUDA, closed)`},
		{nil, `gpu.Engine(nil)`},
		{new(Engine), `gpu.Engine(zero value: not opened)`},
	} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%d", "%x", "%q", "%20v"} {
			if got := fmt.Sprintf(verb, c.e); got != c.want {
				t.Errorf("%s of an Engine: %q, want %q", verb, got, c.want)
			}
		}
		if got := fmt.Sprint(c.e); got != c.want {
			t.Errorf("Sprint: %q", got)
		}
		if got := fmt.Sprintf("%+v", holder{c.e}); len(got) > 200 || strings.Contains(got, "__kernel") {
			t.Errorf("%%+v of a struct holding an Engine: %d bytes", len(got))
		}
	}
	if real, err := Open(nil); err == nil {
		defer real.Close()
		s := fmt.Sprintf("%v", real)
		if len(s) > 200 || !strings.Contains(s, real.Device().Name) {
			t.Errorf("%%v of an opened Engine: %q", s)
		}
		t.Log(s)
	}
}

// TestOptionsDevice holds Options.Device's rule: counted from 1; 0 (the
// zero Options) and negative values pick as Open(nil) does, the first GPU,
// else the first device; past the last device is ErrNoDevice.
func TestOptionsDevice(t *testing.T) {
	cpus := []Device{{Name: "cpu0"}, {Name: "cpu1"}}
	mixed := []Device{{Name: "cpu0"}, {Name: "gpu1", GPU: true}, {Name: "gpu2", GPU: true}}
	for _, c := range []struct {
		devs []Device
		opts *Options
		want int
	}{
		{mixed, nil, 1},
		{mixed, &Options{}, 1},
		{mixed, &Options{CacheDir: "-"}, 1},
		{mixed, &Options{Device: -1}, 1},
		{mixed, &Options{Device: 1}, 0},
		{mixed, &Options{Device: 3}, 2},
		{cpus, nil, 0},
		{cpus, &Options{}, 0},
		{cpus, &Options{Device: 2}, 1},
	} {
		got, err := pickDevice(c.devs, c.opts)
		if err != nil || got != c.want {
			t.Errorf("pickDevice(%v, %+v) = %d, %v; want %d", c.devs, c.opts, got, err, c.want)
		}
	}
	if _, err := pickDevice(mixed, &Options{Device: 4}); !errors.Is(err, ErrNoDevice) {
		t.Errorf("Device past the last: %v, want ErrNoDevice", err)
	}
	// With OpenCL: the zero Options open the device Open(nil) opens.
	a, err := Open(nil)
	if err != nil {
		skipNoOpenCL(t, err)
	}
	defer a.Close()
	b, err := Open(&Options{CacheDir: testCacheDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if a.Device().id != b.Device().id {
		t.Errorf("Open(nil) took %s, Open(&Options{}) %s", a.Device().Name, b.Device().Name)
	}
}
