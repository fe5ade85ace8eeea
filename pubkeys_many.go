package p256k1

import (
	"errors"

	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmult8"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/scalar"
)

// ErrLengthMismatch is returned by the functions on many items, and by
// MultiScalarMulVar, when slices that must have one length differ in
// length. The length errors of the ecdsa and schnorr batch APIs
// (ecdsa.ErrResultsLength, ecdsa.ErrLengthMismatch,
// schnorr.ErrResultsLength) also match it with errors.Is.
var ErrLengthMismatch = errors.New("p256k1: output and input lengths differ")

// PublicKeysMany sets out[i] to keys[i].PublicKey() for every i: the same
// keys, the zero (invalid) PublicKey for a zero PrivateKey. It returns
// ErrLengthMismatch, writing nothing, if len(out) != len(keys).
//
// On amd64 processors with AVX-512 IFMA (and an operating system that saves
// its registers) it derives eight keys at once with the eight-lane
// constant-time fixed-base engine (internal/ecmult8: regular signed windows
// read from the key's bits, tables scanned in full under masks, complete
// addition formulas); elsewhere, and with -tags purego, it calls PublicKey
// for each key. Constant time in the keys (which keys are zero is public,
// as for PublicKey); it does not allocate, apart from the engine's table
// of G's multiples (40 KiB), made once per process on first use.
func PublicKeysMany(keys []PrivateKey, out []PublicKey) error {
	if len(out) != len(keys) {
		return ErrLengthMismatch
	}
	if !field8.Enabled() {
		for i := range keys {
			out[i] = keys[i].PublicKey()
		}
		return nil
	}
	var e ecmult8.GenEngine
	var k [ecmult8.Lanes]scalar.Scalar
	var valid [ecmult8.Lanes]bool
	var r ecmult8.Affine8
	for lo := 0; lo < len(keys); lo += ecmult8.Lanes {
		n := min(ecmult8.Lanes, len(keys)-lo)
		for j := 0; j < ecmult8.Lanes; j++ {
			// Zero keys (public: see valid) and padding lanes multiply 1.
			valid[j] = j < n && keys[lo+j].valid() == 1
			if valid[j] {
				k[j] = keys[lo+j].d
			} else {
				k[j].SetInt(1)
			}
		}
		e.MulGen(&r, &k)
		for j := 0; j < n; j++ {
			p := &out[lo+j]
			*p = PublicKey{}
			if !valid[j] {
				continue
			}
			r.X.Lane(j, &p.p.X)
			r.Y.Lane(j, &p.p.Y)
			// Public by design, as in setJacobian.
			ctime.Declassify(&p.p)
			p.ok = true
		}
	}
	for j := range k {
		k[j].Zero()
	}
	r = ecmult8.Affine8{}
	return nil
}
