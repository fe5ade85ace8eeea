package gpu

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The device's points (kernels pubkeys and point_mul: x ‖ y, 32 bytes
// each, big-endian) are checked on the host before they are returned, by
// checkXY: both coordinates below p and y² = x³ + 7. That is two squarings
// and a multiplication in the 4×64 field (fe4, where the processor has it;
// the 5×52 field otherwise), tens of nanoseconds, where parsing an
// encoding (ParsePublicKey) costs several times that. The check catches
// what a fault does to a point, a flipped bit or a truncated or garbled
// transfer, with certainty up to the 2^−128 or so chance that the garbled
// point lands on the curve; it does not catch a device that computes
// another point of the curve (a wrong table entry, a compiler's bug in a
// step that keeps points on the curve): only recomputing k·G would, which
// costs the CPU's whole work. Such a key is a valid key of another
// scalar, and a caller who pays to it pays to a key that nobody holds the
// scalar of. The differential checks of the tests and of gpubench (every
// item against the CPU) are there for that, run on each device before it
// is trusted.

// checkXY reports whether xy (64 bytes: x ‖ y, big-endian) is a point of
// the curve with both coordinates below p, and returns the coordinates.
// Variable time (public data).
func checkXY(xy []byte) (x, y fe4.Element, ok bool) {
	if !loadBelowP(&x, xy[0:32]) || !loadBelowP(&y, xy[32:64]) {
		return x, y, false
	}
	if fe4.Enabled {
		var x3, y2 fe4.Element
		fe4.Square(&x3, &x)
		fe4.Mul(&x3, &x3, &x)
		fe4.Add(&x3, &x3, &seven4)
		fe4.Square(&y2, &y)
		return x, y, y2.EqualVar(&x3)
	}
	var a group.Affine
	x.ToField(&a.X)
	y.ToField(&a.Y)
	return x, y, a.IsValidVar()
}

var seven4 = fe4.Element{7}

// loadBelowP sets e to the big-endian b (32 bytes) and reports whether it
// is below p.
func loadBelowP(e *fe4.Element, b []byte) bool {
	for i := range 4 {
		e[i] = binary.BigEndian.Uint64(b[24-8*i : 32-8*i])
	}
	// p = 2^256 − 2^32 − 977: a value is ≥ p only when its three top
	// words are all ones and its lowest is ≥ p's.
	return e[3]&e[2]&e[1] != ^uint64(0) || e[0] < 0xFFFFFFFEFFFFFC2F
}

// keyFromXY is the PublicKey of the coordinates of a checked point
// (checkXY): no parsing.
func keyFromXY(x, y *fe4.Element) p256k1.PublicKey {
	var a group.Affine
	x.ToField(&a.X)
	y.ToField(&a.Y)
	return point.PublicKey(&a)
}

// checkOnly is checkXY's verdict alone.
func checkOnly(xy []byte) bool {
	_, _, ok := checkXY(xy)
	return ok
}

// resultFaultError is ErrDeviceFault from a batch of public points
// (PublicKeys, PublicKeysBytes, TweakData): items whose device result
// failed checkXY, computed again on the CPU.
type resultFaultError struct {
	method string
	items  int64
}

func (e *resultFaultError) Error() string {
	return fmt.Sprintf("gpu: %s: the device returned %d point(s) not on the curve; those items were computed on the CPU", e.method, e.items)
}

func (e *resultFaultError) Is(target error) bool { return target == ErrDeviceFault }

// faultsErr is nil for no faults, else a resultFaultError.
func faultsErr(method string, faults *atomic.Int64) error {
	if n := faults.Load(); n > 0 {
		return &resultFaultError{method, n}
	}
	return nil
}

// cpuPublicKey is k·G on the CPU for a public scalar (the zero key for 0 or
// k ≥ n): what PublicKeys returns for an item.
func cpuPublicKey(k *[32]byte) p256k1.PublicKey {
	if p, err := p256k1.NewPrivateKey(k[:]); err == nil {
		return p.PublicKey()
	}
	return p256k1.PublicKey{}
}

// validScalar reports whether k is a valid nonzero scalar (public).
func validScalar(k *[32]byte) bool {
	var s scalar.Scalar
	return s.SetBytes(k) == 0 && s.IsZero() == 0
}

// ErrBadLength is returned (wrapped, with the lengths) by the flat-bytes
// batches (PublicKeysBytes) when an input is not a whole number of items
// or the output is not the size the batch needs; nothing is computed.
var ErrBadLength = errors.New("gpu: byte slice of the wrong length")

// PublicKeysBytes is PublicKeys for callers who hold the scalars and want
// the keys as bytes: scalars holds n 32-byte big-endian scalars back to
// back, and out receives n serialized keys, 33 bytes each (SEC 1
// compressed, as PublicKey.SerializeCompressed) when len(out) = 33·n, 65
// bytes each (uncompressed, as SerializeUncompressed) when len(out) =
// 65·n. A scalar that is zero or not below n gives an item of zero bytes.
// Any other length returns an error wrapping ErrBadLength, computing
// nothing. Every device result is checked on the curve on the host (see
// PublicKeys); items that fail are computed on the CPU and the call
// returns their count in an error wrapping ErrDeviceFault beside complete,
// correct results. Other errors mean no result was computed (out is then
// all zeros); ErrClosed for a nil, zero-value or closed Engine.
//
// Like PublicKeys, for PUBLIC scalars only: the device and the host's
// handling run in variable time. Never pass it a private key.
func (e *Engine) PublicKeysBytes(scalars, out []byte) error {
	if len(scalars)%32 != 0 {
		return fmt.Errorf("%w: PublicKeysBytes: len(scalars) = %d is not a multiple of 32", ErrBadLength, len(scalars))
	}
	n := len(scalars) / 32
	size := 33
	switch len(out) {
	case 33 * n:
	case 65 * n:
		size = 65
	default:
		return fmt.Errorf("%w: PublicKeysBytes: len(out) = %d; %d scalars need %d (compressed) or %d (uncompressed) bytes", ErrBadLength, len(out), n, 33*n, 65*n)
	}
	if err := e.usable(); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	pre := make([]bool, n)
	var faults atomic.Int64
	prep := func(lo, hi int, in []byte) {
		for i := lo; i < hi; i++ {
			k := (*[32]byte)(scalars[32*i : 32*i+32])
			d := in[32*(i-lo) : 32*(i-lo+1)]
			if pre[i] = validScalar(k); pre[i] {
				copy(d, k[:])
			} else {
				clear(d)
			}
		}
	}
	decode := func(lo, hi int, res []byte) {
		for i := lo; i < hi; i++ {
			o := out[size*i : size*(i+1)]
			xy := res[64*(i-lo) : 64*(i-lo+1)]
			switch {
			case !pre[i]:
				clear(o)
			case checkOnly(xy):
				if size == 33 {
					o[0] = 2 | xy[63]&1
					copy(o[1:], xy[:32])
				} else {
					o[0] = 4
					copy(o[1:], xy)
				}
			default:
				faults.Add(1)
				k := cpuPublicKey((*[32]byte)(scalars[32*i : 32*i+32]))
				if size == 33 {
					c := k.SerializeCompressed()
					copy(o, c[:])
				} else {
					u := k.SerializeUncompressed()
					copy(o, u[:])
				}
			}
		}
	}
	if err := e.pipeline("pubkeys", n, 32, 64, prep, decode); err != nil {
		clear(out)
		return err
	}
	return faultsErr("PublicKeysBytes", &faults)
}
