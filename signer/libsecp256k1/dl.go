package libsecp256k1

import "github.com/p256k1/p256k1/internal/dl"

// The C library is loaded and called through internal/dl (purego; package
// gpu loads OpenCL the same way). Pointer arguments are written as
// uintptr(unsafe.Pointer(p)) in the dl.Call expression itself, so that its
// go:uintptrescapes keeps them alive and in place for the call.

const supported = dl.Supported

func dlopen(name string) (uintptr, error) { return dl.Open(name) }

func dlsym(h uintptr, name string) (uintptr, error) { return dl.Sym(h, name) }
