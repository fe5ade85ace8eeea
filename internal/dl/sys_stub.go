//go:build !(((darwin || freebsd || netbsd || (linux && !android)) && (amd64 || arm64 || 386 || arm || riscv64 || loong64)) || (windows && (amd64 || arm64 || 386)))

package dl

// This platform has no purego (js/wasm, wasip1, plan9, ...): Open returns
// ErrUnsupported, so Call is never reached.

// Supported reports whether this platform can load shared libraries.
const Supported = false

func dlopen(string) (uintptr, error) { return 0, ErrUnsupported }

func dlsym(uintptr, string) (uintptr, error) { return 0, ErrUnsupported }

// Call is never reached on this platform (Open fails first).
//
//go:uintptrescapes
func Call(uintptr, ...uintptr) uintptr { panic("dl: not supported on this platform") }
