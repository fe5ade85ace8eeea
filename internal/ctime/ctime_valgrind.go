//go:build ctgrind && amd64

package ctime

import (
	"errors"
	"unsafe"
)

// Enabled reports whether this build issues valgrind client requests
// (the ctgrind build tag).
const Enabled = true

// Valgrind client request codes (valgrind.h and memcheck.h): the tool
// letters 'M', 'C' in the top bytes for memcheck's requests.
const (
	reqRunningOnValgrind = 0x1001
	reqMakeMemUndefined  = 0x4d430001
	reqMakeMemDefined    = 0x4d430002
	reqGetVbits          = 0x4d430008
)

// clientRequest issues the valgrind client request req with the arguments
// a1, a2 and a3 (the remaining two are zero) and returns valgrind's answer,
// or 0 when not running under valgrind. Implemented in
// ctime_valgrind_amd64.s.
//
//go:noescape
func clientRequest(req uintptr, a1 unsafe.Pointer, a2, a3 uintptr) uintptr

// Classify marks the memory of *p as secret (undefined, for memcheck):
// from now on memcheck reports a branch or a memory address that depends
// on it.
func Classify[T any](p *T) {
	clientRequest(reqMakeMemUndefined, unsafe.Pointer(p), unsafe.Sizeof(*p), 0)
}

// ClassifyBytes marks the bytes of b as secret.
func ClassifyBytes(b []byte) {
	if len(b) > 0 {
		clientRequest(reqMakeMemUndefined, unsafe.Pointer(unsafe.SliceData(b)), uintptr(len(b)), 0)
	}
}

// Declassify marks the memory of *p as public (defined, for memcheck).
// Library code calls it where a secret-derived value becomes public by
// design, with a comment saying why.
func Declassify[T any](p *T) {
	clientRequest(reqMakeMemDefined, unsafe.Pointer(p), unsafe.Sizeof(*p), 0)
}

// DeclassifyBytes marks the bytes of b as public.
func DeclassifyBytes(b []byte) {
	if len(b) > 0 {
		clientRequest(reqMakeMemDefined, unsafe.Pointer(unsafe.SliceData(b)), uintptr(len(b)), 0)
	}
}

// RunningOnValgrind reports whether the program runs under valgrind.
func RunningOnValgrind() bool {
	return clientRequest(reqRunningOnValgrind, nil, 0, 0) != 0
}

// SelfTest checks, under valgrind, that Classify and Declassify change
// memcheck's view of memory (its "V bits"): a classified buffer must read
// as wholly undefined and a declassified one as wholly defined. It returns
// an error otherwise, so that the check program cannot pass with hooks that
// silently do nothing. Outside valgrind it returns nil.
func SelfTest() error {
	if !RunningOnValgrind() {
		return nil
	}
	buf := new([64]byte)
	vbits := make([]byte, len(buf))
	get := func() error {
		// VALGRIND_GET_VBITS(addr, vbits, n): 1 on success.
		if r := clientRequest(reqGetVbits, unsafe.Pointer(buf), uintptr(unsafe.Pointer(unsafe.SliceData(vbits))), uintptr(len(buf))); r != 1 {
			return errors.New("ctime: VALGRIND_GET_VBITS failed (memcheck not the tool?)")
		}
		return nil
	}
	Classify(buf)
	if err := get(); err != nil {
		return err
	}
	for _, v := range vbits {
		if v != 0xff {
			return errors.New("ctime: Classify did not mark memory undefined")
		}
	}
	Declassify(buf)
	if err := get(); err != nil {
		return err
	}
	for _, v := range vbits {
		if v != 0 {
			return errors.New("ctime: Declassify did not mark memory defined")
		}
	}
	return nil
}
