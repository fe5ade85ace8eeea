//go:build !(((darwin || freebsd || netbsd || (linux && !android)) && (amd64 || arm64 || 386 || arm || riscv64 || loong64)) || (windows && (amd64 || arm64 || 386)))

package libsecp256k1

// This platform has no purego (js/wasm, wasip1, plan9, ...): Load and Open
// return ErrUnsupported, so nothing below is ever called.

const supported = false

func dlopen(string) (uintptr, error) { return 0, ErrUnsupported }

func dlsym(uintptr, string) (uintptr, error) { return 0, ErrUnsupported }

//go:uintptrescapes
func call(uintptr, ...uintptr) uintptr { panic("libsecp256k1: not supported on this platform") }
