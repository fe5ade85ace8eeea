//go:build (darwin || freebsd || netbsd || (linux && !android)) && (amd64 || arm64 || 386 || arm || riscv64 || loong64)

package dl

import "github.com/ebitengine/purego"

// Supported reports whether this platform can load shared libraries.
const Supported = true

func dlopen(name string) (uintptr, error) {
	return purego.Dlopen(name, purego.RTLD_NOW|purego.RTLD_LOCAL)
}

func dlsym(h uintptr, name string) (uintptr, error) { return purego.Dlsym(h, name) }
