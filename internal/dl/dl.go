// Package dl opens shared libraries and calls their C functions at run time
// without cgo, through purego (Dlopen/Dlsym on Unix, LoadLibrary on
// Windows): the seam signer/libsecp256k1 (the system libsecp256k1) and gpu
// (the OpenCL ICD loader) stand on. On platforms purego does not support
// (js/wasm, wasip1, plan9, …) Supported is false and Open fails with
// ErrUnsupported.
//
// Nothing here handles secrets itself; what a called function does with its
// arguments is that function's business.
package dl

import "errors"

// ErrUnsupported: this platform cannot load shared libraries without cgo.
var ErrUnsupported = errors.New("dl: loading shared libraries is not supported on this platform")

// Open loads the shared library name (a file name searched the system's
// way, or a path) and returns its handle.
func Open(name string) (uintptr, error) { return dlopen(name) }

// Sym returns the address of the symbol name in the library h.
func Sym(h uintptr, name string) (uintptr, error) { return dlsym(h, name) }
