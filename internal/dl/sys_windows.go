//go:build windows && (amd64 || arm64 || 386)

package dl

import "syscall"

// Supported reports whether this platform can load shared libraries.
const Supported = true

func dlopen(name string) (uintptr, error) {
	h, err := syscall.LoadLibrary(name)
	return uintptr(h), err
}

func dlsym(h uintptr, name string) (uintptr, error) {
	return syscall.GetProcAddress(syscall.Handle(h), name)
}
