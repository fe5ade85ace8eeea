//go:build windows && (amd64 || arm64 || 386)

package libsecp256k1

import "syscall"

const supported = true

func dlopen(name string) (uintptr, error) {
	h, err := syscall.LoadLibrary(name)
	return uintptr(h), err
}

func dlsym(h uintptr, name string) (uintptr, error) {
	return syscall.GetProcAddress(syscall.Handle(h), name)
}
