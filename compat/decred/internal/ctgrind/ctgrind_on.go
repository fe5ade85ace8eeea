//go:build ctgrind && amd64

package ctgrind

import "unsafe"

const (
	reqRunningOnValgrind = 0x1001
	reqMakeMemUndefined  = 0x4d430001
	reqMakeMemDefined    = 0x4d430002
)

// clientRequest is in ctgrind_amd64.s.
//
//go:noescape
func clientRequest(req uintptr, a1 unsafe.Pointer, a2, a3 uintptr) uintptr

// Enabled reports whether this build issues client requests.
const Enabled = true

// Classify marks *p secret.
func Classify[T any](p *T) {
	clientRequest(reqMakeMemUndefined, unsafe.Pointer(p), unsafe.Sizeof(*p), 0)
}

// Declassify marks *p public.
func Declassify[T any](p *T) {
	clientRequest(reqMakeMemDefined, unsafe.Pointer(p), unsafe.Sizeof(*p), 0)
}

// DeclassifyBytes marks b public.
func DeclassifyBytes(b []byte) {
	if len(b) > 0 {
		clientRequest(reqMakeMemDefined, unsafe.Pointer(unsafe.SliceData(b)), uintptr(len(b)), 0)
	}
}

// RunningOnValgrind reports whether the program runs under valgrind.
func RunningOnValgrind() bool {
	return clientRequest(reqRunningOnValgrind, nil, 0, 0) != 0
}
