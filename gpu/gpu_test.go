package gpu

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/dl"
	"github.com/p256k1/p256k1/schnorr"
)

var (
	// engineOverride, when set, is the engine tests use (TestPTXEmulated
	// runs other tests on kernels built with other options).
	engineOverride *Engine
	engineOnce     sync.Once
	testEngine     *Engine
	engineErr      error
)

// skipNoOpenCL skips t on a machine without an OpenCL platform or device,
// unless P256K1_REQUIRE_OPENCL is set: then it fails t. CI installs PoCL
// and sets it, so that the kernels' tests never skip quietly there.
func skipNoOpenCL(t testing.TB, err error) {
	t.Helper()
	if os.Getenv("P256K1_REQUIRE_OPENCL") != "" {
		t.Fatalf("P256K1_REQUIRE_OPENCL is set, but there is no OpenCL device: %v", err)
	}
	t.Skipf("no OpenCL here: %v", err)
}

// engine opens the test engine once, or skips the test with the reason
// when this machine has no OpenCL platform (see skipNoOpenCL).
func engine(t testing.TB) *Engine {
	t.Helper()
	if engineOverride != nil {
		return engineOverride
	}
	engineOnce.Do(func() { testEngine, engineErr = Open(&Options{Device: -1, CacheDir: testCacheDir(t)}) })
	if errors.Is(engineErr, ErrNoOpenCL) || errors.Is(engineErr, ErrNoDevice) {
		skipNoOpenCL(t, engineErr)
	}
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return testEngine
}

// testCacheDir is the kernel cache of the tests that are not about building
// or caching: a fresh directory, so every run compiles the kernels it tests,
// unless P256K1_GPU_TEST_CACHE names one (gpu/devicecheck.sh passes the
// cache gpubench has just filled with the same kernels, so that a few
// minutes on a GPU are not spent compiling them again for every test that
// opens an engine; the tests about building still build from source).
func testCacheDir(t testing.TB) string {
	if d := os.Getenv("P256K1_GPU_TEST_CACHE"); d != "" {
		return d
	}
	return t.TempDir()
}

func key(i uint64) p256k1.PrivateKey {
	h := sha256.Sum256(fmt.Appendf(nil, "gpu test key %d", i))
	k, err := p256k1.NewPrivateKey(h[:])
	if err != nil {
		panic(err)
	}
	return k
}

func TestDevices(t *testing.T) {
	e := engine(t)
	d := e.Device()
	t.Logf("device: %s on %s (%s, %s), %d compute units, %d MiB, GPU %v, ECC %v", d.Name, d.Platform, d.Version, d.Driver, d.ComputeUnits, d.GlobalMemSize>>20, d.GPU, d.ECC)
}

func TestPublicKeys(t *testing.T) {
	e := engine(t)
	rng := rand.New(rand.NewPCG(17, 1))
	n := 300
	scalars := make([][32]byte, n)
	for i := range scalars {
		for j := range scalars[i] {
			scalars[i][j] = byte(rng.Uint32())
		}
	}
	scalars[0] = [32]byte{31: 1}
	scalars[1] = [32]byte{} // zero: invalid
	for j := range scalars[2] {
		scalars[2][j] = 0xff // ≥ n: invalid
	}
	nm1 := [32]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
		0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x40}
	scalars[3] = nm1
	checkPublicKeys(t, e, scalars)
}

// schnorrItems makes n signed items, then spoils some: a flipped bit in
// every position class, r ≥ p, s ≥ n, another message, another key.
func schnorrItems(n int, rng *rand.Rand) []schnorr.BatchItem {
	items := make([]schnorr.BatchItem, n)
	for i := range items {
		k := key(uint64(i))
		msg := fmt.Appendf(nil, "message %d", i)
		if i%7 == 0 {
			msg = nil // empty message
		}
		if i%3 == 0 { // 32 bytes: the device computes the challenge
			h := sha256.Sum256(msg)
			msg = h[:]
		}
		sig, err := schnorr.Sign(&k, msg, &[32]byte{byte(i)})
		if err != nil {
			panic(err)
		}
		pub := k.PublicKey()
		x, _ := pub.XOnly()
		items[i] = schnorr.BatchItem{PublicKey: &x, Message: msg, Signature: &sig}
		switch rng.IntN(6) {
		case 0:
			sig[rng.IntN(64)] ^= 1 << rng.IntN(8)
		case 1:
			for j := range 32 {
				sig[j] = 0xff // r ≥ p
			}
		case 2:
			for j := 32; j < 64; j++ {
				sig[j] = 0xff // s ≥ n
			}
		case 3:
			items[i].Message = append(msg, '!')
		case 4:
			ok := key(uint64(i) + 1_000_000)
			o := ok.PublicKey()
			ox, _ := o.XOnly()
			items[i].PublicKey = &ox
		}
	}
	return items
}

func TestVerifySchnorr(t *testing.T) {
	e := engine(t)
	n := 400
	if testing.Short() {
		n = 100
	}
	items := schnorrItems(n, rand.New(rand.NewPCG(340, 1)))
	items = append(items, schnorr.BatchItem{}, schnorr.BatchItem{PublicKey: items[0].PublicKey})
	ok := make([]bool, len(items))
	if err := e.VerifySchnorr(items, ok); err != nil {
		t.Fatal(err)
	}
	valid := 0
	for i := range items {
		want := schnorr.Verify(items[i].PublicKey, items[i].Message, items[i].Signature)
		if ok[i] != want {
			t.Fatalf("item %d: device %v, CPU %v", i, ok[i], want)
		}
		if want {
			valid++
		}
	}
	if valid == 0 || valid == len(items) {
		t.Fatalf("%d of %d valid: the test needs both kinds", valid, len(items))
	}
}

func TestVerifyECDSA(t *testing.T) {
	e := engine(t)
	rng := rand.New(rand.NewPCG(6979, 1))
	n := 400
	if testing.Short() {
		n = 100
	}
	items := make([]ECDSAItem, n)
	for i := range items {
		k := key(uint64(i))
		h := sha256.Sum256(fmt.Appendf(nil, "ecdsa %d", i))
		switch i % 40 { // hashes the device must reduce mod n (u1 = z/s)
		case 0:
			h = [32]byte{}
		case 1:
			for j := range h {
				h[j] = 0xff
			}
		case 2:
			h = orderBytes
		}
		sig, err := ecdsa.Sign(&k, &h)
		if err != nil {
			t.Fatal(err)
		}
		pub := k.PublicKey()
		switch rng.IntN(5) {
		case 0:
			c := sig.SerializeCompact()
			c[rng.IntN(64)] ^= 1 << rng.IntN(8)
			if s, err := ecdsa.ParseCompact(&c); err == nil {
				sig = s
			}
		case 1:
			h[rng.IntN(32)] ^= 1
		case 2:
			ok := key(uint64(i) + 1_000_000)
			pub = ok.PublicKey()
		}
		items[i] = ECDSAItem{PublicKey: &pub, Hash: &h, Signature: &sig}
	}
	items = append(items, ECDSAItem{})
	ok := make([]bool, len(items))
	if err := e.VerifyECDSA(items, ok); err != nil {
		t.Fatal(err)
	}
	valid := 0
	for i := range items {
		want := items[i].Signature != nil && ecdsa.Verify(items[i].PublicKey, items[i].Hash, items[i].Signature)
		if ok[i] != want {
			t.Fatalf("item %d: device %v, CPU %v", i, ok[i], want)
		}
		if want {
			valid++
		}
	}
	if valid == 0 || valid == len(items) {
		t.Fatalf("%d of %d valid: the test needs both kinds", valid, len(items))
	}
}

// TestCache opens a second engine on the same cache directory: the kernels
// come from the cache and give the same results. (The source builds: the
// PTX made ahead of time, which NVIDIA devices load, is not cached.)
func TestCache(t *testing.T) {
	engine(t)
	old := aheadOfTime
	aheadOfTime = func(*Engine, string) []byte { return nil }
	defer func() { aheadOfTime = old }()
	dir := t.TempDir()
	e1, err := Open(&Options{Device: -1, CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer e1.Close()
	e2, err := Open(&Options{Device: -1, CacheDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer e2.Close()
	if e1.FromCache() || !e2.FromCache() {
		t.Fatalf("from cache: first %v, second %v; want false, true", e1.FromCache(), e2.FromCache())
	}
	out := make([]p256k1.PublicKey, 1)
	if err := e2.PublicKeys([][32]byte{{31: 2}}, out); err != nil {
		t.Fatal(err)
	}
	two, _ := p256k1.NewPrivateKey([]byte{31: 2})
	if out[0] != two.PublicKey() {
		t.Fatal("wrong 2·G from the cached kernels")
	}
	if err := e2.Close(); err != nil {
		t.Fatal(err)
	}
	if err := e2.PublicKeys([][32]byte{{31: 2}}, out); !errors.Is(err, ErrClosed) {
		t.Fatalf("after Close: %v", err)
	}
}

// TestNoLibrary loads a library that does not exist: ErrNoOpenCL naming
// it, never a panic (loadLibrary is load without the process-wide once).
func TestNoLibrary(t *testing.T) {
	if !dl.Supported {
		if _, err := loadLibrary([]string{"libOpenCL.so.1"}); !errors.Is(err, ErrNoOpenCL) {
			t.Fatalf("got %v, want ErrNoOpenCL on a platform without purego", err)
		}
		t.Skip("this platform cannot load shared libraries: only ErrNoOpenCL is checked")
	}
	_, err := loadLibrary([]string{"/nonexistent/libOpenCL-p256k1-test.so"})
	if !errors.Is(err, ErrNoOpenCL) || !strings.Contains(err.Error(), "libOpenCL-p256k1-test.so") {
		t.Fatalf("got %v, want ErrNoOpenCL naming the library", err)
	}
	// A library without the OpenCL entry points (libc is loaded anyway).
	if _, err := loadLibrary([]string{"libc.so.6"}); err == nil || !errors.Is(err, ErrNoOpenCL) {
		if err != nil || runtime.GOOS == "linux" {
			t.Fatalf("libc as OpenCL: %v, want ErrNoOpenCL", err)
		}
	}
}

// TestBuildFailure builds a broken kernel source: ErrBuild with the
// compiler's log.
func TestBuildFailure(t *testing.T) {
	engine(t)
	_, err := Open(&Options{Device: -1, CacheDir: "-", source: "__kernel void pubkeys(__global uchar *o) { this is not C; }\n"})
	if !errors.Is(err, ErrBuild) {
		t.Fatalf("got %v, want ErrBuild", err)
	}
	if !strings.Contains(err.Error(), "error") {
		t.Fatalf("no compiler log in %q", err)
	}
	t.Logf("%.300s", err)
}

// TestOutOfMemory asks for an absurd buffer: ErrOutOfMemory before any
// clCreateBuffer (NVIDIA's driver creates a 2^62-byte buffer and fails only
// when it is used), and the engine still works afterwards. Then, with the
// engine's limits lowered, every batch method and RunPrepared fail with
// ErrOutOfMemory and return nothing.
func TestOutOfMemory(t *testing.T) {
	e := engine(t)
	d := e.Device()
	if d.MaxAlloc == 0 || d.GlobalMemSize == 0 {
		t.Fatalf("device reports max alloc %d, global memory %d", d.MaxAlloc, d.GlobalMemSize)
	}
	e.mu.Lock()
	huge := int(^uint(0) >> 2) // 2^62 bytes (package gpu needs a 64-bit platform)
	live := e.live
	m, err := e.alloc(clMemReadWrite, huge)
	if err == nil {
		e.free(m, huge)
	}
	e.mu.Unlock()
	if err == nil {
		t.Fatal("a 2^62-byte buffer was created")
	}
	if !errors.Is(err, ErrOutOfMemory) {
		t.Fatalf("got %v, want ErrOutOfMemory", err)
	}
	var tl *errTooLarge
	if !errors.As(err, &tl) {
		t.Fatalf("got %v: the driver was asked (want the limit check first)", err)
	}
	if e.live != live {
		t.Fatalf("live bytes %d after a refused allocation, want %d", e.live, live)
	}
	out := make([]p256k1.PublicKey, 1)
	if err := e.PublicKeys([][32]byte{{31: 1}}, out); err != nil || out[0] != generator() {
		t.Fatalf("after a failed allocation: %v", err)
	}

	// Lowered limits: a buffer above the largest allocation, then one above
	// the memory left.
	items := schnorrItems(20, rand.New(rand.NewPCG(1, 2)))
	for _, lim := range []struct{ maxAlloc, memSize uint64 }{{16, d.GlobalMemSize}, {d.MaxAlloc, 16}} {
		e.mu.Lock()
		e.dropScratch()
		if lim.memSize == 16 {
			lim.memSize += e.live // 16 bytes left
		}
		e.maxAlloc, e.memSize = lim.maxAlloc, lim.memSize
		e.mu.Unlock()
		ok := make([]bool, len(items))
		for i := range ok {
			ok[i] = true
		}
		if err := e.VerifySchnorr(items, ok); !errors.Is(err, ErrOutOfMemory) {
			t.Fatalf("limits %+v: VerifySchnorr: %v, want ErrOutOfMemory", lim, err)
		}
		for i := range ok {
			if ok[i] {
				t.Fatalf("limits %+v: item %d true after an error", lim, i)
			}
		}
		pk := []p256k1.PublicKey{{}}
		if err := e.PublicKeys([][32]byte{{31: 1}}, pk); !errors.Is(err, ErrOutOfMemory) || pk[0] != (p256k1.PublicKey{}) {
			t.Fatalf("limits %+v: PublicKeys: %v", lim, err)
		}
		if err := e.RunPrepared(PrepareSchnorr(items)); !errors.Is(err, ErrOutOfMemory) {
			t.Fatalf("limits %+v: RunPrepared: %v", lim, err)
		}
	}
	e.mu.Lock()
	e.maxAlloc, e.memSize = d.MaxAlloc, d.GlobalMemSize
	e.mu.Unlock()
	if err := e.PublicKeys([][32]byte{{31: 1}}, out); err != nil || out[0] != generator() {
		t.Fatalf("after restoring the limits: %v", err)
	}
}

// TestErrorMapping: the OpenCL codes a driver returns when memory runs out
// at enqueue or at clFinish (lazy allocation) are ErrOutOfMemory.
func TestErrorMapping(t *testing.T) {
	for _, c := range []struct {
		call string
		code int32
		oom  bool
	}{
		{"clEnqueueWriteBuffer", -4, true}, {"clEnqueueNDRangeKernel", -5, true}, {"clFinish", -5, true},
		{"clFinish", -6, true}, {"clEnqueueReadBuffer", -4, true}, {"clCreateBuffer", -61, true},
		{"clFinish", -36, false}, {"clBuildProgram", -11, false},
	} {
		err := check(c.call, uintptr(uint32(c.code)))
		if errors.Is(err, ErrOutOfMemory) != c.oom {
			t.Errorf("%s %d: %v, ErrOutOfMemory %v, want %v", c.call, c.code, err, !c.oom, c.oom)
		}
	}
}

// TestFallback: the OrCPU helpers give the CPU's results with no engine or
// a closed one, and report the device's error.
func TestFallback(t *testing.T) {
	items := schnorrItems(40, rand.New(rand.NewPCG(5, 5)))
	var closed Engine
	closed.closed = true
	for _, e := range []*Engine{nil, &closed} {
		ok := make([]bool, len(items))
		if err := VerifySchnorrOrCPU(e, items, ok); !errors.Is(err, ErrClosed) {
			t.Fatalf("device error %v, want ErrClosed", err)
		}
		for i := range items {
			if want := schnorr.Verify(items[i].PublicKey, items[i].Message, items[i].Signature); ok[i] != want {
				t.Fatalf("item %d: %v, want %v", i, ok[i], want)
			}
		}
		out := make([]p256k1.PublicKey, 2)
		if err := PublicKeysOrCPU(e, [][32]byte{{31: 1}, {}}, out); !errors.Is(err, ErrClosed) || out[0] != generator() || out[1] != (p256k1.PublicKey{}) {
			t.Fatalf("PublicKeysOrCPU: %v", err)
		}
		eok := make([]bool, 1)
		if err := VerifyECDSAOrCPU(e, []ECDSAItem{{}}, eok); !errors.Is(err, ErrClosed) || eok[0] {
			t.Fatalf("VerifyECDSAOrCPU: %v %v", err, eok[0])
		}
	}
}

func generator() p256k1.PublicKey {
	k, _ := p256k1.NewPrivateKey([]byte{31: 1})
	return k.PublicKey()
}

// TestPipelineChunks runs batches in many small chunks (double-buffered,
// the last one partial, decoded while the next runs), with pinned staging
// buffers and with Go memory: the same results as the CPU.
func TestPipelineChunks(t *testing.T) {
	e := engine(t)
	defer func() {
		e.mu.Lock()
		e.chunk, e.noPinned = 0, false
		e.dropScratch()
		e.mu.Unlock()
	}()
	for _, noPinned := range []bool{false, true} {
		e.mu.Lock()
		e.chunk, e.noPinned = 7, noPinned
		e.dropScratch()
		e.mu.Unlock()
		items := schnorrItems(300, rand.New(rand.NewPCG(7, 7)))
		ok := make([]bool, len(items))
		if err := e.VerifySchnorr(items, ok); err != nil {
			t.Fatal(err)
		}
		for i := range items {
			if want := schnorr.Verify(items[i].PublicKey, items[i].Message, items[i].Signature); ok[i] != want {
				t.Fatalf("pinned %v: item %d: device %v, CPU %v", !noPinned, i, ok[i], want)
			}
		}
		ecd := make([]ECDSAItem, 40)
		for i := range ecd {
			k := key(uint64(i))
			h := sha256.Sum256(fmt.Appendf(nil, "chunk ecdsa %d", i))
			sig, err := ecdsa.Sign(&k, &h)
			if err != nil {
				t.Fatal(err)
			}
			pub := k.PublicKey()
			if i%3 == 0 {
				h[0] ^= 1
			}
			ecd[i] = ECDSAItem{PublicKey: &pub, Hash: &h, Signature: &sig}
		}
		eok := make([]bool, len(ecd))
		if err := e.VerifyECDSA(ecd, eok); err != nil {
			t.Fatal(err)
		}
		for i := range ecd {
			if want := ecdsa.Verify(ecd[i].PublicKey, ecd[i].Hash, ecd[i].Signature); eok[i] != want {
				t.Fatalf("pinned %v: ECDSA item %d: device %v, CPU %v", !noPinned, i, eok[i], want)
			}
		}
		scalars := make([][32]byte, 30)
		for i := range scalars {
			scalars[i] = sha256.Sum256(fmt.Appendf(nil, "chunk %d", i))
		}
		checkPublicKeys(t, e, scalars)
	}
}

// TestLargeBatch runs 4096 Schnorr items in one launch: PoCL crashed on
// batches this large when the driver chose the work-group size.
func TestLargeBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	e := engine(t)
	items := schnorrItems(4096, rand.New(rand.NewPCG(4096, 1)))
	p := PrepareSchnorr(items)
	if err := e.RunPrepared(p); err != nil {
		t.Fatal(err)
	}
	for i := range items {
		want := schnorr.Verify(items[i].PublicKey, items[i].Message, items[i].Signature)
		if got := p.out[i] == 1; got && !want {
			t.Fatalf("item %d: device accepts what the CPU rejects", i)
		} else if want && !got {
			t.Fatalf("item %d: device rejects what the CPU accepts", i)
		}
	}
}

// checkPublicKeys computes the public points of scalars on the device and
// requires each to equal the CPU's (the zero PublicKey for 0 or ≥ n).
func checkPublicKeys(t *testing.T, e *Engine, scalars [][32]byte) {
	t.Helper()
	out := make([]p256k1.PublicKey, len(scalars))
	if err := e.PublicKeys(scalars, out); err != nil {
		t.Fatal(err)
	}
	for i := range scalars {
		k, err := p256k1.NewPrivateKey(scalars[i][:])
		want := p256k1.PublicKey{}
		if err == nil {
			want = k.PublicKey()
		}
		if out[i] != want {
			t.Fatalf("scalar %d (%x): device %x, CPU %x", i, scalars[i], out[i].SerializeCompressed(), want.SerializeCompressed())
		}
	}
}

// TestNoLibraryMessage: the error when no OpenCL library loads names only
// this platform's library names, says how to get one (the ICD loader and a
// driver, or PoCL, with Debian's package names on Linux) and names
// P256K1_OPENCL (issue 28, item 9).
func TestNoLibraryMessage(t *testing.T) {
	for goos, want := range map[string][]string{
		"linux":   {"libOpenCL.so.1", "ocl-icd-libopencl1", "pocl-opencl-icd", "P256K1_OPENCL"},
		"darwin":  {"OpenCL.framework", "P256K1_OPENCL"},
		"windows": {"OpenCL.dll", "PoCL", "P256K1_OPENCL"},
	} {
		msg := strings.Join(platformLibraryNames(goos), ", ") + " " + installHint(goos)
		for _, w := range want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q lacks %q", goos, msg, w)
			}
		}
		for other, names := range map[string]string{"linux": "libOpenCL.so", "darwin": "OpenCL.framework", "windows": "OpenCL.dll"} {
			if other != goos && strings.Contains(strings.Join(platformLibraryNames(goos), " "), names) {
				t.Errorf("%s tries %s's library %s", goos, other, names)
			}
		}
	}
	if !dl.Supported {
		t.Skip("this platform cannot load shared libraries")
	}
	_, err := loadLibrary([]string{"/nonexistent/libOpenCL-p256k1-test.so"})
	if err == nil || !strings.Contains(err.Error(), "P256K1_OPENCL") || strings.Count(err.Error(), "\n") != 0 {
		t.Fatalf("got %v, want one line naming P256K1_OPENCL", err)
	}
}

// TestDeviceOptionsFallback: when the compiler refuses the options the
// package adds for a device kind (on NVIDIA, -D P256K1_INLINE), the
// kernels are built without them and give the same results.
func TestDeviceOptionsFallback(t *testing.T) {
	engine(t)
	old := deviceOptions
	deviceOptions = func(Device) string { return "-D fe_mul=)" } // breaks the source
	defer func() { deviceOptions = old }()
	e, err := Open(&Options{Device: -1, CacheDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if e.buildOptions != getenv("P256K1_GPU_BUILD_OPTIONS") {
		t.Fatalf("build options %q after the fallback", e.buildOptions)
	}
	out := make([]p256k1.PublicKey, 1)
	if err := e.PublicKeys([][32]byte{{31: 1}}, out); err != nil || out[0] != generator() {
		t.Fatalf("after the fallback: %v", err)
	}
}

// TestBuildLog: with P256K1_GPU_BUILD_LOG set, a build from source writes
// the compiler's log (NVIDIA's registers and spills under -cl-nv-verbose)
// with the device and the options.
func TestBuildLog(t *testing.T) {
	engine(t)
	old, oldLog := getenv, buildLog
	var buf bytes.Buffer
	getenv = func(k string) string {
		if k == "P256K1_GPU_BUILD_LOG" {
			return "1"
		}
		return old(k)
	}
	buildLog = &buf
	defer func() { getenv, buildLog = old, oldLog }()
	e, err := Open(&Options{Device: -1, CacheDir: "-"})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if want := "gpu: build log (" + e.dev.Name; !strings.HasPrefix(buf.String(), want) {
		t.Fatalf("log %q, want it to start with %q", buf.String(), want)
	}
	if !strings.Contains(buf.String(), "gpu: work-items per wave") {
		t.Fatalf("log %q without the waves", buf.String())
	}
}

// TestChunkItems: pipelined launches are whole waves of the device, about
// defaultChunk work-items, times the kernel's items per work-item; with
// no wave known, defaultChunk work-items.
func TestChunkItems(t *testing.T) {
	for _, c := range []struct {
		cu, wg, wave int
		kernel       string
		items        int
	}{
		{132, 448, 59136, "ecdsa_verify", 59136},       // H100, 14 warps per SM: one wave, not 1.1
		{132, 512, 67584, "schnorr_verify", 67584 * 4}, // 16 warps per SM
		{132, 1024, 135168, "pubkeys", 135168 * 8},     // one wave above defaultChunk
		{2, 4096, 4096, "point_mul", 65536 * 4},        // PoCL-like: 16 waves
		{10, 2000, 19840, "ecdsa_verify", 59520},       // 3 waves (3.3)
		{132, 32, 0, "ecdsa_verify", defaultChunk},     // below one work group: unknown
		{0, 448, 0, "schnorr_verify", defaultChunk * 4},
	} {
		if w := waveSize(c.cu, c.wg); w != c.wave {
			t.Errorf("waveSize(%d, %d) = %d, want %d", c.cu, c.wg, w, c.wave)
		}
		if got := chunkItems(c.kernel, c.wave); got != c.items {
			t.Errorf("chunkItems(%s, %d) = %d, want %d", c.kernel, c.wave, got, c.items)
		}
	}
	e := engine(t)
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, k := range []string{"pubkeys", "schnorr_verify", "ecdsa_verify", "point_mul", "sign_kg"} {
		if _, err := e.kernel(k); err != nil { // built on first use
			t.Fatal(err)
		}
	}
	t.Logf("waves on %s: %v", e.dev.Name, e.waves)
	for _, k := range []string{"pubkeys", "schnorr_verify", "ecdsa_verify", "point_mul", "sign_kg"} {
		if e.waves[k] <= 0 || e.waves[k]%workGroup != 0 {
			t.Errorf("%s: wave %d", k, e.waves[k])
		}
	}
}

// TestDeviceOptionsFieldCheck: kernels built with a device's own options
// are kept when fieldCheck passes (here the PTX blocks' C twins, which
// PoCL compiles) and rebuilt without them when a field operation is wrong
// (P256K1_FIELDCHECK_BREAK spoils one product that only the check's edge
// inputs reach); either way the engine's answers are right. The refusal is
// remembered in the cache, and the next Open builds without the options
// at once.
func TestDeviceOptionsFieldCheck(t *testing.T) {
	engine(t)
	old := deviceOptions
	defer func() { deviceOptions = old }()
	user := getenv("P256K1_GPU_BUILD_OPTIONS")
	cache := t.TempDir()
	for _, c := range []struct {
		opts string
		kept bool
	}{
		{"-D P256K1_PTX -D P256K1_PTX_EMULATE", true},
		{"-D P256K1_FIELDCHECK_BREAK", false},
		{"-D P256K1_FIELDCHECK_BREAK", false}, // from the remembered refusal
	} {
		deviceOptions = func(Device) string { return c.opts }
		e, err := Open(&Options{Device: -1, CacheDir: cache})
		if err != nil {
			t.Fatal(err)
		}
		want := user
		if c.kept {
			want = strings.TrimSpace(c.opts + " " + user)
		}
		if e.buildOptions != want {
			t.Errorf("%s: build options %q, want %q", c.opts, e.buildOptions, want)
		}
		if !e.fieldCheck() {
			t.Errorf("%s: the kept kernels fail the field check", c.opts)
		}
		out := make([]p256k1.PublicKey, 1)
		if err := e.PublicKeys([][32]byte{{31: 1}}, out); err != nil || out[0] != generator() {
			t.Errorf("%s: 1·G: %v", c.opts, err)
		}
		e.Close()
	}
	refusals, _ := filepath.Glob(filepath.Join(cache, "*.refused"))
	if len(refusals) != 1 {
		t.Errorf("%d refusals remembered, want 1", len(refusals))
	}
}

// TestProgramsOnFirstUse: Open builds only the field self-test's program
// (fieldCheck's); each kind's program is built on its first call, and an
// unknown kernel is an error.
func TestProgramsOnFirstUse(t *testing.T) {
	engine(t)
	e, err := Open(&Options{Device: -1, CacheDir: testCacheDir(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	progs := func() []string {
		e.mu.Lock()
		defer e.mu.Unlock()
		var names []string
		for name := range e.progs {
			names = append(names, name)
		}
		slices.Sort(names)
		return names
	}
	if got := progs(); !slices.Equal(got, []string{"fe_selftest"}) {
		t.Fatalf("programs after Open: %v, want fe_selftest only", got)
	}
	out := make([]p256k1.PublicKey, 1)
	if err := e.PublicKeys([][32]byte{{31: 1}}, out); err != nil || out[0] != generator() {
		t.Fatalf("1·G: %v", err)
	}
	if got := progs(); !slices.Equal(got, []string{"fe_selftest", "pubkeys"}) {
		t.Fatalf("programs after PublicKeys: %v", got)
	}
	e.mu.Lock()
	_, err = e.kernel("no_such_kernel")
	e.mu.Unlock()
	if err == nil {
		t.Fatal("an unknown kernel built")
	}
}
