package gpu

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io"
	"strings"
	"sync"
)

// PTX made ahead of time (issue 40's first call in seconds). On NVIDIA a
// program built from source costs NVIDIA's OpenCL front end and then
// ptxas on its (large) PTX: 5-20 s per kernel on an H200's host, 18-26 s
// for a first call (the field self-test's program and the kind's). clang's
// nvptx64 target makes PTX of the same source (gpu/kernels/genptx.sh, run
// ahead of time and embedded, 0.6 MB gzipped) that the driver takes as the
// program's binary and compiles in 0.8-1.7 s per kernel. The engine loads
// it where it would build the source with exactly the options it was made
// with (NVIDIA's deviceOptions, no P256K1_GPU_BUILD_OPTIONS) and the
// MANIFEST's source hash is the engine's kernel source's; fieldCheck runs
// on the self-test's program from it as on one built from source, and a
// PTX the driver refuses, or whose self-test fails, is replaced by the
// source build (which fieldCheck then judges as before). Set
// P256K1_GPU_SOURCE=1 to build from source always (for measuring).

//go:embed kernels/ptx/*.ptx.gz kernels/ptx/MANIFEST
var ptxFiles embed.FS

// ptxOptions are NVIDIA's deviceOptions, with which the embedded PTX was
// made (besides -D P256K1_ONLY=n).
const ptxOptions = "-D P256K1_INLINE -D P256K1_PTX"

var ptxManifest = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	b, err := ptxFiles.ReadFile("kernels/ptx/MANIFEST")
	if err != nil {
		return m
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, " "); ok {
			m[k] = v
		}
	}
	return m
})

var kernelSourceHash = sync.OnceValue(func() string {
	h := sha256.Sum256([]byte(kernelSource))
	return hex.EncodeToString(h[:])
})

// aheadOfTime returns the embedded PTX of kernel name's program, or nil
// where the engine must build from source: other build options than
// ptxOptions (another device, P256K1_GPU_BUILD_OPTIONS, the fallback
// without the device's options), another source (tests), a PTX that
// failed before (noPTX), no PTX for the kernel, or P256K1_GPU_SOURCE set.
// A variable for tests, which hand PoCL's own binaries to the same path.
var aheadOfTime = func(e *Engine, name string) []byte {
	if e.noPTX || e.buildOptions != ptxOptions || e.source != kernelSource || getenv("P256K1_GPU_SOURCE") != "" {
		return nil
	}
	if ptxManifest()["source"] != kernelSourceHash() {
		return nil
	}
	f, err := ptxFiles.Open("kernels/ptx/" + name + ".ptx.gz")
	if err != nil {
		return nil
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil
	}
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, z); err != nil {
		return nil
	}
	return buf.Bytes()
}
