package gpu

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"github.com/p256k1/p256k1/internal/dl"
)

// The OpenCL 1.2 entry points the package uses, found in the ICD loader at
// run time (no cgo, no OpenCL headers at build time).
type clAPI struct {
	getPlatformIDs, getPlatformInfo, getDeviceIDs, getDeviceInfo        uintptr
	createContext, createCommandQueue, createProgramWithSource          uintptr
	createProgramWithBinary, buildProgram, getProgramBuildInfo          uintptr
	getProgramInfo, createKernel, setKernelArg, createBuffer            uintptr
	enqueueWriteBuffer, enqueueReadBuffer, enqueueNDRangeKernel, finish uintptr
	releaseMemObject, releaseKernel, releaseProgram                     uintptr
	releaseCommandQueue, releaseContext, flush                          uintptr
	enqueueMapBuffer, enqueueUnmapMemObject, waitForEvents              uintptr
	releaseEvent, getEventProfilingInfo, getKernelWorkGroupInfo         uintptr
}

// OpenCL constants (cl.h, OpenCL 1.2).
const (
	clSuccess               = 0
	clDeviceNotFound        = -1
	clPlatformName          = 0x0902
	clPlatformVersion       = 0x0901
	clDeviceTypeAll         = 0xFFFFFFFF
	clDeviceTypeCPU         = 1 << 1
	clDeviceTypeGPU         = 1 << 2
	clDeviceType            = 0x1000
	clDeviceMaxComputeUnit  = 0x1002
	clDeviceGlobalMemSize   = 0x101F
	clDeviceMaxMemAlloc     = 0x1010
	clDeviceName            = 0x102B
	clDeviceVersion         = 0x102F
	clDriverVersion         = 0x102D
	clProgramBuildLog       = 0x1183
	clProgramBinarySizes    = 0x1165
	clProgramBinaries       = 0x1166
	clMemReadWrite          = 1 << 0
	clMemWriteOnly          = 1 << 1
	clMemReadOnly           = 1 << 2
	clMemAllocHostPtr       = 1 << 4
	clMapRead               = 1 << 0
	clMapWrite              = 1 << 1
	clQueueProfiling        = 1 << 1
	clProfilingStart        = 0x1282
	clProfilingEnd          = 0x1283
	clDeviceEndianLittle    = 0x1026
	clDeviceErrorCorrection = 0x1024 // CL_DEVICE_ERROR_CORRECTION_SUPPORT
	clKernelWorkGroupSize   = 0x11B0
)

// clError is an OpenCL status code with the call that returned it.
type clError struct {
	call string
	code int32
}

var clErrorNames = map[int32]string{
	-1: "CL_DEVICE_NOT_FOUND", -2: "CL_DEVICE_NOT_AVAILABLE", -3: "CL_COMPILER_NOT_AVAILABLE",
	-4: "CL_MEM_OBJECT_ALLOCATION_FAILURE", -5: "CL_OUT_OF_RESOURCES", -6: "CL_OUT_OF_HOST_MEMORY",
	-11: "CL_BUILD_PROGRAM_FAILURE", -30: "CL_INVALID_VALUE", -33: "CL_INVALID_DEVICE",
	-34: "CL_INVALID_CONTEXT", -36: "CL_INVALID_COMMAND_QUEUE", -38: "CL_INVALID_MEM_OBJECT",
	-42: "CL_INVALID_BINARY", -44: "CL_INVALID_PROGRAM", -45: "CL_INVALID_PROGRAM_EXECUTABLE",
	-46: "CL_INVALID_KERNEL_NAME", -48: "CL_INVALID_KERNEL", -49: "CL_INVALID_ARG_INDEX",
	-50: "CL_INVALID_ARG_VALUE", -51: "CL_INVALID_ARG_SIZE", -52: "CL_INVALID_KERNEL_ARGS",
	-54: "CL_INVALID_WORK_GROUP_SIZE", -61: "CL_INVALID_BUFFER_SIZE", -1001: "CL_PLATFORM_NOT_FOUND_KHR",
}

func (e *clError) Error() string {
	name := clErrorNames[e.code]
	if name == "" {
		name = fmt.Sprintf("error %d", e.code)
	}
	return fmt.Sprintf("gpu: OpenCL %s: %s", e.call, name)
}

// Is maps the OpenCL codes the package's sentinels stand for.
func (e *clError) Is(target error) bool {
	switch target {
	case ErrOutOfMemory:
		return e.code == -4 || e.code == -5 || e.code == -6 || e.code == -61
	case ErrNoDevice:
		return e.code == -1 || e.code == -1001
	}
	return false
}

func check(call string, code uintptr) error {
	if c := int32(code); c != clSuccess {
		return &clError{call, c}
	}
	return nil
}

// libraryNames are the ICD loader's usual names on this platform.
var libraryNames = platformLibraryNames(runtime.GOOS)

func platformLibraryNames(goos string) []string {
	switch goos {
	case "darwin", "ios":
		return []string{"/System/Library/Frameworks/OpenCL.framework/OpenCL"}
	case "windows":
		return []string{"OpenCL.dll"}
	default: // Linux, Android and the BSDs
		return []string{"libOpenCL.so.1", "libOpenCL.so"}
	}
}

// installHint says how to get an OpenCL library on this platform, for the
// error when none loads.
func installHint(goos string) string {
	var how string
	switch goos {
	case "darwin", "ios":
		how = "macOS ships OpenCL.framework (deprecated by Apple, absent from some systems)"
	case "windows":
		how = "OpenCL.dll comes with the GPU vendor's driver; without a GPU, PoCL runs OpenCL on the CPU"
	default:
		how = "install the OpenCL ICD loader and a driver for the device (Debian, Ubuntu: apt-get install ocl-icd-libopencl1, " +
			"plus the GPU vendor's OpenCL driver), or PoCL to run OpenCL on the CPU (apt-get install pocl-opencl-icd)"
	}
	return how + "; P256K1_OPENCL names the library to load instead"
}

var (
	loadOnce sync.Once
	api      *clAPI
	loadErr  error
)

// load opens the ICD loader once per process. P256K1_OPENCL names the
// library to load instead of the usual names.
func load() (*clAPI, error) {
	loadOnce.Do(func() {
		names := libraryNames
		if v := getenv("P256K1_OPENCL"); v != "" {
			names = []string{v}
		}
		api, loadErr = loadLibrary(names)
	})
	return api, loadErr
}

// loadLibrary opens the first of names that loads and finds the OpenCL
// entry points in it (no process-wide state: tests call it directly).
func loadLibrary(names []string) (*clAPI, error) {
	if !dl.Supported {
		return nil, fmt.Errorf("%w: %v", ErrNoOpenCL, dl.ErrUnsupported)
	}
	var h uintptr
	var errs []string
	for _, n := range names {
		var err error
		if h, err = dl.Open(n); err == nil {
			break
		}
		errs = append(errs, err.Error())
	}
	if h == 0 {
		return nil, fmt.Errorf("%w (tried %s: %s); %s", ErrNoOpenCL, strings.Join(names, ", "), strings.Join(errs, "; "), installHint(runtime.GOOS))
	}
	a := &clAPI{}
	for _, s := range []struct {
		name string
		p    *uintptr
	}{
		{"clGetPlatformIDs", &a.getPlatformIDs}, {"clGetPlatformInfo", &a.getPlatformInfo},
		{"clGetDeviceIDs", &a.getDeviceIDs}, {"clGetDeviceInfo", &a.getDeviceInfo},
		{"clCreateContext", &a.createContext}, {"clCreateCommandQueue", &a.createCommandQueue},
		{"clCreateProgramWithSource", &a.createProgramWithSource},
		{"clCreateProgramWithBinary", &a.createProgramWithBinary},
		{"clBuildProgram", &a.buildProgram}, {"clGetProgramBuildInfo", &a.getProgramBuildInfo},
		{"clGetProgramInfo", &a.getProgramInfo}, {"clCreateKernel", &a.createKernel},
		{"clSetKernelArg", &a.setKernelArg}, {"clCreateBuffer", &a.createBuffer},
		{"clEnqueueWriteBuffer", &a.enqueueWriteBuffer}, {"clEnqueueReadBuffer", &a.enqueueReadBuffer},
		{"clEnqueueNDRangeKernel", &a.enqueueNDRangeKernel}, {"clFinish", &a.finish},
		{"clReleaseMemObject", &a.releaseMemObject}, {"clReleaseKernel", &a.releaseKernel},
		{"clReleaseProgram", &a.releaseProgram}, {"clReleaseCommandQueue", &a.releaseCommandQueue},
		{"clReleaseContext", &a.releaseContext}, {"clFlush", &a.flush},
		{"clEnqueueMapBuffer", &a.enqueueMapBuffer}, {"clEnqueueUnmapMemObject", &a.enqueueUnmapMemObject},
		{"clWaitForEvents", &a.waitForEvents}, {"clReleaseEvent", &a.releaseEvent},
		{"clGetEventProfilingInfo", &a.getEventProfilingInfo}, {"clGetKernelWorkGroupInfo", &a.getKernelWorkGroupInfo},
	} {
		p, err := dl.Sym(h, s.name)
		if err != nil || p == 0 {
			return nil, fmt.Errorf("%w: the OpenCL library has no %s", ErrNoOpenCL, s.name)
		}
		*s.p = p
	}
	return a, nil
}

// infoString reads a string parameter with the get-info function fn.
func (a *clAPI) infoString(fn, obj uintptr, param uint32) string {
	var size uintptr
	if dl.Call(fn, obj, uintptr(param), 0, 0, uintptr(unsafe.Pointer(&size))) != 0 || size == 0 {
		return ""
	}
	buf := make([]byte, size)
	if dl.Call(fn, obj, uintptr(param), size, uintptr(unsafe.Pointer(&buf[0])), 0) != 0 {
		return ""
	}
	return strings.TrimRight(string(buf), "\x00 ")
}

func (a *clAPI) infoUint64(fn, obj uintptr, param uint32) uint64 {
	var v uint64
	dl.Call(fn, obj, uintptr(param), 8, uintptr(unsafe.Pointer(&v)), 0)
	return v
}

func (a *clAPI) infoUint32(fn, obj uintptr, param uint32) uint32 {
	var v uint32
	dl.Call(fn, obj, uintptr(param), 4, uintptr(unsafe.Pointer(&v)), 0)
	return v
}

// platforms lists the platform ids.
func (a *clAPI) platforms() ([]uintptr, error) {
	var n uint32
	if err := check("clGetPlatformIDs", dl.Call(a.getPlatformIDs, 0, 0, uintptr(unsafe.Pointer(&n)))); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, nil
	}
	ids := make([]uintptr, n)
	if err := check("clGetPlatformIDs", dl.Call(a.getPlatformIDs, uintptr(n), uintptr(unsafe.Pointer(&ids[0])), 0)); err != nil {
		return nil, err
	}
	return ids, nil
}

// devices lists a platform's device ids (none is not an error).
func (a *clAPI) devices(platform uintptr) ([]uintptr, error) {
	var n uint32
	r := int32(dl.Call(a.getDeviceIDs, platform, clDeviceTypeAll, 0, 0, uintptr(unsafe.Pointer(&n))))
	if r == clDeviceNotFound || n == 0 {
		return nil, nil
	}
	if err := check("clGetDeviceIDs", uintptr(uint32(r))); err != nil {
		return nil, err
	}
	ids := make([]uintptr, n)
	if err := check("clGetDeviceIDs", dl.Call(a.getDeviceIDs, platform, clDeviceTypeAll, uintptr(n), uintptr(unsafe.Pointer(&ids[0])), 0)); err != nil {
		return nil, err
	}
	return ids, nil
}

// errPtr is a place for a create function's errcode_ret.
type errPtr struct{ code int32 }

func (e *errPtr) err(call string) error { return check(call, uintptr(uint32(e.code))) }

var errNilHandle = errors.New("gpu: OpenCL returned a null handle")

func keepAlive(xs ...any) { runtime.KeepAlive(xs) }

// wait blocks until the event *ev (if any) completes, releases it and
// clears *ev.
func (a *clAPI) wait(ev *uintptr) error {
	if *ev == 0 {
		return nil
	}
	err := check("clWaitForEvents", dl.Call(a.waitForEvents, 1, uintptr(unsafe.Pointer(ev))))
	dl.Call(a.releaseEvent, *ev)
	*ev = 0
	return err
}

// eventNanos is the device time an event's command ran (0 if the driver
// reports none: a queue without profiling).
func (a *clAPI) eventNanos(ev uintptr) uint64 {
	var start, end uint64
	if dl.Call(a.getEventProfilingInfo, ev, clProfilingStart, 8, uintptr(unsafe.Pointer(&start)), 0) != 0 ||
		dl.Call(a.getEventProfilingInfo, ev, clProfilingEnd, 8, uintptr(unsafe.Pointer(&end)), 0) != 0 || end < start {
		return 0
	}
	return end - start
}
