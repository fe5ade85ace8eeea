//go:build libsecp080 && cgo && libsecpc

package bench

// #cgo LDFLAGS: ${SRCDIR}/difffuzz/libsecp/libsecp256k1-c.a
import "C"

const (
	libsecpRow  = "libsecp256k1-c"
	libsecpNote = "libsecp256k1 v0.8.0 at -O3 without assembly (as the secp256k1-sys crate builds it), through cgo, one randomized context"
)
