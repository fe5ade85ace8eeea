//go:build libsecp080 && cgo && !libsecpc

package bench

// #cgo LDFLAGS: ${SRCDIR}/difffuzz/libsecp/libsecp256k1.a
import "C"

const (
	libsecpRow  = "libsecp256k1-asm"
	libsecpNote = "libsecp256k1 v0.8.0 at -O2 with its x86-64 field assembly (CMake's defaults), through cgo, one randomized context"
)
