//go:build ((darwin || freebsd || netbsd || (linux && !android)) && (amd64 || arm64 || 386 || arm || riscv64 || loong64)) || (windows && (amd64 || arm64 || 386))

package dl

import "github.com/ebitengine/purego"

// Call calls the C function fn with integer and pointer arguments and
// returns its result register (an int result is its low 32 bits). Callers
// write pointer arguments as uintptr(unsafe.Pointer(p)) in the call itself:
// go:uintptrescapes then moves what they point to onto the heap (where it
// does not move) and keeps it alive until Call returns.
//
//go:uintptrescapes
func Call(fn uintptr, args ...uintptr) uintptr {
	r, _, _ := purego.SyscallN(fn, args...)
	return r
}
