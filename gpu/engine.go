package gpu

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/p256k1/p256k1/internal/dl"
)

//go:embed kernels/secp256k1.cl
var kernelSource string

// Errors. Each failure of the OpenCL runtime is reported with its call and
// status; errors.Is maps them to these where one applies.
var (
	// ErrNoOpenCL: no OpenCL ICD loader could be loaded (or this platform
	// cannot load shared libraries without cgo).
	ErrNoOpenCL = errors.New("gpu: no OpenCL library")
	// ErrNoDevice: the OpenCL library lists no platform or no device (or
	// none matches Options.Device).
	ErrNoDevice = errors.New("gpu: no OpenCL device")
	// ErrBuild: the kernels did not compile for the device; the error text
	// holds the compiler's log.
	ErrBuild = errors.New("gpu: the OpenCL kernels did not build")
	// ErrOutOfMemory: the device ran out of memory or resources.
	ErrOutOfMemory = errors.New("gpu: out of device memory or resources")
	// ErrClosed: the Engine was closed, or is nil or a zero value (not
	// made by Open).
	ErrClosed = errors.New("gpu: engine closed")
	// ErrShortOutput: a batch method's output slice (ok, out or errs) is
	// shorter than its input; the error names the method and the lengths,
	// and nothing was computed.
	ErrShortOutput = errors.New("gpu: output slice shorter than the batch")
)

// shortOutput checks that every output length is at least n.
func shortOutput(method string, n int, outs ...outLen) error {
	for _, o := range outs {
		if o.n < n {
			return fmt.Errorf("%w: %s: len(%s) = %d < %d items", ErrShortOutput, method, o.name, o.n, n)
		}
	}
	return nil
}

type outLen struct {
	name string
	n    int
}

// usable reports ErrClosed for a nil, zero-value or closed Engine (the
// batch methods call it before any work; pipeline and run check closed
// again under the lock).
func (e *Engine) usable() error {
	if e == nil || e.a == nil {
		return ErrClosed
	}
	return nil
}

var getenv = os.Getenv

// buildLog receives, when P256K1_GPU_BUILD_LOG is set (device checks
// only), the compiler's log after a successful build from source (with
// NVIDIA's -cl-nv-verbose it lists each kernel's registers, stack frame
// and spills) and the work-items per wave of each kernel. A variable for
// tests.
var buildLog io.Writer = os.Stderr

// Device describes one OpenCL device.
type Device struct {
	Platform      string // platform name
	Name          string // device name
	Version       string // OpenCL version the device supports
	Driver        string // driver version
	GPU           bool   // a GPU (else a CPU or accelerator)
	ComputeUnits  uint32
	GlobalMemSize uint64 // bytes
	MaxAlloc      uint64 // CL_DEVICE_MAX_MEM_ALLOC_SIZE: the largest single buffer, bytes
	// ECC is CL_DEVICE_ERROR_CORRECTION_SUPPORT: the device says its
	// memory and caches correct errors (data-center GPUs, with ECC on).
	// Reported only: the signers verify every signature on the device
	// either way (see doc.go).
	ECC bool

	platform, id uintptr
}

// Devices lists every OpenCL device of every platform.
func Devices() ([]Device, error) {
	a, err := load()
	if err != nil {
		return nil, err
	}
	if unsafe.Sizeof(uintptr(0)) != 8 {
		return nil, fmt.Errorf("%w: package gpu supports 64-bit platforms only", ErrNoOpenCL)
	}
	ps, err := a.platforms()
	if err != nil {
		return nil, err
	}
	var out []Device
	for _, p := range ps {
		pname := a.infoString(a.getPlatformInfo, p, clPlatformName)
		ds, err := a.devices(p)
		if err != nil {
			return nil, err
		}
		for _, d := range ds {
			out = append(out, Device{
				Platform:      pname,
				Name:          a.infoString(a.getDeviceInfo, d, clDeviceName),
				Version:       a.infoString(a.getDeviceInfo, d, clDeviceVersion),
				Driver:        a.infoString(a.getDeviceInfo, d, clDriverVersion),
				GPU:           a.infoUint64(a.getDeviceInfo, d, clDeviceType)&clDeviceTypeGPU != 0,
				ComputeUnits:  a.infoUint32(a.getDeviceInfo, d, clDeviceMaxComputeUnit),
				GlobalMemSize: a.infoUint64(a.getDeviceInfo, d, clDeviceGlobalMemSize),
				MaxAlloc:      a.infoUint64(a.getDeviceInfo, d, clDeviceMaxMemAlloc),
				ECC:           a.infoUint32(a.getDeviceInfo, d, clDeviceErrorCorrection) != 0,
				platform:      p,
				id:            d,
			})
		}
	}
	if len(out) == 0 {
		return nil, ErrNoDevice
	}
	return out, nil
}

// Options configure Open. The zero Options choose as Open(nil) does.
type Options struct {
	// Device is the device's position in Devices() counted from 1 (Device
	// 1 is Devices()[0]); 0, the zero value, picks the first GPU, else the
	// first device, as Open(nil) does (a negative value, the former
	// "automatic", is read as 0).
	Device int
	// CacheDir is where compiled kernels are kept, by device and source
	// hash; "" means os.UserCacheDir()/p256k1-gpu, "-" disables caching.
	CacheDir string
	// ChunkItems is how many items one launch of a pipelined batch takes,
	// for every kind; 0, the zero value, picks per kind and device (about
	// 65,536 work-items in whole waves of the device: see doc.go). For
	// measuring (gpubench's -chunk): smaller chunks leave less of the
	// host's work outside the overlap (the first chunk's preparation, the
	// last one's decoding) but may fill the device less. Negative values
	// read as 0.
	ChunkItems int

	source string // tests: a kernel source instead of the embedded one
}

// Engine runs batches on one device. Its methods may be called from several
// goroutines; each call runs its batch to completion (calls are serialized
// on the device's queue).
type Engine struct {
	mu    sync.Mutex
	a     *clAPI
	dev   Device
	ctx   uintptr
	queue uintptr
	// progs holds one program per kernel, each built on first use
	// (Engine.kernel) from the whole source with -D P256K1_ONLY=n, so that
	// the compiler generates that kernel alone; kernels holds the kernels.
	progs    map[string]uintptr
	kernels  map[string]uintptr
	cacheDir string // Options.CacheDir, for the programs built after Open
	// waves holds, per kernel, the work-items the device runs at once by
	// its own account: compute units × CL_KERNEL_WORK_GROUP_SIZE (which
	// NVIDIA limits by the kernel's registers), 0 where unknown. Pipelined
	// launches are whole multiples of it (pipeline's chunkItems).
	waves  map[string]int
	gtab   uintptr // the k·G table, uploaded once
	stab   uintptr // the signing kernel's constant-time k·G table (signTable), uploaded once
	closed bool
	// faults counts the signing items whose device result failed the
	// fault check (SignFaults); signing is refused once it is nonzero.
	faults atomic.Uint64
	// cached (fromPTX) is true when the program built at Open
	// (fe_selftest, on which the device's options are decided) came from
	// the cache (from the PTX made ahead of time, ptx.go). noPTX is set
	// once a self-test from that PTX failed fieldCheck: the engine builds
	// from source after.
	cached, fromPTX, noPTX bool
	source                 string // the kernel source (kernelSource; tests inject others)
	chunk                  int    // items per launch in pipelined batches (0: defaultChunk work-items)
	// Device memory accounting: live is the bytes of the engine's buffers
	// now allocated; maxAlloc and memSize are the device's limits (tests
	// lower them). alloc refuses a buffer beyond them before asking the
	// driver, which may allocate lazily (NVIDIA) and fail only later.
	live, maxAlloc, memSize uint64
	scratchBufs             [2][2]scratchBuf // pipeline's device buffers, reused across calls
	stageBufs               [2][2]stageBuf   // pipeline's host staging buffers, reused across calls
	noPinned                bool             // tests: staging in Go memory
	upQueue, downQueue      uintptr          // pipeline's copy queues (queue computes)
	times                   BatchTimes       // the last pipelined batch's split (LastBatchTimes)
	// buildOptions are passed to clBuildProgram: deviceOptions' and
	// P256K1_GPU_BUILD_OPTIONS, for device checks only (gpu/devicecheck.sh
	// builds with "-D P256K1_PORTABLE" to measure NVIDIA without PTX).
	buildOptions string
}

// Open prepares a device and returns an Engine (it builds the field
// self-test's program and checks the device's build options with it; each
// batch kind's program is built on the kind's first call, whose time it
// adds to, and a build failure then is that call's ErrBuild): the device
// Options.Device names (counted from 1), or, with opts nil or Device 0,
// the first GPU, else the first device. It returns an error wrapping
// ErrNoDevice when Device is past the last device.
func Open(opts *Options) (*Engine, error) {
	devs, err := Devices()
	if err != nil {
		return nil, err
	}
	idx, err := pickDevice(devs, opts)
	if err != nil {
		return nil, err
	}
	e := &Engine{a: api, dev: devs[idx], progs: map[string]uintptr{}, kernels: map[string]uintptr{}, waves: map[string]int{}, source: kernelSource}
	e.maxAlloc, e.memSize = e.dev.MaxAlloc, e.dev.GlobalMemSize
	e.buildOptions = getenv("P256K1_GPU_BUILD_OPTIONS")
	if opts != nil && opts.source != "" {
		e.source = opts.source
	}
	if opts != nil {
		e.chunk = max(opts.ChunkItems, 0)
	}
	cacheDir := ""
	if opts != nil {
		cacheDir = opts.CacheDir
	}
	e.cacheDir = cacheDir
	if err := e.init(cacheDir); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// pickDevice is Open's choice: the index in devs of the device opts names.
func pickDevice(devs []Device, opts *Options) (int, error) {
	if opts != nil && opts.Device > 0 {
		if opts.Device > len(devs) {
			return -1, fmt.Errorf("%w: Options.Device %d (counted from 1), but there are %d devices", ErrNoDevice, opts.Device, len(devs))
		}
		return opts.Device - 1, nil
	}
	for i, d := range devs {
		if d.GPU {
			return i, nil
		}
	}
	return 0, nil
}

// Device returns the engine's device (the zero Device for a nil Engine).
func (e *Engine) Device() Device {
	if e == nil {
		return Device{}
	}
	return e.dev
}

// String describes the engine in one line: its device's name, kind and
// platform, and whether it is closed ("gpu.Engine(nil)" for a nil Engine),
// never the kernel source or the OpenCL handles.
func (e *Engine) String() string {
	if e == nil {
		return "gpu.Engine(nil)"
	}
	if e.a == nil {
		return "gpu.Engine(zero value: not opened)"
	}
	kind := "CPU or accelerator"
	if e.dev.GPU {
		kind = "GPU"
	}
	e.mu.Lock()
	closed := e.closed
	e.mu.Unlock()
	state := ""
	if closed {
		state = ", closed"
	}
	return fmt.Sprintf("gpu.Engine(%q, %s, %s, %s%s)", e.dev.Name, kind, e.dev.Platform, e.dev.Version, state)
}

// GoString is String, for %#v.
func (e *Engine) GoString() string { return e.String() }

// Format writes String for every verb and flag (%v, %+v, %#v, %s, %d, ...),
// so that printing an Engine never dumps its fields.
func (e *Engine) Format(f fmt.State, _ rune) { f.Write([]byte(e.String())) }

// FromCache reports whether the program Open builds (the field self-test,
// on which the device's build options are decided) was loaded from the
// on-disk cache rather than compiled; the programs of the batch kinds are
// built, or loaded from the cache, on each kind's first call. False for a
// nil e. Public data, no secrets.
func (e *Engine) FromCache() bool { return e != nil && e.cached }

// FromPTX reports whether the program Open builds was compiled from the PTX
// made ahead of time that the package embeds for NVIDIA devices (seconds
// where the source takes 5-20 s), not from the kernel source; the batch
// kinds' programs come from the same PTX where it applies. False for a
// nil e. Public data, no secrets.
func (e *Engine) FromPTX() bool { return e != nil && e.fromPTX }

func (e *Engine) init(cacheDir string) error {
	a := e.a
	if a.infoUint32(a.getDeviceInfo, e.dev.id, clDeviceEndianLittle) == 0 {
		return fmt.Errorf("%w: %s is big-endian (the kernels' tables are little-endian)", ErrNoDevice, e.dev.Name)
	}
	var ep errPtr
	dev := e.dev.id
	e.ctx = dl.Call(a.createContext, 0, 1, uintptr(unsafe.Pointer(&dev)), 0, 0, uintptr(unsafe.Pointer(&ep)))
	if err := ep.err("clCreateContext"); err != nil {
		return err
	}
	// Profiling on: RunPrepared reports the kernel's own device time apart
	// from the transfers.
	e.queue = dl.Call(a.createCommandQueue, e.ctx, e.dev.id, clQueueProfiling, uintptr(unsafe.Pointer(&ep)))
	if err := ep.err("clCreateCommandQueue"); err != nil {
		return err
	}
	// Copy queues beside the compute queue: pipelined batches upload the
	// next chunk and download the last one while a kernel runs (on NVIDIA
	// the copy engines work beside the SMs), ordered by events.
	for _, q := range []*uintptr{&e.upQueue, &e.downQueue} {
		*q = dl.Call(a.createCommandQueue, e.ctx, e.dev.id, 0, uintptr(unsafe.Pointer(&ep)))
		if err := ep.err("clCreateCommandQueue"); err != nil {
			return err
		}
	}
	// The device's own options first (deviceOptions); should its compiler
	// refuse them, or the kernels they build compute a field operation
	// wrongly (fieldCheck), the kernels are built without them.
	user := e.buildOptions
	tab := gTable()
	var err error
	if e.gtab, err = e.buffer(clMemReadOnly, tab); err != nil {
		return err
	}
	if e.stab, err = e.buffer(clMemReadOnly, signTable()); err != nil {
		return err
	}
	if auto := deviceOptions(e.dev); auto != "" {
		e.buildOptions = strings.TrimSpace(auto + " " + user)
		// A refusal is remembered beside the cache (path.refused), so that
		// later processes build without the options at once.
		refused := e.cachePath(cacheDir, e.buildOptions)
		if refused != "" {
			refused += ".refused"
		}
		if why, rerr := os.ReadFile(refused); refused != "" && rerr == nil {
			err = fmt.Errorf("%w: options %q refused before: %s", ErrBuild, auto, why)
		} else {
			err = e.buildKernels(cacheDir)
			ok := err == nil && e.fieldCheck()
			if err == nil && !ok && e.fromPTX {
				// The PTX made ahead of time computed a field
				// operation wrongly on this device: the source, with
				// the same options, is judged next (and cached, so
				// that later processes load it before the PTX).
				e.releaseKernels()
				e.noPTX, e.fromPTX = true, false
				err = e.buildKernels(cacheDir)
				ok = err == nil && e.fieldCheck()
			}
			if err == nil && !ok {
				err = fmt.Errorf("%w: the kernels built with %q computed a field, scalar or hash operation wrongly (fe_selftest)", ErrBuild, auto)
			}
			if errors.Is(err, ErrBuild) && refused != "" && os.MkdirAll(filepath.Dir(refused), 0o755) == nil {
				os.WriteFile(refused, []byte(strings.SplitN(err.Error(), "\n", 2)[0]), 0o644)
			}
		}
		if errors.Is(err, ErrBuild) && getenv("P256K1_GPU_BUILD_LOG") != "" {
			fmt.Fprintf(buildLog, "gpu: %v; building without them\n", strings.SplitN(err.Error(), "\n", 2)[0])
		}
		if errors.Is(err, ErrBuild) {
			e.releaseKernels()
			e.buildOptions = user
			err = e.buildKernels(cacheDir)
		}
	} else {
		err = e.buildKernels(cacheDir)
	}
	if err == nil && getenv("P256K1_GPU_BUILD_LOG") != "" {
		fmt.Fprintf(buildLog, "gpu: kernels in use built with options %q\n", e.buildOptions)
	}
	return err
}

// buildKernels builds (or loads from the cache) the program Open needs,
// fe_selftest's (fieldCheck runs it), with e.buildOptions; the batch
// kinds' programs are built on first use (Engine.kernel).
func (e *Engine) buildKernels(cacheDir string) error {
	_, err := e.buildKernel("fe_selftest", cacheDir)
	return err
}

// kernelIDs number the kernels for -D P256K1_ONLY (the source's
// P256K1_WANT guards).
var kernelIDs = map[string]int{"pubkeys": 1, "schnorr_verify": 2, "ecdsa_verify": 3, "point_mul": 4, "sign_kg": 5, "fe_selftest": 6, "key_sum": 7}

// kernel returns the kernel name, building its program on its first use
// (or loading it from the cache) with the engine's build options. The
// caller holds e.mu (or is Open).
func (e *Engine) kernel(name string) (uintptr, error) {
	if k, ok := e.kernels[name]; ok {
		return k, nil
	}
	return e.buildKernel(name, e.cacheDir)
}

// buildKernel builds the program of one kernel with e.buildOptions and
// -D P256K1_ONLY=n, creates the kernel and records its wave.
func (e *Engine) buildKernel(name, cacheDir string) (uintptr, error) {
	a := e.a
	id, ok := kernelIDs[name]
	if !ok {
		return 0, fmt.Errorf("gpu: no kernel %q", name)
	}
	opts := strings.TrimSpace(fmt.Sprintf("%s -D P256K1_ONLY=%d", e.buildOptions, id))
	prog, from, err := e.buildProgram(cacheDir, name, opts)
	if err != nil {
		return 0, err
	}
	var ep errPtr
	k := dl.Call(a.createKernel, prog, uintptr(unsafe.Pointer(cstr(name))), uintptr(unsafe.Pointer(&ep)))
	if err := ep.err("clCreateKernel " + name); err != nil {
		dl.Call(a.releaseProgram, prog)
		return 0, err
	}
	if name == "fe_selftest" {
		e.cached, e.fromPTX = from == fromCache, from == fromPTX
	}
	e.progs[name], e.kernels[name] = prog, k
	var wg uintptr
	if dl.Call(a.getKernelWorkGroupInfo, k, e.dev.id, clKernelWorkGroupSize, unsafe.Sizeof(wg), uintptr(unsafe.Pointer(&wg)), 0) == clSuccess {
		e.waves[name] = waveSize(int(e.dev.ComputeUnits), int(wg))
	}
	if getenv("P256K1_GPU_BUILD_LOG") != "" {
		fmt.Fprintf(buildLog, "gpu: work-items per wave (compute units × CL_KERNEL_WORK_GROUP_SIZE) of %s: %d\n", name, e.waves[name])
	}
	return k, nil
}

// releaseKernels releases the kernels and the programs, if any, so that
// buildKernels can run again.
func (e *Engine) releaseKernels() {
	for name, k := range e.kernels {
		dl.Call(e.a.releaseKernel, k)
		delete(e.kernels, name)
	}
	for name, p := range e.progs {
		dl.Call(e.a.releaseProgram, p)
		delete(e.progs, name)
	}
}

func cstr(s string) *byte {
	b := append([]byte(s), 0)
	return &b[0]
}

// deviceOptions are build options for a device's kind: on NVIDIA,
// -D P256K1_INLINE (the field multiplication always inlined; the kernels
// compute the same either way) and -D P256K1_PTX (the field arithmetic's
// carry chains in PTX: a third fewer instructions per item by the sm_90
// proxy, docs/ARCHITECTURE.md). Kernels built with them must pass
// fieldCheck, or Open builds without them. A variable for tests.
var deviceOptions = func(d Device) string {
	if strings.Contains(d.Platform, "NVIDIA") {
		return ptxOptions // the options the embedded PTX was made with
	}
	return ""
}

// cacheKey identifies the kernel source, the device and the build options
// in the cache.
func (e *Engine) cacheKey(opts string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00", e.dev.Platform, e.dev.Name, e.dev.Version, e.dev.Driver, opts)
	h.Write([]byte(e.source))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

func (e *Engine) cachePath(dir, opts string) string {
	switch dir {
	case "-":
		return ""
	case "":
		d, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(d, "p256k1-gpu")
	}
	return filepath.Join(dir, e.cacheKey(opts)+".bin")
}

// Where buildProgram took a program from.
const (
	fromSource = iota
	fromCache
	fromPTX // the PTX made ahead of time (ptx.go)
)

// buildProgram loads kernel name's program from the cache, else from the
// PTX made ahead of time (aheadOfTime), else builds it from source with
// options (saving it in the cache), and says which it did.
func (e *Engine) buildProgram(cacheDir, name, options string) (uintptr, int, error) {
	path := e.cachePath(cacheDir, options)
	if path != "" {
		if bin, err := os.ReadFile(path); err == nil && len(bin) > 0 {
			if prog := e.programFromBinary(bin, options); prog != 0 {
				return prog, fromCache, nil
			}
			// A stale or foreign binary: compile below.
		}
	}
	if bin := aheadOfTime(e, name); bin != nil {
		// Not saved in the cache: the driver keeps its own compilation
		// of it, and the cache's entry stays free for a source build
		// should fieldCheck reject this one.
		if prog := e.programFromBinary(bin, options); prog != 0 {
			e.logBuild(prog, options, "from the PTX made ahead of time")
			return prog, fromPTX, nil
		}
		// A driver that refuses the PTX (older than its ISA): the source.
	}
	a := e.a
	var ep errPtr
	dev := e.dev.id
	opts := cstr(options)
	src := []byte(e.source)
	srcPtr := uintptr(unsafe.Pointer(&src[0]))
	srcLen := uintptr(len(src))
	prog := dl.Call(a.createProgramWithSource, e.ctx, 1, uintptr(unsafe.Pointer(&srcPtr)), uintptr(unsafe.Pointer(&srcLen)), uintptr(unsafe.Pointer(&ep)))
	keepAlive(src)
	if err := ep.err("clCreateProgramWithSource"); err != nil {
		return 0, fromSource, err
	}
	r := dl.Call(a.buildProgram, prog, 1, uintptr(unsafe.Pointer(&dev)), uintptr(unsafe.Pointer(opts)), 0, 0)
	keepAlive(opts)
	if int32(r) != clSuccess {
		log := a.infoStringBuild(prog, dev)
		dl.Call(a.releaseProgram, prog)
		return 0, fromSource, fmt.Errorf("%w on %s: %v\n%s", ErrBuild, e.dev.Name, check("clBuildProgram", r), log)
	}
	e.logBuild(prog, options, "from source")
	if path != "" {
		e.saveBinary(prog, path)
	}
	return prog, fromSource, nil
}

// programFromBinary creates and builds a program from a binary (the
// cache's, or PTX), or returns 0 where the driver refuses it.
func (e *Engine) programFromBinary(bin []byte, options string) uintptr {
	a := e.a
	var ep errPtr
	dev := e.dev.id
	opts := cstr(options)
	size := uintptr(len(bin))
	ptr := uintptr(unsafe.Pointer(&bin[0]))
	var status int32
	prog := dl.Call(a.createProgramWithBinary, e.ctx, 1, uintptr(unsafe.Pointer(&dev)), uintptr(unsafe.Pointer(&size)),
		uintptr(unsafe.Pointer(&ptr)), uintptr(unsafe.Pointer(&status)), uintptr(unsafe.Pointer(&ep)))
	keepAlive(bin)
	if ep.code != clSuccess || status != clSuccess || prog == 0 {
		return 0
	}
	r := dl.Call(a.buildProgram, prog, 1, uintptr(unsafe.Pointer(&dev)), uintptr(unsafe.Pointer(opts)), 0, 0)
	keepAlive(opts)
	if check("clBuildProgram", r) != nil {
		dl.Call(a.releaseProgram, prog)
		return 0
	}
	return prog
}

// logBuild writes a compiled program's build log when
// P256K1_GPU_BUILD_LOG is set.
func (e *Engine) logBuild(prog uintptr, options, how string) {
	if getenv("P256K1_GPU_BUILD_LOG") != "" {
		fmt.Fprintf(buildLog, "gpu: build log (%s, options %q, %s):\n%s\n", e.dev.Name, options, how, e.a.infoStringBuild(prog, e.dev.id))
	}
}

func (a *clAPI) infoStringBuild(prog, dev uintptr) string {
	var size uintptr
	if dl.Call(a.getProgramBuildInfo, prog, dev, clProgramBuildLog, 0, 0, uintptr(unsafe.Pointer(&size))) != 0 || size == 0 {
		return ""
	}
	buf := make([]byte, size)
	dl.Call(a.getProgramBuildInfo, prog, dev, clProgramBuildLog, size, uintptr(unsafe.Pointer(&buf[0])), 0)
	return string(buf)
}

// saveBinary writes the compiled program for the next Open (best effort:
// a cache that cannot be written only costs a compilation).
func (e *Engine) saveBinary(prog uintptr, path string) {
	a := e.a
	var size uintptr
	if dl.Call(a.getProgramInfo, prog, clProgramBinarySizes, unsafe.Sizeof(size), uintptr(unsafe.Pointer(&size)), 0) != 0 || size == 0 {
		return
	}
	bin := make([]byte, size)
	ptr := uintptr(unsafe.Pointer(&bin[0]))
	if dl.Call(a.getProgramInfo, prog, clProgramBinaries, unsafe.Sizeof(ptr), uintptr(unsafe.Pointer(&ptr)), 0) != 0 {
		return
	}
	keepAlive(bin)
	if os.MkdirAll(filepath.Dir(path), 0o755) != nil {
		return
	}
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid()) // processes building at once each write their own
	if os.WriteFile(tmp, bin, 0o644) == nil {
		_ = os.Rename(tmp, path)
	}
}

// errTooLarge reports a buffer the device cannot hold, found before any
// OpenCL call.
type errTooLarge struct {
	size, limit uint64
	what        string
}

func (e *errTooLarge) Error() string {
	return fmt.Sprintf("gpu: a %d-byte buffer exceeds %s (%d bytes)", e.size, e.what, e.limit)
}

func (e *errTooLarge) Is(target error) bool { return target == ErrOutOfMemory }

// alloc makes an uninitialized device buffer of size bytes (at least 1),
// accounted in e.live (release it with free). A buffer larger than the
// device's CL_DEVICE_MAX_MEM_ALLOC_SIZE, or one that would take the
// engine's buffers past the device's global memory, is refused with
// ErrOutOfMemory before clCreateBuffer: NVIDIA's driver creates buffers of
// any size and fails only when they are first used.
func (e *Engine) alloc(flags uint64, size int) (uintptr, error) {
	sz := uint64(max(size, 1))
	if e.maxAlloc != 0 && sz > e.maxAlloc {
		return 0, &errTooLarge{sz, e.maxAlloc, "the device's largest allocation"}
	}
	if e.memSize != 0 && (sz > e.memSize || e.live > e.memSize-sz) {
		return 0, &errTooLarge{sz, e.memSize - min(e.live, e.memSize), "the device memory left"}
	}
	var ep errPtr
	m := dl.Call(e.a.createBuffer, e.ctx, uintptr(flags), uintptr(sz), 0, uintptr(unsafe.Pointer(&ep)))
	if err := ep.err("clCreateBuffer"); err != nil {
		return 0, err
	}
	if m == 0 {
		return 0, errNilHandle
	}
	e.live += sz
	return m, nil
}

// free releases a buffer made by alloc with size bytes.
func (e *Engine) free(m uintptr, size int) {
	if m != 0 {
		dl.Call(e.a.releaseMemObject, m)
		e.live -= uint64(max(size, 1))
	}
}

// buffer makes a device buffer holding data (or of len(data) bytes).
func (e *Engine) buffer(flags uint64, data []byte) (uintptr, error) {
	m, err := e.alloc(flags, len(data))
	if err != nil {
		return 0, err
	}
	if len(data) > 0 {
		if err := check("clEnqueueWriteBuffer", dl.Call(e.a.enqueueWriteBuffer, e.queue, m, 1, 0, uintptr(len(data)), uintptr(unsafe.Pointer(&data[0])), 0, 0, 0)); err != nil {
			e.free(m, len(data))
			return 0, err
		}
	}
	return m, nil
}

// run executes kernel over n items: in is uploaded, out (outSize bytes per
// item) read back. It returns the kernel's device time in nanoseconds (0
// when the driver reports none).
func (e *Engine) run(kernel string, in []byte, out []byte, n int) (uint64, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return 0, ErrClosed
	}
	a := e.a
	inBuf, err := e.buffer(clMemReadOnly, in)
	if err != nil {
		return 0, err
	}
	defer e.free(inBuf, len(in))
	if kernel == "sign_kg" {
		// The nonces: overwritten before the buffer is released (this
		// defer runs before the free above, after the kernel's wait).
		defer func() {
			zero := make([]byte, len(in))
			dl.Call(a.enqueueWriteBuffer, e.queue, inBuf, 1, 0, uintptr(len(zero)), uintptr(unsafe.Pointer(&zero[0])), 0, 0, 0)
			dl.Call(a.finish, e.queue)
		}()
	}
	outBuf, err := e.alloc(clMemWriteOnly, len(out))
	if err != nil {
		return 0, err
	}
	defer e.free(outBuf, len(out))
	k, err := e.kernel(kernel)
	if err != nil {
		return 0, err
	}
	if err := e.setArgs(k, inBuf, e.table(kernel), outBuf, n); err != nil {
		return 0, err
	}
	global, local := launchSize(kernel, n)
	var ev uintptr
	if err := check("clEnqueueNDRangeKernel", dl.Call(a.enqueueNDRangeKernel, e.queue, k, 1, 0, uintptr(unsafe.Pointer(&global)), uintptr(unsafe.Pointer(&local)), 0, 0, uintptr(unsafe.Pointer(&ev)))); err != nil {
		return 0, err
	}
	defer a.wait(&ev)
	if err := check("clEnqueueReadBuffer", dl.Call(a.enqueueReadBuffer, e.queue, outBuf, 1, 0, uintptr(len(out)), uintptr(unsafe.Pointer(&out[0])), 0, 0, 0)); err != nil {
		return 0, err
	}
	if err := check("clFinish", dl.Call(a.finish, e.queue)); err != nil {
		return 0, err
	}
	return a.eventNanos(ev), nil
}

// Close releases the device resources. The Engine is unusable afterwards.
// Closing a nil, zero-value or closed Engine does nothing.
func (e *Engine) Close() error {
	if e == nil || e.a == nil {
		return nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return nil
	}
	e.closed = true
	a := e.a
	for _, k := range e.kernels {
		dl.Call(a.releaseKernel, k)
	}
	for _, p := range e.progs {
		dl.Call(a.releaseProgram, p)
	}
	for _, t := range []uintptr{e.gtab, e.stab} {
		if t != 0 {
			dl.Call(a.releaseMemObject, t)
		}
	}
	e.dropScratch()
	for _, q := range []uintptr{e.queue, e.upQueue, e.downQueue} {
		if q != 0 {
			dl.Call(a.releaseCommandQueue, q)
		}
	}
	if e.ctx != 0 {
		dl.Call(a.releaseContext, e.ctx)
	}
	return nil
}

// table is the table buffer kernel takes: the signing kernel's
// constant-time table, or the G table.
func (e *Engine) table(kernel string) uintptr {
	if kernel == "sign_kg" {
		return e.stab
	}
	return e.gtab
}

// setArgs gives kernel k its four arguments: the input buffer, the table
// (Engine.table), the output buffer and the item count.
func (e *Engine) setArgs(k, inBuf, tab, outBuf uintptr, n int) error {
	nn := uint32(n)
	for i, arg := range []struct {
		size uintptr
		p    unsafe.Pointer
	}{
		{unsafe.Sizeof(inBuf), unsafe.Pointer(&inBuf)},
		{unsafe.Sizeof(tab), unsafe.Pointer(&tab)},
		{unsafe.Sizeof(outBuf), unsafe.Pointer(&outBuf)},
		{unsafe.Sizeof(nn), unsafe.Pointer(&nn)},
	} {
		if err := check("clSetKernelArg", dl.Call(e.a.setKernelArg, k, uintptr(i), arg.size, uintptr(arg.p))); err != nil {
			return err
		}
	}
	return nil
}
